//! Model constraints to propagators: each kind's home creates its own
//! ([`super::Primitive::propagator`], which may decide a constant one
//! here), and posting wraps it for its level: `Consistency::Check` so it
//! only tests full assignments, `Probing` in a [`Probe`] over the
//! propagators of one item. Constraints posted together can share one
//! propagator: see [`group`]. The engine's constructors from a model
//! live here too, the layer that knows both.

use super::{Constraint, Posted};
use crate::engine::Engine;
use crate::engine::probing::Probe;
use crate::engine::propagator::{CheckOnly, Propagator};
use crate::engine::propagators::all_different_group::AllDifferentGroup;
use crate::engine::propagators::value_channel::ValueChannel;
use crate::engine::store::Conflict;
use crate::vocab::{Consistency, IntervalSet, Lit, VarId, View};
use std::collections::HashMap;

/// One propagator for a batch of constraints, with the positions in the
/// batch of the constraints it runs (the first is where it is posted).
pub(crate) type Grouped = (Result<Option<Box<dyn Propagator>>, Conflict>, Vec<usize>);

/// The propagators of constraints posted together, in the batch's order:
/// one per constraint, except that
/// - alldifferents by value elimination over shifts of the same variables
///   (views `x + c` or `-x + c`, each variable once) share one
///   [`AllDifferentGroup`], posted where the first of them is. The queens'
///   rows, diagonals and antidiagonals are such a group: one wake and one
///   removal per variable at a node instead of three;
/// - the reified equalities of one variable with a constant (`b <-> x ==
///   v`, or `!=`) share one [`ValueChannel`], posted where the first of
///   them is: a Nurikabe cell's fourteen island literals are one watch
///   on the cell instead of fourteen;
/// - the constraints of one item at `Probing` (its assertion and the
///   definitions it made) share one [`Probe`], which tries values through
///   all of them together.
///
/// Every other constraint gets what [`create`] gives it.
pub(crate) fn group(batch: &[(&Posted, Consistency)]) -> Vec<Grouped> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut by_key: HashMap<Key, usize> = HashMap::new();
    let mut group_of: Vec<Option<usize>> = vec![None; batch.len()];
    for (i, &(posted, consistency)) in batch.iter().enumerate() {
        let key = if consistency == Consistency::Probing {
            Key::Item(&posted.origin, &posted.item)
        } else if let Constraint::AllDifferent(all) = &posted.constraint
            && let Some(vars) = all.shifted_vars(consistency)
        {
            Key::Shifted(vars)
        } else if let Constraint::Linear(linear) = &posted.constraint
            && let Some((x, _, _)) = linear.value_literal(consistency)
        {
            Key::Channel(x)
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
            out.push((Ok(Some(grouped(batch, members))), members.to_vec()));
        }
    }
    out
}

/// The one propagator of a group of two or more, by the kind of its
/// members (one kind a group, see [`Key`]).
fn grouped(batch: &[(&Posted, Consistency)], members: &[usize]) -> Box<dyn Propagator> {
    let constraints = members
        .iter()
        .map(|&m| (&batch[m].0.constraint, batch[m].1));
    match &batch[members[0]].0.constraint {
        Constraint::AllDifferent(_) => {
            let views: Vec<Vec<View>> = constraints
                .map(|(c, _)| match c {
                    Constraint::AllDifferent(all) => all.0.clone(),
                    _ => unreachable!("an alldifferent's group holds alldifferents"),
                })
                .collect();
            Box::new(AllDifferentGroup::new(&views))
        }
        Constraint::Linear(_) => {
            let literals: Vec<(VarId, i64, Lit)> = constraints
                .map(|(c, level)| match c {
                    Constraint::Linear(l) => l.value_literal(level),
                    _ => None,
                })
                .map(|member| member.expect("a value channel's group holds its literals"))
                .collect();
            let x = literals[0].0;
            Box::new(ValueChannel::new(
                x,
                literals.into_iter().map(|(_, v, lit)| (v, lit)).collect(),
            ))
        }
        _ => unreachable!("groups hold alldifferents or reified equalities"),
    }
}

/// What puts constraints in one group.
#[derive(PartialEq, Eq, Hash)]
enum Key<'a> {
    /// Alldifferents over the same variables.
    Shifted(Vec<VarId>),
    /// Reified equalities of one variable with constants.
    Channel(VarId),
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

/// The propagator for one constraint, or `Ok(None)` when it always holds.
pub(crate) fn create(
    constraint: &Constraint,
    consistency: Consistency,
) -> Result<Option<Box<dyn Propagator>>, Conflict> {
    let Some(propagator) = constraint.propagator(consistency)? else {
        return Ok(None);
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

/// What an engine is built from: the variables' domains and the posted
/// constraints. The flat model (`model::Model`, a layer above) is one.
pub trait Network {
    fn domains(&self) -> impl Iterator<Item = &IntervalSet>;
    fn posted(&self) -> &[Posted];
}

/// Posting is this layer's: the engine knows propagators, not the kinds.
impl Engine {
    /// An engine with every variable and constraint of `model` posted.
    pub fn new(model: &impl Network, consistency: Consistency) -> Engine {
        let mut engine = Engine::empty(consistency);
        for domain in model.domains() {
            let _ = engine.add_var(domain);
        }
        let all: Vec<(usize, &Posted)> = model.posted().iter().enumerate().collect();
        engine.post_all(&all);
        engine
    }

    /// Posts constraints together, each with its index in the model (at
    /// the root, with no search running); constraints posted together may
    /// share a propagator (see `group`).
    pub fn post_all(&mut self, batch: &[(usize, &Posted)]) {
        // Spec-wide probing is the engine's (see `probing`): each
        // constraint without a level of its own works at `Domain`.
        let default = match self.consistency() {
            Consistency::Probing => Consistency::Domain,
            level => level,
        };
        let constraints: Vec<_> = batch
            .iter()
            .map(|&(_, p)| (p, p.consistency.unwrap_or(default)))
            .collect();
        for (created, members) in group(&constraints) {
            match created {
                Ok(Some(p)) => self.add(p, members.iter().map(|&m| batch[m].0).collect()),
                Ok(None) => {}
                Err(Conflict) => self.fail_at_root(),
            }
        }
    }
}
