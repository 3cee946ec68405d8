//! `solve grade FILE`: the consistency ladder climbed (how many declared
//! variables root propagation leaves open at each level, up to the first
//! that finishes the puzzle), the grade, its score (see
//! `solve::setter::score`) and the steps' costs.
//!
//! A grade ranks a puzzle with one solution: when no level finishes the
//! puzzle, a search for two solutions runs first, and a puzzle with
//! several gets no grade but the two that differ, as `solve unique`
//! prints them.
//!
//! Exit codes: 0 graded, 1 no solution, 3 several solutions (no grade) or
//! a limit stopped it.

use super::output::{Printer, note};
use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run, SpecArgs, TimeLimit};
use serde_json::json;
use solve::facts::candidates::shown;
use solve::session::{Session, Solution};
use solve::setter::Unanswered;
use solve::setter::grade::{Grade, Left, grade, level_name, step_costs};
use solve::setter::score::{Score, score};
use solve::setter::unique::{Uniqueness, differences, unique_over};
use solve::stop::Stop;
use std::path::PathBuf;

/// What `solve grade` takes.
#[derive(Debug, clap::Args)]
pub(crate) struct GradeArgs {
    /// The spec file.
    file: PathBuf,
    #[command(flatten)]
    spec: SpecArgs,
    /// Leave out the steps' costs (a walk of `solve steps`, slower than
    /// the ladder on a large puzzle).
    #[arg(long)]
    no_steps: bool,
    /// One JSON object: `{"grade": LEVEL or "search", "score": N, "rung":
    /// NAME, "ladder": [{"level", "open"}], "steps": {"steps", "largest",
    /// "total"} or null}`; for a puzzle with several solutions `{"grade":
    /// null, "score": null, "ladder": ..., "solutions": 2, "first",
    /// "second", "differ"}`, as `solve unique --json` gives them. The score is 10 x rung + how much of it (0 to
    /// 9); the rungs: 0 check, 1 early, 2 propagate, 3 hidden single (or
    /// rule on placed values), 4 pair / intersection (or rule on
    /// candidates), 5 triple / quad, 6 domain (or bounds), 7 probing, 8
    /// search.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    pub time: TimeLimit,
}

pub(super) fn run(args: &GradeArgs, stop: &Stop) -> Run {
    super::generate::refuse_one_level(&args.spec.consistency, "grade")?;
    let lower = |level| {
        let mut spec = args.spec.clone();
        // Last: a level for every constraint is the last one said.
        spec.consistency.push(level_name(level).to_string());
        super::compile(&args.file, &spec, true, stop)
    };
    let mut out = Printer::new(args.json);
    let graded = match grade(lower, stop) {
        Ok(graded) => graded,
        Err(Unanswered::Stopped(_)) => return stopped(out, stop),
        Err(Unanswered::Error(e)) => return Err(e),
    };
    // No score: propagation at some level fails.
    let Some(score) = score(&graded) else {
        out.line("no solution: propagation at the root already fails");
        return out.finish(EXIT_NONE);
    };
    // No level finishes it: one solution, or none, or several?
    if graded.level().is_none() {
        let (lowered, sources) = super::compile(&args.file, &args.spec, true, stop)?;
        let mut session = Session::new(lowered, sources);
        session.set_stop(stop.clone());
        // Over the player's variables, the ones the ladder counts.
        let shown = shown(session.lowered().model());
        match unique_over(&mut session, &shown) {
            Ok(Uniqueness::Unique(_)) => {}
            Ok(Uniqueness::None) => {
                out.line("no solution: a search finds none");
                return out.finish(EXIT_NONE);
            }
            Ok(Uniqueness::Several(first, second)) => {
                return several(out, args.json, &graded, &session, &first, &second);
            }
            Err(Unanswered::Stopped(_)) => return stopped(out, stop),
            Err(Unanswered::Error(e)) => return Err(e),
        }
    }
    let steps = if args.no_steps {
        None
    } else {
        let (lowered, sources) = super::compile(&args.file, &args.spec, true, stop)?;
        match step_costs(lowered, sources, stop) {
            Ok(costs) => costs,
            Err(_) => return stopped(out, stop),
        }
    };
    let name = graded.level().map_or("search", level_name);
    if args.json {
        let ladder = ladder(&graded);
        let steps = steps
            .map(|(n, largest, total)| json!({ "steps": n, "largest": largest, "total": total }));
        let line = json!({ "grade": name, "score": score.value, "rung": score.rung,
            "ladder": ladder, "steps": steps });
        out.line(&line.to_string());
    } else {
        print_text(&mut out, &graded, steps, args.no_steps);
        print_score(&mut out, score);
    }
    out.finish(EXIT_FOUND)
}

/// A puzzle with several solutions: the ladder, and the two solutions'
/// differences in place of a grade (`"grade": null` in JSON, with
/// `solve unique --json`'s `differ`).
fn several(
    mut out: Printer,
    json: bool,
    graded: &Grade,
    session: &Session,
    first: &Solution,
    second: &Solution,
) -> Run {
    let player = shown(session.lowered().model());
    let mut differ = differences(session, first, second);
    differ.retain(|x| player.contains(x));
    if json {
        let mut line = super::unique::several_json(session, first, second, &differ);
        line["grade"] = json!(null);
        line["score"] = json!(null);
        line["ladder"] = ladder(graded);
        out.line(&line.to_string());
    } else {
        print_ladder(&mut out, graded);
        out.line("grade: none (a grade ranks a puzzle with one solution)");
        for line in super::unique::difference_lines(session, first, second, &differ) {
            out.line(&line);
        }
    }
    out.finish(EXIT_LIMIT)
}

/// Each level climbed and how many declared variables it leaves open.
fn ladder(graded: &Grade) -> serde_json::Value {
    (graded.rungs.iter())
        .map(|&(level, left)| json!({ "level": level_name(level), "open": open(left) }))
        .collect()
}

fn open(left: Left) -> usize {
    match left {
        Left::Open(n) => n,
        Left::Fails => 0,
    }
}

/// Each level climbed and how many declared variables it leaves open.
fn print_ladder(out: &mut Printer, graded: &Grade) {
    out.line("level      open");
    for &(level, left) in &graded.rungs {
        out.line(&format!("{:<9} {:>5}", level_name(level), open(left)));
    }
}

fn print_text(out: &mut Printer, graded: &Grade, steps: Option<(usize, u64, u64)>, no_steps: bool) {
    print_ladder(out, graded);
    match graded.level() {
        Some(level) => {
            let below = graded.rungs.len().checked_sub(2).map(|i| graded.rungs[i].0);
            out.line(&match below {
                Some(below) => format!(
                    "grade: {} (propagation alone finishes the puzzle at `{}`, not at `{}`)",
                    level_name(level),
                    level_name(level),
                    level_name(below)
                ),
                None => format!(
                    "grade: {} (propagation alone finishes the puzzle at the weakest level)",
                    level_name(level)
                ),
            });
        }
        None => out.line("grade: search (no level's propagation alone finishes the puzzle)"),
    }
    match steps {
        Some((n, largest, total)) => {
            out.line(&format!("steps: {n}, largest {largest}, total {total}"))
        }
        None if !no_steps => out.line("steps: they stop before the end"),
        None => {}
    }
}

fn print_score(out: &mut Printer, score: Score) {
    out.line(&format!(
        "score: {} (the hardest reasoning it needs: {})",
        score.value, score.rung
    ));
}

fn stopped(out: Printer, stop: &Stop) -> Run {
    note(&format!(
        "solve: {} before the grade was found",
        stop.cause()
    ));
    out.finish(EXIT_LIMIT)
}
