//! A puzzle of moves as plain data, gathered by lowering from `[puzzle]`
//! and `[moves]`: the state (the spec's declared variables), and the goal,
//! the heuristic and every instance of every move, each lowered once into
//! a network over input variables for the state (see `model::network`).

use crate::diagnostic::Diagnostic;
use crate::model::network::Network;
use crate::model::{IntervalSet, VarId};
use crate::source::Span;
use crate::spec::ast::{InvalidMove, TemplatePart};

#[derive(Clone, Debug)]
pub struct PuzzlePlan {
    /// The state: every declared variable, in declaration order; each
    /// network's inputs are the state's values in this order.
    pub state: Vec<VarId>,
    /// One character per value, from 0 (`"_BW"`).
    pub alphabet: Option<Vec<char>>,
    /// The spec's `start`, read at lowering: one value per state variable,
    /// or why it is not a position (an error only when it is used: a
    /// `--start` replaces it).
    pub start: Option<Result<Vec<i64>, Diagnostic>>,
    /// Why the state has the number of values it has, for the message
    /// about a position of the wrong length (`` `peg` has 3 (n = 3) ``).
    pub sizes: String,
    /// One output: 1 where the state is a goal.
    pub goal: Network,
    /// One output: 1 where the state satisfies the spec's constraints (is
    /// a position).
    pub valid: Network,
    /// One output: a lower bound on the cost to a goal.
    pub heuristic: Option<Network>,
    /// A move into a state the constraints rule out: a dead end, or an
    /// error.
    pub invalid: InvalidMove,
    pub moves: Vec<MovePlan>,
}

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

/// One move with its parameters fixed (`jump` with `p = 3`).
#[derive(Clone, Debug)]
pub struct MovePlan {
    pub name: String,
    pub args: Vec<(String, i64)>,
    /// Two outputs: 1 where the move applies, and its cost.
    pub when: Network,
    /// One output per state variable: the state after the move.
    pub next: Network,
    pub show: Option<Vec<TemplatePart>>,
    /// The move's `next`, for messages.
    pub span: Span,
}
