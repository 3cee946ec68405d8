//! `solve generate FILE`: new puzzles of a spec with a `[generate]`
//! section, each printed as its clue grid and as a `--set` line to paste
//! after the spec (one JSON object each with `--json`).
//!
//! `--grade` and `--symmetry` override the section's. A batch
//! (`--number N`) says on stderr which puzzles repeat an earlier one.
//!
//! Exit codes: 0 made, 1 the spec has no solution with every clue blank,
//! 2 no `[generate]` section, a bad `--grade` or `--symmetry` (or a spec
//! error), 3 no draw of a seed gave the grade wanted, or a limit
//! (`--time-limit`) stopped it before the puzzle of that grade was made.

use super::output::{Printer, note};
use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run, SpecArgs, TimeLimit, refusal};
use serde_json::json;
use solve::diagnostic::{Error, counted};
use solve::plans::generate::GeneratePlan;
use solve::setter::Unanswered;
use solve::setter::generate::{
    Failed, Made, Request, SEARCH_DRAWS, Skipped, Why, generate_telling, most_draws,
};
use solve::setter::grade::level_name;
use solve::setter::steer::{parse_grade, parse_symmetry, wanted_name};
use solve::source::Sources;
use solve::stop::Stop;
use std::collections::HashMap;
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
    /// The grade wanted, over `[generate] grade`: a level of the ladder
    /// (check, early, propagate, bounds, domain, probing), `search`, or a
    /// range of scores `LO..HI` (see `solve grade`; 20..29 propagate,
    /// 30..39 hidden singles or a rule read from the values placed, 40..49
    /// pairs and intersections or a rule read from the candidates, 50..59
    /// triples and quads, 60..69 domain, 70..79 probing, 80..89 search).
    #[arg(long, value_name = "LEVEL|LO..HI")]
    grade: Option<String>,
    /// The clue pattern's symmetry, over `[generate] symmetry`: none,
    /// rotate180, rotate90, mirror, flip, diagonal, dihedral.
    #[arg(long, value_name = "NAME")]
    symmetry: Option<String>,
    /// One JSON object per puzzle: `{"seed", "clues", "grade", "score",
    /// "set", PARAM}`.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    pub time: TimeLimit,
}

pub(super) fn run(args: &GenerateArgs, stop: &Stop) -> Run {
    let plan = plan(args, stop)?.map(|p| steer(args, p)).transpose()?;
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
    let mut made_before: HashMap<Vec<i64>, u64> = HashMap::new();
    for n in 1..=args.number {
        let mut skipped = |s: Skipped| note(&skipped_line(&plan, s));
        match generate_telling(&plan, &mut lower, seed, stop, &mut skipped) {
            Ok(made) => {
                print(&mut out, args.json, &plan, &made, n);
                match made_before.get(&made.clues) {
                    Some(first) => note(&format!(
                        "puzzle {n} (seed {}) is puzzle {first} again",
                        made.seed
                    )),
                    None => _ = made_before.insert(made.clues.clone(), n),
                }
                seed = made.seed.saturating_add(1);
            }
            Err(Failed::NoSolution) => {
                out.line("no solution: with every clue blank the spec has none");
                return out.finish(EXIT_NONE);
            }
            Err(Failed::NoGrade { tries }) => {
                let wanted = plan.grade.map_or("any".to_string(), wanted_name);
                note(&format!(
                    "no puzzle of grade {wanted} from seed {seed} in {}: try another grade or seed{}",
                    counted(tries, "draw"),
                    if most_draws(&plan) == SEARCH_DRAWS {
                        SEARCH_WHY
                    } else {
                        ""
                    }
                ));
                return out.finish(EXIT_LIMIT);
            }
            Err(Failed::NeverForced { tries }) => {
                note(&format!(
                    "no puzzle from seed {seed} in {}: with every clue `derive` gives, each solution drawn was still not the only one{}",
                    counted(tries, "draw"),
                    if plan.grade.is_some() {
                        " (or not finished at the grade wanted)"
                    } else {
                        ""
                    }
                ));
                return out.finish(EXIT_LIMIT);
            }
            Err(Failed::Unanswered(Unanswered::Stopped(_))) => {
                note(&stopped_line(&plan, n, stop));
                return out.finish(EXIT_LIMIT);
            }
            // The time limit may also stop a lowering between searches.
            Err(Failed::Unanswered(Unanswered::Error(e))) if e.is_time_limit() => {
                note(&stopped_line(&plan, n, stop));
                return out.finish(EXIT_LIMIT);
            }
            Err(Failed::Unanswered(Unanswered::Error(e))) => return Err(e),
        }
    }
    out.finish(EXIT_FOUND)
}

