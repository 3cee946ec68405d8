//! What takes time, off the main loop: for a document's version, the
//! domains left by propagation at the root (the inlay hints and hovers)
//! and a search for two solutions (the code lens: unique, several, none;
//! with an objective, of the optimal solutions, as `solve --limit 2`).
//! A newer version of the document cancels the job of the older one, and
//! each job has a deadline: typing is never held up by a slow spec, whose
//! domains and lens come later or not at all.

use crossbeam_channel::{Receiver, Sender};
use lsp_types::Uri;
use solve::driver::{self, Answer, Ask, Event, Query};
use solve::lowered::Lowered;
use solve::parallel::Spread;
use solve::session::Session;
use solve::source::Sources;
use solve::spec::settings::RunSettings;
use solve::stop::{Cancel, Stop};
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a job may search for its two solutions.
pub(super) const SOLVE_DEADLINE: Duration = Duration::from_secs(2);

/// A declared name's values after root propagation, as text (`1..9`,
/// `{1, 3}`, or `1..9 (81 cells, 30 fixed)` for an array).
pub(super) type Domains = HashMap<String, String>;

/// What the search for two solutions found: how many (0, 1 or 2:
/// several), or how many before the deadline (or a newer version)
/// stopped it.
pub(super) type Verdict = Answer<u64>;

#[derive(Debug)]
pub(super) struct Done {
    pub(super) uri: Uri,
    pub(super) version: i32,
    /// `None`: propagation at the root already fails.
    pub(super) domains: Option<Domains>,
    pub(super) verdict: Verdict,
}

/// Starts jobs on threads of their own and cancels the one they replace.
#[derive(Debug)]
pub(super) struct Worker {
    sender: Sender<Done>,
    pub(super) receiver: Receiver<Done>,
    running: HashMap<String, Arc<Cancel>>,
}

impl Worker {
    pub(super) fn new() -> Worker {
        let (sender, receiver) = crossbeam_channel::unbounded();
        Worker {
            sender,
            receiver,
            running: HashMap::new(),
        }
    }

    /// Starts the job of `version` of `uri` (its lowered spec, sources
    /// and the spec's run settings), cancelling its last one.
    pub(super) fn start(&mut self, uri: Uri, version: i32, job: (Lowered, Sources, RunSettings)) {
        let cancel = Arc::new(Cancel::default());
        if let Some(old) = self
            .running
            .insert(uri.as_str().to_string(), Arc::clone(&cancel))
        {
            let _ = old.cancel("cancelled");
        }
        let sender = self.sender.clone();
        let _ = std::thread::spawn(move || {
            let stop = Stop::new(
                Instant::now().checked_add(SOLVE_DEADLINE),
                Some(Arc::clone(&cancel)),
            );
            let (domains, verdict) = work(job, &stop);
            if !cancel.cancelled() {
                let _ = sender.send(Done {
                    uri,
                    version,
                    domains,
                    verdict,
                });
            }
        });
    }
}

fn work(
    (lowered, sources, run): (Lowered, Sources, RunSettings),
    stop: &Stop,
) -> (Option<Domains>, Verdict) {
    let mut session = Session::new(lowered, sources);
    session.set_stop(stop.clone());
    let domains = session
        .root_domains()
        .map(|d| summarise(session.lowered(), &d));
    if stop.passed() {
        return (domains, Verdict::new(0, Some(stop.fired())));
    }
    // Two solutions as `solve --limit 2` finds them (with an objective:
    // two optimal ones), through the driver with the spec's threads.
    let query = Query {
        ask: Ask::All { most: Some(2) },
        spread: Spread::threads(run.threads()),
        classes: None,
        progress: None,
    };
    let quiet = &mut |_: Event<'_>| ControlFlow::Continue(());
    let Ok(outcome) = driver::run(&mut session, &query, quiet) else {
        return (domains, Verdict::new(0, Some(stop.fired())));
    };
    // Two solutions answer the question, whatever stopped the search.
    let verdict = match outcome.map(|o| o.found.min(2)) {
        Answer::Stopped { partial: 2, .. } => Answer::Complete(2),
        verdict => verdict,
    };
    (domains, verdict)
}

/// Each declared variable's domain after root propagation, by its name
/// (an array's cells summed up under the array's name).
fn summarise(lowered: &Lowered, domains: &[Vec<(i64, i64)>]) -> Domains {
    let mut by_name: HashMap<String, Vec<&[(i64, i64)]>> = HashMap::new();
    for (info, domain) in lowered.model.vars.iter().zip(domains) {
        if info.aux {
            continue;
        }
        by_name
            .entry(declared_name(&info.name).to_string())
            .or_default()
            .push(domain);
    }
    by_name
        .into_iter()
        .map(|(name, cells)| (name, summary(&cells)))
        .collect()
}

/// The declared name of a variable of the model (`q` for `q[3]`).
pub(super) fn declared_name(name: &str) -> &str {
    name.split('[').next().unwrap_or(name)
}

/// A variable's domain, or an array's cells' (`1..9 (81 cells, 30
/// fixed)`), as text.
pub(super) fn summary(cells: &[&[(i64, i64)]]) -> String {
    if let [one] = cells {
        return intervals(one);
    }
    let (lo, hi) = cells.iter().fold((i64::MAX, i64::MIN), |(lo, hi), d| {
        (
            lo.min(d.first().map_or(lo, |i| i.0)),
            hi.max(d.last().map_or(hi, |i| i.1)),
        )
    });
    let fixed = cells
        .iter()
        .filter(|d| d.len() == 1 && d[0].0 == d[0].1)
        .count();
    format!("{lo}..{hi} ({} cells, {fixed} fixed)", cells.len())
}

/// Intervals as a spec writes them: `3`, `1..9`, `{1, 3..5}`.
fn intervals(d: &[(i64, i64)]) -> String {
    let part = |&(a, b): &(i64, i64)| {
        if a == b {
            a.to_string()
        } else {
            format!("{a}..{b}")
        }
    };
    match d {
        [one] => part(one),
        _ => format!("{{{}}}", d.iter().map(part).collect::<Vec<_>>().join(", ")),
    }
}
