//! `solve generate FILE`: new puzzles of a spec with a `[generate]`
//! section, each printed as its clue grid and as a `--set` line to paste
//! after the spec (one JSON object each with `--json`).
//!
//! Exit codes: 0 made, 1 the spec has no solution with every clue blank,
//! 2 no `[generate]` section (or a spec error), 3 no seed gave the grade
//! wanted, or a limit stopped it.

use super::output::{Printer, note};
use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run, SpecArgs, TimeLimit, refusal};
use serde_json::json;
use solve::diagnostic::{Error, counted};
use solve::plans::generate::{GeneratePlan, Wanted};
use solve::setter::Unanswered;
use solve::setter::generate::{Failed, Made, Request, Skipped, Why, generate_telling};
use solve::setter::grade::level_name;
use solve::source::Sources;
use solve::stop::Stop;
use std::path::PathBuf;

/// What `solve generate` takes (`--seed N`: the first seed, overriding
/// `[generate] seed`).
#[derive(Debug, clap::Args)]
pub(crate) struct GenerateArgs {
    /// The spec file, with a [generate] section.
    file: PathBuf,
    #[command(flatten)]
    spec: SpecArgs,
    /// How many puzzles (each from the seed after the last one's).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    number: u64,
    /// One JSON object per puzzle: `{"seed", "clues", "grade", "set", PARAM}`.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    pub time: TimeLimit,
}

pub(super) fn run(args: &GenerateArgs, stop: &Stop) -> Run {
    let plan = plan(args, stop)?;
    if plan.as_ref().is_some_and(|p| p.grade.is_some()) {
        refuse_one_level(&args.spec.consistency, "generate with a grade")?;
    }
    let Some(plan) = plan else {
        return Err(refusal(
            format!("{} has no [generate] section", args.file.display()),
            "add one: `[generate]` with `clues = \"PARAM\"` (the clue grid, 0 for a blank) and `fills = \"VAR\"` (the variables it fills); see the book's chapter on making puzzles",
        ));
    };
    // The file is read once; each question lowers it again.
    let mut read = Sources::default();
    let id = super::add_spec(&args.file, &mut read)?;
    let mut lower = |r: &Request| {
        let mut spec = args.spec.clone();
        spec.params.set.push(r.clues.clone());
        if let Some(level) = r.level {
            // Last: a level for every constraint is the last one said.
            spec.consistency.push(level_name(level).to_string());
        }
        let mut sources = read.clone();
        let mut options = super::options(&mut sources, &spec, true, stop)?;
        options.derive_clues = r.derive;
        if let Some(seed) = r.random {
            // The draw's settings over the command line's, with its seed.
            options.search = options.search.then(&plan.draw);
            options.search.seed = Some(seed);
        }
        super::lower(sources, id, &spec.params.set, &options).map(|(c, s)| (c.lowered, s))
    };
    let mut out = Printer::new(args.json);
    let mut seed = args.spec.seed.unwrap_or(plan.seed);
    for n in 1..=args.number {
        let mut skipped = |s: Skipped| note(&skipped_line(&plan, s));
        match generate_telling(&plan, &mut lower, seed, stop, &mut skipped) {
            Ok(made) => {
                print(&mut out, args.json, &plan, &made, n);
                seed = made.seed.saturating_add(1);
            }
            Err(Failed::NoSolution) => {
                out.line("no solution: with every clue blank the spec has none");
                return out.finish(EXIT_NONE);
            }
            Err(Failed::NoGrade { tries }) => {
                let wanted = match plan.grade {
                    Some(Wanted::Level(level)) => level_name(level),
                    _ => "search",
                };
                note(&format!(
                    "no puzzle of grade {wanted} from {} ({seed} to {}): try another grade or seed",
                    counted(tries, "seed"),
                    seed.saturating_add(tries.saturating_sub(1))
                ));
                return out.finish(EXIT_LIMIT);
            }
            Err(Failed::NeverForced { tries }) => {
                note(&format!(
                    "no puzzle from {} ({seed} to {}): with every clue `derive` gives, each solution drawn was still not the only one{}",
                    counted(tries, "seed"),
                    seed.saturating_add(tries.saturating_sub(1)),
                    if plan.grade.is_some() {
                        " (or not finished at the grade wanted)"
                    } else {
                        ""
                    }
                ));
                return out.finish(EXIT_LIMIT);
            }
            Err(Failed::Unanswered(Unanswered::Stopped(_))) => {
                note(&format!(
                    "solve: {} before the puzzle was made",
                    stop.cause()
                ));
                return out.finish(EXIT_LIMIT);
            }
            Err(Failed::Unanswered(Unanswered::Error(e))) => return Err(e),
        }
    }
    out.finish(EXIT_FOUND)
}

