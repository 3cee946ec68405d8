//! Steps no small group of items finds by propagation. First by failed
//! values: a value of an open variable with which every live item and
//! fact, propagated together, fails; QuickXplain over the items and facts,
//! each check a propagation, keeps a minimal failing set, and deletion
//! with complete searches makes it minimal logically. When no value fails
//! so, by conflict: QuickXplain over every live item and fact with the
//! negated deduction ("the variable takes one of those values") as the
//! background, each check a complete search, which always finds a step
//! while a value that no solution takes is left. The same machinery says
//! why a player's givens have no solution.

use super::say::Words;
use super::state::{CHECK_NODES, Stepper, live_items};
use super::{Chain, Method, Step};
use crate::explain::conflict::{Budget, Conflict, minimal_conflict};
use crate::explain::items::Item;
use crate::explain::quickxplain::{Conflicts, with_posted};
use crate::facts::Fact;
use crate::facts::values::{self, Values};
use crate::model::VarId;
use crate::session::Session;
use crate::stop::Cause;

/// How many deductions (on the variables with the fewest values left) the
/// fallback explains before it takes the cheapest of their steps.
const TRIES: usize = 6;

/// How many the fallback explains by conflict (each takes many searches).
const SEARCH_TRIES: usize = 2;

/// The cheapest step by a failed value, else by conflict, over a few open
/// variables; `None` when no variable is open, or every step would combine
/// more items than allowed.
pub(super) fn conflict_step(s: &mut Stepper) -> Result<Option<Step>, Cause> {
    let mut open: Vec<VarId> = (s.declared.iter().copied())
        .filter(|&x| s.open(x))
        .collect();
    open.sort_by_key(|&x| (values::size(s.known(x)), x));
    let mut tries: Vec<(VarId, Values)> = failed_values(s, &open)?;
    let check = if tries.is_empty() {
        tries = (open.iter().take(SEARCH_TRIES))
            .map(|&x| (x, values::minus(s.known(x), &s.target[x.index()])))
            .collect();
        Check::Search
    } else {
        Check::Propagation
    };
    // The cheapest, and at the same cost the one with the shortest chain
    // (one without a chain last; the first of those): chains are looked
    // for among the cheapest alone.
    let mut steps: Vec<Step> = Vec::new();
    for (var, removed) in tries {
        // By propagation each search stops once it costs more than the
        // cheapest so far (by search a member found may yet go).
        let ceiling =
            (steps.iter().map(|step| step.cost).min()).filter(|_| check == Check::Propagation);
        let Some(step) = explain_removal(s, var, removed, check, ceiling)? else {
            continue;
        };
        if (s.settings.max_items).is_none_or(|most| step.uses.len() <= most) {
            steps.push(step);
        }
    }
    let cheapest = steps.iter().map(|step| step.cost).min();
    // Ranked by their drafts: only the chosen one's is finished.
    let mut best: Option<(Option<Chain>, Step)> = None;
    for step in steps.into_iter().filter(|step| Some(step.cost) == cheapest) {
        let chain = s.draft_chain(&step);
        let links = |chain: &Option<Chain>| chain.as_ref().map_or(usize::MAX, |c| c.links.len());
        if best
            .as_ref()
            .is_none_or(|(other, _)| links(&chain) < links(other))
        {
            best = Some((chain, step));
        }
    }
    let Some((chain, chosen)) = best else {
        return Ok(None);
    };
    // Made minimal logically once chosen: a complete search per piece; its
    // chain looked for again only if that dropped a piece.
    let mut step = match check {
        Check::Propagation => s.minimal(chosen.clone())?,
        Check::Search => chosen.clone(),
    };
    step.chain = if (&step.uses, &step.facts) == (&chosen.uses, &chosen.facts) {
        chain.and_then(|draft| s.finished_chain(&step, draft))
    } else {
        s.chain(&step)
    };
    Ok(Some(s.named(step)))
}

/// Up to [`TRIES`] values of `open` variables (in turn) with which every
/// live item and fact, propagated together, fail.
fn failed_values(s: &mut Stepper, open: &[VarId]) -> Result<Vec<(VarId, Values)>, Cause> {
    let live = live_items(s);
    let facts = s.facts_among(&s.declared.clone());
    let impossible: Vec<(VarId, Values)> = (open.iter())
        .map(|&var| (var, values::minus(s.known(var), &s.target[var.index()])))
        .collect();
    // Every live item and fact posted and propagated once; each value is
    // then tried on top of them, propagating only what it changes.
    s.with(&live, &facts, |session, alive| {
        let alive = alive && session.propagate_level();
        let mut failed = Vec::new();
        for (var, values) in impossible {
            for v in values.iter().flat_map(|&(lo, hi)| lo..=hi) {
                if session.stop().passed() {
                    return Err(session.stop().fired());
                }
                session.push();
                let fails = !alive || !session.narrow(var, &[(v, v)]) || !session.propagate_level();
                let _ = session.pop();
                if fails {
                    failed.push((var, vec![(v, v)]));
                    if failed.len() == TRIES {
                        return Ok(failed);
                    }
                }
            }
        }
        Ok(failed)
    })
}

