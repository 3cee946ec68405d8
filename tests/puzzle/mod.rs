//! Puzzles of moves (`[puzzle]` and `[moves.NAME]`): Flip It, the eight
//! puzzle and the water jugs solved (`solve FILE`, `--all`, `--count`, the
//! three methods) and analysed (`solve analyze FILE`), a custom puzzle with
//! move costs and a heuristic, and the spec errors of puzzles. Issue 18:
//! the reproducers under `tests/reproducers/` (exact costs near the 2^62
//! limit against Dijkstra, exact counts past u128 against Pascal's
//! triangle, the time limit over the moves' lowering, the cap on
//! positions), dead ends (missionaries and cannibals), element assignments
//! (the Tower of Hanoi), iterative deepening against path counting on
//! random graphs, and `start`/`alphabet` from the params.
//!
//! The oracles are the figures of PUZZLES.md section 4 (and the eight
//! puzzle's well-known figures) and implementations written here in plain
//! Rust: the rules of each puzzle, a replay of every printed solution move
//! by move, breadth-first searches forwards (the fewest moves, the number of
//! shortest move sequences) and backwards from the goals over the reversed
//! move graph (every position's distance), and Dijkstra for move costs.
//! None of them shares code with the interpreter.

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::fmt::Debug;
use std::hash::Hash;
use std::sync::OnceLock;

use serde_json::Value;

use crate::{TempSpec, count, solve};

mod costs_and_a_heuristic;
mod errors;
mod flip_it;
mod generic_oracles;
mod issue_18_dead_ends;
mod issue_18_exact_costs;
mod the_eight_puzzle;
mod water_jugs;

use errors::*;
use flip_it::*;
use generic_oracles::*;
use issue_18_exact_costs::*;
