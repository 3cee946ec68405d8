//! A grade with a number: `10 × rung + within`, where the rung is the
//! hardest reasoning the puzzle needs and `within` (0 to 9) says how much
//! of it. The rungs, easiest first:
//!
//! | rung | score | needs |
//! |---|---|---|
//! | `check`, `early`, `propagate` | 0, 10, 20 | root propagation at that level |
//! | `hidden single` | 30–39 | a value with one place in an alldifferent; or one rule alone read from the values placed (`rule on placed values`) |
//! | `pair / intersection` | 40–49 | a naked or hidden pair, or a pointing pair / box-line; or one rule alone read from the candidates (`rule on candidates`) |
//! | `triple / quad` | 50–59 | a naked or hidden triple or quad |
//! | `domain` | 60–69 | `bounds` or `domain` propagation, beyond those patterns |
//! | `probing` | 70–79 | trying a value and seeing it fail |
//! | `search` | 80–89 | no level finishes it |
//!
//! The three middle rungs come from [`super::human`] (the techniques of a
//! sudoku book, easiest first, over the alldifferent items, with the
//! other rules read alone), the others from the consistency ladder
//! ([`super::grade`]); a model with no alldifferent skips the middle
//! ones. A middle rung is named by its technique the puzzle used that is
//! tried last (`hidden single`, then `rule on placed values`). `within`
//! is how many deductions of the rung's techniques the puzzle needs (at
//! most 9); at `domain`, the share of the items' variables the patterns
//! leave open, in tenths; at `probing` (and a search), the share of the
//! open variables the level below (`domain`, `probing`) leaves open:
//! what is left to the rung's own reasoning. Measured against QQWing's
//! grades in the book (docs/setter.md): the rung alone splits simple from
//! easy (hidden singles) and easy from intermediate (pairs and
//! intersections), which the ladder's level puts on one rung (`domain`);
//! against Tatham's Towers, the clues read from the values placed split
//! his easy from half his hard.

use super::grade::{Grade, Left};
use super::human::{Solved, Tier};
use crate::model::plan::Consistency;

/// A grade's number, and what it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    /// `10 × rung + within`.
    pub value: u32,
    /// The rung's name (see the module's table).
    pub rung: &'static str,
}

/// The rungs' names, by rung (the score's tens).
pub const RUNGS: [&str; 9] = [
    "check",
    "early",
    "propagate",
    "hidden single",
    "pair / intersection",
    "triple / quad",
    "domain",
    "probing",
    "search",
];

/// The score of a graded puzzle (`None`: propagation proves it has no
/// solution).
pub fn score(graded: &Grade) -> Option<Score> {
    if graded.rungs.iter().any(|(_, left)| *left == Left::Fails) {
        return None;
    }
    let level = graded.level();
    let ladder = |rung: usize, within: usize| (rung, within, RUNGS[rung]);
    let (rung, within, name) = match (level, &graded.techniques) {
        (Some(l @ (Consistency::Check | Consistency::Early | Consistency::Propagate)), _) => {
            ladder(ladder_rung(l), 0)
        }
        (_, Some(t)) if t.open == 0 && !t.failed => match t.hardest_technique() {
            Some(technique) => {
                let tier = technique.tier();
                (tier_rung(tier), t.uses_of(tier).min(9), technique.name())
            }
            None => ladder(ladder_rung(Consistency::Propagate), 0),
        },
        (Some(Consistency::Bounds | Consistency::Domain), techniques) => {
            ladder(6, techniques.as_ref().map_or(0, left_share))
        }
        // Probing, or a search: the share the level below leaves open.
        (level, _) => ladder(level.map_or(8, ladder_rung), below_share(graded)),
    };
    Some(Score {
        value: 10 * rung as u32 + within as u32,
        rung: name,
    })
}

/// A level's rung: `bounds` and `domain` share one.
fn ladder_rung(level: Consistency) -> usize {
    match level {
        Consistency::Check => 0,
        Consistency::Early => 1,
        Consistency::Propagate => 2,
        Consistency::Bounds | Consistency::Domain => 6,
        Consistency::Probing => 7,
    }
}

fn tier_rung(tier: Tier) -> usize {
    match tier {
        Tier::HiddenSingle => 3,
        Tier::PairOrIntersection => 4,
        Tier::TripleOrQuad => 5,
    }
}

/// The share of the items' variables the techniques leave open, in
/// tenths (at most 9).
fn left_share(t: &Solved) -> usize {
    (t.open * 10 / t.vars.max(1)).min(9)
}

/// The share of the variables open at the weakest level that the
/// strongest level climbed short of the grade leaves open, in tenths (at
/// most 9): for `probing`, what `domain` leaves it; for a search, what
/// `probing` leaves.
fn below_share(graded: &Grade) -> usize {
    let open = |left: &Left| match left {
        Left::Open(n) => *n,
        Left::Fails => 0,
    };
    let first = graded.rungs.first().map_or(0, |(_, l)| open(l));
    let below = match graded.level() {
        Some(_) if graded.rungs.len() >= 2 => open(&graded.rungs[graded.rungs.len() - 2].1),
        Some(_) => 0,
        None => graded.rungs.last().map_or(0, |(_, l)| open(l)),
    };
    (below * 10 / first.max(1)).min(9)
}
