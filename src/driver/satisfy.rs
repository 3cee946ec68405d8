//! Solutions as without an objective: the first, the first `most` or
//! every one in search order, or their number; up to symmetry when the
//! query has classes. Also the second half of the objective sequence,
//! with the objective fixed to the optimum and the best solution known.

use super::{Ask, Event, Outcome, Query, Sink};
use crate::diagnostic::Error;
use crate::parallel::{self, Seek, Spread};
use crate::session::{Session, Solution};
use crate::stop::Answer;
use std::cell::Cell;
use std::ops::ControlFlow;

/// Answers `query` as without an objective. `known` is a solution known
/// to be among the answers (the best, with the objective fixed to its
/// value): when a limit cuts the search it still counts, and is listed
/// unless it already was.
pub(super) fn run(
    session: &mut Session,
    query: &Query<'_>,
    sink: &mut dyn Sink,
    known: Option<&Solution>,
) -> Result<Answer<Outcome>, Error> {
    let found = match query.ask {
        Ask::Count => {
            let n = count(session, query, sink)?;
            // A cut count of the optimal solutions has met the best.
            let n = match n {
                Answer::Stopped { partial, cause } if known.is_some() => Answer::Stopped {
                    partial: partial.max(1),
                    cause,
                },
                n => n,
            };
            let _ = sink.event(Event::Count(*n.value()));
            n
        }
        Ask::First | Ask::All { most: Some(1) } if known.is_none() => first(session, query, sink)?,
        Ask::First | Ask::All { .. } => {
            let wanted = match query.ask {
                Ask::All { most: Some(n) } => n,
                Ask::All { most: None } => u64::MAX,
                _ => 1,
            };
            list(session, query, sink, wanted, known)?
        }
    };
    Ok(found.map(|found| Outcome {
        found,
        optimum: None,
    }))
}

/// The number of solutions, telling its progress as the query asks.
fn count(
    session: &mut Session,
    query: &Query<'_>,
    sink: &mut dyn Sink,
) -> Result<Answer<u64>, Error> {
    if let Some(classes) = query.classes {
        let mut watch = classes.watch();
        let mut n = 0;
        let mut solutions = session.solutions();
        for s in solutions.by_ref() {
            n += u64::from(watch.keep(s.values()));
        }
        let cut = solutions.cause();
        drop(solutions);
        if cut.is_none() {
            watch.none_lost(session)?;
        }
        return Ok(Answer::new(n, cut));
    }
    let count = match query.progress {
        None => parallel::count(session, &query.spread, &mut |_, _| {}),
        Some(every) if query.spread.is_sequential() => {
            session.count_watching(every, &mut |solutions, stats| {
                let nodes = stats.nodes;
                let _ = sink.event(Event::Progress { solutions, nodes });
            })
        }
        Some(_) => parallel::count(session, &query.spread, &mut |solutions, nodes| {
            let _ = sink.event(Event::Progress { solutions, nodes });
        }),
    };
    Ok(count)
}

/// The first solution (the representative of its class, up to symmetry):
/// the search may restart.
fn first(
    session: &mut Session,
    query: &Query<'_>,
    sink: &mut dyn Sink,
) -> Result<Answer<u64>, Error> {
    if let Some(classes) = query.classes {
        return match session.first_where(|values| classes.is_representative(values)) {
            Ok(Some(solution)) => {
                let _ = sink.event(Event::Solution(session.view(), &solution));
                Ok(Answer::Complete(1))
            }
            // No representative: then there must be no solution.
            Ok(None) => match session.first() {
                Ok(Some(solution)) => Err(classes.lost(session, Some(&solution))),
                Ok(None) => Ok(Answer::Complete(0)),
                Err(cause) => Ok(Answer::new(0, Some(cause))),
            },
            Err(cause) => Ok(Answer::new(0, Some(cause))),
        };
    }
    let mut found = 0;
    let stopped = parallel::solutions(session, &query.spread, Seek::First, &mut |view, s| {
        found = 1;
        let _ = sink.event(Event::Solution(view, s));
        ControlFlow::Break(())
    });
    Ok(Answer::new(found, stopped.then(|| session.stop().fired())))
}

/// Up to `wanted` solutions in the order of the sequential search (of
/// one thread up to symmetry).
fn list(
    session: &mut Session,
    query: &Query<'_>,
    sink: &mut dyn Sink,
    wanted: u64,
    known: Option<&Solution>,
) -> Result<Answer<u64>, Error> {
    let mut watch = query.classes.map(|c| c.watch());
    let one = Spread::threads(1);
    let spread = if watch.is_some() { &one } else { &query.spread };
    let mut found = 0;
    let listed_known = Cell::new(false);
    let stopped = parallel::solutions(session, spread, Seek::All(wanted), &mut |view, s| {
        if watch.as_mut().is_none_or(|w| w.keep(s.values())) {
            listed_known.set(listed_known.get() || known.is_some_and(|k| k.values() == s.values()));
            found += 1;
            if sink.event(Event::Solution(view, s)).is_break() {
                return ControlFlow::Break(());
            }
        }
        if found >= wanted {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if let Some(watch) = watch.as_deref()
        && !stopped
        && found < wanted
    {
        watch.none_lost(session)?;
    }
    if let Some(known) = known
        && stopped
        && !listed_known.get()
        && found < wanted
    {
        let _ = sink.event(Event::Solution(session.view(), known));
        found += 1;
    }
    Ok(Answer::new(found, stopped.then(|| session.stop().fired())))
}