/// What `solve generate` says on stderr of a draw passed over: `seed 4,
/// draw 2: the puzzle made is of grade bounds, not domain; drawing
/// again`.
fn skipped_line(plan: &GeneratePlan, s: Skipped) -> String {
    let why = match s.why {
        Why::NotForced if plan.grade.is_some() => {
            "with every clue `derive` gives, the solution drawn is not the only one (or not finished at the grade wanted)".to_string()
        }
        Why::NotForced => {
            "with every clue `derive` gives, the solution drawn is not the only one".to_string()
        }
        Why::Grade(got) => {
            let wanted = plan.grade.map_or("any".to_string(), wanted_name);
            format!(
                "the puzzle made is of grade {}, not {wanted}",
                got.map_or("search", level_name)
            )
        }
        Why::Score(got) => {
            let wanted = plan.grade.map_or("any".to_string(), wanted_name);
            format!("the puzzle made has score {got}, not {wanted}")
        }
    };
    let draw = match s.draw {
        0 => String::new(),
        d => format!(", draw {}", d + 1),
    };
    if s.again {
        format!("seed {}{draw}: {why}; drawing again", s.seed)
    } else {
        format!("seed {}{draw}: {why}", s.seed)
    }
}

/// What `solve generate` says when a limit stops it: `solve: the time
/// limit was reached before puzzle 1 of grade search was made`.
fn stopped_line(plan: &GeneratePlan, n: u64, stop: &Stop) -> String {
    let wanted = (plan.grade).map_or(String::new(), |w| format!(" of grade {}", wanted_name(w)));
    format!("solve: {} before puzzle {n}{wanted} was made", stop.cause())
}

/// Why `search` is seldom reached, said when it is not.
const SEARCH_WHY: &str = " (a puzzle whose clues were removed while it stays unique is nearly always finished by `probing`, trying each value and seeing it fail: on a sudoku, `search` is seldom reached)";

/// The plan with `--grade` and `--symmetry` over the section's.
fn steer(args: &GenerateArgs, mut plan: GeneratePlan) -> Result<GeneratePlan, Error> {
    if let Some(grade) = &args.grade {
        plan.grade = Some(parse_grade(grade).map_err(|e| {
            refusal(
                format!("--grade {grade}: {e}"),
                "see `solve generate --help`",
            )
        })?);
    }
    if let Some(name) = &args.symmetry {
        plan.pattern = parse_symmetry(name, plan.rows, plan.cols).map_err(|e| {
            refusal(
                format!("--symmetry {name}: {e}"),
                "see `solve generate --help`",
            )
        })?;
    }
    Ok(plan)
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
    let score = made.score;
    let set = plan.set(&made.clues);
    if json {
        let rows: Vec<&[i64]> = made.clues.chunks(plan.cols).collect();
        let value = if plan.nested {
            json!(rows)
        } else {
            json!(made.clues)
        };
        let mut object = json!({ "seed": made.seed, "clues": made.given, "grade": grade, "score": score, "set": set });
        object[&plan.clues] = value;
        out.line(&object.to_string());
        return;
    }
    if n > 1 {
        out.line("");
    }
    out.line(&format!(
        "puzzle {n}: seed {}, {}, grade {grade}, score {score}",
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
