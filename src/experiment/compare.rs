//! `solve compare`: the same spec counted under several configurations
//! (search order, consistency levels, symmetry breaking), one row each,
//! optionally for every value of a param. Configurations that may not
//! change the solutions (all but `no-symmetry`) must count what the first
//! one counts: when one does not, its row is flagged, since that is a bug
//! in solve (or in the spec's own `consistency` choices).

use super::settings::apply;
use crate::diagnostic::Error;
use crate::driver::{self, Ask, Event, Query};
use crate::host::Instant;
use crate::lower::Options;
use crate::lowered::Lowered;
use crate::session::Session;
use crate::source::{SourceId, Sources, Span};
use crate::spec::experiments::{self, Experiment, expand};
use crate::spec::load::load;
use crate::spec::origin::Origin;
use crate::spec::setting::{self, Setting};
use crate::stop::Stop;
use std::ops::ControlFlow;

/// One configuration: its label and how it changes the lowering options.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub label: String,
    pub settings: Vec<Setting>,
}

/// One counted configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// `n=5` when a param is swept.
    pub param: Option<String>,
    /// The swept param's value (the x of a chart).
    pub value: Option<i64>,
    pub label: String,
    pub solutions: u64,
    /// False when a limit stopped the count (a lower bound).
    pub complete: bool,
    pub nodes: u64,
    pub failures: u64,
    pub propagations: u64,
    pub seconds: f64,
    /// Whether the configuration may change the solutions (no-symmetry).
    pub changes_solutions: bool,
    /// Counted otherwise than the configurations that may not change the
    /// solutions: a bug.
    pub mismatch: bool,
}

impl Row {
    /// The row as one JSON object (`compare --json`, the playground).
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "param": self.param,
            "configuration": self.label,
            "solutions": self.solutions,
            "complete": self.complete,
            "nodes": self.nodes,
            "failures": self.failures,
            "propagations": self.propagations,
            "seconds": self.seconds,
            "mismatch": self.mismatch,
        })
    }
}

/// A sweep, `n=4..12`: the param and its values (at most 1001 of them).
pub fn sweep(text: &str) -> Result<(String, Vec<i64>), String> {
    let bad = || format!("expected NAME=LO..HI, e.g. n=4..12, found `{text}`");
    let (name, range) = text.split_once('=').ok_or_else(bad)?;
    let (lo, hi) = range.split_once("..").ok_or_else(bad)?;
    let (lo, hi): (i64, i64) = (
        lo.trim().parse().map_err(|_| bad())?,
        hi.trim().parse().map_err(|_| bad())?,
    );
    if hi < lo || hi.abs_diff(lo) > 1000 {
        return Err(format!("`{text}` must be a range of 1 to 1001 values"));
    }
    Ok((name.trim().to_string(), (lo..=hi).collect()))
}

/// The spec in `sources[id]` lowered with `--set` values and options.
fn lower(
    sources: &Sources,
    id: SourceId,
    set: &[String],
    options: &Options,
) -> Result<(Lowered, Sources), Error> {
    let mut sources = sources.clone();
    match crate::compile(&mut sources, id, set, options) {
        Ok(compiled) => Ok((compiled.lowered, sources)),
        Err(diagnostics) => Err(Error::new(diagnostics, &sources)),
    }
}

/// `solve check`: lowers the spec under each `[experiments]` entry whose
/// errors only lowering finds (a level a constraint does not support, a
/// search order's names), so that `compare` never fails on what `check`
/// passed.
pub fn check_experiments(
    sources: &Sources,
    id: SourceId,
    set: &[String],
    base: &Options,
) -> Result<(), Error> {
    let spec = load(sources, id).map_err(|d| Error::new(d, sources))?;
    for e in &spec.experiments {
        if e.needs_lowering(&spec.experiments) {
            let settings = expand(&e.settings, &spec.experiments);
            let _ = lower(sources, id, set, &apply(base, &settings))?;
        }
    }
    Ok(())
}

/// The configurations `--try` names (each text a source of its own), or
/// `default` and every `[experiments]` entry.
pub fn configs(
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
        let whole = Span::new(tid, 0, text.len());
        let settings = setting::configuration(text, &Origin::exact(whole, 0))
            .map_err(|d| Error::new(vec![d], sources))?;
        for s in &settings {
            if let Setting::Use(n) = s
                && !experiments.iter().any(|e| e.name.text == n.text)
            {
                let d = experiments::unknown_item(n, experiments);
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

/// How the counts of a comparison run: until the run's stop token says,
/// each spread over this many threads.
#[derive(Clone, Debug)]
pub struct Budget {
    pub stop: Stop,
    /// How each count is spread (its threads, its first nodes alone).
    pub spread: crate::parallel::Spread,
}

/// Counts the spec in `sources[id]` under every configuration, for each
/// swept value (`None`: no sweep), all within the budget; flags the rows
/// that count otherwise than they may. `on_block` sees the rows of each
/// swept value as soon as they are counted and flagged.
pub fn compare(
    (sources, id): (&Sources, SourceId),
    set: &[String],
    base: &Options,
    configs: &[Config],
    params: &[Option<(String, i64)>],
    budget: Budget,
    on_block: &mut dyn FnMut(&[Row]),
) -> Result<Vec<Row>, Error> {
    let mut rows = Vec::new();
    for param in params {
        let first = rows.len();
        for c in configs {
            let mut set = set.to_vec();
            if let Some((name, v)) = param {
                set.push(format!("{name}={v}"));
            }
            let options = apply(base, &c.settings);
            let started = Instant::now();
            let mut row = Row {
                param: param.as_ref().map(|(n, v)| format!("{n}={v}")),
                value: param.as_ref().map(|p| p.1),
                label: c.label.clone(),
                solutions: 0,
                complete: false,
                nodes: 0,
                failures: 0,
                propagations: 0,
                seconds: 0.0,
                changes_solutions: options.no_symmetry,
                mismatch: false,
            };
            match lower(sources, id, &set, &options) {
                Ok((lowered, sources)) => {
                    let mut session = Session::new(lowered, sources);
                    session.set_stop(budget.stop.clone());
                    // Both faces lower without the objective: every
                    // solution is counted.
                    let query = Query {
                        spread: budget.spread.clone(),
                        ..Query::sequential(Ask::Count)
                    };
                    let count = driver::run(&mut session, &query, &mut |_: Event<'_>| {
                        ControlFlow::Continue(())
                    })?;
                    let stats = session.stats();
                    row.solutions = count.value().found;
                    row.complete = count.is_complete();
                    (row.nodes, row.failures) = (stats.nodes, stats.failures);
                    row.propagations = session.propagations();
                    row.seconds = started.elapsed().as_secs_f64();
                    rows.push(row);
                }
                // The deadline passed while this configuration was read:
                // its row counts nothing (0+, a lower bound), the rest stop.
                Err(e) if e.is_time_limit() && !rows.is_empty() => {
                    row.seconds = started.elapsed().as_secs_f64();
                    rows.push(row);
                    on_block(&rows[first..]);
                    return Ok(rows);
                }
                Err(e) => return Err(e),
            }
        }
        flag_mismatches(&mut rows[first..]);
        on_block(&rows[first..]);
    }
    Ok(rows)
}

/// Within one block, every complete count of a configuration that keeps
/// the symmetry breaking must equal the first such count, and likewise
/// for those without it.
pub fn flag_mismatches(rows: &mut [Row]) {
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
pub fn table(rows: &[Row]) -> Vec<String> {
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
            value: None,
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