/// The step "`var` takes none of `removed`" with a minimal set of items
/// and facts: QuickXplain by `check`, then, after propagation, deletion by
/// complete searches. `None` when it would cost more than `ceiling`.
fn explain_removal(
    s: &mut Stepper,
    var: VarId,
    removed: Values,
    check: Check,
    ceiling: Option<u64>,
) -> Result<Option<Step>, Cause> {
    let near = |item: &Item| item.scope.contains(&var);
    let mut live = live_items(s);
    live.sort_by_key(|&i| (!near(&s.items[i]), s.weights[i], i));
    let neighbours: Vec<VarId> = (live.iter())
        .filter(|&&i| near(&s.items[i]))
        .flat_map(|&i| s.items[i].scope.iter().copied())
        .collect();
    let mut facts = s.facts_among(&s.declared.clone());
    facts.sort_by_key(|x| (!neighbours.contains(x), *x));
    let known: Vec<Values> = facts.iter().map(|x| s.known(*x).clone()).collect();
    let mut asker = Asker::new(&mut s.session, &s.items, &live, &facts, &known, check);
    asker.var = Some(var);
    asker.ceiling = ceiling.map(|most| (most, &s.weights[..]));
    asker.push();
    let alive = asker.session.narrow(var, &removed);
    let all: Vec<usize> = (0..live.len() + facts.len()).collect();
    // By propagation QuickXplain's checks are exact (minimal logically
    // afterwards, by the caller); by search they are certified too.
    let budget = match check {
        Check::Propagation => Budget::EXACT,
        Check::Search => CHECKS,
    };
    let conflict = if alive {
        minimal_conflict(&mut asker, &all, budget)
    } else {
        Ok(Conflict::default())
    };
    asker.pop();
    let Conflict {
        members: conflict,
        unproven,
        given_up,
    } = conflict?;
    if given_up {
        return Ok(None);
    }
    let mut uses: Vec<usize> = (conflict.iter())
        .filter(|&&e| e < live.len())
        .map(|&e| live[e])
        .collect();
    let mut used: Vec<VarId> = (conflict.iter())
        .filter(|&&e| e >= live.len())
        .map(|&e| facts[e - live.len()])
        .collect();
    used.sort_unstable();
    uses.sort_unstable();
    let mut step = s.step(uses, &used, var, removed, Method::Conflict);
    step.minimal = unproven.is_empty();
    Ok(Some(step))
}

/// The checks of a step by conflict and of [`why_none`]: QuickXplain's
/// as the minimality checks of every step, and a certification of at most
/// 30,000 nodes (a player waits for a hint), naming what it leaves open.
const CHECKS: Budget = Budget {
    first: CHECK_NODES,
    most: 30_000,
};

/// Why the spec with `givens` has no solution: first a minimal set of the
/// givens that cannot all stand with every item (what a player wants to
/// know: which of their entries are wrong), then a minimal set of items
/// that rejects those givens. Together they are minimal: each given is
/// needed even with every item, each item with those givens.
pub(super) fn why_none(
    session: &mut Session,
    items: &[Item],
    initial: &[Values],
    givens: &[Fact],
) -> Result<WhyNone, Cause> {
    let all_items: Vec<usize> = (0..items.len()).collect();
    let vars: Vec<VarId> = givens.iter().map(|g| g.var).collect();
    let known: Vec<Values> = (givens.iter())
        .map(|g| values::both(&initial[g.var.index()], &g.values))
        .collect();
    let mut asker = Asker::new(session, items, &all_items, &vars, &known, Check::Search);
    let given_elements: Vec<usize> = (items.len()..items.len() + givens.len()).collect();
    let wrong = if givens.is_empty() {
        Default::default()
    } else {
        with_posted(&mut asker, &all_items, |asker| {
            minimal_conflict(asker, &given_elements, CHECKS)
        })?
    };
    let rules = with_posted(&mut asker, &wrong.members, |asker| {
        minimal_conflict(asker, &all_items, CHECKS)
    })?;
    let given = |members: &[usize]| -> Vec<Fact> {
        (members.iter())
            .map(|&e| givens[e - items.len()].clone())
            .collect()
    };
    let named = |members: &[usize]| -> Vec<String> {
        members.iter().map(|&e| items[e].name.clone()).collect()
    };
    drop(asker);
    let words = Words {
        lowered: session.lowered(),
        sources: session.sources(),
        items,
    };
    Ok(WhyNone {
        items: named(&rules.members),
        said: rules.members.iter().map(|&e| words.item(e)).collect(),
        givens: given(&wrong.members),
        unproven_items: named(&rules.unproven),
        unproven_givens: given(&wrong.unproven),
    })
}

