//! How to search, as the spec's `[search]`, the command line's flags, a
//! `--try` configuration or an `[experiments]` entry says it: one type,
//! every field optional, built item by item from [`Setting`]s
//! ([`SearchSettings::apply`]), merged in one place
//! ([`SearchSettings::then`]: the later word wins) and resolved into a
//! `SearchPlan` by lowering.
//!
//! Beside it, how a run goes ([`RunSettings`]: its threads, its time and
//! node limits): `[search] threads`, the command line's `--threads`,
//! `--time-limit` and `--node-limit`, the page's `time_limit` and
//! `node_limit`, the editor's spec threads; read and checked here once,
//! merged as the search settings are (the later word wins), never part
//! of the compiled model.

use super::origin::Name;
use super::setting::{PhaseDecl, Setting};
use crate::host::Instant;
use crate::model::plan::{Arm, Consistency, RestartPolicy, ValueOrder, VarOrder};
use crate::stop::{Cancel, Stop};
use std::sync::Arc;
use std::time::Duration;

/// The most threads a run may search with: the cap of `[search] threads`
/// and of every face's `--threads` (written once here).
pub const MOST_THREADS: u64 = 1024;

/// How a run goes, whoever says it; `None` where nothing is said.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunSettings {
    /// How many threads search (`None`: every core the process may use).
    pub threads: Option<u64>,
    /// How long the run may take, counted from its start.
    pub time_limit: Option<Duration>,
    /// How many nodes the search may visit.
    pub node_limit: Option<u64>,
}

/// Why a number of threads is refused.
pub fn check_threads(n: u64) -> Result<u64, String> {
    match n {
        0 => Err("expected a positive integer".to_string()),
        n if n > MOST_THREADS => Err(format!("expected at most {MOST_THREADS} threads")),
        n => Ok(n),
    }
}

/// Why a time limit in seconds is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadSeconds {
    /// Not a finite number of seconds at least 0.
    NotSeconds,
    /// More seconds than a duration (or the clock) can hold.
    OutOfRange,
}

/// A time limit given in seconds, checked: a finite number at least 0
/// that a duration holds.
pub fn seconds(t: f64) -> Result<Duration, BadSeconds> {
    if !(t.is_finite() && t >= 0.0) {
        return Err(BadSeconds::NotSeconds);
    }
    Duration::try_from_secs_f64(t).map_err(|_| BadSeconds::OutOfRange)
}

impl RunSettings {
    /// A time limit alone (a face's own, such as the page's checks).
    pub fn within(limit: Duration) -> RunSettings {
        RunSettings {
            time_limit: Some(limit),
            ..RunSettings::default()
        }
    }

    /// These settings, then `over`'s: each field `over` gives replaces
    /// this one's (the flags over the spec's `[search] threads`).
    pub fn then(&self, over: &RunSettings) -> RunSettings {
        RunSettings {
            threads: over.threads.or(self.threads),
            time_limit: over.time_limit.or(self.time_limit),
            node_limit: over.node_limit.or(self.node_limit),
        }
    }

    /// The threads a run searches with: those said, else every core.
    /// Every face resolves them so.
    pub fn threads(&self) -> usize {
        self.threads
            .map_or_else(crate::host::available_threads, |n| n as usize)
    }

    /// When the time limit runs out for a run started at `started`
    /// (`Err` when the clock cannot hold it).
    pub fn deadline(&self, started: Instant) -> Result<Option<Instant>, BadSeconds> {
        match self.time_limit {
            None => Ok(None),
            Some(limit) => started
                .checked_add(limit)
                .map(Some)
                .ok_or(BadSeconds::OutOfRange),
        }
    }

    /// The run's stop token: its deadline (none when the clock cannot
    /// hold it) and `cancel`, without the node limit (lowering visits
    /// no node: the search's token adds it, [`Stop::with_nodes`]).
    pub fn stop(&self, started: Instant, cancel: Option<Arc<Cancel>>) -> Stop {
        Stop::new(self.deadline(started).ok().flatten(), cancel)
    }
}

