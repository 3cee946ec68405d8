//! The chain of a step by contradiction: how the assumed value runs into
//! a clash, as a short sequence of implications in the spec's words ("if
//! x[2][2] = 5 then x[2][7] = 3 (rows[r=2]) then x[5][7] ≠ 3
//! (columns[c=7]) ... clash in columns[c=7]"), where the step's items and
//! facts alone show only a wall.
//!
//! Found by rounds of propagation, one item alone at a time, from the
//! step's facts and the assumption: each round, every item of the step
//! propagated alone on what the chain knows so far gives links (what it
//! removes, each link naming its item); the first round in which an item
//! fails ends the chain, so the chain has the fewest rounds. It is then
//! cut back to the links the clash needs: a link is kept when its
//! variable is one a kept link's item (or the clashing one) constrains.
//! Each link so follows from the facts and the links before it by its
//! item alone. A step whose items need each other's auxiliary variables
//! (or a search) to fail, or whose chain would pass through a hidden
//! variable, has no chain.

use super::state::Stepper;
use super::{Method, Step};
use crate::facts::values::{self, Values};
use crate::model::VarId;
use std::collections::{BTreeSet, HashMap};

/// The most rounds a chain is looked for in.
const MOST_ROUNDS: usize = 40;

/// The most propagations of one item alone a chain's cutting back may
/// take (counted, not timed, so the chain is the same on every run): past
/// it the chain is shown as cut so far, every link still following from
/// those before it. A chain that needs most of a hundred links (a
/// Nurikabe's island items, whose scope is the whole board) would
/// otherwise replay its suffix once per link, about 8,000 propagations.
const MOST_PROPAGATIONS: usize = 1_500;

/// One implication of a chain: its item alone, with the facts and the
/// links before it, removes `removed` from `var`, leaving `left`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub var: VarId,
    pub removed: Values,
    pub left: Values,
    /// The item it follows by (an index into the walk's items).
    pub item: usize,
}

/// From an assumed value to a clash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// The step's variable, assumed to take one of `assumed`.
    pub var: VarId,
    pub assumed: Values,
    pub links: Vec<Link>,
    /// The item that then has no solution.
    pub clash: usize,
}

impl Stepper {
    /// The chain of a step by contradiction (`None` for another step, or
    /// when propagating its items one at a time finds no clash).
    pub(super) fn chain(&mut self, step: &Step) -> Option<Chain> {
        let draft = self.draft_chain(step)?;
        self.finished_chain(step, draft)
    }

    /// A step's chain as the rounds find it, cut back to the links the
    /// clash needs by scope alone ([`Stepper::needed`]): valid link by
    /// link, but longer than the finished chain. Its length ranks steps
    /// before one is finished.
    pub(super) fn draft_chain(&mut self, step: &Step) -> Option<Chain> {
        let ([d], Method::Conflict) = (&step.deductions[..], step.method) else {
            return None;
        };
        self.alone_memo.clear();
        let mut known: HashMap<VarId, Values> = (step.facts.iter())
            .map(|f| (f.var, f.values.clone()))
            .collect();
        let before = self.chain_known(&known, d.var);
        let assumed = values::both(&before, &d.removed);
        let _ = known.insert(d.var, assumed.clone());
        let mut links: Vec<Link> = Vec::new();
        for _ in 0..MOST_ROUNDS {
            let mut found: Vec<Link> = Vec::new();
            for &item in &step.uses {
                let scope = self.items[item].scope.clone();
                let Some(now) = self.alone(item, &scope, &known) else {
                    return Some(Chain {
                        var: d.var,
                        assumed,
                        links: self.needed(links, item),
                        clash: item,
                    });
                };
                for (&var, left) in scope.iter().zip(now) {
                    let removed = values::minus(&self.chain_known(&known, var), &left);
                    if !removed.is_empty() {
                        found.push(Link {
                            var,
                            removed,
                            left,
                            item,
                        });
                    }
                }
            }
            let mut any = false;
            for link in found {
                // None: another link of this round removed it already.
                if let Some(link) = self.narrowed(&mut known, link) {
                    links.push(link);
                    any = true;
                }
            }
            if !any {
                return None;
            }
        }
        None
    }

    /// `draft` (of `step`) less every link the clash does not need; `None`
    /// when a link left passes through a hidden variable.
    pub(super) fn finished_chain(&mut self, step: &Step, draft: Chain) -> Option<Chain> {
        let mut base: HashMap<VarId, Values> = (step.facts.iter())
            .map(|f| (f.var, f.values.clone()))
            .collect();
        let _ = base.insert(draft.var, draft.assumed.clone());
        let (links, clash) = self.tightened(&base, draft.links, draft.clash);
        let chain = Chain {
            links,
            clash,
            ..draft
        };
        let hidden = (chain.links.iter()).any(|l| !self.is_shown(l.var));
        (!hidden).then_some(chain)
    }

