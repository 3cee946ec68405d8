//! Steps found by propagation: one item alone on the known domains, then
//! two, then three items sharing variables, each propagated at its own
//! consistency level. What a group removes becomes a candidate step, one
//! per variable and value (so that each value is found with the facts it
//! needs alone); [`settle`] makes a candidate minimal, logically, then
//! merges into it every removal its items make of the same facts, and
//! names it, before it is taken.

use super::state::{Stepper, live_items, scope_of};
use super::{Candidate, Method, Step};
use crate::explain::conflict::{Budget, minimal_conflict};
use crate::explain::quickxplain::Conflicts;
use crate::facts::values::{self, Values};
use crate::model::VarId;
use crate::session::Session;
use crate::stop::Cause;
use std::collections::{BTreeSet, HashMap};

/// The most groups of items one search for steps tries at a size; a spec
/// with more goes on to larger groups, then to the fallback.
const MOST_GROUPS: usize = 20_000;

/// The most items a step found by propagation combines.
const MOST_PROPAGATED: usize = 3;

/// The candidates of the smallest groups of items that deduce anything,
/// cheapest first (by the items' weights and the facts on their
/// variables); empty when groups of up to three items deduce nothing.
///
/// Every group is checked on one level where every known domain is
/// narrowed and the definitions propagated once ([`KnownLevel`]): a check
/// then propagates only the items it posts, not the facts of its scope
/// again (an island's item has a whole board in its scope, each cell
/// waking its definitions). [`settle`] checks each candidate again on the
/// facts of its items' scope alone.
pub(super) fn propagation_candidates(s: &mut Stepper) -> Result<Vec<Candidate>, Cause> {
    let live = live_items(s);
    let most = s.settings.max_items.unwrap_or(MOST_PROPAGATED);
    let mut level = KnownLevel::open(s);
    let mut result = Ok(Vec::new());
    for size in 1..=most.min(MOST_PROPAGATED) {
        match candidates_of_size(s, &mut level, &live, size) {
            Ok(found) if found.is_empty() => {}
            other => {
                result = other;
                break;
            }
        }
    }
    level.close(s);
    result
}

/// The candidates of the groups of `size` items, cheapest first.
fn candidates_of_size(
    s: &mut Stepper,
    level: &mut KnownLevel,
    live: &[usize],
    size: usize,
) -> Result<Vec<Candidate>, Cause> {
    let mut found: Vec<(u64, Candidate)> = Vec::new();
    if size > 1 && level.near.is_none() {
        level.near = Some(neighbours(s, level.alive, live));
    }
    for group in groups(live, size, level.near.as_ref()) {
        if s.session.stop().passed() {
            return Err(s.session.stop().fired());
        }
        let scope = scope_of(s, &group);
        if !scope.iter().any(|&x| s.open(x)) {
            continue;
        }
        // Nothing it knows changed since it deduced nothing.
        if let Some(&then) = s.quiet.get(&group)
            && scope.iter().all(|x| s.changed[x.index()] <= then)
        {
            continue;
        }
        s.checks += 1;
        // A conflict cannot happen: the known domains have a solution.
        let Some(now) = level.propagated(s, &group, &scope) else {
            continue;
        };
        let before = found.len();
        for (&var, domain) in scope.iter().zip(now) {
            let removed = values::minus(s.known(var), &domain);
            for removed in one_by_one(removed) {
                let items = group.clone();
                found.push((
                    0,
                    Candidate {
                        items,
                        var,
                        removed,
                    },
                ));
            }
        }
        if found.len() == before {
            let _ = s.quiet.insert(group, s.taken);
        } else {
            let estimate = s.cost(&group, s.facts_among(&scope).len());
            for (cost, _) in &mut found[before..] {
                *cost = estimate;
            }
        }
    }
    // Among steps of one cost, those that fix a variable first.
    let key = |(estimate, c): &(u64, Candidate)| {
        let left = values::size(&values::minus(s.known(c.var), &c.removed));
        (*estimate, left != 1, c.var, c.items.clone())
    };
    found.sort_by_cached_key(key);
    Ok(found.into_iter().map(|(_, c)| c).collect())
}

/// A session level holding every known domain, the definitions
/// propagated on them: the ground every group of one search for steps is
/// checked on. Without it (when the known domains fail there, which
/// only a walk to a conflict meets), each check narrows its own facts.
struct KnownLevel {
    /// Whether the level is open and at its fixpoint.
    alive: bool,
    /// Each live item's neighbours, the items a group may join it with
    /// (see [`neighbours`]); found once, when groups of two are first
    /// needed.
    near: Option<HashMap<usize, Vec<usize>>>,
}

impl KnownLevel {
    fn open(s: &mut Stepper) -> KnownLevel {
        s.session.push();
        let facts = s.facts_among(&s.declared);
        let mut alive = s.base_alive;
        for &x in &facts {
            alive = alive && s.session.narrow(x, &s.known[x.index()]);
        }
        alive = alive && s.session.propagate_level();
        if !alive {
            let _ = s.session.pop();
        }
        KnownLevel { alive, near: None }
    }

