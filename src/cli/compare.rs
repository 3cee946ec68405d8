//! `solve compare FILE`: reads the flags (`--try`, `--sweep n=4..12`),
//! runs [`solve::experiment::compare`] and prints its rows as a table or
//! JSON; a flagged row (a bug in solve) exits 4.

use super::output::{Printer, note};
use super::plot::{PlotArg, Series};
use super::{
    EXIT_FOUND, EXIT_INTERNAL, EXIT_LIMIT, Run, SpecArgs, TimeLimit, choices, pick, usage,
};
use solve::diagnostic::Error;
use solve::experiment::compare::{Budget, Row, compare, configs, sweep, table};
use solve::lower::Options;
use solve::source::{SourceId, Sources};
use solve::spec::load::load;
use solve::stop::Stop;
use std::path::PathBuf;

/// What `solve compare` takes.
#[derive(Debug, clap::Args)]
pub(crate) struct CompareArgs {
    /// The spec file.
    file: PathBuf,
    #[command(flatten)]
    spec: SpecArgs,
    /// One configuration: space-separated items among default,
    /// no-symmetry, var=NAME, value=NAME, consistency=[NAME=]LEVEL[,...],
    /// restart=NAME, restart_scale=N, last_conflict=on|off,
    /// interleave=on|off|ITEMS (items separated by commas), seed=N, order=A,B,
    /// phase=A,B[:VAR[:VALUE]] (repeatable), or a name from the spec's
    /// [experiments] (repeatable; default: `default` and every
    /// experiment).
    #[arg(long = "try", value_name = "CONFIG")]
    tries: Vec<String>,
    /// One block of rows per value of a param: NAME=LO..HI.
    #[arg(long, value_name = "NAME=LO..HI")]
    sweep: Option<String>,
    /// One JSON object per row.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    plot: PlotArg,
    /// What --plot draws against the swept param, one line per
    /// configuration on a log scale: nodes (the default), failures,
    /// propagations or seconds.
    #[arg(long, value_name = "NAME", value_parser = choices(MEASURES), requires = "plot")]
    measure: Option<String>,
    #[command(flatten)]
    pub time: TimeLimit,
    /// Spread each configuration's count over N threads (default 1: the
    /// rows measure one search; with more, nodes stay the same for static
    /// orders, propagations grow a little, dom/wdeg learns per part).
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u64).range(1..=solve::spec::settings::MOST_THREADS))]
    threads: Option<u64>,
}

/// `solve check`: every `[experiments]` entry lowered (see
/// [`solve::experiment::compare::check_experiments`]).
pub(super) fn check_experiments(
    sources: &Sources,
    id: SourceId,
    args: &SpecArgs,
    base: &Options,
) -> Result<(), Error> {
    solve::experiment::compare::check_experiments(sources, id, &args.params.set, base)
}

/// One figure of a row, as a number to draw.
type Measure = fn(&Row) -> f64;

/// The figures of a row `--measure` names.
const MEASURES: &[(&str, Measure)] = &[
    ("nodes", |r| r.nodes as f64),
    ("failures", |r| r.failures as f64),
    ("propagations", |r| r.propagations as f64),
    ("seconds", |r| r.seconds),
];

/// `--plot`: one line per configuration, in the order of the table.
fn plot(args: &CompareArgs, param: &str, rows: &[Row]) -> Result<(), Error> {
    let Some(path) = &args.plot.plot else {
        return Ok(());
    };
    let measure = pick(MEASURES, &args.measure).unwrap_or(MEASURES[0].1);
    let name = args.measure.as_deref().unwrap_or(MEASURES[0].0);
    // One line per configuration: its place in each swept value's block
    // (two configurations may have the same label).
    let mut series: Vec<Series> = Vec::new();
    let mut place = 0;
    for (i, r) in rows.iter().enumerate() {
        place = if i > 0 && rows[i - 1].value == r.value {
            place + 1
        } else {
            0
        };
        if series.len() == place {
            series.push(Series {
                label: r.label.clone(),
                points: Vec::new(),
            });
        }
        // A row a limit stopped before its search began has no figures.
        if r.complete || r.nodes > 0 {
            series[place]
                .points
                .push((r.value.unwrap_or(0), measure(r), r.complete));
        }
    }
    let title = super::plot::title(&args.file, &[], &format!("{name} per configuration"));
    let svg = super::plot::lines(&title, param, name, &series)?;
    super::plot::write(path, &svg)
}

pub(super) fn run(args: &CompareArgs, stop: &Stop) -> Run {
    if args.plot.plot.is_some() && args.sweep.is_none() {
        return Err(usage(
            "--plot draws each configuration's figures against a swept param: give --sweep NAME=LO..HI too",
        ));
    }
    // One set of sources for every configuration: the spec, then each
    // `--try` text, so that every message points into the right one.
    let mut sources = Sources::default();
    let id = super::add_spec(&args.file, &mut sources)?;
    let base = super::options(&mut sources, &args.spec, true, stop)?;
    let spec = load(&sources, id).map_err(|d| Error::new(d, &sources))?;
    let configs = configs(&mut sources, &args.tries, &spec.experiments)?;
    let params: Vec<Option<(String, i64)>> = match args.sweep.as_deref() {
        Some(s) => {
            let (name, values) = sweep(s).map_err(|m| usage(format!("--sweep: {m}")))?;
            values
                .into_iter()
                .map(|v| Some((name.clone(), v)))
                .collect()
        }
        None => vec![None],
    };
    let rows = compare(
        (&sources, id),
        &args.spec.params.set,
        &base,
        &configs,
        &params,
        Budget {
            stop: stop.clone(),
            spread: super::spread(args.threads.unwrap_or(1) as usize),
        },
        &mut |_| {},
    )?;
    let stopped = rows.iter().any(|r| !r.complete);
    let mismatch = rows.iter().any(|r| r.mismatch);
    let mut out = Printer::new(args.json);
    if args.json {
        for r in &rows {
            out.line(&r.json().to_string());
        }
    } else {
        for line in table(&rows) {
            out.line(&line);
        }
    }
    // Drawn once the figures are printed: a file that cannot be written
    // loses none of them.
    out.flush();
    // The swept param's name, as the rows carry it.
    let param = params
        .first()
        .and_then(|p| p.as_ref())
        .map_or("", |p| p.0.as_str());
    plot(args, param, &rows)?;
    if mismatch {
        note(
            "solve: configurations that cannot change the solutions counted different numbers (flagged !!): this is a bug in solve",
        );
    }
    if stopped {
        note("solve: a limit stopped some counts (marked +): they are lower bounds");
    }
    let code = if mismatch {
        EXIT_INTERNAL
    } else if stopped {
        EXIT_LIMIT
    } else {
        EXIT_FOUND
    };
    out.finish(code)
}
