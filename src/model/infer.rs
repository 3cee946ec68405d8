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

use crate::model::{Constraint, Lit, Rel, VarId, View};

/// What one look at a constraint gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Every variable of it is known and it holds.
    Done,
    /// It fixed at least one variable.
    Fixed,
    /// It cannot fix anything yet.
    Waiting,
    /// It cannot hold with the known values.
    Violated,
}

/// Known values: `values[x]` is meaningful where `known[x]`.
#[derive(Debug)]
pub struct Known<'a> {
    pub values: &'a mut [i64],
    pub known: &'a mut [bool],
}

impl Known<'_> {
    fn view(&self, v: View) -> Option<i64> {
        let i = v.var.index();
        self.known[i].then(|| v.value(self.values[i]))
    }

    fn lit(&self, l: Lit) -> Option<bool> {
        let i = l.var.index();
        self.known[i].then(|| l.holds(self.values[i]))
    }

    /// Makes the view equal `target`: Fixed, or Done when it already was,
    /// or Violated (no integer value of the variable gives `target`).
    fn set_view(&mut self, v: View, target: i64) -> Step {
        let i = v.var.index();
        if self.known[i] {
            return if v.value(self.values[i]) == target {
                Step::Done
            } else {
                Step::Violated
            };
        }
        let Some(shifted) = target.checked_sub(v.offset) else {
            return Step::Violated;
        };
        if v.scale == 0 || shifted % v.scale != 0 {
            return Step::Violated;
        }
        self.values[i] = shifted / v.scale;
        self.known[i] = true;
        Step::Fixed
    }

    fn set_lit(&mut self, l: Lit, truth: bool) -> Step {
        self.set_view(l.view(), i64::from(truth))
    }
}

fn checked(done: bool) -> Step {
    if done { Step::Done } else { Step::Violated }
}

impl Constraint {
    /// Fixes what this constraint determines from the known values.
    pub fn infer(&self, k: &mut Known<'_>) -> Step {
        match self {
            Constraint::Linear {
                terms,
                rel,
                rhs,
                reif,
            } => infer_linear(terms, *rel, *rhs, *reif, k),
            Constraint::Clause { lits, reif } => infer_clause(lits, *reif, k),
            Constraint::ElementConst {
                index,
                values,
                result,
            } => match k.view(*index) {
                Some(i) => match usize::try_from(i).ok().and_then(|i| values.get(i)) {
                    Some(&v) => k.set_view(*result, v),
                    None => Step::Violated,
                },
                None => Step::Waiting,
            },
            Constraint::ElementVar {
                index,
                array,
                result,
            } => match k.view(*index) {
                Some(i) => match usize::try_from(i).ok().and_then(|i| array.get(i)) {
                    Some(&item) => match (k.view(item), k.view(*result)) {
                        (Some(v), _) => k.set_view(*result, v),
                        (None, Some(r)) => k.set_view(item, r),
                        (None, None) => Step::Waiting,
                    },
                    None => Step::Violated,
                },
                None => Step::Waiting,
            },
            Constraint::Times { x, y, z } => match (k.view(*x), k.view(*y)) {
                (Some(a), Some(b)) => match a.checked_mul(b) {
                    Some(p) => k.set_view(*z, p),
                    None => Step::Violated,
                },
                _ => Step::Waiting,
            },
            Constraint::Div { x, y, z } | Constraint::Rem { x, y, z } => {
                match (k.view(*x), k.view(*y)) {
                    (_, Some(0)) => Step::Violated,
                    (Some(a), Some(b)) => {
                        let r = if matches!(self, Constraint::Div { .. }) {
                            a.checked_div(b)
                        } else {
                            a.checked_rem(b)
                        };
                        match r {
                            Some(r) => k.set_view(*z, r),
                            None => Step::Violated,
                        }
                    }
                    _ => Step::Waiting,
                }
            }
            Constraint::Abs { x, z } => match k.view(*x).map(i64::checked_abs) {
                Some(Some(a)) => k.set_view(*z, a),
                Some(None) => Step::Violated,
                None => Step::Waiting,
            },
            Constraint::Max { xs, z } => {
                let mut best = i64::MIN;
                for &x in xs {
                    match k.view(x) {
                        Some(v) => best = best.max(v),
                        None => return Step::Waiting,
                    }
                }
                if xs.is_empty() {
                    return Step::Violated;
                }
                k.set_view(*z, best)
            }
            // The globals hold or not once every variable is known.
            Constraint::AllDifferent(_)
            | Constraint::Lex { .. }
            | Constraint::Table { .. }
            | Constraint::Circuit { .. }
            | Constraint::Regular { .. }
            | Constraint::Connected { .. } => {
                if self
                    .vars()
                    .into_iter()
                    .any(|x| k.view(View::of(x)).is_none())
                {
                    return Step::Waiting;
                }
                checked(self.holds(k.values))
            }
        }
    }
}

