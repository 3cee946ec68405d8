//! Guessing games (`solve play FILE`, the spec's `[game]` section): the
//! guesser (`--secret`), every secret at once (`--all-secrets`, text and
//! `--json`), the setter (guesses on stdin) and the spec errors.
//!
//! The oracles are the figures of PUZZLES.md section 3 and simulations
//! written here in plain Rust: a brute-force bulls-and-cows scorer, the
//! "first consistent" guesser over codes enumerated in increasing order,
//! the one-step look-ahead guessers (minimax, expected class size, entropy;
//! ties to a code still possible, then the first), and binary search for
//! higher-lower. None of them shares code with the interpreter.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead as _, BufReader, Write as _};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::{TempSpec, solve};

mod bulls_and_cows;
mod errors;
mod games_of_other_shapes;
mod higher_or_lower;
mod mastermind_codes_of_texts;
mod oracles;
mod the_setter;

use higher_or_lower::*;
use oracles::*;
use the_setter::*;
