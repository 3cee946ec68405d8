//! `solve FILE` for a puzzle of moves (a spec with `[puzzle]`): the
//! shortest solution from the start, every shortest solution (`--all`) or
//! their number (`--count`); and `solve analyze FILE`: every position's
//! distance to the goal.

use super::args::Threads;
use super::output::{Printer, note};
use super::plot::PlotArg;
use super::{EXIT_FOUND, EXIT_NONE, Params, Run, SolveArgs, SpecArgs, TimeLimit, pick, usage};
use solve::compile::Compiled;
use solve::lowered::Lowered;
use solve::moves::{self, METHODS, Method, Path, Puzzle, State, Target};
use solve::session::Session;
use solve::source::Sources;
use solve::stop::Stop;
use std::path::PathBuf;

pub(super) fn run(args: &SolveArgs, lowered: &Lowered, sources: Sources, stop: &Stop) -> Run {
    let ignored = [
        ("--json", args.json),
        ("--limit", args.limit.is_some()),
        ("--node-limit", args.node_limit.is_some()),
        ("--show-domains", args.show_domains),
        ("--unique", args.unique),
        ("--trace", args.trace.is_some()),
        ("--tree", args.tree.is_some()),
    ];
    if let Some((flag, _)) = ignored.iter().find(|(_, given)| *given) {
        return Err(usage(format!(
            "{flag} is not for a puzzle of moves (a spec with [puzzle]): see `solve --help` for --start, --goal, --method, --all, --count"
        )));
    }
    let mut p = Puzzle::new(lowered, sources)?;
    p.set_stop(stop.clone());
    p.set_max_states(super::max_states());
    let (start, target) = ends(args, &mut p, lowered)?;
    let method = pick(METHODS, &args.method).unwrap_or(Method::Bfs);
    if method == Method::Astar && (args.all || args.count) {
        return Err(usage(
            "--all and --count list or count the shortest solutions with bfs or iddfs, not astar"
                .to_string(),
        ));
    }
    let mut out = Printer::new(false);
    if args.count {
        let counted = match method {
            Method::Iddfs => moves::iddfs_count(&mut p, start, target)?,
            _ => moves::count_shortest(&mut p, start, target)?,
        };
        if args.stats {
            note(&format!("states expanded: {}", p.expanded()));
        }
        return match counted {
            Some((n, _)) => {
                out.line(&n.to_string());
                out.finish(EXIT_FOUND)
            }
            None => {
                out.line("0");
                out.finish(EXIT_NONE)
            }
        };
    }
    let limit = (!args.all).then_some(1);
    let paths = match method {
        Method::Bfs => moves::shortest_all(&mut p, start, target, limit)?,
        Method::Iddfs => moves::iddfs_all(&mut p, start, target, limit)?,
        Method::Astar => moves::shortest(&mut p, start, target, method)?
            .into_iter()
            .collect(),
    };
    if paths.is_empty() {
        out.line("no solution");
        return out.finish(EXIT_NONE);
    }
    for (k, path) in paths.iter().enumerate() {
        if k > 0 {
            out.line("");
        }
        print_path(&mut out, &p, start, path)?;
    }
    if args.all {
        out.line("");
        let s = if paths.len() == 1 { "" } else { "s" };
        out.line(&format!("{} shortest solution{s}", paths.len()));
    }
    if args.stats {
        note(&format!("states expanded: {}", p.expanded()));
    }
    out.finish(EXIT_FOUND)
}

/// The start (`--start`, or the spec's) and the target (`--goal`, or the
/// spec's goal), both positions the spec's constraints allow.
fn ends(
    args: &SolveArgs,
    p: &mut Puzzle,
    lowered: &Lowered,
) -> Result<(State, Target), solve::diagnostic::Error> {
    let start = match &args.start {
        Some(text) => p.parse(text).map_err(|m| usage(format!("--start: {m}")))?,
        None => match p.start() {
            Some(s) => s?,
            None => {
                return Err(usage(
                    "no start position: give --start POSITION or `start` in [puzzle]".to_string(),
                ));
            }
        },
    };
    let target = match &args.goal {
        Some(text) => Target::Position(p.parse(text).map_err(|m| usage(format!("--goal: {m}")))?),
        None => Target::Goal,
    };
    // Both ends must be positions: states the spec's constraints allow.
    let goal = match target {
        Target::Position(g) => Some(g),
        Target::Goal => None,
    };
    for (what, s) in [("start", Some(start)), ("goal", goal)] {
        if let Some(s) = s
            && !p.is_valid(s)?
        {
            return Err(usage(p.not_a_position(lowered, what, s)));
        }
    }
    Ok((start, target))
}

