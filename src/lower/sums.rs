//! Lowering pass: a linear constraint over exactly the terms of a sum that
//! lowering named with an auxiliary variable (`z = a - b`, made where a
//! global needed the sum as one variable) is posted on that variable
//! instead: `a - b >= 3` becomes `z >= 3` (common subexpression
//! elimination, as MiniZinc's compiler does). The constraint means the
//! same, but its bound now narrows the variable the global sees: the
//! Golomb ruler's implied bounds on each distance reach its
//! `alldifferent`.

use crate::constraints::Linear;
use crate::model::{Constraint, Model, VarId};
use std::collections::HashMap;

/// Rewrites, in place, every linear constraint whose terms (or their
/// negation) are those of a sum's definition.
pub(crate) fn post_on_sums(model: &mut Model) {
    // terms (sorted) -> (z, c) with `terms == z + c`.
    let mut sums: HashMap<Vec<(i64, VarId)>, (VarId, i64)> = HashMap::new();
    for posted in &model.constraints {
        if let (
            true,
            Constraint::Linear(Linear {
                terms,
                rel: crate::model::Rel::Eq,
                rhs,
                reif: None,
            }),
        ) = (posted.definition, &posted.constraint)
            // A definition only checked would leave the constraint only
            // checked too: it stays on the terms, where it propagates.
            && posted.consistency != Some(crate::model::plan::Consistency::Check)
            && let Some(&(_, z)) = terms
                .iter()
                .filter(|&&(a, v)| a == -1 && model.vars[v.index()].aux)
                .max_by_key(|t| t.1)
        {
            // `rest - z == rhs`: `rest == z + rhs`.
            let mut rest: Vec<(i64, VarId)> = terms.iter().copied().filter(|t| t.1 != z).collect();
            if rest.len() >= 2 {
                rest.sort_unstable_by_key(|t| t.1);
                let _ = sums.entry(rest).or_insert((z, *rhs));
            }
        }
    }
    if sums.is_empty() {
        return;
    }
    for posted in &mut model.constraints {
        let Constraint::Linear(Linear { terms, rhs, .. }) = &mut posted.constraint else {
            continue;
        };
        if terms.len() < 2 {
            continue;
        }
        let mut key = terms.clone();
        key.sort_unstable_by_key(|t| t.1);
        let negated: Vec<(i64, VarId)> = key.iter().map(|&(a, v)| (-a, v)).collect();
        // `terms rel rhs` with `terms == z + c`: `z rel rhs - c`; with
        // `terms == -(z + c)`: `-z rel rhs + c`.
        if let Some(&(z, c)) = sums.get(&key) {
            *terms = vec![(1, z)];
            *rhs -= c;
        } else if let Some(&(z, c)) = sums.get(&negated) {
            *terms = vec![(-1, z)];
            *rhs += c;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{IntervalSet, Posted, Rel};

    fn linear(terms: Vec<(i64, VarId)>, rel: Rel, rhs: i64, definition: bool) -> Posted {
        Posted {
            constraint: Constraint::Linear(Linear {
                terms,
                rel,
                rhs,
                reif: None,
            }),
            origin: String::new(),
            item: String::new(),
            definition,
            consistency: None,
        }
    }

    /// `z == x - y + 2` named; `x - y >= 3` (as `-x + y <= -3`) and
    /// `x - y != 5` land on `z`; `x + y <= 4` stays.
    #[test]
    fn constraints_over_a_named_sum_land_on_its_variable() {
        let mut model = Model::default();
        let x = model.new_var("x", IntervalSet::range(0, 9), false);
        let y = model.new_var("y", IntervalSet::range(0, 9), false);
        let z = model.new_var("_sum2", IntervalSet::range(-7, 11), true);
        // x - y - z == -2
        model
            .constraints
            .push(linear(vec![(1, x), (-1, y), (-1, z)], Rel::Eq, -2, true));
        model
            .constraints
            .push(linear(vec![(-1, x), (1, y)], Rel::Le, -3, false));
        model
            .constraints
            .push(linear(vec![(-1, y), (1, x)], Rel::Ne, 5, false));
        model
            .constraints
            .push(linear(vec![(1, x), (1, y)], Rel::Le, 4, false));
        post_on_sums(&mut model);
        let rewritten: Vec<_> = model.constraints.iter().map(|p| &p.constraint).collect();
        // x - y == z - 2: -(z - 2) <= -3 is -z <= -5; z - 2 != 5 is z != 7.
        assert_eq!(
            rewritten[1],
            &Constraint::Linear(Linear {
                terms: vec![(-1, z)],
                rel: Rel::Le,
                rhs: -5,
                reif: None
            })
        );
        assert_eq!(
            rewritten[2],
            &Constraint::Linear(Linear {
                terms: vec![(1, z)],
                rel: Rel::Ne,
                rhs: 7,
                reif: None
            })
        );
        assert_eq!(
            rewritten[3],
            &linear(vec![(1, x), (1, y)], Rel::Le, 4, false).constraint
        );
        assert_eq!(
            rewritten[0],
            &linear(vec![(1, x), (-1, y), (-1, z)], Rel::Eq, -2, true).constraint
        );
    }

    /// A sum defined under `consistency = "check"` only checks: the
    /// constraint stays on the terms, where it propagates.
    #[test]
    fn a_checked_definition_is_left_alone() {
        let mut model = Model::default();
        let x = model.new_var("x", IntervalSet::range(0, 9), false);
        let y = model.new_var("y", IntervalSet::range(0, 9), false);
        let z = model.new_var("_sum2", IntervalSet::range(-9, 9), true);
        let mut definition = linear(vec![(1, x), (-1, y), (-1, z)], Rel::Eq, 0, true);
        definition.consistency = Some(crate::model::plan::Consistency::Check);
        model.constraints.push(definition);
        let bound = linear(vec![(-1, x), (1, y)], Rel::Le, -7, false);
        model.constraints.push(bound.clone());
        post_on_sums(&mut model);
        assert_eq!(model.constraints[1], bound);
    }
}
