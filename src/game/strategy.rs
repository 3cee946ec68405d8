//! How the guesser picks its next guess. `first` is the articles' strategy:
//! the first code, in the spec's search order, consistent with every answer
//! (asked of the Session). The others look one guess ahead: every code is
//! a candidate guess, scored by how it splits the codes still possible into
//! classes of equal answers (the winning answer is a class of its own):
//!
//! - `minimax`: the smallest largest class (Knuth's rule for Mastermind);
//! - `expected`: the smallest expected class size (sum of squared sizes);
//! - `entropy`: the most information (smallest sum of n ln n, ties within
//!   1e-9).
//!
//! Ties go to a code still possible, then to the first in order.

use super::Game;
use crate::diagnostic::{Diagnostic, Error};
use crate::engine::clock::Clock;
use crate::source::Sources;
use crate::stop::Stop;
use std::collections::HashMap;
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    First,
    Minimax,
    Expected,
    Entropy,
}

/// The strategies by name, for the command line.
pub const STRATEGIES: &[(&str, Strategy)] = &[
    ("first", Strategy::First),
    ("minimax", Strategy::Minimax),
    ("expected", Strategy::Expected),
    ("entropy", Strategy::Entropy),
];

impl Strategy {
    /// The strategy's name in [`STRATEGIES`].
    pub fn name(self) -> &'static str {
        STRATEGIES
            .iter()
            .find(|(_, s)| *s == self)
            .map_or("?", |(name, _)| name)
    }
}

/// Most codes a look-ahead strategy takes on: it holds one answer per pair
/// of codes (2 bytes each: 512 MB at this size).
pub(super) const MAX_LOOKAHEAD_CODES: usize = 16_384;

/// A strategy with what it has computed so far: the answer of every code
/// to every guess, as small ids (`matrix[secret * n + guess]`), computed on
/// first use, on the game's threads, and shared by the clones of the
/// chooser that play subtrees on other threads.
#[derive(Clone)]
pub(super) struct Chooser {
    strategy: Strategy,
    matrix: Arc<[u16]>,
    /// How many different answers there are (ids are below it).
    answers: usize,
    counts: Vec<u32>,
    possible: Vec<bool>,
    /// The run's deadline (and Ctrl-C): scoring is read against it.
    clock: Clock,
    /// The run's stop token, to say what stopped the scoring.
    stop: Stop,
}

/// Why a thread could not compute its rows.
enum Failure {
    Undefined(usize, usize),
    FalseWin(usize, usize),
    TooMany,
    Stopped,
}

/// A thread's rows of the matrix, with its own numbering of the answers.
type Rows = (Vec<u16>, Vec<Vec<i64>>);

/// A candidate's score: lower is better.
#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Score {
    Exact(u64),
    Float(f64),
}

impl Score {
    /// (strictly better, equal) compared with `best`.
    fn against(self, best: Score) -> (bool, bool) {
        match (self, best) {
            (Score::Exact(a), Score::Exact(b)) => (a < b, a == b),
            (Score::Float(a), Score::Float(b)) => (a < b - 1e-9, (a - b).abs() <= 1e-9),
            _ => unreachable!("one strategy, one kind of score"),
        }
    }
}

/// The answers met by one thread, numbered in the order met.
#[derive(Default)]
struct Numbering {
    ids: HashMap<Vec<i64>, u16>,
    list: Vec<Vec<i64>>,
    /// The first answers packed into one word each: with few answers of
    /// small values, a scan of these beats hashing.
    keys: Vec<u64>,
}

impl Numbering {
    fn id(&mut self, out: &[i64]) -> u16 {
        let key = pack(out);
        if let Some(i) = key.and_then(|k| self.keys.iter().position(|&x| x == k)) {
            return i as u16;
        }
        if let Some(&id) = self.ids.get(out) {
            return id;
        }
        let id = self.list.len() as u16;
        let _ = self.ids.insert(out.to_vec(), id);
        self.list.push(out.to_vec());
        if let Some(k) = key
            && self.keys.len() < 32
            && self.keys.len() + 1 == self.list.len()
        {
            self.keys.push(k);
        }
        id
    }
}