/// The start, then one line per move: its number, the move, the position
/// after it; last `N moves`. A spec that declares a board has each
/// position drawn below its line, indented.
fn print_path(
    out: &mut Printer,
    p: &Puzzle,
    start: State,
    path: &Path,
) -> Result<(), solve::diagnostic::Error> {
    out.line(&p.format(start));
    print_board(out, p, start)?;
    let mut from = start;
    for (k, &(m, to)) in path.iter().enumerate() {
        out.line(&format!(
            "{}. {}  {}",
            k + 1,
            p.move_text(m, from),
            p.format(to)
        ));
        print_board(out, p, to)?;
        from = to;
    }
    let s = if path.len() == 1 { "" } else { "s" };
    out.line(&format!("{} move{s}", path.len()));
    Ok(())
}

fn print_board(out: &mut Printer, p: &Puzzle, s: State) -> Result<(), solve::diagnostic::Error> {
    if let Some(board) = p.board_text(s)? {
        for line in board.lines() {
            out.line(&format!("   {line}"));
        }
    }
    Ok(())
}

/// `solve analyze FILE`: positions, solvable, longest, the hardest
/// positions and the histogram of distances.
/// What `solve analyze` takes.
#[derive(Debug, clap::Args)]
pub(crate) struct AnalyzeArgs {
    /// The spec file.
    file: PathBuf,
    #[command(flatten)]
    params: Params,
    /// The figures as one JSON object.
    #[arg(long)]
    json: bool,
    /// Also draw the histogram of distances to the goal.
    #[command(flatten)]
    plot: PlotArg,
    #[command(flatten)]
    pub time: TimeLimit,
    // The positions' enumeration and the moves from them.
    #[command(flatten)]
    threads: Threads,
}

pub(super) fn analyze(args: &AnalyzeArgs, stop: &Stop) -> Run {
    let (file, json) = (&args.file, args.json);
    // Every position: symmetry rules pick representatives of solutions,
    // they do not say which states are positions.
    let spec = &SpecArgs {
        params: args.params.clone(),
        no_symmetry: true,
        ..SpecArgs::default()
    };
    let (Compiled { lowered, run }, sources) = super::compiled(file, spec, true, stop)?;
    let mut p = Puzzle::new(&lowered, sources.clone())?;
    p.set_stop(stop.clone());
    p.set_max_states(super::max_states());
    let threads = args.threads.resolve(&run);
    let mut session = Session::new(lowered, sources);
    session.set_stop(stop.clone());
    let a = moves::analyze(&mut p, &mut session, &super::spread(threads))?;
    let mut out = Printer::new(json);
    if json {
        out.line(&a.json(&p).to_string());
    } else {
        out.line(&format!("positions {}", a.positions.len()));
        out.line(&format!("solvable {}", a.solvable()));
        match a.longest() {
            Some(l) => out.line(&format!("longest {l}")),
            None => out.line("longest -"),
        }
        let hardest: Vec<String> = a.hardest().iter().map(|&s| p.format(s)).collect();
        out.line(&super::output::listed("hardest", &hardest));
        for (d, c) in a.histogram().iter().enumerate() {
            out.line(&format!("distance {d}: {c}"));
        }
    }
    // Drawn once the figures are printed: a file that cannot be written
    // loses none of them.
    out.flush();
    if let Some(path) = &args.plot.plot {
        let what = format!(
            "{}, {} solvable",
            solve::diagnostic::counted(a.positions.len() as u64, "position"),
            a.solvable()
        );
        let title = super::plot::title(&args.file, &args.params.set, &what);
        let svg = super::plot::histogram(
            &title,
            "distance to the goal",
            "positions",
            0,
            &a.histogram(),
        )?;
        super::plot::write(path, &svg)?;
    }
    out.finish(EXIT_FOUND)
}