/// Search settings; `None` (or empty) where they say nothing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchSettings {
    /// `phases = [{ vars = "x", var = "first-fail", value = "min" }, ...]`.
    pub phases: Option<Vec<PhaseDecl>>,
    /// `order = ["a", "x"]`: one phase in input order.
    pub order: Option<Vec<Name>>,
    pub var: Option<VarOrder>,
    pub value: Option<ValueOrder>,
    /// The level of every constraint (from the command line: overriding
    /// the levels the spec gives single constraints too).
    pub consistency: Option<Consistency>,
    /// `--consistency NAME=LEVEL`: one named constraint (the last wins).
    pub consistency_for: Vec<(Name, Consistency)>,
    pub restart: Option<RestartPolicy>,
    pub restart_scale: Option<u64>,
    pub last_conflict: Option<bool>,
    pub seed: Option<u64>,
    /// `interleave`: the second search taken in turn (`Some(None)`: none
    /// said in so many words).
    pub interleave: Option<Option<Arm>>,
}

impl SearchSettings {
    /// These settings, then `over`'s: each field `over` gives replaces
    /// this one's; phases or an order given by `over` replace both of
    /// these (an order is one phase); levels of named constraints add up.
    pub fn then(&self, over: &SearchSettings) -> SearchSettings {
        let (phases, order) = if over.phases.is_some() || over.order.is_some() {
            (over.phases.clone(), over.order.clone())
        } else {
            (self.phases.clone(), self.order.clone())
        };
        SearchSettings {
            phases,
            order,
            var: over.var.or(self.var),
            value: over.value.or(self.value),
            consistency: over.consistency.or(self.consistency),
            consistency_for: [&self.consistency_for[..], &over.consistency_for[..]].concat(),
            restart: over.restart.or(self.restart),
            restart_scale: over.restart_scale.or(self.restart_scale),
            last_conflict: over.last_conflict.or(self.last_conflict),
            seed: over.seed.or(self.seed),
            interleave: over.interleave.or(self.interleave),
        }
    }

    /// These settings with `setting`'s word: it replaces what was said of
    /// its key; a phase adds to the phases said in the same place;
    /// `default`, `no-symmetry` and entries' names say nothing of the
    /// search (see `experiment::settings`).
    pub fn apply(&mut self, setting: &Setting) {
        match setting {
            Setting::Default | Setting::NoSymmetry | Setting::Use(_) => {}
            Setting::Var(v) => self.var = Some(*v),
            Setting::Value(v) => self.value = Some(*v),
            Setting::Restart(r) => self.restart = Some(*r),
            Setting::RestartScale(n) => self.restart_scale = Some(*n),
            Setting::LastConflict(on) => self.last_conflict = Some(*on),
            Setting::Seed(n) => self.seed = Some(*n),
            Setting::Interleave(arm) => self.interleave = Some(*arm),
            Setting::Consistency(None, c) => self.consistency = Some(*c),
            Setting::Consistency(Some(n), c) => self.consistency_for.push((n.clone(), *c)),
            Setting::Order(names) => self.order = Some(names.clone()),
            Setting::Phase(p) => self.phases.get_or_insert_with(Vec::new).push(p.clone()),
        }
    }

    /// Whether these settings name a search order of their own: a
    /// variable or value order, restarts, last-conflict, an order or
    /// phases (a seed or a level is no order).
    pub fn names_an_order(&self) -> bool {
        self.var.is_some()
            || self.value.is_some()
            || self.restart.is_some()
            || self.last_conflict.is_some()
            || self.phases.as_ref().is_some_and(|p| !p.is_empty())
            || self.order.as_ref().is_some_and(|o| !o.is_empty())
    }

