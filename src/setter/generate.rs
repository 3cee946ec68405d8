//! New puzzles of a spec (`solve generate`, `[generate]`): draw a random
//! full solution (the spec with every clue blank, searched with random
//! values from the seed), give every cell as a clue (or every clue
//! `derive` computes from it, when they force it), then remove the
//! clues in shuffled classes of the pattern's symmetry while the puzzle
//! stays unique; a class whose removal breaks uniqueness stays, as does
//! one whose check is undecided after [`CHECK_NODES`] search nodes (every
//! puzzle made is proven unique, and its time stays bounded). With a
//! grade wanted at level L, a removal stays only while propagation at L
//! still finishes the puzzle (which makes it unique), and the puzzle is
//! kept only if propagation one level below does not; with `search`,
//! only if no level finishes it; with a score range (see
//! [`crate::setter::score`]), a removal keeps what the range's top allows
//! and the puzzle is kept if its score is in the range. A rejected puzzle
//! is drawn again from the seed's next draw ([`draw_seed`]), never from
//! the next seed (whose puzzle that would be). On a model with no
//! alldifferent a grade of `early`, `bounds` or `domain` is `propagate`
//! (the same propagators).
//!
//! Every question lowers the spec again with the clues as the param's
//! value, so that a puzzle made is exactly what `solve --set` reads.

use super::Unanswered;
use super::grade::{Grade, Left, grade, left_and_techniques, left_open, standing_for};
use super::score::score;
use super::unique::{Uniqueness, unique};
use crate::diagnostic::Error;
use crate::lower::value::LinExpr;
use crate::lowered::Lowered;
use crate::model::plan::Consistency;
use crate::plans::generate::{GeneratePlan, Wanted};
use crate::random::Rng;
use crate::session::Session;
use crate::source::Sources;
use crate::stop::{Cause, Stop};

/// How many draws one seed may use before generation gives up.
pub const MOST_TRIES: u64 = 100;

/// How many draws a seed may use for a puzzle that needs a search
/// (`search`, or a score of 80 and up): a sudoku whose clues were removed
/// while it stays unique is nearly always finished by `probing`, so such
/// a target is seldom reached, and each draw is graded up to `probing`.
pub const SEARCH_DRAWS: u64 = 10;

/// The draws a seed may use for the grade `plan` wants.
pub fn most_draws(plan: &GeneratePlan) -> u64 {
    match plan.grade {
        Some(Wanted::Search) => SEARCH_DRAWS,
        Some(Wanted::Score { lo, .. }) if lo >= 80 => SEARCH_DRAWS,
        _ => MOST_TRIES,
    }
}

/// The search nodes a uniqueness check may spend while removing clues; a
/// check left undecided keeps its clue.
pub const CHECK_NODES: u64 = 20_000;

/// What one lowering is asked for: the clue param's `--set` text, a
/// consistency level for every constraint (`None`: the spec's own), a
/// seed for random values (to draw a solution), and whether to lower
/// `derive` (the drawn solution's clues; see [`crate::Options::derive_clues`]).
#[derive(Clone, Debug)]
pub struct Request {
    pub clues: String,
    pub level: Option<Consistency>,
    pub random: Option<u64>,
    pub derive: bool,
}

/// Lowers the spec as a request says.
pub type Lower<'a> = dyn FnMut(&Request) -> Result<(Lowered, Sources), Error> + 'a;

/// A puzzle made.
#[derive(Clone, Debug)]
pub struct Made {
    /// The seed it was made from: `--seed` with it makes it again.
    pub seed: u64,
    /// Which of the seed's draws (0: its first; see [`draw_seed`]).
    pub draw: u64,
    /// Its clues, row-major, blanks included.
    pub clues: Vec<i64>,
    /// How many clues are given.
    pub given: usize,
    /// The weakest level whose propagation finishes it (`None`: search).
    pub grade: Option<Consistency>,
    /// Its score (see [`crate::setter::score`]).
    pub score: u32,
}

/// Why no puzzle came.
#[derive(Debug)]
pub enum Failed {
    Unanswered(Unanswered),
    /// With no clue the spec has no solution.
    NoSolution,
    /// None of the `tries` draws of the seed gave the grade wanted.
    NoGrade {
        tries: u64,
    },
    /// Every derived clue of each of the `tries` solutions drawn left the
    /// solution open: the clues do not force a solution of this spec.
    NeverForced {
        tries: u64,
    },
}

impl From<Unanswered> for Failed {
    fn from(u: Unanswered) -> Failed {
        Failed::Unanswered(u)
    }
}

