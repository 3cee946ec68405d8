//! A network whose steps do not depend on the values, compiled once into
//! a straight-line [`Program`]: each constraint fixes its output from
//! values already known, in a fixed order, so that a game's answer is
//! evaluated for thousands of codes without looking for what to do next
//! (what `infer.rs` does for any network, step by step).

use crate::constraints::Linear;
use crate::model::infer::{Known, Step, Violated};
use crate::model::{Constraint, Rel, VarId};

/// A network whose every constraint fixes its output from values already
/// known, in an order that does not depend on the values: compiled once
/// into a straight-line program, run without looking for what to do next.
/// Linear constraints (reified comparisons and sums, the bulk of a lowered
/// expression) get their own steps; the other kinds run their `infer`.
#[derive(Clone, Debug)]
pub(crate) struct Program {
    steps: Vec<Op>,
    /// The terms of the linear steps, `(coef, var)`, side by side.
    terms: Vec<(i64, u32)>,
    /// Which variables are known before the first step (constants and
    /// inputs): copied into `known` at the start of a run.
    known_at_start: Vec<bool>,
}

#[derive(Clone, Debug)]
enum Op {
    /// `values[out] = (sum rel rhs) == positive`.
    Reified {
        terms: (u32, u32),
        rel: Rel,
        rhs: i64,
        out: u32,
        positive: bool,
    },
    /// `values[out] = (rhs - sum) / coef`, which must divide.
    Solve {
        terms: (u32, u32),
        rhs: i64,
        out: u32,
        coef: i64,
    },
    /// Any other constraint: its `infer` fixes its output or checks it.
    Other(u32),
}

impl Program {
    /// The program of `constraints` when `known` (constants and inputs)
    /// determines every variable of `needed` in a fixed order; `None` when
    /// some step depends on the values (the stand-ins of partial
    /// operations): then [`infer_all`] must be used.
    pub(crate) fn compile(
        constraints: &[Constraint],
        known: &[bool],
        needed: &[VarId],
    ) -> Option<Program> {
        let known_at_start = known.to_vec();
        let mut known = known.to_vec();
        let mut scheduled = vec![false; constraints.len()];
        let mut program = Program {
            steps: Vec::new(),
            terms: Vec::new(),
            known_at_start,
        };
        loop {
            let mut progress = false;
            for (i, c) in constraints.iter().enumerate() {
                if scheduled[i] {
                    continue;
                }
                let Some(out) = c.ready(&known) else {
                    continue;
                };
                scheduled[i] = true;
                progress = true;
                program.step(i, c, out, &known);
                if let Some(x) = out {
                    known[x.index()] = true;
                }
            }
            if !progress {
                break;
            }
        }
        let complete = scheduled.iter().all(|&s| s) && needed.iter().all(|x| known[x.index()]);
        complete.then_some(program)
    }

    fn step(&mut self, i: usize, c: &Constraint, out: Option<VarId>, known: &[bool]) {
        let start = self.terms.len() as u32;
        let op = match (c, out) {
            (
                Constraint::Linear(Linear {
                    terms,
                    rel,
                    rhs,
                    reif: Some(r),
                }),
                Some(x),
            ) if x == r.var => {
                self.terms
                    .extend(terms.iter().map(|&(a, v)| (a, v.index() as u32)));
                Op::Reified {
                    terms: (start, self.terms.len() as u32),
                    rel: *rel,
                    rhs: *rhs,
                    out: x.0,
                    positive: r.positive,
                }
            }
            (
                Constraint::Linear(Linear {
                    terms,
                    rhs,
                    reif: None,
                    ..
                }),
                Some(x),
            ) => {
                let mut coef = 0;
                for &(a, v) in terms {
                    if v == x {
                        coef = a;
                    } else {
                        debug_assert!(known[v.index()]);
                        self.terms.push((a, v.index() as u32));
                    }
                }
                Op::Solve {
                    terms: (start, self.terms.len() as u32),
                    rhs: *rhs,
                    out: x.0,
                    coef,
                }
            }
            _ => Op::Other(i as u32),
        };
        self.steps.push(op);
    }

    /// Runs the program on `k`, whose inputs and constants are set; Err
    /// when a constraint cannot hold.
    pub(crate) fn run(
        &self,
        constraints: &[Constraint],
        k: &mut Known<'_>,
    ) -> Result<(), Violated> {
        k.known.copy_from_slice(&self.known_at_start);
        for op in &self.steps {
            match *op {
                Op::Reified {
                    terms: (a, b),
                    rel,
                    rhs,
                    out,
                    positive,
                } => {
                    let sum = self.sum(a, b, k.values);
                    k.values[out as usize] = i64::from(rel.holds(sum, rhs) == positive);
                    k.known[out as usize] = true;
                }
                Op::Solve {
                    terms: (a, b),
                    rhs,
                    out,
                    coef,
                } => {
                    let rest = rhs.wrapping_sub(self.sum(a, b, k.values));
                    if rest % coef != 0 {
                        return Err(Violated);
                    }
                    k.values[out as usize] = rest / coef;
                    k.known[out as usize] = true;
                }
                Op::Other(i) => {
                    if constraints[i as usize].infer(k) == Step::Violated {
                        return Err(Violated);
                    }
                }
            }
        }
        Ok(())
    }

    fn sum(&self, a: u32, b: u32, values: &[i64]) -> i64 {
        self.terms[a as usize..b as usize]
            .iter()
            .fold(0i64, |s, &(c, v)| {
                s.wrapping_add(c.wrapping_mul(values[v as usize]))
            })
    }
}
