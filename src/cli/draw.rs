//! `solve draw FILE [--svg OUT.svg] [--solution]`: the spec's board as the
//! puzzle is drawn, as given or solved, in the terminal or as SVG for
//! paper. The puzzle as given is the board where propagation at the root
//! fixes the givens (no search): the cells that are not given are blank,
//! and the layers that read a variable are left out.
//!
//! A puzzle of moves (a spec with `[puzzle]`) is drawn at its start
//! position, or with `--solution` at the goal its shortest solution reaches.
//!
//! Exit codes: 0 drawn, 1 no solution (`--solution`, or givens that
//! already contradict each other), 2 no board, or a file that cannot be
//! written, 3 a limit stopped the search for the solution.

use super::output::{Printer, note};
use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run, SpecArgs, TimeLimit, refusal, usage};
use solve::diagnostic::Error;
use solve::lowered::Lowered;
use solve::moves::{self, Method, Puzzle, Target};
use solve::output::Drawing;
use solve::output::drawing::{svg, text};
use solve::session::Session;
use solve::source::Sources;
use solve::stop::Stop;
use std::io::IsTerminal as _;
use std::path::PathBuf;

/// What `solve draw` takes.
#[derive(Debug, clap::Args)]
pub(crate) struct DrawArgs {
    /// The spec file.
    file: PathBuf,
    #[command(flatten)]
    spec: SpecArgs,
    /// Write the drawing as SVG to this file (`-`: to stdout) instead of
    /// drawing it in the terminal.
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
    /// Draw the first solution instead of the puzzle as given (a puzzle of
    /// moves: the goal its shortest solution reaches, not its start).
    #[arg(long)]
    solution: bool,
    #[command(flatten)]
    pub time: TimeLimit,
}

pub(super) fn run(args: &DrawArgs, stop: &Stop) -> Run {
    let (lowered, sources) = super::compile(&args.file, &args.spec, true, stop)?;
    if lowered.puzzle.is_some() {
        let Some(drawing) = position(args, &lowered, sources)? else {
            note("no solution: no goal position can be reached from the start");
            return Ok(EXIT_NONE);
        };
        return print(args, drawing?);
    }
    let mut session = Session::new(lowered, sources);
    session.set_stop(stop.clone());
    let values = if args.solution {
        match session.first() {
            Ok(Some(solution)) => solution.values().to_vec(),
            Ok(None) => {
                note("no solution");
                return Ok(EXIT_NONE);
            }
            Err(_) => {
                note(&format!(
                    "solve: {} before a solution was found",
                    stop.cause()
                ));
                return Ok(EXIT_LIMIT);
            }
        }
    } else {
        let Some(domains) = session.root_domains() else {
            note("no solution: the givens already contradict each other");
            return Ok(EXIT_NONE);
        };
        // A variable the givens fix has its value; any other is drawn
        // blank, at its lowest value for the expressions.
        domains
            .iter()
            .map(|d| d.first().map_or(0, |&(lo, _)| lo))
            .collect()
    };
    let output = &session.lowered().output;
    let drawing = output
        .drawing(&values, !args.solution)
        .map_err(|d| Error::new(vec![d], session.sources()))?
        .ok_or_else(|| no_board(args));
    print(args, drawing?)
}

/// A puzzle of moves drawn: its start position, or with `--solution` the
/// goal position its shortest solution reaches (`None`: none is reached).
fn position(
    args: &DrawArgs,
    lowered: &Lowered,
    sources: Sources,
) -> Result<Option<Result<Drawing, Error>>, Error> {
    let mut p = Puzzle::new(lowered, sources)?;
    let Some(start) = p.start() else {
        return Err(usage(
            "no start position to draw: give `start` in [puzzle]".to_string(),
        ));
    };
    let mut at = start?;
    if args.solution {
        let Some(path) = moves::shortest(&mut p, at, Target::Goal, Method::Bfs)? else {
            return Ok(None);
        };
        at = path.last().map_or(at, |&(_, s)| s);
    }
    Ok(Some(p.drawing(at)?.ok_or_else(|| no_board(args))))
}

fn no_board(args: &DrawArgs) -> Error {
    refusal(
        format!("{} declares no board", args.file.display()),
        "declare one in [output]: `board = { cells = \"x\", regions = \"...\" }` (see docs/spec-language.md, Boards)",
    )
}

/// The drawing in the terminal, or as SVG to the file or stdout.
fn print(args: &DrawArgs, drawing: Drawing) -> Run {
    let mut out = Printer::new(false);
    match &args.svg {
        Some(path) if path.as_os_str() == "-" => out.text(&svg::svg(&drawing)),
        Some(path) => std::fs::write(path, svg::svg(&drawing))
            .map_err(|e| usage(format!("cannot write {}: {e}", path.display())))?,
        None => {
            let bold = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            out.text(&text::text(&drawing, bold));
        }
    }
    out.finish(EXIT_FOUND)
}
