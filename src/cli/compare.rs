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
use crate::model::plan::{RESTARTS, VALUE_ORDERS, VAR_ORDERS};
use crate::session::Session;
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

/// One configuration: its label and how it changes the spec's arguments.
struct Config {
    label: String,
    args: SpecArgs,
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

const ITEMS: &str = "default, no-symmetry, var=NAME, value=NAME, consistency=[NAME=]LEVEL[,...], restart=NAME, seed=N, order=A,B, or a name from [experiments]";

/// The names of a table of choices.
fn names<T>(table: &[(&'static str, T)]) -> Vec<&'static str> {
    table.iter().map(|(n, _)| *n).collect()
}

/// `var=first-fail value=min`: the changes of one configuration.
fn config(
    text: &str,
    base: &SpecArgs,
    experiments: &[(String, String)],
    depth: usize,
) -> Result<Config, Error> {
    let mut args = base.clone();
    let check = |names: Vec<&str>, what: &str, v: &str| -> Result<(), Error> {
        if names.contains(&v) {
            Ok(())
        } else {
            Err(usage(format!(
                "--try: unknown {what} `{v}`; expected one of: {}",
                names.join(", ")
            )))
        }
    };
    for item in text.split_whitespace() {
        match item.split_once('=') {
            None if item == "default" => {}
            None if item == "no-symmetry" => args.no_symmetry = true,
            None => match experiments.iter().find(|(n, _)| n == item) {
                Some((_, body)) if depth < 8 => {
                    args = config(body, &args, experiments, depth + 1)?.args;
                }
                _ => {
                    return Err(usage(format!(
                        "--try: unknown configuration item `{item}`; expected {ITEMS}"
                    )));
                }
            },
            Some(("var", v)) => {
                check(names(VAR_ORDERS), "variable order", v)?;
                args.var = Some(v.to_string());
            }
            Some(("value", v)) => {
                check(names(VALUE_ORDERS), "value order", v)?;
                args.value = Some(v.to_string());
            }
            Some(("restart", v)) => {
                check(names(RESTARTS), "restart policy", v)?;
                args.restart = Some(v.to_string());
            }
            // Checked with the rest of the spec when it is compiled.
            Some(("consistency", v)) => args.consistency.push(v.to_string()),
            Some(("seed", v)) => {
                args.seed = Some(v.parse().ok().filter(|&s| s > 0).ok_or_else(|| {
                    usage(format!("--try: `seed={v}` is not a positive integer"))
                })?);
            }
            Some(("order", v)) => args.order = Some(v.to_string()),
            Some((key, _)) => {
                return Err(usage(format!(
                    "--try: unknown key `{key}` in `{item}`; expected {ITEMS}"
                )));
            }
        }
    }
    Ok(Config {
        label: text.split_whitespace().collect::<Vec<_>>().join(" "),
        args,
    })
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
    // The spec's [experiments], read from the file (each configuration
    // is then compiled on its own).
    let experiments: Vec<(String, String)> = super::load_spec(args.file)?
        .experiments
        .into_iter()
        .map(|(n, t)| (n.text, t))
        .collect();
    let mut texts: Vec<String> = args.tries.to_vec();
    if texts.is_empty() {
        texts.push("default".to_string());
        texts.extend(experiments.iter().map(|(n, _)| n.clone()));
    }
    let configs: Vec<Config> = texts
        .iter()
        .map(|t| config(t, args.spec, &experiments, 0))
        .collect::<Result<_, _>>()?;
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
            let mut spec = c.args.clone();
            if let Some((name, v)) = param {
                spec.set.push(format!("{name}={v}"));
            }
            let started = Instant::now();
            let (lowered, sources) = super::compile(args.file, &spec, true, deadline)?;
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
                changes_solutions: spec.no_symmetry,
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