    /// The domains of `scope` once `group` is propagated on what is
    /// known; `None` on a conflict.
    fn propagated(&self, s: &mut Stepper, group: &[usize], scope: &[VarId]) -> Option<Vec<Values>> {
        if !self.alive {
            let facts = s.facts_among(scope);
            return s.with(group, &facts, |session, alive| {
                (alive && session.propagate_level())
                    .then(|| scope.iter().map(|&x| session.domain_now(x)).collect())
            });
        }
        s.session.push();
        for &i in group {
            s.session.post_model_constraints(&s.items[i].constraints);
        }
        // A domain as large as known is the known one (the level narrowed
        // it so): only the narrowed ones are read.
        let alive = s.session.propagate_level();
        let (known, session) = (&s.known, &s.session);
        let now = alive.then(|| {
            (scope.iter())
                .map(|&x| {
                    let same = session.domain_size(x) == values::size(&known[x.index()]);
                    if same {
                        known[x.index()].clone()
                    } else {
                        session.domain_now(x)
                    }
                })
                .collect()
        });
        let _ = s.session.pop();
        now
    }

    fn close(self, s: &mut Stepper) {
        if self.alive {
            let _ = s.session.pop();
        }
    }
}

/// The most values a candidate is split into, one candidate each.
const MOST_SPLIT: u64 = 64;

/// `removed` one value at a time (each found with the facts it needs
/// alone: "7 is already in row 6" apart from "3 is"); a wide set whole.
fn one_by_one(removed: Values) -> Vec<Values> {
    if values::size(&removed) > MOST_SPLIT {
        return vec![removed];
    }
    (removed.iter())
        .flat_map(|&(lo, hi)| lo..=hi)
        .map(|v| vec![(v, v)])
        .collect()
}

/// The candidate as a minimal step on what is known now (`None` when
/// earlier steps already removed its values): facts dropped while
/// propagation still deduces it, then facts and items dropped while it
/// still follows by complete search.
pub(super) fn settle(s: &mut Stepper, c: Candidate) -> Result<Option<Step>, Cause> {
    let removed = values::both(&c.removed, s.known(c.var));
    if removed.is_empty() {
        return Ok(None);
    }
    let var = c.var;
    let deduces = |s: &mut Stepper, facts: &[VarId]| {
        s.with(&c.items, facts, |session, alive| {
            !alive
                || !session.propagate_level()
                || values::both(&session.domain_now(var), &removed).is_empty()
        })
    };
    let mut facts = s.facts_among(&scope_of(s, &c.items));
    // Found on every known domain: when the scope's facts alone do not
    // give it, the others are its facts too (then dropped while they
    // are not needed), and without them all it is no candidate.
    if !deduces(s, &facts) {
        facts = s.facts_among(&s.declared);
        if !deduces(s, &facts) {
            return Ok(None);
        }
    }
    // The strong facts are kept first, so the weak ones go.
    facts.sort_by_key(|x| std::cmp::Reverse(values::size(s.known(*x))));
    facts.reverse();
    facts = needed_facts(s, &c.items, facts, var, &removed)?;
    facts.sort_unstable();
    let step = s.step(c.items, &facts, var, removed, Method::Propagation);
    let step = s.minimal(step)?;
    let step = s.merged(step);
    Ok(Some(s.named(step)))
}

/// A minimal set of `facts` (which deduce it) with which `items` still
/// deduce that `var` takes none of `removed` by propagation, earlier facts
/// kept rather than later ones: QuickXplain over the facts, each check
/// one propagation on top of the last.
fn needed_facts(
    s: &mut Stepper,
    items: &[usize],
    facts: Vec<VarId>,
    var: VarId,
    removed: &Values,
) -> Result<Vec<VarId>, Cause> {
    let known: Vec<Values> = facts.iter().map(|x| s.known(*x).clone()).collect();
    let order: Vec<usize> = (0..facts.len()).collect();
    let kept = s.with(items, &[], |session, alive| {
        let mut deducer = Deducer {
            session,
            facts: &facts,
            known: &known,
            var,
            removed,
            dead: vec![!alive],
        };
        minimal_conflict(&mut deducer, &order, Budget::EXACT)
    })?;
    Ok(kept.members.iter().map(|&e| facts[e]).collect())
}

/// Facts narrowed on top of some items for QuickXplain: a set "has a
/// solution" while its propagation leaves `var` one of `removed`.
struct Deducer<'a> {
    session: &'a mut Session,
    facts: &'a [VarId],
    known: &'a [Values],
    var: VarId,
    removed: &'a Values,
    /// Per open level: whether it (or one below) failed.
    dead: Vec<bool>,
}

