//! The one answer to "first, all, a count or the best, maybe of one part,
//! maybe up to symmetry": a face (the command line, `--part`, the
//! playground, `compare`) says what it [`Ask`]s in a [`Query`] and hears
//! what the search finds as [`Event`]s through a [`Sink`], in the order
//! it prints them; the [`Outcome`] says how the answer ended.
//!
//! With an objective the sequence is always the same (here, once):
//! branch and bound, then, when all the optimal solutions or their number
//! are asked, the objective fixed to the optimum and those solutions
//! found as without an objective, the best found kept when a limit cuts
//! that second search.
//!
//! ```text
//!  Query ─▶ driver::run ─▶ parallel (split, queue) ─▶ Session
//!               │
//!               └──▶ Sink: Solution, Improved, Optimum, BestFound,
//!                          Progress, Count          ─▶ Outcome
//! ```

mod classes;
mod optimise;
pub mod part;
mod satisfy;

pub use crate::stop::{Answer, Cause};
pub use classes::{Classes, Watch};

use crate::diagnostic::Error;
use crate::parallel::Spread;
use crate::session::{Session, Solution, View};
use std::ops::ControlFlow;
use std::time::Duration;

/// What a face asks of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Ask {
    /// The first solution (the plan's restarts apply). With an objective:
    /// the best, each improving solution on the way.
    #[default]
    First,
    /// Every solution in search order, or the first `most` of them (a
    /// most of 1 is the first). With an objective: the optimal ones.
    All { most: Option<u64> },
    /// The number of solutions (with an objective: of the optimal ones).
    Count,
}

impl Ask {
    /// Its name in a part's result line: `first`, `all`, `count`, or
    /// `best` for the first with an objective.
    pub fn name(self, objective: bool) -> &'static str {
        match self {
            Ask::First if objective => "best",
            Ask::First => "first",
            Ask::All { .. } => "all",
            Ask::Count => "count",
        }
    }

    /// The ask [`Ask::name`] names (`best` is the first).
    pub fn from_name(name: &str) -> Option<Ask> {
        match name {
            "first" | "best" => Some(Ask::First),
            "all" => Some(Ask::All { most: None }),
            "count" => Some(Ask::Count),
            _ => None,
        }
    }

    /// Whether it lists or counts solutions (with an objective: the
    /// optimal ones, found once the optimum is proven).
    pub fn is_many(self) -> bool {
        !matches!(self, Ask::First)
    }
}

/// A question for [`run`].
#[derive(Clone, Debug)]
pub struct Query<'c> {
    pub ask: Ask,
    /// Over how many threads, and which parts of the search.
    pub spread: Spread,
    /// Up to symmetry: only the representatives of their classes (one
    /// sequential search).
    pub classes: Option<&'c dyn Classes>,
    /// How often a count tells its progress (`None`: never).
    pub progress: Option<Duration>,
}

impl Query<'_> {
    /// `ask` over the whole search on one thread, no classes, no
    /// progress.
    pub fn sequential(ask: Ask) -> Query<'static> {
        Query {
            ask,
            spread: Spread::threads(1),
            classes: None,
            progress: None,
        }
    }
}

/// What the search tells a face, in the order it is to be printed.
#[derive(Clone, Copy, Debug)]
pub enum Event<'a> {
    /// A solution of the answer: the first, one of all, the
    /// representative of its class, or one of the optimal ones.
    Solution(View<'a>, &'a Solution),
    /// With an objective and the first asked: a solution better than
    /// every one before.
    Improved(View<'a>, &'a Solution, i64),
    /// The optimum, proven, and the best solution (the first optimal one
    /// in search order): after the improving solutions when the first is
    /// asked, before the optimal solutions when many are.
    Optimum(View<'a>, &'a Solution, i64),
    /// A limit stopped the branch and bound: the best solution found and
    /// its value, not proven optimal.
    BestFound(View<'a>, &'a Solution, i64),
    /// While counting: the solutions so far and the nodes searched.
    Progress { solutions: u64, nodes: u64 },
    /// The count asked for (at least 1 when the optimum is known).
    Count(u64),
}

/// Hears the [`Event`]s of a run; `Break` stops the search.
pub trait Sink {
    fn event(&mut self, event: Event<'_>) -> ControlFlow<()>;
}

impl<F: FnMut(Event<'_>) -> ControlFlow<()>> Sink for F {
    fn event(&mut self, event: Event<'_>) -> ControlFlow<()> {
        self(event)
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions given (the count, with [`Ask::Count`]; 1 for a best
    /// found or an optimum asked first).
    pub found: u64,
    /// With an objective: the best value found and whether it is proven.
    pub optimum: Option<(i64, bool)>,
}

/// Answers `query` on `session`, telling `sink` what it finds: complete
/// when nothing cut it short (the first solution or its absence, every
/// solution, the whole count, the optimum proven), else stopped with
/// what was found.
pub fn run(
    session: &mut Session,
    query: &Query<'_>,
    sink: &mut dyn Sink,
) -> Result<Answer<Outcome>, Error> {
    let answer = if session.objective().is_some() {
        optimise::run(session, query, sink)?
    } else {
        satisfy::run(session, query, sink, None)?
    };
    // The cause is the one the token recorded by the end of the run
    // (every limit records itself when it fires; were nothing recorded,
    // the time limit is said).
    let cut = (!answer.is_complete()).then(|| session.stop().fired());
    Ok(Answer::new(answer.into_value(), cut))
}

#[cfg(test)]
mod tests;
