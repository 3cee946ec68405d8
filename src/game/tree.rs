//! Every secret at once: a deterministic strategy is a decision tree (the
//! guess depends only on the answers so far), so the secrets are played
//! together, each node of the tree solved once for all the secrets that
//! reach it. The tree is walked depth first with an explicit stack (a game
//! may need as many guesses as it has codes); with `first`, each edge is a
//! Session push of the answer constraint, and the pop on the way back.
//!
//! With several threads the top of the tree is played first, the largest
//! subtree expanded until there are [`SUBTREES_PER_THREAD`] per thread;
//! the threads then take the subtrees, largest first, each with its own
//! fork of the game (a Session of its own, the codes and the answer matrix
//! shared). A secret's guesses are those of the one tree whatever the
//! number of threads: the record does not depend on it.

use super::strategy::{Chooser, Strategy};
use super::{Game, error};
use crate::diagnostic::Error;
use crate::engine::clock::Clock;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Subtrees per thread the top of the tree is cut into: enough for the
/// threads to finish together when the subtrees differ in size.
const SUBTREES_PER_THREAD: usize = 16;

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

/// A subtree still to play: the guesses and answers on the way to it, the
/// codes that reach it, and the depth of its guess (the root's is 1).
#[derive(Clone)]
struct Subtree {
    path: Vec<(usize, Vec<i64>)>,
    codes: Vec<u32>,
    depth: u32,
}

/// A node of the tree whose children are being played.
struct Frame {
    guess: usize,
    depth: u32,
    /// The guess was one of the codes still possible: its secret is found.
    won: bool,
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
    let n = game.len();
    let mut chooser = Chooser::new(strategy, n, game.session().stop());
    let mut guesses = vec![0u32; n];
    let root = Subtree {
        path: Vec::new(),
        codes: (0..n as u32).collect(),
        depth: 1,
    };
    let done = if game.threads > 1 && n > 2 {
        spread(game, chooser, root, &mut guesses, progress)?
    } else {
        let mut done = 0;
        walk(game, &mut chooser, &root, &mut guesses, &mut |found| {
            done += found;
            progress(done, n);
        })?;
        done
    };
    if done != n {
        let were = if done == 1 { "was" } else { "were" };
        return Err(error(format!("only {done} of {n} secrets {were} found")));
    }
    Ok(Record { guesses })
}

/// Plays `tree` depth first; `found(k)` hears of `k` more secrets found.
fn walk(
    game: &mut Game,
    chooser: &mut Chooser,
    tree: &Subtree,
    guesses: &mut [u32],
    found: &mut dyn FnMut(usize),
) -> Result<(), Error> {
    let mut levels = 0;
    let result = enter(game, chooser.strategy(), &tree.path, &mut levels)
        .and_then(|()| walk_below(game, chooser, tree, guesses, found, &mut levels));
    for _ in 0..levels {
        let _ = game.session.pop();
    }
    result
}

/// With `first`, posts the answers on the way to a subtree, one Session
/// level each (counted in `levels`, which the caller pops).
fn enter(
    game: &mut Game,
    strategy: Strategy,
    path: &[(usize, Vec<i64>)],
    levels: &mut usize,
) -> Result<(), Error> {
    if strategy != Strategy::First {
        return Ok(());
    }
    for (guess, answer) in path {
        game.session.push();
        *levels += 1;
        let code = game.code(*guess).to_vec();
        game.session.add_answer(&code, answer)?;
    }
    Ok(())
}

fn walk_below(
    game: &mut Game,
    chooser: &mut Chooser,
    tree: &Subtree,
    guesses: &mut [u32],
    found: &mut dyn FnMut(usize),
    levels: &mut usize,
) -> Result<(), Error> {
    let mut stack: Vec<Frame> = Vec::new();
    let root = expand(game, chooser, tree.codes.clone(), tree.depth)?;
    record(&root, guesses, found);
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
        if chooser.strategy() == Strategy::First {
            game.session.push();
            *levels += 1;
            top.pushed = true;
            let code = game.code(guess).to_vec();
            game.session.add_answer(&code, &answer)?;
        }
        let frame = expand(game, chooser, class, depth)?;
        record(&frame, guesses, found);
        stack.push(frame);
    }
    Ok(())
}

/// A winning guess is its secret's number of guesses.
fn record(frame: &Frame, guesses: &mut [u32], found: &mut dyn FnMut(usize)) {
    if frame.won {
        guesses[frame.guess] = frame.depth;
        found(1);
    }
}

