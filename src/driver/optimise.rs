//! The objective sequence: branch and bound (each improving solution told
//! when the first is asked), then, once the optimum is proven and many
//! are asked, the objective fixed to it and the optimal solutions listed
//! or counted as without an objective. A limit that stops the branch and
//! bound leaves the best found, not proven.

use super::{Ask, Event, Outcome, Query, Sink, satisfy};
use crate::diagnostic::Error;
use crate::parallel;
use crate::session::{Session, Solution};
use crate::stop::Answer;
use std::ops::ControlFlow;

pub(super) fn run(
    session: &mut Session,
    query: &Query<'_>,
    sink: &mut dyn Sink,
) -> Result<Answer<Outcome>, Error> {
    let many = query.ask.is_many();
    // Up to symmetry an improving solution need not be a representative:
    // only the optimal ones are told.
    let quiet = many || query.classes.is_some();
    let optimum = parallel::optimise(session, &query.spread, &mut |view, solution, value| {
        if quiet {
            ControlFlow::Continue(())
        } else {
            sink.event(Event::Improved(view, solution, value))
        }
    })?;
    let cut = optimum.cause();
    let Some((best, value)) = optimum.into_value() else {
        if cut.is_none() && query.ask == Ask::Count {
            let _ = sink.event(Event::Count(0));
        }
        let none = Outcome {
            found: 0,
            optimum: None,
        };
        return Ok(Answer::new(none, cut));
    };
    if cut.is_some() {
        let _ = sink.event(Event::BestFound(session.view(), &best, value));
        let best_found = Outcome {
            found: 1,
            optimum: Some((value, false)),
        };
        return Ok(Answer::new(best_found, cut));
    }
    let outcome = if !many && query.classes.is_none() {
        let _ = sink.event(Event::Optimum(session.view(), &best, value));
        Answer::Complete(Outcome {
            found: 1,
            optimum: None,
        })
    } else {
        if many {
            let _ = sink.event(Event::Optimum(session.view(), &best, value));
        }
        let outcome = optimal_solutions(session, query, sink, (&best, value))?;
        if !many && outcome.value().found > 0 {
            let _ = sink.event(Event::Optimum(session.view(), &best, value));
        }
        outcome
    };
    Ok(outcome.map(|outcome| Outcome {
        optimum: Some((value, true)),
        ..outcome
    }))
}

/// The solutions of the optimum `value` (`best` is one of them), as
/// without an objective.
fn optimal_solutions(
    session: &mut Session,
    query: &Query<'_>,
    sink: &mut dyn Sink,
    (best, value): (&Solution, i64),
) -> Result<Answer<Outcome>, Error> {
    session.at_optimum(value, |session| {
        // Up to symmetry the best need not be its class's representative.
        let known = query.classes.is_none().then_some(best);
        satisfy::run(session, query, sink, known)
    })
}
