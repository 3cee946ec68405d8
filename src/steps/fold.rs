//! The player's variables only: a step speaks of the variables the player
//! declared (or the `[output]` board's cells), never of the model's own
//! bookkeeping (`shown = false`: Hidato's positions and successors).
//!
//! The walk reasons on every declared variable, the hidden ones too, so
//! that its steps stay small; what it shows is folded. A step that
//! narrows no shown variable is taken silently, and what it narrows is
//! remembered with its *support*: the items and the shown facts it came
//! from, its own facts on hidden variables traced back to theirs. A step
//! shown cites, in place of a fact on a hidden variable, that fact's
//! support, and shows its deductions on shown variables alone; it is then
//! made minimal again over its items and shown facts (each piece dropped
//! while every deduction still follows by complete search), so that the
//! sound-and-minimal promises hold of what is shown. A walk to a conflict
//! that empties a hidden variable ends on a [`Clash`]: that variable's
//! support, made minimal the same way.

use super::state::{Stepper, Support, drop_unneeded};
use super::{Clash, Deduction, Step};
use crate::facts::values;
use crate::model::VarId;
use crate::stop::Cause;
use std::collections::BTreeSet;

impl Stepper {
    /// Whether steps show `var`.
    pub fn is_shown(&self, var: VarId) -> bool {
        self.shown_mask[var.index()]
    }

    /// The items and shown facts a step rests on: its own, each fact on a
    /// hidden variable replaced by its support.
    fn traced(&self, step: &Step) -> Support {
        let mut support = Support {
            items: step.uses.iter().copied().collect(),
            facts: BTreeSet::new(),
        };
        for fact in &step.facts {
            if self.is_shown(fact.var) {
                let _ = support.facts.insert(fact.var);
            } else if let Some(behind) = self.support.get(&fact.var) {
                support.items.extend(behind.items.iter().copied());
                support.facts.extend(behind.facts.iter().copied());
            }
        }
        support
    }

    /// The step as shown (`None`: it narrows hidden variables alone),
    /// called before it is taken; remembers the support of what it
    /// narrows of the hidden variables.
    pub(super) fn fold(&mut self, step: &Step) -> Result<Option<Step>, Cause> {
        let support = self.traced(step);
        for d in &step.deductions {
            if !self.is_shown(d.var) {
                let known = self.support.entry(d.var).or_default();
                known.items.extend(support.items.iter().copied());
                known.facts.extend(support.facts.iter().copied());
            }
        }
        let shown: Vec<Deduction> = (step.deductions.iter())
            .filter(|d| self.is_shown(d.var))
            .cloned()
            .collect();
        if shown.is_empty() {
            return Ok(None);
        }
        let own_facts: BTreeSet<VarId> = step.facts.iter().map(|f| f.var).collect();
        let unchanged = shown.len() == step.deductions.len()
            && support.items.len() == step.uses.len()
            && support.facts == own_facts;
        if unchanged {
            return Ok(Some(step.clone()));
        }
        let uses: Vec<usize> = support.items.into_iter().collect();
        let facts: Vec<VarId> = support.facts.into_iter().collect();
        let folded = Step {
            cost: self.cost(&uses, facts.len()),
            facts: self.facts(&facts),
            uses,
            deductions: shown,
            method: step.method,
            minimal: step.minimal,
            technique: step.technique.clone(),
            chain: None,
        };
        // Cheap checks first: most pieces of a long trace go by propagation.
        let folded = self.propagation_minimal(folded);
        let mut folded = self.minimal(folded)?;
        folded.chain = self.chain(&folded);
        Ok(Some(self.named(folded)))
    }
}

impl Stepper {
    /// The clash a walk to a conflict ends on when `var`, hidden, has no
    /// value left: the items and shown facts behind every step that
    /// narrowed it, less each fact, then each item, without which the rest
    /// still has no solution (each check a complete search; one that runs
    /// out keeps its piece, and the clash is not proven minimal).
    pub fn clash(&mut self, var: VarId) -> Result<Clash, Cause> {
        let support = self.support.get(&var).cloned().unwrap_or_default();
        let mut uses: Vec<usize> = support.items.into_iter().collect();
        let mut facts: Vec<VarId> = support.facts.into_iter().collect();
        debug_assert_ne!(
            self.fails(&uses, &facts, None)?,
            Some(false),
            "the support of an emptied variable has a solution"
        );
        let mut minimal = true;
        drop_unneeded(&mut facts, &mut minimal, |fewer| {
            self.fails(&uses, fewer, None)
        })?;
        drop_unneeded(&mut uses, &mut minimal, |fewer| {
            self.fails(fewer, &facts, None)
        })?;
        Ok(Clash {
            cost: self.cost(&uses, facts.len()),
            facts: self.facts(&facts),
            uses,
            minimal,
        })
    }

    /// `step` less each fact, then each item, without which propagating
    /// the rest still makes every one of its deductions (each check one
    /// propagation); as it is when they do not make them all to begin
    /// with (a link of its trace was found by a conflict).
    fn propagation_minimal(&mut self, mut step: Step) -> Step {
        let mut facts: Vec<VarId> = step.facts.iter().map(|f| f.var).collect();
        if !self.propagates(&step, &step.uses, &facts) {
            return step;
        }
        for fact in facts.clone() {
            let fewer: Vec<VarId> = facts.iter().copied().filter(|&f| f != fact).collect();
            if self.propagates(&step, &step.uses, &fewer) {
                facts = fewer;
            }
        }
        for item in step.uses.clone() {
            let fewer: Vec<usize> = step.uses.iter().copied().filter(|&i| i != item).collect();
            if !fewer.is_empty() && self.propagates(&step, &fewer, &facts) {
                step.uses = fewer;
            }
        }
        step.facts.retain(|f| facts.contains(&f.var));
        step.cost = self.cost(&step.uses, step.facts.len());
        step
    }

    /// Whether propagating `items` on `facts` makes each of the step's
    /// deductions (or fails).
    fn propagates(&mut self, step: &Step, items: &[usize], facts: &[VarId]) -> bool {
        self.with(items, facts, |session, alive| {
            !alive
                || !session.propagate_level()
                || (step.deductions.iter())
                    .all(|d| values::both(&session.domain_now(d.var), &d.removed).is_empty())
        })
    }
}
