//! What ends a solution of a puzzle (the spec's goal or one position) and
//! a solution as moves: shared by the search methods (`bfs.rs`,
//! `iddfs.rs`, `astar.rs`) and the choice among them (`search.rs`).

use super::{Puzzle, State};
use crate::diagnostic::Error;

/// What ends a solution: the spec's goal or one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Goal,
    Position(State),
}

/// A solution: the moves (instance, state after it) from the start.
pub type Path = Vec<(usize, State)>;

impl Puzzle {
    pub(super) fn reached(&mut self, s: State, target: Target) -> Result<bool, Error> {
        match target {
            Target::Goal => self.is_goal(s),
            Target::Position(p) => Ok(s == p),
        }
    }
}