    /// `links` less the links without which the rest still follows, link
    /// by link, and still ends in a clash (one propagation of one item a
    /// link): the links and the clashing item. Runs of links are dropped
    /// first, halving the run down to one link (Zeller's delta debugging):
    /// a chain of a hundred links of which a handful are needed is cut in
    /// a few dozen replays, where dropping one link at a time replays the
    /// chain once per link. No single link of the result can go.
    fn tightened(
        &mut self,
        base: &HashMap<VarId, Values>,
        mut links: Vec<Link>,
        mut clash: usize,
    ) -> (Vec<Link>, usize) {
        let budget = self.alone_memo.len() + MOST_PROPAGATIONS;
        let mut run = links.len().div_ceil(2).max(1);
        loop {
            let mut i = 0;
            while i < links.len() {
                if self.alone_memo.len() > budget {
                    return (links, clash);
                }
                let mut fewer = links.clone();
                let _ = fewer.drain(i..(i + run).min(links.len()));
                match self.replayed(base, fewer, clash) {
                    Some((fewer, new_clash)) => (links, clash) = (fewer, new_clash),
                    None => i += run,
                }
            }
            if run == 1 {
                return (links, clash);
            }
            run = run.div_ceil(2);
        }
    }

    /// `links` replayed from `base`: each link's item alone must confine
    /// its variable to the link's values, and `clash` fail at the end (an
    /// item failing sooner ends the chain there). The links as they read
    /// then (each removing what is still possible; one that removes
    /// nothing dropped), or `None` when a link no longer follows or
    /// nothing fails.
    fn replayed(
        &mut self,
        base: &HashMap<VarId, Values>,
        links: Vec<Link>,
        clash: usize,
    ) -> Option<(Vec<Link>, usize)> {
        let mut known = base.clone();
        let mut kept: Vec<Link> = Vec::new();
        for link in links {
            let scope = self.items[link.item].scope.clone();
            let Some(now) = self.alone(link.item, &scope, &known) else {
                return Some((kept, link.item));
            };
            let at = scope.iter().position(|&x| x == link.var)?;
            if !values::minus(&now[at], &link.left).is_empty() {
                return None;
            }
            kept.extend(self.narrowed(&mut known, link));
        }
        let scope = self.items[clash].scope.clone();
        self.alone(clash, &scope, &known)
            .is_none()
            .then_some((kept, clash))
    }

    /// `link` applied to what the chain knows: its variable narrowed to
    /// the link's values, and the link as it then reads (removing what was
    /// still possible); `None` when it removes nothing more.
    fn narrowed(&self, known: &mut HashMap<VarId, Values>, mut link: Link) -> Option<Link> {
        let had = self.chain_known(known, link.var);
        let left = values::both(&had, &link.left);
        if left == had {
            return None;
        }
        link.removed = values::minus(&had, &left);
        link.left = left.clone();
        let _ = known.insert(link.var, left);
        Some(link)
    }

    /// What the chain knows of `var`: its entry, else nothing.
    fn chain_known(&self, known: &HashMap<VarId, Values>, var: VarId) -> Values {
        (known.get(&var).cloned()).unwrap_or_else(|| self.initial[var.index()].clone())
    }

    /// `item` alone propagated on what the chain knows of its `scope`:
    /// the scope's domains after, `None` when it fails.
    fn alone(
        &mut self,
        item: usize,
        scope: &[VarId],
        known: &HashMap<VarId, Values>,
    ) -> Option<Vec<Values>> {
        // A pure function of the item and its scope's domains: a chain's
        // rounds and replays ask the same again and again.
        let key = (item, scope.iter().map(|x| known.get(x).cloned()).collect());
        if let Some(now) = self.alone_memo.get(&key) {
            return now.clone();
        }
        let now = self.propagated_alone(item, scope, known);
        let _ = self.alone_memo.insert(key, now.clone());
        now
    }

    /// [`Stepper::alone`] by propagation.
    fn propagated_alone(
        &mut self,
        item: usize,
        scope: &[VarId],
        known: &HashMap<VarId, Values>,
    ) -> Option<Vec<Values>> {
        self.session.push();
        self.session
            .post_model_constraints(&self.items[item].constraints);
        let alive = self.base_alive
            && (scope.iter())
                .filter_map(|x| known.get(x).map(|values| (*x, values)))
                .all(|(x, values)| self.session.narrow(x, values));
        let now = (alive && self.session.propagate_level())
            .then(|| scope.iter().map(|&x| self.session.domain_now(x)).collect());
        let _ = self.session.pop();
        now
    }

    /// The links the clash of `clash` needs, in order: from the last, a
    /// link is kept when a kept link's item (or the clash's) constrains
    /// its variable.
    fn needed(&self, links: Vec<Link>, clash: usize) -> Vec<Link> {
        let mut needed: BTreeSet<VarId> = self.items[clash].scope.iter().copied().collect();
        let mut kept: Vec<Link> = Vec::new();
        for link in links.into_iter().rev() {
            if needed.contains(&link.var) {
                needed.extend(self.items[link.item].scope.iter().copied());
                kept.push(link);
            }
        }
        kept.reverse();
        kept
    }
}
