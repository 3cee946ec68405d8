//! What a search of a puzzle is asked, the method, and the shortest
//! solution by the chosen method:
//! breadth-first (fewest moves, the default: `bfs.rs`), iterative
//! deepening (the same answers in memory proportional to the depth: the
//! Flip It article's method: `iddfs.rs`) or A* (least total cost, guided
//! by the spec's heuristic, which must never overestimate: `astar.rs`).

use super::astar::astar;
use super::bfs::shortest_all;
use super::iddfs::iddfs_all;
use super::target::{Path, Target};
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
