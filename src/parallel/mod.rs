//! Parallel search with the answers of one thread: the search is split by
//! its own decisions into many more parts than threads (`split`), the
//! parts are solved from a shared queue (`queue`), and what they find is
//! put back in part order, so a count, the solutions printed and their
//! order, and the optimum are those of the sequential search.
//!
//! This layer talks to [`Session`] only: each thread owns a session over a
//! copy of the lowered spec, searching below one part's decisions at a
//! time. With a static search order the parts, in order, meet exactly the
//! solutions of the search from the root in its order; with random value
//! orders, dom/wdeg or restarts, the set of solutions (and the count, and
//! the optimum's value) is the same and their order may differ.

mod portfolio;
pub(crate) mod queue;
pub(crate) mod split;

use crate::diagnostic::Error;
use crate::model::plan::Sense;
use crate::search::shared::Shared;
use crate::search::{Decision, Stats};
use crate::session::{Count, Optimum, Session, Solution, View};
use queue::{Event, Outbox};
use split::Split;
use std::collections::{BTreeMap, VecDeque};
use std::ops::ControlFlow;

/// Parts per thread a split aims at: enough that a thread that finishes
/// early always finds more (30 to 100 in the EPS papers).
pub const PARTS_PER_THREAD: usize = 100;

/// Nodes a search first gets on the calling thread alone: one that ends
/// within them (a small puzzle) is the sequential search, its figures and
/// all, with no split to pay for; a larger one forgets them and spreads.
/// The default of [`Spread::alone`] (the binary reads `SOLVE_ALONE_NODES`
/// for another number: the tests set 0 to spread even the smallest
/// search).
pub const ALONE_NODES: u64 = 1000;

/// The threads the process may use (`std::thread::available_parallelism`).
pub fn available_threads() -> usize {
    crate::host::available_threads()
}

/// How to spread a search: over how many threads, and which of its parts
/// (all of them, or one machine's share of a cluster run).
#[derive(Clone, Debug)]
pub struct Spread {
    pub threads: usize,
    /// The parts to search, in depth-first order: `[[]]` is the whole
    /// search.
    pub from: Vec<Vec<Decision>>,
    /// A limit stopped the split that made `from`: they do not cover
    /// their share, and nothing found below them is complete.
    pub cut: bool,
    /// Nodes the search first gets on the calling thread alone (see
    /// [`ALONE_NODES`]).
    pub alone: u64,
}

impl Spread {
    /// The whole search over `threads` threads.
    pub fn threads(threads: usize) -> Spread {
        Spread {
            threads: threads.max(1),
            from: vec![Vec::new()],
            cut: false,
            alone: ALONE_NODES,
        }
    }

    /// The same spread, its search first `nodes` nodes alone.
    pub fn alone(self, nodes: u64) -> Spread {
        Spread {
            alone: nodes,
            ..self
        }
    }

    /// One thread over the whole search: today's sequential engine.
    pub fn is_sequential(&self) -> bool {
        self.threads <= 1 && self.is_whole()
    }

    /// The whole search (not a cluster's part of it).
    pub fn is_whole(&self) -> bool {
        self.from.len() == 1 && self.from[0].is_empty() && !self.cut
    }
}

/// Splits the spread's parts for its threads, and makes what they share
/// (the session's stop token, node budget and all, is theirs too).
fn prepare(session: &mut Session, spread: &Spread) -> (Split, Shared) {
    // Before the split's own search starts from nothing: what the probe
    // (`Spread::alone`) learned.
    let learned = Some(std::sync::Arc::new(session.learned()));
    let mut split = split::split(
        session,
        spread.from.clone(),
        spread.threads * PARTS_PER_THREAD,
        session.stop().nodes_left(),
    );
    split.stopped |= spread.cut;
    // The split's nodes count against the session's node limit.
    session.add_elsewhere(split.stats, 0, 0, 1);
    session.stop().charge(split.stats.nodes);
    (
        split,
        Shared {
            learned,
            ..Shared::default()
        },
    )
}

