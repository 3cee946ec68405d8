//! Model constraints to propagators, simplifying at post time: constant
//! linear constraints are decided here, and `Consistency::Check` wraps each
//! propagator so it only tests full assignments; alldifferent has its own
//! propagators for `Early` and `Bounds`.

use crate::engine::propagator::{CheckOnly, Propagator};
use crate::engine::propagators::{
    all_different::AllDifferent,
    all_different_bounds::AllDifferentBounds,
    all_different_domain::AllDifferentDomain,
    all_different_early::AllDifferentEarly,
    arithmetic::{Abs, DivRem, Max, Times},
    circuit::Circuit,
    clause::Clause,
    element::{ElementConst, ElementVar},
    lex::Lex,
    linear::Linear,
    regular::Regular,
    table::Table,
};
use crate::engine::store::Conflict;
use crate::model::Constraint;
use crate::model::plan::Consistency;

/// The propagator for one constraint, or `Ok(None)` when it always holds.
pub fn create(
    constraint: &Constraint,
    consistency: Consistency,
) -> Result<Option<Box<dyn Propagator>>, Conflict> {
    let propagator: Box<dyn Propagator> = match constraint.clone() {
        Constraint::Linear {
            terms,
            rel,
            rhs,
            reif,
        } => {
            if terms.is_empty() && reif.is_none() {
                return if rel.holds(0, rhs) {
                    Ok(None)
                } else {
                    Err(Conflict)
                };
            }
            Box::new(Linear {
                terms,
                rel,
                rhs,
                reif,
            })
        }
        Constraint::AllDifferent(views) if consistency == Consistency::Bounds => {
            Box::new(AllDifferentBounds::new(views))
        }
        Constraint::AllDifferent(views) if consistency == Consistency::Domain => {
            Box::new(AllDifferentDomain::new(views))
        }
        Constraint::AllDifferent(views) if consistency == Consistency::Early => {
            Box::new(AllDifferentEarly {
                views,
                seen: Vec::new(),
            })
        }
        Constraint::AllDifferent(views) => Box::new(AllDifferent::new(views)),
        Constraint::ElementConst {
            index,
            values,
            result,
        } => Box::new(ElementConst {
            index,
            values,
            result,
            scratch: Vec::new(),
            supported: Vec::new(),
        }),
        Constraint::ElementVar {
            index,
            array,
            result,
        } => Box::new(ElementVar {
            index,
            array,
            result,
            scratch: Vec::new(),
        }),
        Constraint::Clause { lits, reif } => Box::new(Clause { lits, reif }),
        Constraint::Times { x, y, z } => Box::new(Times { x, y, z }),
        Constraint::Div { x, y, z } => Box::new(DivRem {
            x,
            y,
            z,
            rem: false,
        }),
        Constraint::Rem { x, y, z } => Box::new(DivRem { x, y, z, rem: true }),
        Constraint::Abs { x, z } => Box::new(Abs { x, z }),
        Constraint::Max { xs, z } => Box::new(Max { xs, z }),
        Constraint::Lex { xs, ys, strict } => Box::new(Lex { xs, ys, strict }),
        Constraint::Table { xs, rows } => Box::new(Table::new(xs, rows)),
        Constraint::Circuit { succ, base } => Box::new(Circuit::new(succ, base)),
        Constraint::Regular { xs, automaton } => Box::new(Regular::new(xs, &automaton)),
    };
    Ok(Some(match consistency {
        // Early, where a kind has no level of its own, is its propagator
        // (a spec-wide `early` applies where it is supported).
        Consistency::Propagate | Consistency::Bounds | Consistency::Early | Consistency::Domain => {
            propagator
        }
        Consistency::Check => {
            let mut vars: Vec<_> = propagator
                .subscriptions()
                .into_iter()
                .map(|(v, _)| v)
                .collect();
            vars.sort_unstable();
            vars.dedup();
            Box::new(CheckOnly {
                inner: propagator,
                vars,
            })
        }
    }))
}
