//! A position as written (`--start`, `--goal`, the spec's `start`), read
//! and checked against the puzzle's plain data ([`crate::plans::puzzle`]).

use crate::model::IntervalSet;
use crate::plans::puzzle::PuzzlePlan;

impl PuzzlePlan {
    /// A position as written (`--start`, `--goal`, the spec's `start`):
    /// one alphabet character per variable, or integers separated by
    /// commas (or spaces, or single digits); its values, one per state
    /// variable, each in its domain (`domains`, `names`: the state's).
    pub fn read(
        &self,
        text: &str,
        domains: &[IntervalSet],
        names: &[String],
    ) -> Result<Vec<i64>, String> {
        let text = text.trim();
        let n = self.state.len();
        let values: Vec<i64> = match &self.alphabet {
            Some(chars) => {
                let mut values = Vec::new();
                for c in text.chars().filter(|c| !c.is_whitespace()) {
                    match chars.iter().position(|&a| a == c) {
                        Some(v) => values.push(v as i64),
                        None => {
                            let alphabet: String = chars.iter().collect();
                            return Err(format!(
                                "`{text}` is not a position: `{c}` is not in the alphabet `{alphabet}`"
                            ));
                        }
                    }
                }
                values
            }
            None => {
                let parts: Vec<&str> = if text.contains(',') {
                    text.split(',').map(str::trim).collect()
                } else if text.contains(char::is_whitespace) {
                    text.split_whitespace().collect()
                } else {
                    text.char_indices()
                        .map(|(i, c)| &text[i..i + c.len_utf8()])
                        .collect()
                };
                let mut values = Vec::new();
                for p in parts {
                    values.push(p.parse::<i64>().map_err(|_| {
                        format!(
                            "`{text}` is not a position: expected {} separated by commas",
                            crate::diagnostic::counted(n as u64, "integer")
                        )
                    })?);
                }
                values
            }
        };
        self.check(&values, text, domains, names)?;
        Ok(values)
    }

    /// Whether `values` are a position's: one per state variable, each in
    /// its domain; `text` is how they were written, for messages.
    pub fn check(
        &self,
        values: &[i64],
        text: &str,
        domains: &[IntervalSet],
        names: &[String],
    ) -> Result<(), String> {
        let n = self.state.len();
        if values.len() != n {
            return Err(format!(
                "`{text}` is not a position: expected {}, found {} (one per state variable: {}; a position of another size needs other params, `--set NAME=VALUE`)",
                crate::diagnostic::counted(n as u64, "value"),
                values.len(),
                self.sizes
            ));
        }
        for ((&v, name), set) in values.iter().zip(names).zip(domains) {
            if !set.contains(v) {
                return Err(format!(
                    "`{text}` is not a position: {v} is outside the domain of `{name}` ({{{}}})",
                    crate::model::intervals_text(&set.0)
                ));
            }
        }
        Ok(())
    }
}