/// The number of solutions, summed over the parts in order; `progress`
/// hears the total so far and the nodes of the parts finished, as parts
/// finish. When a limit stops the run,
/// the count is that of a prefix of the sequential search, as `--all`
/// prints: the parts before the first one the limit cut, and what that
/// one counted (parts after it are not counted, finished or not).
pub fn count(session: &mut Session, spread: &Spread, progress: &mut dyn FnMut(u64, u64)) -> Count {
    if spread.is_sequential() {
        return session.count();
    }
    if spread.is_whole()
        && let Some(count) = session.within(spread.alone, Session::count)
    {
        return count;
    }
    let (split, shared) = prepare(session, spread);
    let mut prefix = Prefix::default();
    let mut nodes = 0;
    let work = |own: &mut Session, out: &Outbox<'_>| {
        let before = own.stats().nodes;
        let c = own.count();
        out.send(Event::Done {
            solutions: *c.value(),
            complete: c.is_complete(),
            nodes: own.stats().nodes - before,
        });
    };
    let searched = queue::run(
        session,
        &split.parts,
        spread.threads,
        &shared,
        &work,
        &mut |k, event, _| {
            if let Event::Done {
                solutions,
                complete,
                nodes: visited,
            } = event
            {
                prefix.hear(k, solutions, complete);
                nodes += visited;
                progress(prefix.total, nodes);
            }
            ControlFlow::Continue(())
        },
    );
    record(session, &searched, Some(prefix.total), split.parts.len());
    let complete = !split.stopped && !prefix.cut && prefix.head == split.parts.len();
    Count::new(prefix.total, (!complete).then(|| session.stop().fired()))
}

/// The parts' counts summed in part order, up to the first part a limit
/// cut (that part's count included).
#[derive(Debug, Default)]
struct Prefix {
    /// Parts before `head` are summed.
    head: usize,
    total: u64,
    /// A summed part did not finish: nothing after it counts.
    cut: bool,
    waiting: BTreeMap<usize, (u64, bool)>,
}

impl Prefix {
    fn hear(&mut self, part: usize, solutions: u64, complete: bool) {
        let _ = self.waiting.insert(part, (solutions, complete));
        while !self.cut
            && let Some((solutions, complete)) = self.waiting.remove(&self.head)
        {
            self.total += solutions;
            self.cut = !complete;
            self.head += 1;
        }
    }
}

/// How [`solutions`] looks for solutions in each part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seek {
    /// Every solution, up to a number.
    All(u64),
    /// The first solution, with the plan's restarts.
    First,
}