/// Plays the tree on `game.threads` threads; returns the secrets found.
fn spread(
    game: &mut Game,
    mut chooser: Chooser,
    root: Subtree,
    guesses: &mut [u32],
    progress: &mut dyn FnMut(usize, usize),
) -> Result<usize, Error> {
    let n = game.len();
    chooser.prepare(game)?;
    let (open, done) = cut(game, &mut chooser, root, guesses)?;
    progress(done, n);
    // Largest first: the long subtrees start early, the short ones fill in.
    let mut queue: Vec<&Subtree> = open.iter().collect();
    queue.sort_by_key(|t| std::cmp::Reverse(t.codes.len()));
    let found = AtomicUsize::new(done);
    // Set at the first error: the other threads' walks stop too.
    let stop = Arc::new(AtomicBool::new(false));
    let failure: Mutex<Option<Error>> = Mutex::new(None);
    let run_stop = game.session.stop().clone();
    let threads = game.threads.min(queue.len()).max(1);
    let states: Vec<(Game, Chooser, Vec<u32>)> = (0..threads)
        .map(|_| {
            let clock = Clock::with_stop(&run_stop, Some(Arc::clone(&stop)));
            (game.fork(), chooser.with_clock(clock), vec![0u32; n])
        })
        .collect();
    // Each subtree's secrets with their numbers of guesses.
    let walked = |(fork, chooser, mine): &mut (Game, Chooser, Vec<u32>), k: usize| {
        let tree: &Subtree = queue[k];
        let mut count = |k| {
            let _ = found.fetch_add(k, Ordering::Relaxed);
        };
        match walk(fork, chooser, tree, mine, &mut count) {
            Ok(()) => Some(
                tree.codes
                    .iter()
                    .map(|&c| (c as usize, mine[c as usize]))
                    .collect(),
            ),
            Err(e) => {
                // The first error is the run's; the others may only be
                // this stop's echo.
                let mut first = failure.lock().unwrap_or_else(|e| e.into_inner());
                if first.is_none() {
                    *first = Some(e);
                }
                stop.store(true, Ordering::Relaxed);
                None
            }
        }
    };
    let watch = crate::pool::Watch {
        every: Duration::from_millis(20),
        tell: &mut || progress(found.load(Ordering::Relaxed), n),
    };
    let results: Vec<Option<Vec<(usize, u32)>>> =
        crate::pool::ordered(queue.len(), states, &walked, &Option::is_none, Some(watch));
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    for (g, m) in results.into_iter().flatten().flatten() {
        if m != 0 {
            guesses[g] = m;
        }
    }
    Ok(found.load(Ordering::Relaxed))
}

/// Plays the top of the tree here: the largest open subtree is expanded
/// until there are enough for the threads; returns the open subtrees, in
/// the tree's order, and the secrets found on the way.
fn cut(
    game: &mut Game,
    chooser: &mut Chooser,
    root: Subtree,
    guesses: &mut [u32],
) -> Result<(Vec<Subtree>, usize), Error> {
    let want = SUBTREES_PER_THREAD * game.threads;
    let mut open = vec![root];
    let mut done = 0;
    while open.len() < want {
        let Some((at, _)) = open
            .iter()
            .enumerate()
            .filter(|(_, t)| t.codes.len() > 2)
            .max_by_key(|(i, t)| (t.codes.len(), std::cmp::Reverse(*i)))
        else {
            break;
        };
        let tree = open.remove(at);
        let mut levels = 0;
        let expanded = enter(game, chooser.strategy(), &tree.path, &mut levels)
            .and_then(|()| expand(game, chooser, tree.codes.clone(), tree.depth));
        for _ in 0..levels {
            let _ = game.session.pop();
        }
        let frame = expanded?;
        record(&frame, guesses, &mut |k| done += k);
        let children = frame.classes.into_iter().map(|(answer, codes)| {
            let mut path = tree.path.clone();
            path.push((frame.guess, answer));
            Subtree {
                path,
                codes,
                depth: tree.depth + 1,
            }
        });
        let _ = open.splice(at..at, children);
    }
    Ok((open, done))
}

/// Guesses for the codes `possible` at `depth` and splits them by answer.
fn expand(
    game: &mut Game,
    chooser: &mut Chooser,
    possible: Vec<u32>,
    depth: u32,
) -> Result<Frame, Error> {
    let guess = game.next_guess(chooser, &possible, depth == 1)?;
    let mut classes: Vec<(Vec<i64>, Vec<u32>)> = Vec::new();
    let mut won = false;
    for &s in &possible {
        if s as usize == guess {
            won = true;
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
        won,
        classes,
        next: 0,
        pushed: false,
    })
}
