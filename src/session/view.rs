//! Reading solutions through the spec's names and output plan: text, JSON,
//! one name's value.

use super::Solution;
use crate::diagnostic::Error;
use crate::lowered::Lowered;
use crate::output::Printed;
use crate::source::Sources;

/// Reads solutions through the spec's names and output plan; available
/// while a search runs (`Solutions::view`).
#[derive(Clone, Copy, Debug)]
pub struct View<'s> {
    pub(super) lowered: &'s Lowered,
    pub(super) sources: &'s Sources,
}

impl View<'_> {
    /// A solution as text: the spec's template, its board, or
    /// `name = value` lines.
    pub fn render(&self, solution: &Solution) -> Result<String, Error> {
        self.lowered
            .output
            .render(&solution.values)
            .map_err(|d| Error::new(vec![d], self.sources))
    }

    /// A solution as printed, with whether the time limit cut its
    /// template short ([`Printed::cut`]: then the `name = value` lines).
    pub fn printed(&self, solution: &Solution) -> Result<Printed, Error> {
        self.lowered
            .output
            .printed(&solution.values)
            .map_err(|d| Error::new(vec![d], self.sources))
    }

    /// A solution as one JSON object: every declared variable by name.
    pub fn json(&self, solution: &Solution) -> serde_json::Value {
        self.lowered.output.json(&solution.values)
    }

    /// Whether the spec prints solutions through a template of its own.
    pub fn templated(&self) -> bool {
        self.lowered.output.templated()
    }

    /// A solution drawn as the spec's board (`[output] board`), as JSON
    /// rows of cells; `None` when the spec declares no board.
    pub fn board(&self, solution: &Solution) -> Result<Option<serde_json::Value>, Error> {
        let output = &self.lowered.output;
        match output.board(&solution.values) {
            Ok(board) => Ok(board.map(|b| output.board_json(&b))),
            Err(d) => Err(Error::new(vec![d], self.sources)),
        }
    }

    /// A solution drawn as the spec's board declares it, as SVG (what
    /// `solve draw --svg` writes): `None` when the spec declares no board
    /// with layers (the cells alone are [`View::board`]'s), or when the
    /// drawing fails (the board's error is the text's to show).
    pub fn drawing_svg(&self, solution: &Solution) -> Option<String> {
        let output = &self.lowered.output;
        if !output.has_layers() {
            return None;
        }
        let drawing = output.drawing(&solution.values, false).ok()??;
        Some(crate::output::drawing::svg::svg(&drawing))
    }

    /// The value of one declared variable, array or alias, as JSON (a
    /// number, a boolean, or nested arrays).
    pub fn value(&self, solution: &Solution, name: &str) -> Option<serde_json::Value> {
        let value = self.lowered.output.value(name, &solution.values)?;
        Some(self.lowered.output.value_json(&value))
    }
}