impl Chooser {
    /// A chooser whose work stops as `stop` says (its deadline, Ctrl-C).
    pub(super) fn new(strategy: Strategy, codes: usize, stop: &Stop) -> Chooser {
        Chooser {
            clock: Clock::new(stop),
            stop: stop.clone(),
            strategy,
            matrix: Arc::from(Vec::new()),
            answers: 0,
            counts: Vec::new(),
            possible: vec![false; codes],
        }
    }

    pub(super) fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// The same chooser, its work stopped by `clock` as well (the other
    /// threads' errors); the matrix is shared, not copied.
    pub(super) fn with_clock(&self, clock: Clock) -> Chooser {
        Chooser {
            clock,
            ..self.clone()
        }
    }

    /// Computes what every choice needs (the answer matrix of a look-ahead
    /// strategy) now, once, before the chooser is cloned to other threads.
    pub(super) fn prepare(&mut self, game: &mut Game) -> Result<(), Error> {
        if self.strategy != Strategy::First && self.matrix.is_empty() && game.len() > 2 {
            self.compute_matrix(game)?;
        }
        Ok(())
    }

    /// Every answer between two codes, rows of secrets split between threads.
    fn compute_matrix(&mut self, game: &mut Game) -> Result<(), Error> {
        let n = game.len();
        if n > MAX_LOOKAHEAD_CODES {
            return Err(super::error(format!(
                "the game has {n} codes: the look-ahead strategies take at most {MAX_LOOKAHEAD_CODES} (`first` takes any number)"
            )));
        }
        let threads = game.threads.clamp(1, n);
        let chunk = n.div_ceil(threads);
        let (codes, w): (&[i64], usize) = (&game.codes, game.width);
        let win = &game.plan.win;
        let states = (0..threads)
            .map(|_| (game.answers.clone(), self.clock.clone()))
            .collect();
        let parts: Vec<Result<Rows, Failure>> = crate::pool::ordered(
            threads,
            states,
            &|(answers, clock), t| {
                let range = t * chunk..((t + 1) * chunk).min(n);
                rows(answers, clock, (codes, w), win, range)
            },
            &Result::is_err,
            None,
        );
        // One numbering of the answers for all the threads' rows.
        let mut ids: HashMap<Vec<i64>, u16> = HashMap::new();
        let mut matrix = Vec::with_capacity(n * n);
        for part in parts {
            let (rows, list) = match part {
                Ok(p) => p,
                Err(Failure::TooMany) => {
                    return Err(super::error(
                        "the game has more than 65535 different answers".to_string(),
                    ));
                }
                Err(Failure::Undefined(s, g)) => return Err(game.undefined(s, game.code(g))),
                Err(Failure::FalseWin(s, g)) => return Err(game.false_win(s, game.code(g))),
                Err(Failure::Stopped) => return Err(stopped(&self.stop)),
            };
            let mut global = Vec::with_capacity(list.len());
            for answer in list {
                let next = ids.len();
                if next > usize::from(u16::MAX) {
                    return Err(super::error(
                        "the game has more than 65535 different answers".to_string(),
                    ));
                }
                global.push(*ids.entry(answer).or_insert(next as u16));
            }
            matrix.extend(rows.iter().map(|&id| global[id as usize]));
        }
        self.matrix = Arc::from(matrix);
        self.answers = ids.len();
        Ok(())
    }