/// A linear constraint (or its reified form): the one value its last
/// open term must take, or its truth once every term is known.
#[inline]
fn infer_linear(
    terms: &[(i64, VarId)],
    rel: Rel,
    rhs: i64,
    reif: Option<Lit>,
    k: &mut Known<'_>,
) -> Step {
    let mut sum: i64 = 0;
    let mut open = None;
    let mut unknown = 0;
    for &(a, x) in terms {
        if k.known[x.index()] {
            sum = sum.wrapping_add(a.wrapping_mul(k.values[x.index()]));
        } else {
            unknown += 1;
            open = Some((a, x));
        }
    }
    let truth = match reif {
        None => Some(true),
        Some(r) => k.lit(r),
    };
    match (unknown, truth) {
        (0, _) => {
            let holds = rel.holds(sum, rhs);
            match reif {
                None => checked(holds),
                Some(r) => k.set_lit(r, holds),
            }
        }
        // The one value that makes `sum == rhs` true.
        (1, Some(t)) if (rel == Rel::Eq) == t && rel != Rel::Le => {
            let (a, x) = open.expect("one open term");
            let rest = rhs.wrapping_sub(sum);
            if rest % a != 0 {
                return Step::Violated;
            }
            k.set_view(View::of(x), rest / a)
        }
        _ => Step::Waiting,
    }
}

/// A clause (or its reified form): unit propagation, or its truth once
/// it is decided.
#[inline]
fn infer_clause(lits: &[Lit], reif: Option<Lit>, k: &mut Known<'_>) -> Step {
    let mut open = None;
    let mut unknown = 0;
    let mut any = false;
    for &l in lits {
        match k.lit(l) {
            Some(true) => any = true,
            Some(false) => {}
            None => {
                unknown += 1;
                open = Some(l);
            }
        }
    }
    let required = match reif {
        None => Some(true),
        Some(r) => k.lit(r),
    };
    if any || unknown == 0 {
        return match reif {
            None => checked(any),
            Some(r) => k.set_lit(r, any),
        };
    }
    match required {
        // Every literal false.
        Some(false) => {
            for &l in lits {
                if k.set_lit(l, false) == Step::Violated {
                    return Step::Violated;
                }
            }
            Step::Fixed
        }
        Some(true) if unknown == 1 => k.set_lit(open.expect("one open"), true),
        _ => Step::Waiting,
    }
}

/// Runs [`Constraint::infer`] over `constraints` until nothing changes.
/// Err when one cannot hold; Ok(true) when every constraint is Done,
/// Ok(false) when some still wait for values nothing determines.
pub fn infer_all<'c>(
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
pub struct Violated;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::VarId;

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
                Constraint::Linear {
                    terms: vec![(2, VarId(0)), (-1, VarId(1))],
                    rel: Rel::Eq,
                    rhs: sum,
                    reif: None,
                },
                Constraint::Linear {
                    terms: vec![(2, VarId(0)), (-1, VarId(1))],
                    rel: [Rel::Eq, Rel::Le, Rel::Ne][rng.below(3) as usize],
                    rhs: rng.below(5) as i64 - 2,
                    reif: Some(l3),
                },
                Constraint::Clause {
                    lits: vec![l4, l5],
                    reif: Some(l3),
                },
                Constraint::ElementConst {
                    index: v(1),
                    values: vec![4, -2, 7, 0],
                    result: view,
                },
                Constraint::ElementVar {
                    index: v(1),
                    array: vec![v(2), v(3), view],
                    result: v(0),
                },
                Constraint::Times {
                    x: v(1),
                    y: v(2),
                    z: view,
                },
                Constraint::Div {
                    x: v(1),
                    y: v(2),
                    z: view,
                },
                Constraint::Rem {
                    x: v(1),
                    y: v(2),
                    z: view,
                },
                Constraint::Abs { x: v(1), z: view },
                Constraint::Max {
                    xs: vec![v(1), v(2), v(3)],
                    z: view,
                },
                Constraint::AllDifferent(vec![v(0), v(1), v(2)]),
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
