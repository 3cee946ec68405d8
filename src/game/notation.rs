//! How a game's codes are written and read: `7412` when every value is a
//! digit, `7,4,1,12` otherwise; a value of an enum variable as its text
//! (`blue,red`) and of a `bool` one as `true`/`false`, the way every other
//! output of `solve` writes them.

use crate::diagnostic::did_you_mean;
use crate::model::texts::Texts;
use crate::model::{Model, VarId};

/// What one position of a code holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Int,
    Text,
    Bool,
}

/// The notation of one game's codes.
#[derive(Clone, Debug)]
pub(super) struct Notation {
    kinds: Vec<Kind>,
    /// The declared names of the code's variables (for errors).
    names: Vec<String>,
    /// The texts each position's domain lists (for did-you-mean).
    domain_texts: Vec<Vec<String>>,
    /// Every value is a digit and there are several: written `0123`.
    digits: bool,
    texts: Texts,
}

impl Notation {
    pub(super) fn new(model: &Model, code: &[VarId]) -> Notation {
        let kinds: Vec<Kind> = code
            .iter()
            .map(|&x| {
                let info = &model.vars[x.index()];
                if info.text {
                    Kind::Text
                } else if info.boolean {
                    Kind::Bool
                } else {
                    Kind::Int
                }
            })
            .collect();
        let digits = code.len() > 1
            && kinds.iter().all(|&k| k == Kind::Int)
            && code.iter().all(|&x| {
                let d = model.domain(x);
                d.min() >= Some(0) && d.max() <= Some(9)
            });
        Notation {
            kinds,
            names: code
                .iter()
                .map(|&x| model.vars[x.index()].name.clone())
                .collect(),
            domain_texts: code
                .iter()
                .map(|&x| {
                    let d = model.domain(x);
                    model
                        .texts
                        .all()
                        .iter()
                        .zip(1..)
                        .filter(|&(_, v)| d.contains(v))
                        .map(|(t, _)| t.to_string())
                        .collect()
                })
                .collect(),
            digits,
            texts: model.texts.clone(),
        }
    }

    /// The number of values in a code.
    pub(super) fn width(&self) -> usize {
        self.kinds.len()
    }

    /// One value as it is written.
    fn value(&self, position: usize, v: i64) -> String {
        match (self.kinds[position], self.texts.text(v)) {
            (Kind::Text, Some(text)) => text.to_string(),
            (Kind::Bool, _) => (v != 0).to_string(),
            _ => v.to_string(),
        }
    }

    /// A code as it is written.
    pub(super) fn write(&self, code: &[i64]) -> String {
        let items: Vec<String> = code
            .iter()
            .enumerate()
            .map(|(i, &v)| self.value(i, v))
            .collect();
        items.join(if self.digits { "" } else { "," })
    }

    /// What a code looks like, for errors.
    fn expected(&self) -> String {
        if self.digits {
            crate::diagnostic::counted(self.width() as u64, "digit")
        } else if self.width() == 1 {
            self.one(0).to_string()
        } else if self.kinds.iter().all(|&k| k == Kind::Int) {
            format!("{} integers separated by commas", self.width())
        } else {
            let each: Vec<&str> = (0..self.width()).map(|i| self.one(i)).collect();
            format!(
                "{} values separated by commas ({})",
                self.width(),
                each.join(", ")
            )
        }
    }

    fn one(&self, position: usize) -> &'static str {
        match self.kinds[position] {
            Kind::Int => "an integer",
            Kind::Text => "a text",
            Kind::Bool => "true or false",
        }
    }

    /// Reads a code: its values joined (`7412`, when every value is a
    /// digit), or separated by commas or spaces. Err says what is wrong;
    /// `example` is a code as it is written.
    pub(super) fn read(&self, text: &str, example: &str) -> Result<Vec<i64>, String> {
        let text = text.trim();
        let malformed = || {
            format!(
                "`{text}` is not a code: expected {}, e.g. {example}",
                self.expected()
            )
        };
        let parts: Vec<&str> = if self.width() == 1 {
            vec![text]
        } else if text.contains(',') {
            text.split(',').map(str::trim).collect()
        } else if text.contains(char::is_whitespace) {
            text.split_whitespace().collect()
        } else if self.digits || self.letters(text) {
            text.char_indices()
                .map(|(i, c)| &text[i..i + c.len_utf8()])
                .collect()
        } else {
            vec![text]
        };
        if parts.len() != self.width() {
            return Err(malformed());
        }
        let mut values = Vec::with_capacity(parts.len());
        for (i, part) in parts.iter().enumerate() {
            let value = match self.kinds[i] {
                Kind::Int => part.parse::<i64>().ok(),
                Kind::Bool => match *part {
                    "true" => Some(1),
                    "false" => Some(0),
                    _ => None,
                },
                Kind::Text => {
                    let bare = part.trim_matches(|c| c == '"' || c == '\'');
                    match self.texts.code(bare) {
                        Some(v) => Some(v),
                        None if part.parse::<i64>().is_err() => {
                            Some(self.short_text(text, i, bare)?)
                        }
                        None => None,
                    }
                }
            };
            values.push(value.ok_or_else(malformed)?);
        }
        Ok(values)
    }

    /// A code of texts typed one letter each (`RRGG` for red, red, green,
    /// green): as many letters as positions, each the start of exactly one
    /// text of its position.
    fn letters(&self, text: &str) -> bool {
        self.kinds.iter().all(|&k| k == Kind::Text)
            && text.chars().count() == self.width()
            && text
                .chars()
                .enumerate()
                .all(|(i, c)| self.starting(i, &c.to_string()).len() == 1)
    }

    /// The texts of `position` that `short` starts, ignoring case.
    fn starting(&self, position: usize, short: &str) -> Vec<&str> {
        let short = short.to_lowercase();
        self.domain_texts[position]
            .iter()
            .filter(|t| !short.is_empty() && t.to_lowercase().starts_with(&short))
            .map(String::as_str)
            .collect()
    }

    /// A text of `position` written short or in another case (`r`, `Red`
    /// for `red`): the one text it starts; an error when it starts several
    /// or none.
    fn short_text(&self, text: &str, position: usize, bare: &str) -> Result<i64, String> {
        match self.starting(position, bare)[..] {
            [one] => Ok(self.texts.code(one).expect("a text of the domain")),
            [] => Err(self.unknown_text(text, position, bare)),
            ref several => Err(format!(
                "`{text}` is not a code: `{bare}` could be {}; write more of it",
                several.join(" or ")
            )),
        }
    }

    /// `bare` is no text of the spec.
    fn unknown_text(&self, text: &str, position: usize, bare: &str) -> String {
        let texts = &self.domain_texts[position];
        let hint = match did_you_mean(bare, texts.iter().map(String::as_str)) {
            Some(s) => format!("; did you mean `{s}`?"),
            None => String::new(),
        };
        format!(
            "`{text}` is not a code: `{bare}` is not a value of `{}` ({}){hint}",
            self.names[position],
            texts.join(", ")
        )
    }

    /// A value outside the domain of the code's `position`-th variable.
    pub(super) fn outside(&self, text: &str, position: usize, v: i64) -> String {
        format!(
            "`{text}` is not a code: {} is outside the domain of `{}`",
            self.value(position, v),
            self.names[position]
        )
    }
}
