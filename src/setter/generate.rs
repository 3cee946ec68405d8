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
//! only if no level finishes it. A rejected puzzle is drawn again from
//! the next seed. On a model with no alldifferent a grade of `early`,
//! `bounds` or `domain` is `propagate` (the same propagators).
//!
//! Every question lowers the spec again with the clues as the param's
//! value, so that a puzzle made is exactly what `solve --set` reads.

use super::Unanswered;
use super::grade::{Left, grade, left_open, standing_for};
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

/// How many seeds one puzzle may use before generation gives up.
pub const MOST_TRIES: u64 = 100;

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
    /// The seed it was drawn from: `--seed` with it makes it again.
    pub seed: u64,
    /// Its clues, row-major, blanks included.
    pub clues: Vec<i64>,
    /// How many clues are given.
    pub given: usize,
    /// The weakest level whose propagation finishes it (`None`: search).
    pub grade: Option<Consistency>,
}

/// Why no puzzle came.
#[derive(Debug)]
pub enum Failed {
    Unanswered(Unanswered),
    /// With no clue the spec has no solution.
    NoSolution,
    /// No seed of the `tries` tried (at most `MOST_TRIES`) gave the grade
    /// wanted.
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
    pub why: Why,
    /// Another seed follows (false after the last one tried).
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
}

/// One puzzle, from seed `first` on (the seeds tried after it are
/// `first + 1`, ...).
pub fn generate(
    plan: &GeneratePlan,
    lower: &mut Lower<'_>,
    first: u64,
    stop: &Stop,
) -> Result<Made, Failed> {
    generate_telling(plan, lower, first, stop, &mut |_| {})
}

/// [`generate`], telling `skipped` of each seed passed over.
pub fn generate_telling(
    plan: &GeneratePlan,
    lower: &mut Lower<'_>,
    first: u64,
    stop: &Stop,
    skipped: &mut dyn FnMut(Skipped),
) -> Result<Made, Failed> {
    let seeds: Vec<u64> = (0..MOST_TRIES)
        .map_while(|i| first.checked_add(i))
        .collect();
    let (mut tries, mut forced) = (0, false);
    for (k, &seed) in seeds.iter().enumerate() {
        tries += 1;
        let again = k + 1 < seeds.len();
        let Some(clues) = remove_clues(plan, lower, seed, stop)? else {
            skipped(Skipped {
                seed,
                why: Why::NotForced,
                again,
            });
            continue;
        };
        forced = true;
        let (grade, distinct, cages) = grade_of(plan, lower, &clues, stop)?;
        let fits = match plan.grade {
            None => true,
            Some(Wanted::Search) => grade.is_none(),
            Some(Wanted::Level(level)) => grade == Some(standing_for(level, distinct, cages)),
        };
        if fits {
            let given = clues.iter().filter(|&&v| v != plan.blank).count();
            return Ok(Made {
                seed,
                clues,
                given,
                grade,
            });
        }
        skipped(Skipped {
            seed,
            why: Why::Grade(grade),
            again,
        });
    }
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

/// Whether a puzzle with these clues may be kept while removing: unique,
/// and with a level wanted, finished by propagation at it.
fn still_good(
    plan: &GeneratePlan,
    lower: &mut Lower<'_>,
    clues: &[i64],
    stop: &Stop,
) -> Result<bool, Failed> {
    let level = match plan.grade {
        Some(Wanted::Level(level)) => Some(level),
        _ => None,
    };
    let (lowered, sources) = lower(&Request {
        clues: plan.set(clues),
        level,
        random: None,
        derive: false,
    })?;
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

/// The weakest level whose propagation finishes the puzzle, and whether
/// the model has an alldifferent and a cage (see [`standing_for`]).
fn grade_of(
    plan: &GeneratePlan,
    lower: &mut Lower<'_>,
    clues: &[i64],
    stop: &Stop,
) -> Result<(Option<Consistency>, bool, bool), Failed> {
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
    Ok((graded.level(), graded.distinct, graded.cages))
}
