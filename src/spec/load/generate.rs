//! Reading `[generate]`: `clues` (a name) and one of `fills` (a name) or
//! `derive` (an expression) required; `blank`, `symmetry`, `grade`,
//! `seed` and `draw` optional. The names and the shapes are
//! checked where the spec is lowered (`setter::lower`).

use super::*;
use crate::model::plan::{RestartPolicy, ValueOrder};
use crate::spec::settings::SearchSettings;

impl Loader<'_> {
    pub(super) fn generate(&mut self, value: &Spanned<DeValue<'_>>) -> Option<GenerateDecl> {
        let DeValue::Table(table) = value.get_ref() else {
            self.error("expected a table for [generate]", value.span());
            return None;
        };
        const KEYS: [&str; 8] = [
            "clues", "fills", "derive", "blank", "symmetry", "grade", "seed", "draw",
        ];
        let (mut clues, mut fills, mut symmetry, mut grade) = (None, None, None, None);
        let mut derive = None;
        let (mut blank, mut seed) = (0, 1);
        let mut draw = SearchSettings {
            value: Some(ValueOrder::Random),
            restart: Some(RestartPolicy::Luby),
            ..SearchSettings::default()
        };
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "clues" => clues = self.word(v),
                "fills" => fills = self.word(v),
                "derive" => derive = self.expr(v),
                "symmetry" => symmetry = self.word(v).map(|n| (n.text, n.span)),
                "grade" => grade = self.word(v).map(|n| (n.text, n.span)),
                "blank" => blank = self.whole(v, i64::MIN).unwrap_or(0),
                "seed" => seed = self.whole(v, 1).unwrap_or(1) as u64,
                "draw" => self.draw(v, &mut draw),
                other => self.unknown(k, "key", other, &KEYS),
            }
        }
        let span = self.span(value.span());
        let both = fills.is_some() && derive.is_some();
        let source = match (fills, derive) {
            (Some(fills), None) => Some(ClueSource::Fills(fills)),
            (None, Some(derive)) => Some(ClueSource::Derive(derive)),
            (Some(fills), Some(_)) => {
                self.errors.push(
                    Diagnostic::new("`fills` and `derive` both say where the clues come from", fills.span)
                        .with_help("give `fills` when each clue is its cell's value, `derive` when the clues are computed from the solution"),
                );
                None
            }
            (None, None) => None,
        };
        if clues.is_none() || (source.is_none() && !both) {
            self.errors.push(
                Diagnostic::new("[generate] needs `clues`, and `fills` or `derive`", span).with_help(
                    "name the param that holds the clues and the variables they fill: `clues = \"puzzle\"`, `fills = \"x\"` (or `derive = \"EXPR\"`, the clues computed from a solution)",
                ),
            );
        }
        Some(GenerateDecl {
            clues: clues?,
            source: source?,
            blank,
            symmetry,
            grade,
            seed,
            draw,
            span,
        })
    }

    /// `draw = "var=dom-wdeg value=random"`: search settings, as
    /// `[experiments]` writes them, over the defaults.
    fn draw(&mut self, value: &Spanned<DeValue<'_>>, draw: &mut SearchSettings) {
        let Some((text, origin)) = self.string(value) else {
            return;
        };
        match setting::configuration(&text, &origin) {
            Ok(settings) => {
                for s in &settings {
                    if matches!(
                        s,
                        setting::Setting::Use(_)
                            | setting::Setting::NoSymmetry
                            | setting::Setting::Seed(_)
                    ) {
                        self.error(
                            "`draw` takes search settings (var, value, restart, order, phase, consistency, ...), not an experiment, no-symmetry or a seed (each puzzle's seed is its own)",
                            value.span(),
                        );
                        return;
                    }
                    draw.apply(s);
                }
            }
            Err(d) => self.errors.push(d),
        }
    }

    /// A string holding one name, with the span of its text.
    fn word(&mut self, value: &Spanned<DeValue<'_>>) -> Option<Name> {
        let (text, _) = self.string(value)?;
        Some(Name {
            text,
            span: self.span(value.span()),
        })
    }

    /// An integer of at least `least`.
    fn whole(&mut self, value: &Spanned<DeValue<'_>>, least: i64) -> Option<i64> {
        let read = match value.get_ref() {
            DeValue::Integer(i) => {
                let n = i64::from_str_radix(&i.as_str().replace('_', ""), i.radix()).ok();
                if n.is_none() {
                    self.error("integer is too large for 64 bits", value.span());
                    return None;
                }
                n
            }
            _ => None,
        };
        match read {
            Some(n) if n >= least => Some(n),
            Some(n) => {
                self.error(
                    format!("expected an integer of at least {least}, found {n}"),
                    value.span(),
                );
                None
            }
            None => {
                self.error(
                    format!("expected an integer, found {}", value.get_ref().type_str()),
                    value.span(),
                );
                None
            }
        }
    }
}
