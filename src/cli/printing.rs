//! What the command line prints of a run's events: solutions as they
//! come, `optimal: V` or `best found: V`, the count, `N solutions`, a
//! progress line on a terminal, and the exit code with the reason a
//! limit stopped the run.

use super::output::{Printer, note, template_cut};
use super::{EXIT_FOUND, EXIT_LIMIT, EXIT_NONE, Run};
use solve::diagnostic::Error;
use solve::driver::{Answer, Ask, Cause, Event, Outcome, Sink};
use solve::session::{Solution, View};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// How long a count runs before its progress line shows.
const PROGRESS_AFTER: Duration = Duration::from_secs(1);

/// The command line's [`Sink`].
pub(super) struct Printing<'o> {
    out: &'o mut Printer,
    ask: Ask,
    json: bool,
    /// Up to symmetry: the best found need not be a representative, and
    /// is not printed.
    unique: bool,
    /// Solutions printed.
    printed: u64,
    /// The time limit cut a template short: the solution was printed
    /// without it, and the run ends with the limit's exit code.
    cut: bool,
    /// The count told, printed at the end, when the run says whether a
    /// limit cut it short.
    count: Option<u64>,
    error: Option<Error>,
    /// When the run started, and whether a progress line is on screen.
    progress: (Instant, bool),
}

impl<'o> Printing<'o> {
    pub(super) fn new(out: &'o mut Printer, ask: Ask, json: bool, unique: bool) -> Printing<'o> {
        Printing {
            out,
            ask,
            json,
            unique,
            printed: 0,
            cut: false,
            count: None,
            error: None,
            progress: (Instant::now(), false),
        }
    }

    fn solution(&mut self, view: View<'_>, solution: &Solution) {
        match self.out.solution(view, solution) {
            Ok(cut) => {
                self.printed += 1;
                if cut && !self.cut {
                    template_cut();
                }
                self.cut |= cut;
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// `N solutions so far, R nodes/s`, rewritten in place once the count
    /// has run a second.
    fn progress(&mut self, solutions: u64, nodes: u64) {
        let (started, shown) = &mut self.progress;
        if started.elapsed() >= PROGRESS_AFTER {
            let rate = nodes as f64 / started.elapsed().as_secs_f64();
            let solutions = solve::diagnostic::counted(solutions, "solution");
            eprint!("\r{solutions} so far, {rate:.0} nodes/s ");
            *shown = true;
        }
    }

    /// The lines after the events and the exit code: `N solutions` after
    /// a list, `no solution`, and why a limit stopped the run.
    pub(super) fn finish(mut self, answer: Answer<Outcome>) -> Run {
        if self.progress.1 {
            eprint!("\r\x1b[K");
        }
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        if self.out.failed() {
            return Ok(EXIT_FOUND);
        }
        let stop = answer.cause().unwrap_or(Cause::TimeLimit).says();
        let (outcome, complete) = (answer.value(), answer.is_complete());
        if outcome.optimum.is_some_and(|(_, proven)| !proven) {
            note(&format!("solve: {stop} before the optimum was proven"));
            return Ok(EXIT_LIMIT);
        }
        let found = if self.ask == Ask::Count {
            outcome.found
        } else {
            self.printed
        };
        let listing = matches!(self.ask, Ask::All { .. });
        let cut = (!complete).then_some(stop);
        if let Some(n) = self.count {
            self.out.count(n, cut);
        }
        if found == 0 && complete && self.ask != Ask::Count && (!listing || self.json) {
            self.out.no_solution();
        } else if listing {
            self.out.solution_count(found, cut);
        }
        // The count before what stderr says of its stop, in a terminal
        // or a merged log alike.
        self.out.flush();
        Ok(if !complete {
            let what = if found == 0 {
                "before a solution was found".to_string()
            } else {
                format!(
                    "after {}; the search is incomplete",
                    solve::diagnostic::counted(found, "solution")
                )
            };
            note(&format!("solve: {stop} {what}"));
            EXIT_LIMIT
        } else if self.cut {
            // The search's answer is whole, its printing was cut short
            // (the note said so when it was).
            EXIT_LIMIT
        } else if found == 0 {
            EXIT_NONE
        } else {
            EXIT_FOUND
        })
    }
}

impl Sink for Printing<'_> {
    fn event(&mut self, event: Event<'_>) -> ControlFlow<()> {
        // After an error (or a closed pipe) nothing more is printed: what
        // follows would describe a run that did not end so.
        if self.error.is_some() || self.out.failed() {
            return ControlFlow::Break(());
        }
        match event {
            Event::Solution(view, solution) => self.solution(view, solution),
            Event::Improved(view, solution, _) => {
                // Each improving solution is written out at once: they are
                // few, and the best so far is what a killed run must keep.
                self.solution(view, solution);
                self.out.flush();
            }
            Event::Optimum(_, _, value) => self.out.summary(
                &format!("optimal: {value}"),
                serde_json::json!({ "optimal": value }),
            ),
            Event::BestFound(view, solution, value) => {
                // Listed, the best found is the one solution there is (the
                // first asked has printed it as it improved).
                if matches!(self.ask, Ask::All { .. }) && !self.unique {
                    self.solution(view, solution);
                }
                self.out.summary(
                    &format!("best found: {value} (not proven optimal)"),
                    serde_json::json!({ "best_found": value, "proven": false }),
                );
            }
            Event::Progress { solutions, nodes } => self.progress(solutions, nodes),
            Event::Count(n) => self.count = Some(n),
        }
        if self.error.is_some() || self.out.failed() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}