    /// The settings `items` say, folded in order.
    pub fn of(items: &[Setting]) -> SearchSettings {
        let mut settings = SearchSettings::default();
        for s in items {
            settings.apply(s);
        }
        settings
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Span;

    fn names(texts: &[&str]) -> Vec<Name> {
        texts
            .iter()
            .map(|t| Name {
                text: t.to_string(),
                span: Span::new(crate::source::SourceId(0), 0, 0),
            })
            .collect()
    }

    /// The later word wins field by field; an order replaces the phases
    /// too (it is one phase); levels of named constraints add up.
    #[test]
    fn later_settings_win_and_an_order_replaces_the_phases() {
        let spec = SearchSettings {
            phases: Some(vec![PhaseDecl {
                vars: names(&["x"]),
                var: Some(VarOrder::FirstFail),
                value: None,
            }]),
            var: Some(VarOrder::FirstFail),
            seed: Some(7),
            consistency_for: vec![(names(&["a"]).remove(0), Consistency::Check)],
            ..SearchSettings::default()
        };
        let flags = SearchSettings {
            order: Some(names(&["y"])),
            value: Some(ValueOrder::Max),
            seed: Some(3),
            consistency_for: vec![(names(&["b"]).remove(0), Consistency::Domain)],
            ..SearchSettings::default()
        };
        let merged = spec.then(&flags);
        assert_eq!(merged.phases, None);
        assert_eq!(merged.order, Some(names(&["y"])));
        assert_eq!(merged.var, Some(VarOrder::FirstFail));
        assert_eq!(merged.value, Some(ValueOrder::Max));
        assert_eq!(merged.seed, Some(3));
        let levels: Vec<&str> = merged
            .consistency_for
            .iter()
            .map(|(n, _)| n.text.as_str())
            .collect();
        assert_eq!(levels, ["a", "b"]);
        // Settings that say nothing keep everything.
        assert_eq!(spec.then(&SearchSettings::default()), spec);
    }

    /// Run settings: the later word wins; threads are checked against
    /// the one cap, seconds against what a duration holds.
    #[test]
    fn run_settings_merge_and_check() {
        let spec = RunSettings {
            threads: Some(3),
            ..RunSettings::default()
        };
        let flags = RunSettings {
            threads: Some(2),
            node_limit: Some(10),
            ..RunSettings::default()
        };
        assert_eq!(spec.then(&flags).threads(), 2);
        assert_eq!(spec.then(&RunSettings::default()).threads(), 3);
        assert_eq!(spec.then(&flags).node_limit, Some(10));
        assert_eq!(check_threads(MOST_THREADS), Ok(MOST_THREADS));
        assert!(check_threads(MOST_THREADS + 1).is_err());
        assert_eq!(seconds(1.5), Ok(Duration::from_millis(1500)));
        assert_eq!(seconds(-1.0), Err(BadSeconds::NotSeconds));
        assert_eq!(seconds(f64::NAN), Err(BadSeconds::NotSeconds));
        assert_eq!(seconds(1e300), Err(BadSeconds::OutOfRange));
    }

    /// The fold: the last word of a key wins, phases and named levels
    /// add up, `all=` is every constraint's level; `default` and
    /// `no-symmetry` say nothing of the search.
    #[test]
    fn items_fold_in_order() {
        use crate::spec::setting::configuration;
        let text = "seed=3 var=first-fail phase=x:input phase=y consistency=rows=domain,all=early default no-symmetry seed=4";
        let origin = crate::spec::origin::Origin::exact(
            Span::new(crate::source::SourceId(0), 0, text.len()),
            0,
        );
        let items = configuration(text, &origin).unwrap();
        let folded = SearchSettings::of(&items);
        assert_eq!(folded.seed, Some(4));
        assert_eq!(folded.var, Some(VarOrder::FirstFail));
        let phases = folded.phases.unwrap();
        let vars: Vec<&str> = phases.iter().map(|p| p.vars[0].text.as_str()).collect();
        assert_eq!(vars, ["x", "y"]);
        assert_eq!(phases[0].var, Some(VarOrder::Input));
        assert_eq!(phases[1].var, None);
        assert_eq!(folded.consistency, Some(Consistency::Early));
        assert_eq!(folded.consistency_for.len(), 1);
        assert_eq!(folded.consistency_for[0].0.text, "rows");
        assert_eq!(folded.consistency_for[0].1, Consistency::Domain);
        // Each name points at its place in the text.
        let rows = &folded.consistency_for[0].0;
        assert_eq!(&text[rows.span.start..rows.span.end], "rows");
    }
}