/// What `solve generate` says on stderr of a seed passed over: `seed 4:
/// with every clue `derive` gives, the solution drawn is not the only
/// one; drawing again from seed 5`.
fn skipped_line(plan: &GeneratePlan, s: Skipped) -> String {
    let why = match s.why {
        Why::NotForced if plan.grade.is_some() => {
            "with every clue `derive` gives, the solution drawn is not the only one (or not finished at the grade wanted)".to_string()
        }
        Why::NotForced => {
            "with every clue `derive` gives, the solution drawn is not the only one".to_string()
        }
        Why::Grade(got) => {
            let wanted = match plan.grade {
                Some(Wanted::Level(level)) => level_name(level),
                _ => "search",
            };
            format!(
                "the puzzle made is of grade {}, not {wanted}",
                got.map_or("search", level_name)
            )
        }
    };
    if s.again {
        format!(
            "seed {}: {why}; drawing again from seed {}",
            s.seed,
            s.seed.saturating_add(1)
        )
    } else {
        format!("seed {}: {why}", s.seed)
    }
}

/// Refuses a `--consistency` level for every constraint (`LEVEL`,
/// `all=LEVEL`): `who` tries the levels of the ladder in turn.
pub(super) fn refuse_one_level(consistency: &[String], who: &str) -> Result<(), Error> {
    let one = (consistency.iter())
        .flat_map(|c| c.split(','))
        .find(|part| {
            let part = part.trim();
            !part.contains('=') || part.starts_with("all=")
        });
    match one {
        Some(level) => Err(refusal(
            format!("--consistency {level}: {who} tries every level in turn"),
            "name the constraints to hold at one level (--consistency NAME=LEVEL)",
        )),
        None => Ok(()),
    }
}

/// The `[generate]` plan, from the spec's declarations alone (the clue
/// grid it gives may not fit `--set` sizes: it is replaced).
fn plan(args: &GenerateArgs, stop: &Stop) -> Result<Option<GeneratePlan>, Error> {
    let mut sources = Sources::default();
    let id = super::add_spec(&args.file, &mut sources)?;
    let options = super::options(&mut sources, &args.spec, true, stop)?;
    solve::compile::generate_plan(&mut sources, id, &args.spec.params.set, &options)
        .map_err(|diagnostics| Error::new(diagnostics, &sources))
}

fn print(out: &mut Printer, json: bool, plan: &GeneratePlan, made: &Made, n: u64) {
    let grade = made.grade.map_or("search", level_name);
    let set = plan.set(&made.clues);
    if json {
        let rows: Vec<&[i64]> = made.clues.chunks(plan.cols).collect();
        let value = if plan.nested {
            json!(rows)
        } else {
            json!(made.clues)
        };
        let mut object =
            json!({ "seed": made.seed, "clues": made.given, "grade": grade, "set": set });
        object[&plan.clues] = value;
        out.line(&object.to_string());
        return;
    }
    if n > 1 {
        out.line("");
    }
    out.line(&format!(
        "puzzle {n}: seed {}, {}, grade {grade}",
        made.seed,
        counted(made.given as u64, "clue")
    ));
    let width = (made.clues.iter())
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    for row in made.clues.chunks(plan.cols) {
        let cells: Vec<String> = (row.iter())
            .map(|&v| {
                let text = if v == plan.blank {
                    ".".to_string()
                } else {
                    v.to_string()
                };
                format!("{text:>width$}")
            })
            .collect();
        out.line(&cells.join(" "));
    }
    out.line(&format!("--set '{set}'"));
}