    /// The best guess among every code for the codes `possible` (at least
    /// two of them; in order).
    pub(super) fn choose(&mut self, game: &mut Game, possible: &[u32]) -> Result<usize, Error> {
        // With two codes left, the first of them splits them as well as any
        // code can and is preferred in every tie.
        if possible.len() <= 2 {
            return Ok(possible[0] as usize);
        }
        if self.matrix.is_empty() {
            self.compute_matrix(game)?;
        }
        for &s in possible {
            self.possible[s as usize] = true;
        }
        let (n, a) = (game.len(), self.answers);
        // Guesses in blocks whose class counts stay in cache: for each
        // secret, its answers to the block's guesses are contiguous.
        let block = (65_536 / a).clamp(1, n);
        self.counts.resize(block * a, 0);
        let mut best: Option<(Score, bool, usize)> = None;
        for g0 in (0..n).step_by(block) {
            if self.clock.passed() {
                for &s in possible {
                    self.possible[s as usize] = false;
                }
                return Err(stopped(&self.stop));
            }
            let g1 = (g0 + block).min(n);
            self.counts[..(g1 - g0) * a].fill(0);
            for &s in possible {
                let row = &self.matrix[s as usize * n + g0..s as usize * n + g1];
                for (j, &id) in row.iter().enumerate() {
                    self.counts[j * a + id as usize] += 1;
                }
            }
            for g in g0..g1 {
                let j = g - g0;
                let score = self.score(&self.counts[j * a..(j + 1) * a]);
                let in_set = self.possible[g];
                let take = match best {
                    None => true,
                    Some((b, b_in_set, _)) => {
                        let (better, equal) = score.against(b);
                        better || (equal && in_set && !b_in_set)
                    }
                };
                if take {
                    best = Some((score, in_set, g));
                }
            }
        }
        for &s in possible {
            self.possible[s as usize] = false;
        }
        Ok(best.expect("at least one code").2)
    }

    fn score(&self, counts: &[u32]) -> Score {
        match self.strategy {
            Strategy::Minimax => Score::Exact(u64::from(counts.iter().copied().max().unwrap_or(0))),
            Strategy::Expected => {
                Score::Exact(counts.iter().map(|&c| u64::from(c) * u64::from(c)).sum())
            }
            Strategy::Entropy => Score::Float(
                counts
                    .iter()
                    .filter(|&&c| c > 1)
                    .map(|&c| f64::from(c) * f64::from(c).ln())
                    .sum(),
            ),
            Strategy::First => unreachable!("`first` asks the session"),
        }
    }
}

/// The matrix rows of the secrets `range` (every code, `w` values each,
/// as guesses), with this numbering of the answers.
fn rows(
    answers: &mut super::answer::Answers,
    clock: &mut Clock,
    (codes, w): (&[i64], usize),
    win: &[i64],
    range: std::ops::Range<usize>,
) -> Result<Rows, Failure> {
    let n = codes.len() / w;
    let code = |i: usize| &codes[i * w..(i + 1) * w];
    let mut numbering = Numbering::default();
    let mut rows = Vec::new();
    let mut out = Vec::new();
    for s in range {
        if clock.passed() {
            return Err(Failure::Stopped);
        }
        for g in 0..n {
            if answers.answer(code(s), code(g), &mut out).is_err() {
                return Err(Failure::Undefined(s, g));
            }
            if s != g && out == win {
                return Err(Failure::FalseWin(s, g));
            }
            rows.push(numbering.id(&out));
        }
        if numbering.list.len() > usize::from(u16::MAX) {
            return Err(Failure::TooMany);
        }
    }
    Ok((rows, numbering.list))
}

/// An answer of at most 4 values within 16 bits each as one word (the
/// scan key of the first answers met).
/// The time limit or Ctrl-C stopped the scoring of the guesses (exit 3).
fn stopped(stop: &Stop) -> Error {
    Error::new(
        vec![Diagnostic::stopped(
            "while the guesses were being scored",
            stop.cause(),
        )],
        &Sources::default(),
    )
}

fn pack(answer: &[i64]) -> Option<u64> {
    if answer.len() > 4 {
        return None;
    }
    let mut key = answer.len() as u64;
    for &v in answer {
        let v = i16::try_from(v).ok()?;
        key = (key << 16) | u64::from(v as u16);
    }
    Some(key)
}