/// The solutions in the order of the sequential search (static orders):
/// `each` gets them one at a time, in the calling thread, and stops the
/// search when it has enough (each part looks for at most `seek`'s
/// number). Returns whether a limit stopped the search before it was
/// whole or `each` had enough.
pub fn solutions(
    session: &mut Session,
    spread: &Spread,
    seek: Seek,
    each: &mut dyn FnMut(View<'_>, &Solution) -> ControlFlow<()>,
) -> bool {
    if spread.is_sequential() {
        return solutions_here(session, seek, each);
    }
    if spread.is_whole() {
        let alone = session.within(spread.alone, |s| {
            let mut found = Vec::new();
            let stopped = solutions_here(s, seek, &mut |_, x| {
                found.push(x.clone());
                match seek {
                    Seek::All(n) if (found.len() as u64) < n => ControlFlow::Continue(()),
                    _ => ControlFlow::Break(()),
                }
            });
            (found, stopped)
        });
        if let Some((found, stopped)) = alone {
            for s in &found {
                if each(session.view(), s).is_break() {
                    return false;
                }
            }
            return stopped;
        }
    }
    let (split, shared) = prepare(session, spread);
    let work = |own: &mut Session, out: &Outbox<'_>| match seek {
        Seek::First => {
            let before = own.stats().nodes;
            let (solutions, complete) = match own.first() {
                Ok(Some(s)) => {
                    out.send(Event::Solution(s));
                    (1, true)
                }
                Ok(None) => (0, true),
                Err(_) => (0, false),
            };
            out.send(Event::Done {
                solutions,
                complete,
                nodes: own.stats().nodes - before,
            });
        }
        Seek::All(wanted) => {
            let before = own.stats().nodes;
            let mut sent = 0;
            let mut all = own.solutions();
            while sent < wanted && !out.stopped() {
                let Some(s) = all.next() else { break };
                out.send(Event::Solution(s));
                sent += 1;
            }
            let complete = sent == wanted || !all.stopped();
            drop(all);
            out.send(Event::Done {
                solutions: sent,
                complete,
                nodes: own.stats().nodes - before,
            });
        }
    };
    if seek == Seek::First {
        return portfolio::first_found(session, spread, &split, &shared, &work, each);
    }
    let mut order = InOrder::default();
    let mut broken = false;
    let viewer = session.view();
    let mut give = |s: &Solution| each(viewer, s);
    let searched = queue::run(
        session,
        &split.parts,
        spread.threads,
        &shared,
        &work,
        &mut |k, event, flow| {
            order.hear(k, event);
            let flow = order.drain(flow, &mut give);
            broken |= flow.is_break();
            flow
        },
    );
    // The solutions are those given: a prefix of the sequential ones when
    // a limit cut a part (nothing after it is given, and what the threads
    // found beyond it is not counted either).
    record(session, &searched, Some(order.given), split.parts.len());
    order.cut || split.stopped || (!broken && !order.whole())
}

