//! Every secret at once: a deterministic strategy is a decision tree (the
//! guess depends only on the answers so far), so the secrets are played
//! together, each node of the tree solved once for all the secrets that
//! reach it. The tree is walked depth first with an explicit stack (a game
//! may need as many guesses as it has codes); with `first`, each edge is a
//! Session push of the answer constraint, and the pop on the way back.

use super::strategy::{Chooser, Strategy};
use super::{Game, error};
use crate::diagnostic::Error;

/// How a strategy did over every secret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Guesses needed, per secret (by index).
    pub guesses: Vec<u32>,
}

impl Record {
    pub fn secrets(&self) -> usize {
        self.guesses.len()
    }

    pub fn total(&self) -> u64 {
        self.guesses.iter().map(|&g| u64::from(g)).sum()
    }

    pub fn maximum(&self) -> u32 {
        self.guesses.iter().copied().max().unwrap_or(0)
    }

    /// The average as a reduced fraction (numerator, denominator).
    pub fn average(&self) -> (u64, u64) {
        let (t, n) = (self.total(), self.secrets() as u64);
        let g = gcd(t, n).max(1);
        (t / g, n / g)
    }

    /// `histogram[k]`: how many secrets took `k + 1` guesses.
    pub fn histogram(&self) -> Vec<u64> {
        let mut h = vec![0; self.maximum() as usize];
        for &g in &self.guesses {
            h[g as usize - 1] += 1;
        }
        h
    }

    /// The secrets that take the maximum, in order.
    pub fn hardest(&self) -> Vec<usize> {
        let max = self.maximum();
        (0..self.secrets())
            .filter(|&i| self.guesses[i] == max)
            .collect()
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// A node of the tree whose children are being played.
struct Frame {
    guess: usize,
    depth: u32,
    /// The codes still possible after each non-winning answer.
    classes: Vec<(Vec<i64>, Vec<u32>)>,
    next: usize,
    /// A Session level is open for the child being played.
    pushed: bool,
}

pub(super) fn play_all(
    game: &mut Game,
    strategy: Strategy,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Record, Error> {
    let mut levels = 0;
    let result = walk(game, strategy, progress, &mut levels);
    for _ in 0..levels {
        let _ = game.session.pop();
    }
    result
}

fn walk(
    game: &mut Game,
    strategy: Strategy,
    progress: &mut dyn FnMut(usize, usize),
    levels: &mut usize,
) -> Result<Record, Error> {
    let n = game.len();
    let mut guesses = vec![0u32; n];
    let mut chooser = Chooser::new(strategy, n, game.session().deadline());
    let mut done = 0;
    let mut stack: Vec<Frame> = Vec::new();
    let all: Vec<u32> = (0..n as u32).collect();
    let root = expand(game, &mut chooser, all, 1, &mut guesses, &mut done)?;
    progress(done, n);
    stack.push(root);
    while let Some(top) = stack.last_mut() {
        if top.pushed {
            let _ = game.session.pop();
            *levels -= 1;
            top.pushed = false;
        }
        if top.next == top.classes.len() {
            let _ = stack.pop();
            continue;
        }
        let (answer, class) = std::mem::take(&mut top.classes[top.next]);
        top.next += 1;
        let (guess, depth) = (top.guess, top.depth + 1);
        if strategy == Strategy::First {
            game.session.push();
            *levels += 1;
            top.pushed = true;
            let code = game.code(guess).to_vec();
            game.session.add_answer(&code, &answer)?;
        }
        let frame = expand(game, &mut chooser, class, depth, &mut guesses, &mut done)?;
        progress(done, n);
        stack.push(frame);
    }
    if done != n {
        return Err(error(format!("only {done} of {n} secrets were found")));
    }
    Ok(Record { guesses })
}

/// Guesses for the codes `possible` at `depth` and splits them by answer.
fn expand(
    game: &mut Game,
    chooser: &mut Chooser,
    possible: Vec<u32>,
    depth: u32,
    guesses: &mut [u32],
    done: &mut usize,
) -> Result<Frame, Error> {
    let guess = game.next_guess(chooser, &possible, depth == 1)?;
    let mut classes: Vec<(Vec<i64>, Vec<u32>)> = Vec::new();
    for &s in &possible {
        if s as usize == guess {
            guesses[guess] = depth;
            *done += 1;
            continue;
        }
        let answer = game.answer_between(s as usize, guess)?;
        match classes.iter_mut().find(|(a, _)| a.as_slice() == answer) {
            Some((_, class)) => class.push(s),
            None => classes.push((answer.to_vec(), vec![s])),
        }
    }
    // Every strategy makes progress: a guess outside the possible codes is
    // chosen only when it splits them.
    assert!(
        !(classes.len() == 1 && classes[0].1.len() == possible.len()),
        "the guess {} does not split the {} codes still possible",
        game.format_code(game.code(guess)),
        possible.len()
    );
    Ok(Frame {
        guess,
        depth,
        classes,
        next: 0,
        pushed: false,
    })
}
