//! `solve redundant FILE [--group NAME]` and `solve minimize FILE --group
//! NAME`: the clue items a unique puzzle can do without, one alone
//! (redundant) or as many as can go together (minimize), named as
//! `solve explain` names items (`clues[r=3, c=5]`), one per line.
//!
//! Exit codes: 0 answered, 1 the spec has no solution, 3 it has several
//! (the difference printed, as `solve unique` prints it) or a limit
//! stopped a search, 2 a group that names no constraint.

use super::output::{Printer, note};
use super::unique::difference_lines;
use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run, SpecArgs, TimeLimit, refusal};
use serde_json::json;
use solve::diagnostic::Error;
use solve::lowered::Lowered;
use solve::plans::generate::GeneratePlan;
use solve::setter::Unanswered;
use solve::setter::forcing::{Forcing, Setup, setup, unknown_group};
use solve::setter::minimize::minimize;
use solve::setter::redundant::redundant;
use solve::setter::unique::differences;
use solve::source::Sources;
use solve::spec::pattern::{PATTERNS, Pattern};
use solve::stop::Stop;
use std::path::PathBuf;

/// What `solve redundant` takes.
#[derive(Debug, clap::Args)]
pub(crate) struct RedundantArgs {
    /// The spec file.
    file: PathBuf,
    #[command(flatten)]
    spec: SpecArgs,
    /// The constraint whose items are the clues (default: every item of
    /// every constraint).
    #[arg(long, value_name = "NAME")]
    group: Option<String>,
    /// One JSON object: `{"clues": N, "needless": [names]}`.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    pub time: TimeLimit,
}

/// What `solve minimize` takes.
#[derive(Debug, clap::Args)]
pub(crate) struct MinimizeArgs {
    /// The spec file.
    file: PathBuf,
    #[command(flatten)]
    spec: SpecArgs,
    /// The constraint whose items are the clues (a `forall` of one item per
    /// clue, as `clues` in specs/sudoku.toml).
    #[arg(long, value_name = "NAME")]
    group: String,
    /// Keep the clue pattern closed under this symmetry of the grid that
    /// [generate] `fills` names (rotate180, rotate90, mirror, flip,
    /// diagonal, dihedral): a clue and its images are kept or dropped
    /// together.
    #[arg(long, value_name = "PATTERN", value_parser = super::choices(PATTERNS))]
    symmetric: Option<String>,
    /// One JSON object: `{"clues": N, "kept": [names]}`.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    pub time: TimeLimit,
}

pub(super) fn run_redundant(args: &RedundantArgs, stop: &Stop) -> Run {
    let mut out = Printer::new(args.json);
    let (lowered, sources) = super::compile(&args.file, &args.spec, true, stop)?;
    let mut forcing = match start(lowered, sources, args.group.as_deref(), &mut out, stop)? {
        Ok(forcing) => forcing,
        Err(code) => return out.finish(code),
    };
    let Ok(needless) = redundant(&mut forcing) else {
        return stopped(out, stop);
    };
    let says = "clues can go, each alone, with the solution still unique";
    print_clues(&mut out, args.json, &forcing, &needless, ("needless", says));
    out.finish(EXIT_FOUND)
}