/// [`solutions`] in this thread: today's sequential search.
fn solutions_here(
    session: &mut Session,
    seek: Seek,
    each: &mut dyn FnMut(View<'_>, &Solution) -> ControlFlow<()>,
) -> bool {
    if seek == Seek::First {
        return match session.first() {
            Ok(Some(s)) => {
                let _ = each(session.view(), &s);
                false
            }
            Ok(None) => false,
            Err(_) => true,
        };
    }
    let mut all = session.solutions();
    while let Some(s) = all.next() {
        if each(all.view(), &s).is_break() {
            return false;
        }
    }
    all.stopped()
}

/// Parts' solutions put back in part order.
#[derive(Debug, Default)]
pub(super) struct InOrder {
    head: usize,
    parts: BTreeMap<usize, PartBuffer>,
    /// A part before `head` did not finish (a limit stopped it), or the
    /// printing after a stop ran out of time.
    cut: bool,
    /// Solutions given, in order.
    given: u64,
}

#[derive(Debug, Default)]
struct PartBuffer {
    solutions: VecDeque<Solution>,
    /// `Some(complete)` once the part is finished.
    done: Option<bool>,
}

impl InOrder {
    pub(super) fn hear(&mut self, part: usize, event: Event) {
        let buffer = self.parts.entry(part).or_default();
        match event {
            Event::Solution(s) | Event::Improved(s, _) => buffer.solutions.push_back(s),
            Event::Done { complete, .. } => buffer.done = Some(complete),
        }
    }

    /// Gives the solutions that are next in order; breaks when `give`
    /// has enough, or at a part a limit cut (nothing after it may be
    /// given: the solutions given stay a prefix of the sequential ones).
    pub(super) fn drain(
        &mut self,
        flow: &queue::Flow,
        give: &mut dyn FnMut(&Solution) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        while let Some(buffer) = self.parts.get_mut(&self.head) {
            while let Some(s) = buffer.solutions.pop_front() {
                if flow.too_late() {
                    self.cut = true;
                    return ControlFlow::Break(());
                }
                flow.printed();
                self.given += 1;
                give(&s)?;
            }
            let Some(complete) = buffer.done else { break };
            if !complete {
                self.cut = true;
                return ControlFlow::Break(());
            }
            let _ = self.parts.remove(&self.head);
            self.head += 1;
            flow.printing(self.head);
        }
        ControlFlow::Continue(())
    }

    /// Every part heard of finished whole.
    fn whole(&self) -> bool {
        !self.cut && self.parts.is_empty()
    }
}

/// Branch and bound on the calling thread alone for `spread.alone` nodes: its
/// answer (the improving solutions given to `improved` once it is known)
/// when it ended within them, else `None` (its work forgotten).
fn optimise_alone(
    session: &mut Session,
    spread: &Spread,
    improved: &mut dyn FnMut(View<'_>, &Solution, i64) -> ControlFlow<()>,
) -> Option<Result<Optimum, Error>> {
    let (met, optimum) = session.within(spread.alone, |s| {
        let mut met = Vec::new();
        let optimum = s.optimise(|_, x, v| {
            met.push((x.clone(), v));
            ControlFlow::Continue(())
        });
        (met, optimum)
    })?;
    for (s, v) in &met {
        if improved(session.view(), s, *v).is_break() {
            let cut = session.stop().fired();
            return Some(optimum.map(|_| Optimum::new(Some((s.clone(), *v)), Some(cut))));
        }
    }
    Some(optimum)
}

/// Branch and bound over the parts beside the whole search (a portfolio,
/// see `portfolio`), sharing the best value found: each
/// solution better than every one before goes to `improved` as it is
/// found (which may stop the search). The optimum returned is the same
/// whatever the number of threads: of the optimal solutions, the first in
/// depth-first order of the static search with the objective fixed
/// (`SearchPlan::at_optimum`; the first `--all` prints), found again when
/// branch and bound may meet them out of that order and the plan asks
/// (`meets_optima_out_of_order`, `canonical_optimum`).
pub fn optimise(
    session: &mut Session,
    spread: &Spread,
    improved: &mut dyn FnMut(View<'_>, &Solution, i64) -> ControlFlow<()>,
) -> Result<Optimum, Error> {
    let mut last = None;
    let mut optimum = optimise_spread(session, spread, &mut |view, s, v| {
        last = Some(s.clone());
        improved(view, s, v)
    })?;
    let Some(value) = optimum.value().as_ref().map(|b| b.1) else {
        return Ok(optimum);
    };
    let plan = &session.lowered().plan;
    if !optimum.is_complete() || !plan.canonical_optimum || !plan.meets_optima_out_of_order() {
        return Ok(optimum);
    }
    // (A limit that struck before it was met leaves the solution found:
    // the value is proven all the same.)
    if let Some(s) = first_optimal(session, spread, value)? {
        let broken = last.as_ref() != Some(&s) && improved(session.view(), &s, value).is_break();
        optimum = Optimum::new(Some((s, value)), broken.then(|| session.stop().fired()));
    }
    Ok(optimum)
}

fn optimise_spread(
    session: &mut Session,
    spread: &Spread,
    improved: &mut dyn FnMut(View<'_>, &Solution, i64) -> ControlFlow<()>,
) -> Result<Optimum, Error> {
    let Some(objective) = session.objective().filter(|_| !spread.is_sequential()) else {
        return session.optimise(improved);
    };
    if spread.is_whole()
        && let Some(optimum) = optimise_alone(session, spread, improved)
    {
        return optimum;
    }
    let (split, shared) = prepare(session, spread);
    // A portfolio, as for a first solution: the whole search on the first
    // thread as one thread runs it, beside the parts in order, all sharing
    // the best value; either the whole search or every part proves it.
    let (parts, offset) = portfolio::beside_the_whole(spread, &split);
    let work = |own: &mut Session, out: &Outbox<'_>| {
        let before = own.stats().nodes;
        let result = own.optimise(|_, s, value| {
            out.send(Event::Improved(s.clone(), value));
            ControlFlow::Continue(())
        });
        out.send(Event::Done {
            solutions: 0,
            complete: result.is_ok_and(|o| o.is_complete()),
            nodes: own.stats().nodes - before,
        });
    };
    let viewer = session.view();
    let mut best: Option<(Solution, i64, usize)> = None;
    let mut reported: Option<(Solution, i64)> = None;
    let (mut whole_done, mut parts_done, mut parts_cut) = (false, 0, split.stopped);
    let mut broken = false;
    let better = |value: i64, part: usize, than: &Option<(Solution, i64, usize)>| match than {
        None => true,
        Some((_, v, p)) => match objective.sense {
            Sense::Minimize => (value, part) < (*v, *p),
            Sense::Maximize => (-(value as i128), part) < (-(*v as i128), *p),
        },
    };
    let searched = queue::run(
        session,
        &parts,
        spread.threads,
        &shared,
        &work,
        &mut |k, event, _| {
            match event {
                Event::Improved(s, value) if better(value, k, &best) => {
                    let strictly = reported
                        .as_ref()
                        .is_none_or(|(_, r)| match objective.sense {
                            Sense::Minimize => value < *r,
                            Sense::Maximize => value > *r,
                        });
                    if strictly {
                        broken = improved(viewer, &s, value).is_break();
                        reported = Some((s.clone(), value));
                    }
                    best = Some((s, value, k));
                }
                Event::Done { complete, .. } if k < offset => whole_done |= complete,
                Event::Done { complete, .. } => {
                    parts_done += usize::from(complete);
                    parts_cut |= !complete;
                }
                _ => {}
            }
            let proven = whole_done || (!parts_cut && parts_done == split.parts.len());
            if broken || proven {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    );
    let complete = whole_done || (!parts_cut && parts_done == split.parts.len());
    record(session, &searched, None, parts.len());
    if complete && !broken {
        found_again(session, spread, &shared, &mut best)?;
    }
    // The last solution shown is the optimum one thread ends with: when
    // another thread met an optimal solution first, the first optimal one
    // in depth-first order is shown after it (of the same value), and one
    // found again above is shown too.
    if let Some((s, v, _)) = &best
        && complete
        && !broken
        && reported.as_ref().is_none_or(|(r, _)| r != s)
    {
        broken = improved(session.view(), s, *v).is_break();
    }
    let cut = (!complete || broken).then(|| session.stop().fired());
    Ok(Optimum::new(best.map(|(s, v, _)| (s, v)), cut))
}

/// The parts may prove the best value while the solution that set it is
/// not heard: the whole search's, whose events come when it ends, and the
/// proof stopped it. That value's solution is then found again, the first
/// with the objective fixed to it, into `best`.
fn found_again(
    session: &mut Session,
    spread: &Spread,
    shared: &Shared,
    best: &mut Option<(Solution, i64, usize)>,
) -> Result<(), Error> {
    let Some((value, _)) = shared.incumbent.best() else {
        return Ok(());
    };
    if best.as_ref().is_some_and(|b| b.1 == value) {
        return Ok(());
    }
    if let Some(s) = first_optimal(session, spread, value)? {
        *best = Some((s, value, 0));
    }
    Ok(())
}

/// The first solution in depth-first order whose objective is `value`
/// (`None` when a limit struck first).
fn first_optimal(
    session: &mut Session,
    spread: &Spread,
    value: i64,
) -> Result<Option<Solution>, Error> {
    session.at_optimum(value, |session| {
        let mut first = None;
        let _ = solutions(session, spread, Seek::All(1), &mut |_, s| {
            first = Some(s.clone());
            ControlFlow::Break(())
        });
        Ok(first)
    })
}

/// Adds what the threads of a run searched (in `parts` parts) to
/// `session`'s statistics; its solutions are `solutions` when the run
/// counts a prefix of what they found.
fn record(session: &mut Session, searched: &queue::Searched, solutions: Option<u64>, parts: usize) {
    let stats = Stats {
        solutions: solutions.unwrap_or(searched.stats.solutions),
        ..searched.stats
    };
    session.add_elsewhere(stats, searched.propagations, parts as u64, searched.threads);
}

#[cfg(test)]
mod tests;
