//! `solve compare FILE`: the same spec counted under several
//! configurations (search order, consistency levels, symmetry breaking),
//! one aligned row each, optionally for every value of a param
//! (`--sweep n=4..12`). Configurations that may not change the solutions
//! (all but `no-symmetry`) must count what the first one counts: when one
//! does not, the row is flagged and the run exits 4, since that is a bug in
//! solve (or in the spec's own `consistency` choices).

use super::output::{Printer, note};
use super::{EXIT_FOUND, EXIT_INTERNAL, EXIT_LIMIT, Run, SpecArgs, usage};
use crate::diagnostic::Error;
use crate::lower::Options;
use crate::session::Session;
use crate::source::{SourceId, Sources, Span};
use crate::spec::experiment::{self, Experiment, Setting, expand};
use crate::spec::load::load;
use std::path::PathBuf;
use std::time::Instant;

/// What `solve compare` was asked.
pub(super) struct CompareArgs<'a> {
    pub file: &'a PathBuf,
    pub spec: &'a SpecArgs,
    pub tries: &'a [String],
    pub sweep: Option<&'a str>,
    pub json: bool,
}

/// One configuration: its label and how it changes the lowering options.
struct Config {
    label: String,
    settings: Vec<Setting>,
}

/// One counted configuration.
struct Row {
    param: Option<String>,
    label: String,
    solutions: u64,
    complete: bool,
    nodes: u64,
    failures: u64,
    propagations: u64,
    seconds: f64,
    /// Whether the configuration may change the solutions (no-symmetry).
    changes_solutions: bool,
    mismatch: bool,
}

/// The lowering options of `base` changed by `settings` (expanded).
fn configure(base: &Options, settings: &[Setting]) -> Options {
    let mut options = base.clone();
    for s in settings {
        match s {
            Setting::Default | Setting::Use(_) => {}
            Setting::NoSymmetry => options.no_symmetry = true,
            Setting::Var(v) => options.var = Some(*v),
            Setting::Value(v) => options.value = Some(*v),
            Setting::Restart(r) => options.restart = Some(*r),
            Setting::Seed(n) => options.seed = Some(*n),
            Setting::Consistency(None, c) => options.consistency = Some(*c),
            Setting::Consistency(Some(n), c) => options.consistency_for.push((n.clone(), *c)),
            Setting::Order(names) => options.order = Some(names.clone()),
            Setting::Phase(p) => options.phases.get_or_insert_with(Vec::new).push(p.clone()),
        }
    }
    options
}

/// `solve check`: lowers the spec under each `[experiments]` entry whose
/// errors only lowering finds (a level a constraint does not support, a
/// search order's names), so that `compare` never fails on what `check`
/// passed.
pub(super) fn check_experiments(
    sources: &Sources,
    id: SourceId,
    args: &SpecArgs,
    base: &Options,
) -> Result<(), Error> {
    let spec = load(sources, id).map_err(|d| Error::new(d, sources))?;
    for e in &spec.experiments {
        if e.needs_lowering(&spec.experiments) {
            let settings = expand(&e.settings, &spec.experiments);
            let _ = super::lower(sources.clone(), id, &args.set, &configure(base, &settings))?;
        }
    }
    Ok(())
}

/// The configurations `--try` names (each text a source of its own), or
/// `default` and every `[experiments]` entry.
fn configs(
    sources: &mut Sources,
    tries: &[String],
    experiments: &[Experiment],
) -> Result<Vec<Config>, Error> {
    if tries.is_empty() {
        let mut configs = vec![Config {
            label: "default".to_string(),
            settings: Vec::new(),
        }];
        configs.extend(experiments.iter().map(|e| Config {
            label: e.name.text.clone(),
            settings: expand(&e.settings, experiments),
        }));
        return Ok(configs);
    }
    let mut configs = Vec::new();
    for text in tries {
        let tid = sources.add("--try", text.clone());
        let settings = experiment::parse(text, experiment::whole(Span::new(tid, 0, text.len())))
            .map_err(|d| Error::new(vec![d], sources))?;
        for s in &settings {
            if let Setting::Use(n) = s
                && !experiments.iter().any(|e| e.name.text == n.text)
            {
                let d = experiment::unknown_item(n, experiments);
                return Err(Error::new(vec![d], sources));
            }
        }
        configs.push(Config {
            label: text.split_whitespace().collect::<Vec<_>>().join(" "),
            settings: expand(&settings, experiments),
        });
    }
    Ok(configs)
}

/// `n=4..12` as the param and its values.
fn sweep(text: &str) -> Result<(String, Vec<i64>), Error> {
    let bad = || {
        usage(format!(
            "--sweep: expected NAME=LO..HI, e.g. n=4..12, found `{text}`"
        ))
    };
    let (name, range) = text.split_once('=').ok_or_else(bad)?;
    let (lo, hi) = range.split_once("..").ok_or_else(bad)?;
    let (lo, hi): (i64, i64) = (
        lo.trim().parse().map_err(|_| bad())?,
        hi.trim().parse().map_err(|_| bad())?,
    );
    if hi < lo || hi.abs_diff(lo) > 1000 {
        return Err(usage(format!(
            "--sweep: `{text}` must be a range of 1 to 1001 values"
        )));
    }
    Ok((name.trim().to_string(), (lo..=hi).collect()))
}

