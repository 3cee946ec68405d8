//! What a search of a puzzle is asked: the method, the target, the
//! solution it returns; and the shortest solution by the chosen method:
//! breadth-first (fewest moves, the default: `bfs.rs`), iterative
//! deepening (the same answers in memory proportional to the depth: the
//! Flip It article's method: `iddfs.rs`) or A* (least total cost, guided
//! by the spec's heuristic, which must never overestimate: `astar.rs`).

use super::astar::astar;
use super::bfs::shortest_all;
use super::iddfs::iddfs_all;
use super::{Puzzle, State};
use crate::diagnostic::Error;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Bfs,
    Iddfs,
    Astar,
}

pub const METHODS: &[(&str, Method)] = &[
    ("bfs", Method::Bfs),
    ("iddfs", Method::Iddfs),
    ("astar", Method::Astar),
];

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

/// The shortest solution from `start`, or `None` when no goal is reachable
/// (every reachable state was visited: a proof).
pub fn shortest(
    puzzle: &mut Puzzle,
    start: State,
    target: Target,
    method: Method,
) -> Result<Option<Path>, Error> {
    match method {
        Method::Bfs => Ok(shortest_all(puzzle, start, target, Some(1))?
            .into_iter()
            .next()),
        Method::Iddfs => Ok(iddfs_all(puzzle, start, target, Some(1))?
            .into_iter()
            .next()),
        Method::Astar => astar(puzzle, start, target),
    }
}
