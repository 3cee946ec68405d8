//! Model constraints to propagators, simplifying at post time: constant
//! linear constraints are decided here, and `Consistency::Check` wraps each
//! propagator so it only tests full assignments; alldifferent has its own
//! propagators for `Early` and `Bounds`; `Probing` wraps the propagators of
//! one item in a [`Probe`]. Constraints posted together can share one
//! propagator: see [`group`].

use crate::engine::probing::Probe;
use crate::engine::propagator::{CheckOnly, Propagator};
use crate::engine::propagators::{
    all_different::AllDifferent,
    all_different_bounds::AllDifferentBounds,
    all_different_domain::AllDifferentDomain,
    all_different_early::AllDifferentEarly,
    all_different_group::AllDifferentGroup,
    arithmetic::{Abs, DivRem, Max, Times},
    circuit::Circuit,
    clause::Clause,
    connected::Connected,
    element::{ElementConst, ElementVar},
    lex::Lex,
    linear::Linear,
    regular::Regular,
    table::Table,
};
use crate::engine::store::Conflict;
use crate::model::plan::Consistency;
use crate::model::{Constraint, Posted, VarId, View};
use std::collections::HashMap;

/// One propagator for a batch of constraints, with the positions in the
/// batch of the constraints it runs (the first is where it is posted).
pub type Grouped = (Result<Option<Box<dyn Propagator>>, Conflict>, Vec<usize>);

/// The propagators of constraints posted together, in the batch's order:
/// one per constraint, except that
/// - alldifferents by value elimination over shifts of the same variables
///   (views `x + c` or `-x + c`, each variable once) share one
///   [`AllDifferentGroup`], posted where the first of them is. The queens'
///   rows, diagonals and antidiagonals are such a group: one wake and one
///   removal per variable at a node instead of three;
/// - the constraints of one item at `Probing` (its assertion and the
///   definitions it made) share one [`Probe`], which tries values through
///   all of them together.
///
/// Every other constraint gets what [`create`] gives it.
pub fn group(batch: &[(&Posted, Consistency)]) -> Vec<Grouped> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut by_key: HashMap<Key, usize> = HashMap::new();
    let mut group_of: Vec<Option<usize>> = vec![None; batch.len()];
    for (i, &(posted, consistency)) in batch.iter().enumerate() {
        let key = if consistency == Consistency::Probing {
            Key::Item(&posted.origin, &posted.item)
        } else if let Some(vars) = shifted_vars(&posted.constraint, consistency) {
            Key::Shifted(vars)
        } else {
            continue;
        };
        let g = *by_key.entry(key).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(i);
        group_of[i] = Some(g);
    }
    let mut out = Vec::new();
    for (i, &(posted, consistency)) in batch.iter().enumerate() {
        let members = group_of[i].map_or(&[][..], |g| &groups[g][..]);
        if consistency == Consistency::Probing {
            if members[0] == i {
                out.push((probe(batch, members), members.to_vec()));
            }
        } else if members.len() < 2 {
            out.push((create(&posted.constraint, consistency), vec![i]));
        } else if members[0] == i {
            let views: Vec<Vec<View>> = members
                .iter()
                .map(|&m| match &batch[m].0.constraint {
                    Constraint::AllDifferent(views) => views.clone(),
                    _ => unreachable!("groups hold alldifferents"),
                })
                .collect();
            let propagator: Box<dyn Propagator> = Box::new(AllDifferentGroup::new(&views));
            out.push((Ok(Some(propagator)), members.to_vec()));
        }
    }
    out
}

/// What puts constraints in one group.
#[derive(PartialEq, Eq, Hash)]
enum Key<'a> {
    /// Alldifferents over the same variables.
    Shifted(Vec<VarId>),
    /// One item at `Probing`: its origin and label.
    Item(&'a str, &'a str),
}

/// One [`Probe`] over the propagators of `members` at `Domain`.
fn probe(
    batch: &[(&Posted, Consistency)],
    members: &[usize],
) -> Result<Option<Box<dyn Propagator>>, Conflict> {
    let mut inners = Vec::new();
    for &m in members {
        if let Some(p) = create(&batch[m].0.constraint, Consistency::Domain)? {
            inners.push(p);
        }
    }
    if inners.is_empty() {
        return Ok(None);
    }
    Ok(Some(Box::new(Probe::new(inners))))
}

/// The sorted variables of an alldifferent that can join a group: value
/// elimination, views of scale 1 or -1, no variable twice.
fn shifted_vars(constraint: &Constraint, consistency: Consistency) -> Option<Vec<VarId>> {
    let Constraint::AllDifferent(views) = constraint else {
        return None;
    };
    if consistency != Consistency::Propagate
        || views.len() < 2
        || views.iter().any(|v| v.scale != 1 && v.scale != -1)
    {
        return None;
    }
    let mut vars: Vec<VarId> = views.iter().map(|v| v.var).collect();
    vars.sort_unstable();
    let distinct = vars.windows(2).all(|w| w[0] != w[1]);
    distinct.then_some(vars)
}

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
            Box::new(Linear::new(terms, rel, rhs, reif))
        }
        Constraint::AllDifferent(views) if consistency == Consistency::Bounds => {
            Box::new(AllDifferentBounds::new(views))
        }
        Constraint::AllDifferent(views)
            if matches!(consistency, Consistency::Domain | Consistency::Probing) =>
        {
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
        Constraint::Div { x, y, z } => Box::new(DivRem::new(x, y, z, false)),
        Constraint::Rem { x, y, z } => Box::new(DivRem::new(x, y, z, true)),
        Constraint::Abs { x, z } => Box::new(Abs { x, z }),
        Constraint::Max { xs, z } => Box::new(Max { xs, z }),
        Constraint::Lex { xs, ys, strict } => Box::new(Lex { xs, ys, strict }),
        Constraint::Table { xs, rows } => Box::new(Table::new(xs, rows)),
        Constraint::Circuit { succ, base, sub } => {
            let components = matches!(consistency, Consistency::Domain | Consistency::Probing);
            Box::new(Circuit::new(succ, base, sub, components))
        }
        Constraint::Regular { xs, automaton } => Box::new(Regular::new(xs, &automaton)),
        Constraint::Connected {
            nodes,
            edges,
            links,
        } => Box::new(Connected::new(nodes, &edges, links)),
    };
    Ok(Some(match consistency {
        // Early, where a kind has no level of its own, is its propagator
        // (a spec-wide `early` applies where it is supported).
        Consistency::Propagate | Consistency::Bounds | Consistency::Early | Consistency::Domain => {
            propagator
        }
        Consistency::Probing => Box::new(Probe::new(vec![propagator])),
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