pub(super) fn run(args: CompareArgs<'_>, deadline: Option<Instant>) -> Run {
    // One set of sources for every configuration: the spec, then each
    // `--try` text, so that every message points into the right one.
    let mut sources = Sources::default();
    let id = super::add_spec(args.file, &mut sources)?;
    let base = super::options(&mut sources, args.spec, true, deadline)?;
    let spec = load(&sources, id).map_err(|d| Error::new(d, &sources))?;
    let configs = configs(&mut sources, args.tries, &spec.experiments)?;
    let params: Vec<Option<(String, i64)>> = match args.sweep {
        Some(s) => {
            let (name, values) = sweep(s)?;
            values
                .into_iter()
                .map(|v| Some((name.clone(), v)))
                .collect()
        }
        None => vec![None],
    };
    let mut rows = Vec::new();
    let mut stopped = false;
    for param in &params {
        let first = rows.len();
        for c in &configs {
            let mut set = args.spec.set.clone();
            if let Some((name, v)) = param {
                set.push(format!("{name}={v}"));
            }
            let options = configure(&base, &c.settings);
            let started = Instant::now();
            let (lowered, sources) = super::lower(sources.clone(), id, &set, &options)?;
            let mut session = Session::new(lowered, sources);
            session.set_deadline(deadline);
            let count = session.count();
            stopped |= !count.complete;
            let stats = session.stats();
            rows.push(Row {
                param: param.as_ref().map(|(n, v)| format!("{n}={v}")),
                label: c.label.clone(),
                solutions: count.solutions,
                complete: count.complete,
                nodes: stats.nodes,
                failures: stats.failures,
                propagations: session.propagations(),
                seconds: started.elapsed().as_secs_f64(),
                changes_solutions: options.no_symmetry,
                mismatch: false,
            });
        }
        flag_mismatches(&mut rows[first..]);
    }
    let mismatch = rows.iter().any(|r| r.mismatch);
    let mut out = Printer::new(args.json);
    if args.json {
        for r in &rows {
            out.line(
                &serde_json::json!({
                    "param": r.param,
                    "configuration": r.label,
                    "solutions": r.solutions,
                    "complete": r.complete,
                    "nodes": r.nodes,
                    "failures": r.failures,
                    "propagations": r.propagations,
                    "seconds": r.seconds,
                    "mismatch": r.mismatch,
                })
                .to_string(),
            );
        }
    } else {
        for line in table(&rows) {
            out.line(&line);
        }
    }
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

/// Within one block, every complete count of a configuration that keeps
/// the symmetry breaking must equal the first such count, and likewise
/// for those without it.
fn flag_mismatches(rows: &mut [Row]) {
    for breaking in [false, true] {
        let reference = rows
            .iter()
            .find(|r| r.changes_solutions == breaking && r.complete)
            .map(|r| r.solutions);
        if let Some(expected) = reference {
            for r in rows
                .iter_mut()
                .filter(|r| r.changes_solutions == breaking && r.complete)
            {
                r.mismatch = r.solutions != expected;
            }
        }
    }
}

/// The rows as an aligned text table.
fn table(rows: &[Row]) -> Vec<String> {
    let swept = rows.iter().any(|r| r.param.is_some());
    let mut cells: Vec<Vec<String>> = vec![
        [
            if swept {
                vec!["param".to_string()]
            } else {
                vec![]
            },
            [
                "configuration",
                "solutions",
                "nodes",
                "failures",
                "propagations",
                "time",
            ]
            .map(String::from)
            .to_vec(),
        ]
        .concat(),
    ];
    for r in rows {
        let mut line = Vec::new();
        if swept {
            line.push(r.param.clone().unwrap_or_default());
        }
        line.push(r.label.clone());
        line.push(format!(
            "{}{}{}",
            r.solutions,
            if r.complete { "" } else { "+" },
            if r.mismatch { " !!" } else { "" }
        ));
        line.push(r.nodes.to_string());
        line.push(r.failures.to_string());
        line.push(r.propagations.to_string());
        line.push(format!("{:.3} s", r.seconds));
        cells.push(line);
    }
    let columns = cells[0].len();
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            cells
                .iter()
                .map(|l| l[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    // Text columns (param, configuration) to the left, numbers to the right.
    let text_columns = if swept { 2 } else { 1 };
    cells
        .iter()
        .map(|line| {
            line.iter()
                .enumerate()
                .map(|(c, cell)| {
                    if c < text_columns {
                        format!("{cell:<w$}", w = widths[c])
                    } else {
                        format!("{cell:>w$}", w = widths[c])
                    }
                })
                .collect::<Vec<_>>()
                .join("  ")
                .trim_end()
                .to_string()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(label: &str, solutions: u64, no_symmetry: bool) -> Row {
        Row {
            param: None,
            label: label.to_string(),
            solutions,
            complete: true,
            nodes: 0,
            failures: 0,
            propagations: 0,
            seconds: 0.0,
            changes_solutions: no_symmetry,
            mismatch: false,
        }
    }

    /// A configuration that keeps the symmetry breaking but counts
    /// differently is flagged; dropping the breaking may change the count.
    #[test]
    fn a_different_count_is_flagged_unless_symmetry_was_dropped() {
        let mut rows = vec![
            row("default", 12, false),
            row("var=first-fail", 12, false),
            row("no-symmetry", 92, true),
            row("value=max", 11, false),
            row("no-symmetry var=first-fail", 92, true),
        ];
        flag_mismatches(&mut rows);
        let flagged: Vec<bool> = rows.iter().map(|r| r.mismatch).collect();
        assert_eq!(flagged, [false, false, false, true, false]);
        assert!(table(&rows)[4].contains("11 !!"), "{:?}", table(&rows));
    }
}
