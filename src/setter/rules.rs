//! One rule alone, as a person reads a clue, for a sudoku book's
//! techniques (which read the alldifferents themselves): a Towers clue, a
//! KenKen cage or a Kakuro run on its own, propagated at `domain` (every
//! value of its scope that some way of satisfying it alone takes), read in
//! one of two ways:
//!
//! - from the values *placed* only (every other cell of its scope as if
//!   empty): "a 1 is seen, so the 5 is next to it"; "the 4 and the 5 are
//!   placed, so the clue 3 needs ..." — what Simon Tatham's Towers solver
//!   does at its easy level;
//! - from the *candidates* (every cell's values still possible): the
//!   exhaustive analysis of a clue, his hard level.
//!
//! The rules are the model's items (see [`crate::explain::items`]) other
//! than a lone alldifferent, which the techniques read themselves, and
//! only those whose declared variables all lie in the techniques'
//! alldifferents (whose values the techniques hold as bits).

use crate::explain::items::{self, Item};
use crate::lowered::Lowered;
use crate::model::{Constraint, Model, VarId};
use crate::session::Session;
use crate::source::Sources;
use crate::stop::Stop;
use std::collections::HashMap;

/// How a rule reads the cells of its scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reading {
    /// The values placed; the other cells as with nothing known.
    Placed,
    /// Every cell's candidates.
    Candidates,
}

/// The rules of a model, each ready to be propagated alone.
#[derive(Debug)]
pub struct Rules {
    /// The model's definitions only, at their fixpoint; a rule is posted
    /// and retracted per question.
    session: Session,
    alive: bool,
    rules: Vec<Item>,
    /// The scope's bits a rule last deduced nothing from, per reading: it
    /// is not asked again until they change.
    quiet: HashMap<(usize, Reading), Vec<u64>>,
}

impl Rules {
    /// The rules of `lowered` (the spec lowered at `domain`) over the
    /// variables `on` (indexed by variable) holds, whose names are
    /// `names` in the techniques' model (a rule whose variables are named
    /// otherwise there is left out).
    pub fn new(
        lowered: Lowered,
        sources: Sources,
        stop: &Stop,
        on: &[bool],
        names: &[&str],
    ) -> Rules {
        let mut session = Session::with_constraints(lowered, sources, |p| p.definition);
        session.set_stop(stop.clone());
        let alive = session.propagate_root();
        let rules = readable(session.lowered().model(), on, names);
        Rules {
            session,
            alive,
            rules,
            quiet: HashMap::new(),
        }
    }

    /// The first rule (in the spec's order) that, read as `reading`,
    /// removes a value from `masks` (each variable's values as bits above
    /// `base`): its deduction made; false when none removes one. A rule
    /// that fails empties its first variable (the clues contradict).
    pub fn narrow_one(&mut self, reading: Reading, masks: &mut [u64], base: i64) -> bool {
        for r in 0..self.rules.len() {
            let read: Vec<u64> = (self.rules[r].scope.iter())
                .map(|x| match (reading, masks[x.index()]) {
                    (Reading::Placed, m) if m.count_ones() != 1 => 0,
                    (_, m) => m,
                })
                .collect();
            if self.quiet.get(&(r, reading)) == Some(&read) {
                continue;
            }
            let scope = self.rules[r].scope.clone();
            match self.alone(r, &scope, &read, base) {
                None => {
                    masks[scope[0].index()] = 0;
                    return true;
                }
                Some(after) => {
                    let mut changed = false;
                    for (x, bits) in scope.iter().zip(after) {
                        let now = masks[x.index()] & bits;
                        changed |= now != masks[x.index()];
                        masks[x.index()] = now;
                    }
                    if changed {
                        return true;
                    }
                    let _ = self.quiet.insert((r, reading), read);
                }
            }
        }
        false
    }

    /// Rule `r` alone on its `scope` narrowed to `read` (0: as with nothing
    /// known): the scope's values after, as bits; `None` when it fails.
    fn alone(&mut self, r: usize, scope: &[VarId], read: &[u64], base: i64) -> Option<Vec<u64>> {
        let session = &mut self.session;
        session.push();
        session.post_model_constraints(&self.rules[r].constraints);
        let narrowed = (scope.iter().zip(read))
            .filter(|(_, bits)| **bits != 0)
            .all(|(&x, &bits)| session.narrow(x, &intervals(bits, base)));
        let after = (self.alive && narrowed && session.propagate_level()).then(|| {
            scope
                .iter()
                .map(|&x| bits_of(&session.domain_now(x), base))
                .collect()
        });
        let _ = session.pop();
        after
    }
}

/// Whether `model` asserts something other than an alldifferent or a
/// clue on one declared variable: most models the techniques read are a
/// sudoku's, whose items need no working out. (A product cage asserts
/// `z == 6` on its auxiliary product alone: a rule all the same.)
pub fn may_have_rules(model: &Model) -> bool {
    (model.constraints.iter()).any(|p| {
        let vars = p.constraint.vars();
        !p.definition
            && !matches!(p.constraint, Constraint::AllDifferent(_))
            && (vars.len() >= 2 || vars.iter().any(|x| model.vars[x.index()].aux))
    })
}

/// The items of `model` a rule is made of: not a lone alldifferent, over
/// two variables or more, each held by `on` and named as in `names`.
pub fn readable(model: &Model, on: &[bool], names: &[&str]) -> Vec<Item> {
    if !may_have_rules(model) {
        return Vec::new();
    }
    let mut rules = items::items(model);
    items::fill_scopes(model, &mut rules);
    let same = |x: &VarId| {
        let i = x.index();
        on.get(i) == Some(&true) && names.get(i) == Some(&model.vars[i].name.as_str())
    };
    rules.retain(|rule| {
        let lone_alldifferent = (rule.constraints.iter())
            .all(|&c| matches!(model.constraints[c].constraint, Constraint::AllDifferent(_)));
        !lone_alldifferent && rule.scope.len() >= 2 && rule.scope.iter().all(same)
    });
    rules
}

/// The values of `bits` above `base`, as sorted disjoint intervals.
fn intervals(bits: u64, base: i64) -> Vec<(i64, i64)> {
    let mut out: Vec<(i64, i64)> = Vec::new();
    for b in (0..64).filter(|b| bits >> b & 1 == 1) {
        let v = base + b;
        match out.last_mut() {
            Some((_, hi)) if *hi + 1 == v => *hi = v,
            _ => out.push((v, v)),
        }
    }
    out
}

/// The values of `domain` within the 64 above `base`, as bits.
fn bits_of(domain: &[(i64, i64)], base: i64) -> u64 {
    (domain.iter()).fold(0, |m, &(lo, hi)| {
        (lo.max(base)..=hi.min(base + 63)).fold(m, |m, v| m | 1 << (v - base))
    })
}

#[cfg(test)]
mod tests {
    use super::{bits_of, intervals};

    #[test]
    fn bits_and_intervals_are_inverse() {
        for bits in [0b1u64, 0b1011_0110, u64::MAX >> 1, 1 << 63] {
            assert_eq!(bits_of(&intervals(bits, -3), -3), bits);
        }
        assert_eq!(intervals(0b1101, 1), vec![(1, 1), (3, 4)]);
    }
}