pub(super) fn run_minimize(args: &MinimizeArgs, stop: &Stop) -> Run {
    let mut out = Printer::new(args.json);
    let (lowered, sources) = super::compile(&args.file, &args.spec, true, stop)?;
    let pattern = match &args.symmetric {
        None => None,
        Some(name) => {
            let Some(plan) = lowered.generate.clone() else {
                return Err(refusal(
                    format!("--symmetric {name} needs the grid of the clues"),
                    "give the spec a [generate] section whose `fills` names the variables the clues fill",
                ));
            };
            if plan.derives {
                return Err(refusal(
                    format!("--symmetric {name} needs the cells of the clues"),
                    "the [generate] section derives its clues: a clue sits on no one cell",
                ));
            }
            let pattern = PATTERNS.iter().find(|(n, _)| n == name).map(|&(_, p)| p);
            Some((plan, pattern.expect("clap checked the name")))
        }
    };
    let started = start(lowered, sources, Some(&args.group), &mut out, stop)?;
    let mut forcing = match started {
        Ok(forcing) => forcing,
        Err(code) => return out.finish(code),
    };
    if let Some((plan, pattern)) = &pattern {
        if pattern.square_only() && plan.rows != plan.cols {
            return Err(refusal(
                format!(
                    "{} x {} clues have no symmetry `{}`",
                    plan.rows,
                    plan.cols,
                    args.symmetric.as_deref().unwrap_or("")
                ),
                "rotate90, diagonal and dihedral map a square grid onto itself",
            ));
        }
        let (classes, lopsided) = classes_of(&forcing, plan, *pattern);
        forcing.classes = classes;
        if !lopsided.is_empty() {
            note(&format!(
                "the puzzle's clues are not closed under {}: {} of them ({}) have an image with no clue; each such clue is kept or dropped with the images that are clues",
                args.symmetric.as_deref().unwrap_or(""),
                lopsided.len(),
                names_of(&forcing, &lopsided).join(", ")
            ));
        }
    }
    let order: Vec<usize> = (0..forcing.classes.len()).collect();
    let Ok(kept) = minimize(&mut forcing, &order) else {
        return stopped(out, stop);
    };
    if pattern.is_none() {
        let says = "clues force the solution; without any one of them it is not unique";
        print_clues(&mut out, args.json, &forcing, &kept, ("kept", says));
        return out.finish(EXIT_FOUND);
    }
    print_symmetric(out, args.json, &mut forcing, &kept, stop)
}

/// `minimize --symmetric`'s answer: the clues kept, minimal by classes,
/// and which of them could still go alone (each checked).
fn print_symmetric(
    mut out: Printer,
    json: bool,
    forcing: &mut Forcing,
    kept: &[usize],
    stop: &Stop,
) -> Run {
    // Minimal by classes: a clue of a class may still go alone, at the
    // cost of the symmetry. Checked, so that the note says only what holds.
    // A stop here keeps the clues found (minimal by classes), unsaid of
    // which could go alone.
    let mut alone = Vec::new();
    let mut settled = true;
    for &c in kept {
        let rest: Vec<usize> = kept.iter().copied().filter(|&k| k != c).collect();
        match forcing.forces(&rest) {
            Ok(true) => alone.push(c),
            Ok(false) => {}
            Err(_) => {
                settled = false;
                break;
            }
        }
    }
    let classes = (forcing.classes.iter())
        .filter(|class| class.iter().any(|c| kept.contains(c)))
        .count();
    let says = format!(
        "clues, in {classes} symmetric classes, force the solution; without any one class it is not unique{}",
        match alone.len() {
            _ if !settled => format!(
                "; whether a clue could go alone was not settled ({})",
                stop.cause()
            ),
            0 => ", nor without any one clue".to_string(),
            1 => format!(
                ", but one clue could go alone, breaking the symmetry: {}",
                names_of(forcing, &alone)[0]
            ),
            n => format!(
                ", but {n} of the clues could each go alone, breaking the symmetry: {}",
                names_of(forcing, &alone).join(", ")
            ),
        }
    );
    if json {
        let names = names_of(forcing, kept);
        let alone = names_of(forcing, &alone);
        out.line(&json!({ "clues": forcing.clues.len(), "kept": names, "classes": classes, "alone": alone, "alone_settled": settled }).to_string());
    } else {
        print_clues(&mut out, false, forcing, kept, ("kept", &says));
    }
    out.finish(if settled { EXIT_FOUND } else { EXIT_LIMIT })
}

/// The clues' names, in the order given.
fn names_of<'f>(forcing: &'f Forcing, clues: &[usize]) -> Vec<&'f str> {
    (clues.iter())
        .map(|&c| forcing.clues[c].name.as_str())
        .collect()
}

