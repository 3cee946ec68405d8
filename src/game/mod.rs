//! Guessing games from a spec's `[game]` section: the codes are the spec's
//! solutions projected on the code's variables, the answer to a guess is
//! the spec's answer function. Both sides are played in one process:
//!
//! - the guesser ([`Game::play`]): each guess comes from a [`Strategy`];
//!   `first` asks the [`Session`] for its first solution after posting one
//!   answer constraint per guess (push/pop, nothing re-lowered), the
//!   others score every code by how it splits the codes still possible;
//! - every secret at once ([`Game::play_all`], `tree.rs`): the strategy's
//!   decision tree, each node solved once for all the secrets that reach it;
//! - the setter is the CLI's `solve play` (it needs [`Game::answer`] only).
//!
//! `lower.rs` is the lowering pass of `[game]` (the code, the opening,
//! the answer network) and posts a game's answers as constraints;
//! what it gathers is plain data (`GamePlan`, in `crate::plans`).
//!
//! Answers are computed by `answer.rs` (the answer network lowered once);
//! the `first` strategy's Session and that network are two independent
//! computations of consistency, checked against each other at every guess.

mod answer;
pub(crate) mod lower;
mod notation;
mod strategy;
mod tree;

pub use strategy::{STRATEGIES, Strategy};
pub use tree::Record;

use crate::diagnostic::{Diagnostic, Error};
use crate::plans::game::GamePlan;
use crate::session::Session;
use crate::source::Sources;
use answer::Answers;
use notation::Notation;
use std::collections::HashMap;
use std::sync::Arc;

/// Most codes a game may have (the codes are held in memory).
pub const MAX_CODES: usize = 1_000_000;

/// A game: the session of its spec, the codes, and the answer function.
#[derive(Debug)]
pub struct Game {
    session: Session,
    plan: GamePlan,
    answers: Answers,
    /// The codes in the spec's search order, `width` values each (shared
    /// with the forks that play on other threads).
    codes: Arc<[i64]>,
    width: usize,
    index: Arc<HashMap<Vec<i64>, u32>>,
    /// How codes are written and read.
    notation: Notation,
    /// The first guess of every strategy (`[game] opening`, `--opening`).
    opening: Option<usize>,
    /// Scratch for one answer.
    buffer: Vec<i64>,
    /// Threads for the answer matrix and for every secret at once.
    threads: usize,
}

fn error(message: String) -> Error {
    Error::new(vec![Diagnostic::bare(message)], &Sources::default())
}

impl Game {
    /// The game of the session's spec: its codes are enumerated now.
    pub fn new(mut session: Session) -> Result<Game, Error> {
        let Some(plan) = session.lowered().game.clone() else {
            return Err(error("the spec has no [game] section".to_string()));
        };
        let width = plan.code.len();
        let mut codes = Vec::new();
        let mut index = HashMap::new();
        let mut solutions = session.solutions();
        for solution in solutions.by_ref() {
            let code: Vec<i64> = plan
                .code
                .iter()
                .map(|x| solution.values()[x.index()])
                .collect();
            if !index.contains_key(&code) {
                if index.len() == MAX_CODES {
                    return Err(error(format!(
                        "the game has more than {MAX_CODES} codes: too many to play with"
                    )));
                }
                let _ = index.insert(code.clone(), index.len() as u32);
                codes.extend(code);
            }
        }
        if solutions.stopped() {
            let d = Diagnostic::time_limit(
                "the time or node limit stopped the enumeration of the codes",
            );
            return Err(Error::new(vec![d], &Sources::default()));
        }
        drop(solutions);
        if index.is_empty() {
            return Err(error(
                "the spec has no solution: there is no code to play with".to_string(),
            ));
        }
        let notation = Notation::new(session.lowered().model(), &plan.code);
        let mut game = Game {
            answers: Answers::new(&plan),
            plan,
            session,
            codes: Arc::from(codes),
            width,
            index: Arc::new(index),
            notation,
            opening: None,
            buffer: Vec::new(),
            threads: 1,
        };
        game.check_win()?;
        if let Some((values, span)) = game.plan.opening.clone() {
            let text = game.format_code(&values);
            let opening = game.index_of(&text, &values).map_err(|m| {
                let d = Diagnostic::new(format!("`opening`: {m}"), span);
                Error::new(vec![d], game.session.sources())
            })?;
            game.opening = Some(opening);
        }
        Ok(game)
    }

