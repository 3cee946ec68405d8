//! A function lowered once over input variables, as plain data, and its
//! evaluation for concrete inputs: the inputs are fixed, the network's
//! definitions infer the rest (`model::infer`), the outputs are read. No
//! parsing, no lowering and no propagation per evaluation: a game's answer
//! and a puzzle's moves are evaluated millions of times.

use crate::model::infer::{Known, infer_all};
use crate::model::program::Program;
use crate::model::{Constraint, Lit, Model, VarId};

/// `outputs(inputs)` as a network: fix `inputs`, infer the rest, read
/// `outputs`; defined where every guard holds.
#[derive(Clone, Debug)]
pub struct Network {
    pub model: Model,
    pub inputs: Vec<VarId>,
    pub outputs: Vec<Sum>,
    pub guards: Vec<Lit>,
}

/// `constant + sum(coef * var)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sum {
    pub terms: Vec<(i64, VarId)>,
    pub constant: i64,
}

/// Evaluates one network again and again (its buffers are reused).
#[derive(Clone, Debug)]
pub(crate) struct Evaluator {
    network: Network,
    constraints: Vec<Constraint>,
    /// The network in a fixed order, when it has one (no partial operation).
    program: Option<Program>,
    /// Each variable's value where the domain fixes it (constants).
    fixed: Vec<Option<i64>>,
    constants: Vec<(usize, i64)>,
    values: Vec<i64>,
    known: Vec<bool>,
    done: Vec<bool>,
}

/// The outputs are not defined for these inputs (an index out of range or
/// a division by zero), or the network could not be evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Undefined;

impl Evaluator {
    pub(crate) fn new(network: Network) -> Evaluator {
        let fixed: Vec<Option<i64>> = network
            .model
            .vars
            .iter()
            .map(|v| match (v.domain.min(), v.domain.max()) {
                (Some(lo), Some(hi)) if lo == hi => Some(lo),
                _ => None,
            })
            .collect();
        let n = fixed.len();
        let constraints: Vec<Constraint> = network
            .model
            .constraints
            .iter()
            .map(|p| p.constraint.clone())
            .collect();
        let mut known: Vec<bool> = fixed.iter().map(Option::is_some).collect();
        for x in &network.inputs {
            known[x.index()] = true;
        }
        let needed: Vec<_> = network
            .outputs
            .iter()
            .flat_map(|s| s.terms.iter().map(|&(_, x)| x))
            .chain(network.guards.iter().map(|g| g.var))
            .collect();
        let program = Program::compile(&constraints, &known, &needed);
        let constants = fixed
            .iter()
            .enumerate()
            .filter_map(|(i, f)| f.map(|v| (i, v)))
            .collect();
        Evaluator {
            constants,
            network,
            constraints,
            program,
            fixed,
            values: vec![0; n],
            known: vec![false; n],
            done: Vec::new(),
        }
    }

    /// Whether the network runs as a straight-line program.
    #[cfg(test)]
    pub(crate) fn is_compiled(&self) -> bool {
        self.program.is_some()
    }

    /// Evaluates step by step even where a program exists (the tests
    /// compare the two).
    #[cfg(test)]
    pub(crate) fn without_program(mut self) -> Evaluator {
        self.program = None;
        self
    }

    /// The outputs for `inputs` (one value per input variable, in order),
    /// into `out` (cleared first).
    pub(crate) fn eval(&mut self, inputs: &[i64], out: &mut Vec<i64>) -> Result<(), Undefined> {
        if self.program.is_none() {
            for (i, f) in self.fixed.iter().enumerate() {
                self.known[i] = f.is_some();
            }
        }
        for &(i, v) in &self.constants {
            self.values[i] = v;
        }
        let net = &self.network;
        for (&x, &v) in net.inputs.iter().zip(inputs) {
            self.values[x.index()] = v;
            self.known[x.index()] = true;
        }
        let mut k = Known {
            values: &mut self.values,
            known: &mut self.known,
        };
        match &self.program {
            Some(program) => program
                .run(&self.constraints, &mut k)
                .map_err(|_| Undefined)?,
            None => {
                // Outputs left unknown (nothing determined them) are caught below.
                let _complete = infer_all(self.constraints.iter(), &mut k, &mut self.done)
                    .map_err(|_| Undefined)?;
            }
        }
        for g in &net.guards {
            if !(k.known[g.var.index()] && g.holds(k.values[g.var.index()])) {
                return Err(Undefined);
            }
        }
        out.clear();
        for sum in &net.outputs {
            let mut total = sum.constant;
            for &(a, x) in &sum.terms {
                if !k.known[x.index()] {
                    return Err(Undefined);
                }
                total = total
                    .checked_add(a.checked_mul(k.values[x.index()]).ok_or(Undefined)?)
                    .ok_or(Undefined)?;
            }
            out.push(total);
        }
        Ok(())
    }
}