impl From<Error> for Failed {
    fn from(e: Error) -> Failed {
        Failed::Unanswered(Unanswered::Error(e))
    }
}

impl From<Cause> for Failed {
    fn from(cause: Cause) -> Failed {
        Failed::Unanswered(Unanswered::Stopped(cause))
    }
}

/// A seed passed over, and why: told as it happens (`solve generate`
/// says it on stderr), so that a run that tries many seeds is not silent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skipped {
    pub seed: u64,
    /// The seed's draw passed over.
    pub draw: u64,
    pub why: Why,
    /// Another draw follows (false after the last one tried).
    pub again: bool,
}

/// Why a seed gave no puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// Every clue `derive` gives from the solution drawn leaves it open
    /// (several solutions, or not finished at the grade wanted).
    NotForced,
    /// The puzzle made is of another grade (`None`: search) than wanted.
    Grade(Option<Consistency>),
    /// The puzzle made has a score outside the range wanted: this one.
    Score(u32),
}

/// One puzzle from seed `seed`: its first draw, then (when that misses the
/// grade) further draws of its own (see [`draw_seed`]).
pub fn generate(
    plan: &GeneratePlan,
    lower: &mut Lower<'_>,
    seed: u64,
    stop: &Stop,
) -> Result<Made, Failed> {
    generate_telling(plan, lower, seed, stop, &mut |_| {})
}

/// The seed of draw `draw` of seed `seed`: the seed itself first, then
/// numbers mixed from both (SplitMix64's finaliser). A seed's later draws
/// are its own: when they were the next seeds (`seed + 1`...), a seed
/// whose first draw missed the grade made the next seed's puzzle, and
/// seeds 1 to 30 made 18 distinct sudokus.
pub fn draw_seed(seed: u64, draw: u64) -> u64 {
    if draw == 0 {
        return seed;
    }
    let mut z = seed ^ draw.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// [`generate`], telling `skipped` of each draw passed over.
pub fn generate_telling(
    plan: &GeneratePlan,
    lower: &mut Lower<'_>,
    seed: u64,
    stop: &Stop,
    skipped: &mut dyn FnMut(Skipped),
) -> Result<Made, Failed> {
    let mut forced = false;
    let most = most_draws(plan);
    for draw in 0..most {
        let again = draw + 1 < most;
        let Some(clues) = remove_clues(plan, lower, draw_seed(seed, draw), stop)? else {
            skipped(Skipped {
                seed,
                draw,
                why: Why::NotForced,
                again,
            });
            continue;
        };
        forced = true;
        let (graded, score) = grade_of(plan, lower, &clues, stop)?;
        let grade = graded.level();
        let fits = match plan.grade {
            None => true,
            Some(Wanted::Search) => grade.is_none(),
            Some(Wanted::Level(level)) => {
                grade == Some(standing_for(level, graded.distinct, graded.cages))
            }
            Some(Wanted::Score { lo, hi }) => (lo..=hi).contains(&score),
        };
        if fits {
            let given = clues.iter().filter(|&&v| v != plan.blank).count();
            return Ok(Made {
                seed,
                draw,
                clues,
                given,
                grade,
                score,
            });
        }
        let why = match plan.grade {
            Some(Wanted::Score { .. }) => Why::Score(score),
            _ => Why::Grade(grade),
        };
        skipped(Skipped {
            seed,
            draw,
            why,
            again,
        });
    }
    let tries = most;
    Err(if forced {
        Failed::NoGrade { tries }
    } else {
        Failed::NeverForced { tries }
    })
}

/// A random full solution's cells as clues (or its derived clues), then
/// as many removed as can go; `None` when even every derived clue leaves
/// the solution open (several solutions, or not finished at the level
/// wanted).
fn remove_clues(
    plan: &GeneratePlan,
    lower: &mut Lower<'_>,
    seed: u64,
    stop: &Stop,
) -> Result<Option<Vec<i64>>, Failed> {
    let blank = vec![plan.blank; plan.rows * plan.cols];
    let (lowered, sources) = lower(&Request {
        clues: plan.set(&blank),
        level: None,
        random: Some(seed),
        derive: plan.derives,
    })?;
    let derived = (lowered.generate.as_ref()).map_or_else(Vec::new, |p| p.derived.clone());
    let mut session = Session::new(lowered, sources);
    session.set_stop(stop.clone());
    let Some(solution) = session.first()? else {
        return Err(Failed::NoSolution);
    };
    let values = solution.values();
    let mut clues: Vec<i64> = if plan.derives {
        derived.iter().map(|e| value_of(e, values)).collect()
    } else {
        plan.cells.iter().map(|x| values[x.index()]).collect()
    };
    if plan.derives && !still_good(plan, lower, &clues, stop)? {
        return Ok(None);
    }
    let mut classes = plan.pattern.classes(plan.rows, plan.cols);
    let mut rng = Rng::new(seed);
    for i in (1..classes.len()).rev() {
        classes.swap(i, rng.below(i as u64 + 1) as usize);
    }
    for class in classes {
        let mut fewer = clues.clone();
        for &cell in &class {
            fewer[cell] = plan.blank;
        }
        if still_good(plan, lower, &fewer, stop)? {
            clues = fewer;
        }
    }
    Ok(Some(clues))
}

/// A derived clue's value in a solution (`values` by variable). The
/// lowering kept the expression within the solver's range.
fn value_of(e: &LinExpr, values: &[i64]) -> i64 {
    let sum = (e.terms.iter()).fold(i128::from(e.constant), |sum, &(k, x)| {
        sum + i128::from(k) * i128::from(values[x.index()])
    });
    i64::try_from(sum).unwrap_or(if sum < 0 { i64::MIN } else { i64::MAX })
}

/// What a removal must keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Keep {
    /// One solution (no grade wanted, or `search`).
    Unique,
    /// Propagation at this level finishes the puzzle.
    Finished(Consistency),
    /// Propagation at `propagate` and then a sudoku book's techniques up
    /// to this score's rung finish it (see [`crate::setter::human`]).
    Techniques(u32),
}