/// The clues `chosen` by name, one per line after a note `K of N {says}:`
/// on stderr, or as `{"clues": N, KEY: [names]}`.
fn print_clues(
    out: &mut Printer,
    json: bool,
    forcing: &Forcing,
    chosen: &[usize],
    (key, says): (&str, &str),
) {
    let names = names_of(forcing, chosen);
    let n = forcing.clues.len();
    if json {
        let mut object = json!({ "clues": n });
        object[key] = json!(names);
        out.line(&object.to_string());
        return;
    }
    note(&format!("{} of {n} {says}:", names.len()));
    for name in names {
        out.line(name);
    }
}

/// The clue classes a pattern makes: the clues whose cells are images of
/// one another under `pattern` (a clue's cell is the first variable of
/// its scope among the grid's); a clue on no cell is a class alone. Also
/// the clues with an image that holds no clue (the puzzle is not
/// symmetric there).
fn classes_of(
    forcing: &Forcing,
    plan: &GeneratePlan,
    pattern: Pattern,
) -> (Vec<Vec<usize>>, Vec<usize>) {
    let cell_classes = pattern.classes(plan.rows, plan.cols);
    let mut class_of_cell = vec![0; plan.cells.len()];
    for (k, class) in cell_classes.iter().enumerate() {
        for &cell in class {
            class_of_cell[cell] = k;
        }
    }
    let mut classes: Vec<Vec<usize>> = Vec::new();
    let mut by_key: std::collections::HashMap<usize, usize> = std::collections::HashMap::new();
    let cell_of = |c: usize| {
        (forcing.clues[c].scope.iter()).find_map(|x| plan.cells.iter().position(|y| y == x))
    };
    let clued: std::collections::HashSet<usize> =
        (0..forcing.clues.len()).filter_map(cell_of).collect();
    let mut lopsided = Vec::new();
    for c in 0..forcing.clues.len() {
        let cell = cell_of(c);
        if let Some(cell) = cell
            && !(cell_classes[class_of_cell[cell]].iter()).all(|other| clued.contains(other))
        {
            lopsided.push(c);
        }
        let at = match cell {
            Some(cell) => *by_key.entry(class_of_cell[cell]).or_insert_with(|| {
                classes.push(Vec::new());
                classes.len() - 1
            }),
            None => {
                classes.push(Vec::new());
                classes.len() - 1
            }
        };
        classes[at].push(c);
    }
    (classes, lopsided)
}

/// Checks the group and that the solution is unique (else prints why not
/// and gives the exit code), and sets up the questions.
fn start(
    lowered: Lowered,
    sources: Sources,
    group: Option<&str>,
    out: &mut Printer,
    stop: &Stop,
) -> Result<Result<Forcing, u8>, Error> {
    if let Some((message, help)) = group.and_then(|g| unknown_group(&lowered, g)) {
        return Err(refusal(message, help));
    }
    match setup(lowered, sources, group, stop) {
        Ok(Setup::Ready(forcing)) => Ok(Ok(*forcing)),
        Ok(Setup::NoSolution) => {
            out.line("no solution");
            Ok(Err(EXIT_NONE))
        }
        Ok(Setup::Several(session, first, second)) => {
            let differ = differences(&session, &first, &second);
            for line in difference_lines(&session, &first, &second, &differ) {
                note(&line);
            }
            note(
                "every clue is needed while the solution is not unique: `solve unique` shows both",
            );
            Ok(Err(EXIT_LIMIT))
        }
        Err(Unanswered::Stopped(_)) => {
            note(&format!(
                "solve: {} before uniqueness was decided",
                stop.cause()
            ));
            Ok(Err(EXIT_LIMIT))
        }
        Err(Unanswered::Error(e)) => Err(e),
    }
}

fn stopped(out: Printer, stop: &Stop) -> Run {
    note(&format!(
        "solve: {} before the clues were all tried",
        stop.cause()
    ));
    out.finish(EXIT_LIMIT)
}
