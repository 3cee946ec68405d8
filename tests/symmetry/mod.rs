//! Declared symmetries (`[symmetry] name = { grid | rows | columns | values
//! | reverse = EXPR }`), `break = "lex-leader"`, `--unique` and
//! `solve check-symmetry`.
//!
//! The oracles: the figures of PUZZLES.md for the shipped specs, and a
//! brute force written here for small models of every kind: every
//! assignment enumerated, each solution's orbit walked with a HashSet under
//! generators written as plain functions on the key (the declared
//! variables' values in declaration order), one class per smallest key;
//! the lex-leader set as the solutions no greater than their image under
//! each declared element (a grid's non-identity elements, the swaps of
//! neighbouring lines or values, the reversal).

use std::collections::{BTreeSet, HashMap, HashSet};

use serde_json::Value;

use crate::specs::brute_queens;
use crate::{Rng, TempSpec, count, for_each_permutation, int, json_solutions, solve};

mod brute_force;
mod designs;
mod errors;
mod every_kind;
mod models_against_brute_force;
mod running_the_solver;
mod symmetries_written_as_functions;
mod symmetry_with_an_objective;
mod the_shipped_specs;
mod wrong_rules_and_declarations;

use brute_force::*;
use models_against_brute_force::*;
use running_the_solver::*;