/// What a removal keeps for the grade wanted: a score range keeps what
/// its top allows (the ladder's levels for the rungs from `domain` up).
fn keep(plan: &GeneratePlan) -> Keep {
    match plan.grade {
        Some(Wanted::Level(level)) => Keep::Finished(level),
        Some(Wanted::Score { hi, .. }) => match hi / 10 {
            0..=2 => Keep::Finished(Consistency::Propagate),
            3..=5 => Keep::Techniques(hi / 10),
            6 => Keep::Finished(Consistency::Domain),
            7 => Keep::Finished(Consistency::Probing),
            _ => Keep::Unique,
        },
        None | Some(Wanted::Search) => Keep::Unique,
    }
}

/// Whether a puzzle with these clues may be kept while removing: unique,
/// and what [`keep`] says for the grade wanted.
fn still_good(
    plan: &GeneratePlan,
    lower: &mut Lower<'_>,
    clues: &[i64],
    stop: &Stop,
) -> Result<bool, Failed> {
    let keep = keep(plan);
    let level = match keep {
        Keep::Unique => None,
        Keep::Finished(level) => Some(level),
        Keep::Techniques(_) => Some(Consistency::Propagate),
    };
    let (lowered, sources) = lower(&Request {
        clues: plan.set(clues),
        level,
        random: None,
        derive: false,
    })?;
    if let Keep::Techniques(most) = keep {
        let rules = || {
            lower(&Request {
                clues: plan.set(clues),
                level: Some(Consistency::Domain),
                random: None,
                derive: false,
            })
        };
        let (left, techniques) = left_and_techniques(lowered, sources, rules, stop)?;
        return Ok(left == Left::Open(0)
            || techniques.is_some_and(|t| {
                t.open == 0 && !t.failed && t.hardest().is_none_or(|tier| 3 + tier as u32 <= most)
            }));
    }
    if level.is_some() {
        return Ok(left_open(lowered, sources, stop)? == Left::Open(0));
    }
    let mut session = Session::new(lowered, sources);
    session.set_stop(stop.clone());
    session.set_node_limit(Some(CHECK_NODES));
    match unique(&mut session) {
        Ok(answer) => Ok(matches!(answer, Uniqueness::Unique(_))),
        // Undecided within the budget: the clue stays (the puzzle stays
        // proven unique, perhaps with a clue it could do without).
        Err(Unanswered::Stopped(_)) if !stop.passed() => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// The puzzle graded: the ladder climbed, and its score (see
/// [`crate::setter::score`]; 0 when propagation fails, which a unique
/// puzzle's never does).
fn grade_of(
    plan: &GeneratePlan,
    lower: &mut Lower<'_>,
    clues: &[i64],
    stop: &Stop,
) -> Result<(Grade, u32), Failed> {
    let set = plan.set(clues);
    let graded = grade(
        |level| {
            lower(&Request {
                clues: set.clone(),
                level: Some(level),
                random: None,
                derive: false,
            })
        },
        stop,
    )?;
    let score = score(&graded).map_or(0, |s| s.value);
    Ok((graded, score))
}