    /// A guess equal to the secret must win, and only such a guess: the
    /// spec's `win` and its answer must agree on every code.
    fn check_win(&mut self) -> Result<(), Error> {
        for i in 0..self.len() {
            let code = self.code(i).to_vec();
            let answer = self.answer(i, &code)?;
            if answer != self.plan.win {
                return Err(error(format!(
                    "the answer to a guess equal to the secret must be `win`; for the code {} it is {}",
                    self.format_code(self.code(i)),
                    self.show(&answer)
                )));
            }
        }
        Ok(())
    }

    /// The same game for another thread: its own session over the same
    /// lowered spec (no answer posted), the codes shared.
    fn fork(&self) -> Game {
        let lowered = self.session.lowered().clone();
        let mut session = Session::new(lowered, self.session.sources().clone());
        session.set_stop(self.session.stop().without_nodes());
        Game {
            session,
            plan: self.plan.clone(),
            answers: self.answers.clone(),
            codes: Arc::clone(&self.codes),
            width: self.width,
            index: Arc::clone(&self.index),
            notation: self.notation.clone(),
            opening: self.opening,
            buffer: Vec::new(),
            threads: 1,
        }
    }

    /// Spreads the answer matrix and [`Game::play_all`] over `threads`
    /// (1, the default, is sequential); the results do not depend on it.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// How many codes there are.
    pub fn len(&self) -> usize {
        self.codes.len() / self.width
    }

    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// The `i`-th code in the spec's search order.
    pub fn code(&self, i: usize) -> &[i64] {
        &self.codes[i * self.width..(i + 1) * self.width]
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The answer the code `secret` (an index) gives to `guess`.
    pub fn answer(&mut self, secret: usize, guess: &[i64]) -> Result<Vec<i64>, Error> {
        let mut out = Vec::new();
        let s = &self.codes[secret * self.width..(secret + 1) * self.width];
        self.answers
            .answer(s, guess, &mut out)
            .map_err(|_| self.undefined(secret, guess))?;
        if out == self.plan.win && s != guess {
            return Err(self.false_win(secret, guess));
        }
        Ok(out)
    }

    /// The answer between two codes given by index, into the scratch buffer.
    fn answer_between(&mut self, secret: usize, guess: usize) -> Result<&[i64], Error> {
        let w = self.width;
        let (s, g) = (
            &self.codes[secret * w..(secret + 1) * w],
            &self.codes[guess * w..(guess + 1) * w],
        );
        if self.answers.answer(s, g, &mut self.buffer).is_err() {
            return Err(self.undefined(secret, self.code(guess)));
        }
        if secret != guess && self.buffer == self.plan.win {
            return Err(self.false_win(secret, self.code(guess)));
        }
        Ok(&self.buffer)
    }

    /// `win` must mean that the guess is the secret.
    pub(super) fn false_win(&self, secret: usize, guess: &[i64]) -> Error {
        error(format!(
            "the answer of the secret {} to the guess {} is `win`: `win` must be the answer to a guess equal to the secret, and to no other",
            self.format_code(self.code(secret)),
            self.format_code(guess)
        ))
    }

    fn undefined(&self, secret: usize, guess: &[i64]) -> Error {
        error(format!(
            "the answer is undefined for the secret {} and the guess {} (an index out of range or a division by zero in `answer`)",
            self.format_code(self.code(secret)),
            self.format_code(guess)
        ))
    }

    pub fn is_win(&self, answer: &[i64]) -> bool {
        answer == self.plan.win
    }

    /// An answer in the spec's words (`[game] show`).
    pub fn show(&self, answer: &[i64]) -> String {
        self.session
            .lowered()
            .output
            .render_answer(answer, self.answers.is_list())
            .unwrap_or_else(|_| format!("{answer:?}"))
    }

    /// A code as it is written (`7412`, `7,4,1,12`, `blue,red`).
    pub fn format_code(&self, code: &[i64]) -> String {
        self.notation.write(code)
    }

    /// Reads a code (see `Notation::read`): Err says what is wrong:
    /// malformed, outside a domain, or ruled out by the constraints.
    pub fn parse_code(&self, text: &str) -> Result<usize, String> {
        let text = text.trim();
        let values = self.notation.read(text, &self.format_code(self.code(0)))?;
        self.index_of(text, &values)
    }

    /// The index of the code `values` (written `text`), if it is one.
    fn index_of(&self, text: &str, values: &[i64]) -> Result<usize, String> {
        let model = self.session.lowered().model();
        for (i, (&x, &v)) in self.plan.code.iter().zip(values).enumerate() {
            if !model.domain(x).contains(v) {
                return Err(self.notation.outside(text, i, v));
            }
        }
        self.index.get(values).map(|&i| i as usize).ok_or_else(|| {
            format!("`{text}` is not a possible code: the spec's constraints rule it out")
        })
    }

    /// Makes `opening` (an index) the first guess of every strategy, in
    /// place of the spec's `[game] opening` if it has one.
    pub fn set_opening(&mut self, opening: usize) {
        self.opening = Some(opening);
    }

    /// The first guess every strategy makes, if one is fixed.
    pub fn opening(&self) -> Option<usize> {
        self.opening
    }

    /// The guesser: plays `strategy` against `secret` (an index) until it
    /// wins; each guess (an index) with its answer.
    pub fn play(
        &mut self,
        secret: usize,
        strategy: Strategy,
    ) -> Result<Vec<(usize, Vec<i64>)>, Error> {
        let mut possible: Vec<u32> = (0..self.len() as u32).collect();
        let mut moves = Vec::new();
        let mut chooser = strategy::Chooser::new(strategy, self.len(), self.session.stop());
        self.session.push();
        let result = loop {
            let first = moves.is_empty();
            let guess = match self.next_guess(&mut chooser, &possible, first) {
                Ok(g) => g,
                Err(e) => break Err(e),
            };
            let code = self.code(guess).to_vec();
            let answer = match self.answer(secret, &code) {
                Ok(a) => a,
                Err(e) => break Err(e),
            };
            moves.push((guess, answer.clone()));
            if self.is_win(&answer) {
                break Ok(moves);
            }
            match self.consistent(&possible, guess, &answer) {
                Ok(kept) => possible = kept,
                Err(e) => break Err(e),
            }
            if strategy == Strategy::First
                && let Err(e) = self.session.add_answer(&code, &answer)
            {
                break Err(e);
            }
        };
        let _ = self.session.pop();
        result
    }

    /// The codes of `possible` that give `answer` to `guess`.
    fn consistent(
        &mut self,
        possible: &[u32],
        guess: usize,
        answer: &[i64],
    ) -> Result<Vec<u32>, Error> {
        let mut kept = Vec::new();
        for &s in possible {
            if self.answer_between(s as usize, guess)? == answer {
                kept.push(s);
            }
        }
        Ok(kept)
    }

    /// The next guess of `chooser` among the codes, `possible` being the
    /// codes consistent with every answer so far (in order); the opening,
    /// if one is fixed, when it is the `first` guess.
    fn next_guess(
        &mut self,
        chooser: &mut strategy::Chooser,
        possible: &[u32],
        first: bool,
    ) -> Result<usize, Error> {
        if first && let Some(opening) = self.opening {
            return Ok(opening);
        }
        if chooser.strategy() == Strategy::First {
            return self.first_consistent(possible);
        }
        if let [only] = possible {
            return Ok(*only as usize);
        }
        chooser.choose(self, possible)
    }

    /// The Session's first solution under the answers posted so far,
    /// checked against the network's verdict (`possible`).
    fn first_consistent(&mut self, possible: &[u32]) -> Result<usize, Error> {
        let found = match self.session.first() {
            Ok(Some(solution)) => {
                let code: Vec<i64> = self
                    .plan
                    .code
                    .iter()
                    .map(|x| solution.values()[x.index()])
                    .collect();
                self.index.get(&code).map(|&i| i as usize)
            }
            Ok(None) => None,
            Err(_) => {
                let d =
                    Diagnostic::time_limit("the time or node limit stopped the search for a guess");
                return Err(Error::new(vec![d], &Sources::default()));
            }
        };
        match found {
            Some(g) if possible.contains(&(g as u32)) => Ok(g),
            _ => panic!(
                "the session's first consistent code {:?} is not among the {} codes the answer network keeps",
                found.map(|g| self.format_code(self.code(g))),
                possible.len()
            ),
        }
    }

    /// How a strategy did, as one JSON object (`play --all-secrets
    /// --json`, the playground): the figures, the histogram (guesses →
    /// secrets) and every hardest secret.
    pub fn record_json(&self, record: &Record) -> serde_json::Value {
        let (p, q) = record.average();
        let histogram: serde_json::Map<String, serde_json::Value> = record
            .histogram()
            .iter()
            .enumerate()
            .map(|(k, &c)| ((k + 1).to_string(), serde_json::Value::from(c)))
            .collect();
        serde_json::json!({
            "secrets": record.secrets(),
            "total": record.total(),
            "average": record.total() as f64 / record.secrets() as f64,
            "fraction": format!("{p}/{q}"),
            "maximum": record.maximum(),
            "histogram": histogram,
            "hardest": record.hardest().iter().map(|&i| self.format_code(self.code(i))).collect::<Vec<_>>(),
        })
    }

    /// Plays every secret; `progress(done, total)` hears how far it is.
    pub fn play_all(
        &mut self,
        strategy: Strategy,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Record, Error> {
        tree::play_all(self, strategy, progress)
    }
}