impl Conflicts for Deducer<'_> {
    fn push(&mut self) {
        self.session.push();
        self.dead.push(self.dead.last() == Some(&true));
    }

    fn pop(&mut self) {
        let _ = self.session.pop();
        let _ = self.dead.pop();
    }

    fn post(&mut self, element: usize) {
        if !self
            .session
            .narrow(self.facts[element], &self.known[element])
        {
            *self.dead.last_mut().expect("a level is open") = true;
        }
    }

    fn satisfiable(&mut self, _nodes: u64) -> Result<Option<bool>, Cause> {
        if self.dead.last() == Some(&true) {
            return Ok(Some(false));
        }
        // Propagated where it stands: a level above starts from here.
        if !self.session.propagate_level() {
            *self.dead.last_mut().expect("a level is open") = true;
            return Ok(Some(false));
        }
        let left = values::both(&self.session.domain_now(self.var), self.removed);
        Ok(Some(!left.is_empty()))
    }

    fn nodes(&self) -> u64 {
        0
    }
}

/// Whether what the candidate was settled on (the known domains of its
/// items' variables after `since` steps) changed since: then its step is
/// settled again, so that it never repeats a deduction or cites a stale
/// fact.
pub(super) fn stale(s: &Stepper, c: &Candidate, since: usize) -> bool {
    (scope_of(s, &c.items).iter()).any(|x| s.changed[x.index()] > since)
}

/// The groups of `size` live items (at most [`MOST_GROUPS`]), in order:
/// each item alone, or joined with its neighbours (`near`) and theirs.
fn groups(
    live: &[usize],
    size: usize,
    near: Option<&HashMap<usize, Vec<usize>>>,
) -> Vec<Vec<usize>> {
    let Some(near) = near.filter(|_| size > 1) else {
        return live.iter().map(|&i| vec![i]).collect();
    };
    let mut groups: BTreeSet<Vec<usize>> = BTreeSet::new();
    for &i in live {
        for &j in &near[&i] {
            if size == 2 {
                let mut g = vec![i, j];
                g.sort_unstable();
                let _ = groups.insert(g);
            } else {
                for &k in near[&i].iter().chain(&near[&j]) {
                    if k != i && k != j {
                        let mut g = vec![i, j, k];
                        g.sort_unstable();
                        let _ = groups.insert(g);
                    }
                }
            }
            if groups.len() >= MOST_GROUPS {
                return groups.into_iter().collect();
            }
        }
    }
    groups.into_iter().collect()
}

/// Each live item's neighbours (sorted, without itself): the items it can
/// tell more together than alone. On the level of what is known
/// (`known_level`), an item's neighbours are those whose constraints
/// watch a variable its propagation alone narrows, or that narrow alone
/// a variable its constraints watch: two items neither of which narrows
/// what the other watches reach together the fixpoints each reaches
/// alone (the definitions between them only pass on what each narrows),
/// and those deduce nothing on the known domains when groups of two are
/// tried. Without that level, the items sharing an auxiliary variable.
fn neighbours(s: &mut Stepper, known_level: bool, live: &[usize]) -> HashMap<usize, Vec<usize>> {
    let (narrows, watches): (Vec<Vec<VarId>>, Vec<Vec<VarId>>) = if known_level {
        let model = s.session.lowered().model();
        let watches: Vec<Vec<VarId>> = (live.iter())
            .map(|&i| {
                let mut vars: Vec<VarId> = (s.items[i].constraints.iter())
                    .flat_map(|&c| model.constraints[c].constraint.vars())
                    .collect();
                vars.sort_unstable();
                vars.dedup();
                vars
            })
            .collect();
        let narrows = (live.iter().zip(&watches))
            .map(|(&i, watched)| {
                s.session.push();
                s.session.post_model_constraints(&s.items[i].constraints);
                let mark = s.session.changes_mark();
                let alive = s.session.propagate_level();
                let narrowed = s.session.changed_since(mark);
                let _ = s.session.pop();
                if alive { narrowed } else { watched.clone() }
            })
            .collect();
        (narrows, watches)
    } else {
        let links: Vec<Vec<VarId>> = (live.iter()).map(|&i| s.items[i].links.clone()).collect();
        (links.clone(), links)
    };
    let mut watchers: HashMap<VarId, Vec<usize>> = HashMap::new();
    for (at, vars) in watches.iter().enumerate() {
        for &x in vars {
            watchers.entry(x).or_default().push(at);
        }
    }
    let mut near: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); live.len()];
    for (at, vars) in narrows.iter().enumerate() {
        for x in vars {
            for &other in watchers.get(x).into_iter().flatten() {
                if other != at {
                    let _ = near[at].insert(live[other]);
                    let _ = near[other].insert(live[at]);
                }
            }
        }
    }
    (live.iter().copied())
        .zip(near.into_iter().map(|set| set.into_iter().collect()))
        .collect()
}
