//! Values forward through a network of constraints: given the values of
//! some variables, the values the constraints determine. This is how a
//! function lowered once over input variables (a game's answer) is then
//! evaluated for many concrete inputs without the propagation engine: a
//! lowered expression is a network of definitions (a sum, a product, a
//! reified comparison, ...), each fixing its auxiliary variable once its
//! inputs are known, plus the clauses of partial operations, which fix
//! their stand-ins by unit propagation.
//!
//! Each step agrees with [`Constraint::holds`]: a value is inferred only
//! when it is the one value that satisfies the constraint, and a
//! constraint whose variables are all known is checked. When the order of
//! the steps does not depend on the values, `program.rs` compiles it once.

pub(crate) use crate::constraints::known::{Known, Step};
use crate::model::Constraint;

/// Runs [`Constraint::infer`] over `constraints` until nothing changes.
/// Err when one cannot hold; Ok(true) when every constraint is Done,
/// Ok(false) when some still wait for values nothing determines.
pub(crate) fn infer_all<'c>(
    constraints: impl Iterator<Item = &'c Constraint> + Clone,
    k: &mut Known<'_>,
    done: &mut Vec<bool>,
) -> Result<bool, Violated> {
    done.clear();
    done.resize(constraints.clone().count(), false);
    loop {
        let mut progress = false;
        let mut waiting = false;
        for (c, finished) in constraints.clone().zip(done.iter_mut()) {
            if *finished {
                continue;
            }
            match c.infer(k) {
                Step::Done => *finished = true,
                Step::Fixed => progress = true,
                Step::Waiting => waiting = true,
                Step::Violated => return Err(Violated),
            }
        }
        if !waiting && !progress {
            return Ok(true);
        }
        if !progress {
            return Ok(false);
        }
    }
}

/// A constraint of the network cannot hold with the given inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Violated;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::{
        Abs, AllDifferent, Clause, Div, ElementConst, ElementVar, Linear, Max, Rem, Times,
    };
    use crate::model::{Lit, Rel, VarId, View};

    fn v(i: u32) -> View {
        View::of(VarId(i))
    }

    /// Every kind, with one variable hidden: inference recovers the value
    /// of the satisfying assignment, or waits; never a different value.
    #[test]
    fn inference_recovers_the_hidden_value_of_a_satisfying_assignment() {
        let mut rng = crate::random::Rng::new(7);
        let mut recovered = 0;
        for _ in 0..20_000 {
            // Variables 0..=2 are integers, 3..=5 booleans.
            let values: Vec<i64> = (0..6)
                .map(|i| {
                    if i < 3 {
                        rng.below(7) as i64 - 3
                    } else {
                        rng.below(2) as i64
                    }
                })
                .collect();
            let mut lit = |var: u32| Lit {
                var: VarId(var),
                positive: rng.below(2) == 0,
            };
            let (l3, l4, l5) = (lit(3), lit(4), lit(5));
            let scale = [1, -1, 2][rng.below(3) as usize];
            let view = View {
                var: VarId(0),
                scale,
                offset: rng.below(5) as i64 - 2,
            };
            let sum = values[0] * 2 - values[1];
            let candidates = vec![
                Constraint::Linear(Linear {
                    terms: vec![(2, VarId(0)), (-1, VarId(1))],
                    rel: Rel::Eq,
                    rhs: sum,
                    reif: None,
                }),
                Constraint::Linear(Linear {
                    terms: vec![(2, VarId(0)), (-1, VarId(1))],
                    rel: [Rel::Eq, Rel::Le, Rel::Ne][rng.below(3) as usize],
                    rhs: rng.below(5) as i64 - 2,
                    reif: Some(l3),
                }),
                Constraint::Clause(Clause {
                    lits: vec![l4, l5],
                    reif: Some(l3),
                }),
                Constraint::ElementConst(ElementConst {
                    index: v(1),
                    values: vec![4, -2, 7, 0],
                    result: view,
                }),
                Constraint::ElementVar(ElementVar {
                    index: v(1),
                    array: vec![v(2), v(3), view],
                    result: v(0),
                }),
                Constraint::Times(Times {
                    x: v(1),
                    y: v(2),
                    z: view,
                }),
                Constraint::Div(Div {
                    x: v(1),
                    y: v(2),
                    z: view,
                }),
                Constraint::Rem(Rem {
                    x: v(1),
                    y: v(2),
                    z: view,
                }),
                Constraint::Abs(Abs { x: v(1), z: view }),
                Constraint::Max(Max {
                    xs: vec![v(1), v(2), v(3)],
                    z: view,
                }),
                Constraint::AllDifferent(AllDifferent(vec![v(0), v(1), v(2)])),
            ];
            for c in candidates {
                let mut full = values.clone();
                // Make the assignment satisfy c where that is one value of a
                // variable away; skip it otherwise.
                let hidden = rng.below(6) as usize;
                if !c.holds(&full) {
                    let range = if hidden < 3 { -40..=40 } else { 0..=1 };
                    let fixed = range.into_iter().find(|&x| {
                        full[hidden] = x;
                        c.holds(&full)
                    });
                    if fixed.is_none() {
                        continue;
                    }
                }
                let mut vals = full.clone();
                vals[hidden] = 99;
                let mut known = [true; 6];
                known[hidden] = false;
                let mut k = Known {
                    values: &mut vals,
                    known: &mut known,
                };
                match c.infer(&mut k) {
                    Step::Violated => panic!("{c:?} violated by a satisfying assignment {full:?}"),
                    Step::Fixed => {
                        if k.known[hidden] {
                            let mut check = full.clone();
                            check[hidden] = k.values[hidden];
                            assert!(c.holds(&check), "{c:?}: inferred {check:?}");
                            // Functional: the inferred value is the only one.
                            let range = if hidden < 3 { -40..=40 } else { 0..=1 };
                            let others = range.into_iter().filter(|&x| {
                                check[hidden] = x;
                                c.holds(&check)
                            });
                            assert_eq!(others.count(), 1, "{c:?} from {full:?}");
                            recovered += 1;
                        }
                    }
                    Step::Done | Step::Waiting => {}
                }
            }
        }
        assert!(recovered > 10_000, "only {recovered} values inferred");
    }
}