/// Why a spec with givens has no solution (see `why_none`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WhyNone {
    /// The items' names, in spec order.
    pub items: Vec<String>,
    /// The same, each as its sentence says it (with its name).
    pub said: Vec<String>,
    /// The givens that cannot all stand, in the order given.
    pub givens: Vec<Fact>,
    /// Those of the items and givens not proven needed (the check without
    /// each ran out of nodes or time): empty when the set is minimal.
    pub unproven_items: Vec<String>,
    pub unproven_givens: Vec<Fact>,
}

/// How a set of items and facts is found to have no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Check {
    /// Propagation fails.
    Propagation,
    /// A complete search finds none (within the budget the check is given:
    /// one that runs out counts as a solution, keeping more).
    Search,
}

/// Items and known domains posted on a session for QuickXplain: element
/// `e < items.len()` is the item `items[e]`, the others the facts.
struct Asker<'a> {
    check: Check,
    session: &'a mut Session,
    all: &'a [Item],
    items: &'a [usize],
    facts: &'a [VarId],
    known: &'a [Values],
    /// The items posted, and how many at each open level.
    posted: Vec<usize>,
    marks: Vec<usize>,
    /// Decided first by a search: the variable the deduction is about.
    var: Option<VarId>,
    /// Per open level: whether a fact posted at it (or below) emptied a
    /// domain.
    dead: Vec<bool>,
    /// The most a conflict may cost, with the items' weights (a fact
    /// costs 1), as a step counts it: QuickXplain stops past it.
    ceiling: Option<(u64, &'a [u64])>,
}

impl<'a> Asker<'a> {
    fn new(
        session: &'a mut Session,
        all: &'a [Item],
        items: &'a [usize],
        facts: &'a [VarId],
        known: &'a [Values],
        check: Check,
    ) -> Asker<'a> {
        Asker {
            check,
            session,
            all,
            items,
            facts,
            known,
            posted: Vec::new(),
            marks: Vec::new(),
            var: None,
            dead: vec![false],
            ceiling: None,
        }
    }
}

impl Conflicts for Asker<'_> {
    fn push(&mut self) {
        self.session.push();
        self.dead.push(self.dead.last() == Some(&true));
        self.marks.push(self.posted.len());
    }

    fn pop(&mut self) {
        let _ = self.session.pop();
        let _ = self.dead.pop();
        if let Some(mark) = self.marks.pop() {
            self.posted.truncate(mark);
        }
    }

    fn post(&mut self, element: usize) {
        if let Some(&item) = self.items.get(element) {
            self.session
                .post_model_constraints(&self.all[item].constraints);
            self.posted.push(item);
            return;
        }
        let fact = element - self.items.len();
        if !self.session.narrow(self.facts[fact], &self.known[fact]) {
            *self.dead.last_mut().expect("a level is open") = true;
        }
    }

    fn nodes(&self) -> u64 {
        self.session.stats().nodes
    }

    fn enough(&self, found: &[usize]) -> bool {
        self.ceiling.is_some_and(|(most, weights)| {
            let cost = |&e: &usize| self.items.get(e).map_or(1, |&item| weights[item]);
            found.iter().map(cost).sum::<u64>() > most
        })
    }

    fn satisfiable(&mut self, nodes: u64) -> Result<Option<bool>, Cause> {
        if self.dead.last() == Some(&true) {
            return Ok(Some(false));
        }
        match self.check {
            Check::Propagation => {
                // Propagated where it stands, so a level above it starts
                // from this fixpoint and propagates only what it adds
                // (QuickXplain checks each level before it opens one
                // above; one that posts nothing has its parent's).
                let fixpoint = self.session.propagate_level();
                if !fixpoint {
                    *self.dead.last_mut().expect("a level is open") = true;
                }
                Ok(Some(fixpoint))
            }
            Check::Search => {
                // The items' auxiliary variables too: at `check` a rule
                // fails only once they are fixed as well.
                let mut first: Vec<VarId> = (self.posted.iter())
                    .flat_map(|&i| {
                        let item = &self.all[i];
                        item.scope.iter().chain(&item.links).copied()
                    })
                    .chain(self.var)
                    .collect();
                first.sort_unstable();
                first.dedup();
                self.session.decide_only(first);
                self.session.satisfiable_within(nodes)
            }
        }
    }
}
