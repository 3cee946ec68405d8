//! Steps found by propagation: one item alone on the known domains, then
//! two, then three items sharing variables, each propagated at its own
//! consistency level. What a group removes becomes a candidate step, one
//! per variable and value (so that each value is found with the facts it
//! needs alone); [`settle`] makes a candidate minimal, logically, then
//! merges into it every removal its items make of the same facts, and
//! names it, before it is taken.

use super::state::{Stepper, live_items, scope_of};
use super::{Candidate, Method, Step};
use crate::facts::values::{self, Values};
use crate::model::VarId;
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
pub(super) fn propagation_candidates(s: &mut Stepper) -> Result<Vec<Candidate>, Cause> {
    let live = live_items(s);
    let most = s.settings.max_items.unwrap_or(MOST_PROPAGATED);
    for size in 1..=most.min(MOST_PROPAGATED) {
        let mut found: Vec<(u64, Candidate)> = Vec::new();
        for group in groups(s, &live, size) {
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
            let facts = s.facts_among(&scope);
            let now = s.with(&group, &facts, |session, alive| {
                (alive && session.propagate_level()).then(|| {
                    scope
                        .iter()
                        .map(|&x| session.domain_now(x))
                        .collect::<Vec<_>>()
                })
            });
            // A conflict cannot happen: the known domains have a solution.
            let Some(now) = now else { continue };
            let estimate = s.cost(&group, facts.len());
            let before = found.len();
            for (&var, domain) in scope.iter().zip(now) {
                let removed = values::minus(s.known(var), &domain);
                for removed in one_by_one(removed) {
                    let items = group.clone();
                    found.push((
                        estimate,
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
            }
        }
        if !found.is_empty() {
            // Among steps of one cost, those that fix a variable first.
            let key = |(estimate, c): &(u64, Candidate)| {
                let left = values::size(&values::minus(s.known(c.var), &c.removed));
                (*estimate, left != 1, c.var, c.items.clone())
            };
            found.sort_by_cached_key(key);
            return Ok(found.into_iter().map(|(_, c)| c).collect());
        }
    }
    Ok(Vec::new())
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
    let mut facts = s.facts_among(&scope_of(s, &c.items));
    // The weakest facts are tried first, so the strong ones stay.
    facts.sort_by_key(|x| std::cmp::Reverse(values::size(s.known(*x))));
    for fact in facts.clone() {
        let fewer: Vec<VarId> = facts.iter().copied().filter(|&f| f != fact).collect();
        let still = s.with(&c.items, &fewer, |session, alive| {
            !alive
                || !session.propagate_level()
                || values::both(&session.domain_now(var), &removed).is_empty()
        });
        if still {
            facts = fewer;
        }
    }
    facts.sort_unstable();
    let step = s.step(c.items, &facts, var, removed, Method::Propagation);
    let step = s.minimal(step)?;
    let step = s.merged(step);
    Ok(Some(s.named(step)))
}

/// Whether what the candidate was settled on (the known domains of its
/// items' variables after `since` steps) changed since: then its step is
/// settled again, so that it never repeats a deduction or cites a stale
/// fact.
pub(super) fn stale(s: &Stepper, c: &Candidate, since: usize) -> bool {
    (scope_of(s, &c.items).iter()).any(|x| s.changed[x.index()] > since)
}

/// The groups of `size` live items connected by shared auxiliary
/// variables (at most [`MOST_GROUPS`]), in order. Items that share none
/// cannot deduce together what none deduces alone: each one's propagation
/// leaves the declared variables' known domains as they are (no group of
/// fewer items deduced anything), and only an auxiliary variable could
/// carry more from one to the other.
fn groups(s: &Stepper, live: &[usize], size: usize) -> Vec<Vec<usize>> {
    if size == 1 {
        return live.iter().map(|&i| vec![i]).collect();
    }
    let mut by_link: HashMap<VarId, Vec<usize>> = HashMap::new();
    for &i in live {
        for &x in &s.items[i].links {
            by_link.entry(x).or_default().push(i);
        }
    }
    let neighbours = |i: usize| -> BTreeSet<usize> {
        (s.items[i].links.iter())
            .flat_map(|x| by_link[x].iter().copied())
            .filter(|&j| j != i)
            .collect()
    };
    let mut groups: BTreeSet<Vec<usize>> = BTreeSet::new();
    for &i in live {
        let near = neighbours(i);
        for &j in &near {
            if size == 2 {
                let mut g = vec![i, j];
                g.sort_unstable();
                let _ = groups.insert(g);
            } else {
                for k in near.iter().copied().chain(neighbours(j)) {
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
