//! Ending a scratch lowering as a [`Network`]: values computed over input
//! variables (a game's answer, a puzzle's move) become the outputs of the
//! scratch model, and the definedness guards raised on the way its guards.

use super::Lowerer;
use super::value::{BoolVal, R, Value};
use crate::diagnostic::Diagnostic;
use crate::model::VarId;
use crate::model::network::{Network, Sum};
use crate::source::Span;
use std::collections::HashMap;
use std::sync::Arc;

impl Lowerer {
    /// A lowerer of its own over `params` (constants) and the functions:
    /// what it lowers goes into a fresh model, under the same deadline and
    /// a size budget of its own.
    pub(crate) fn scratch(&self, params: &HashMap<String, Value>) -> Lowerer {
        Lowerer {
            budget: super::budget::Budget::new(self.budget.stop()),
            ..Lowerer::for_output(
                self.model.texts.clone(),
                params.clone(),
                Arc::clone(&self.functions),
            )
        }
    }

    /// A fresh input variable of a scratch lowering (a state variable, a
    /// code's digit), `what` naming it.
    pub(crate) fn input_var(&mut self, what: &str, domain: crate::model::IntervalSet) -> VarId {
        self.new_aux(what, domain)
    }

    /// Where the definedness guards raised from now on start, for
    /// [`Lowerer::network`].
    pub(crate) fn guards_mark(&self) -> usize {
        self.guards.len()
    }

    /// The network computing `outputs` (integers or booleans) from
    /// `inputs`, with the guards raised since `mark`. Takes the model.
    pub(crate) fn network(
        &mut self,
        inputs: Vec<VarId>,
        outputs: &[Value],
        mark: usize,
        span: Span,
    ) -> R<Network> {
        let mut sums = Vec::new();
        for item in outputs {
            let e = self.lin(item, span)?;
            // The evaluator adds these terms in 64 bits, as a propagator would.
            self.within_solver_range(&e, span)?;
            sums.push(Sum {
                terms: e.terms,
                constant: e.constant,
            });
        }
        let mut guards = Vec::new();
        for guard in self.guards.drain(mark..) {
            match guard {
                BoolVal::Const(true) => {}
                BoolVal::Const(false) => {
                    return Err(Diagnostic::new(
                        "this is undefined for every input (an index out of range or a division by zero)",
                        span,
                    ));
                }
                BoolVal::Lit(l) => guards.push(l),
            }
        }
        Ok(Network {
            model: std::mem::take(&mut self.model),
            inputs,
            outputs: sums,
            guards,
        })
    }
}

/// `v` with every variable `x` replaced by `map(x)` (same shape).
pub(crate) fn substitute(v: &Value, map: &dyn Fn(VarId) -> VarId) -> Value {
    match v {
        Value::Lin(e) => {
            let mut e = (**e).clone();
            for t in &mut e.terms {
                t.1 = map(t.1);
            }
            Value::Lin(Arc::new(e))
        }
        Value::Lit(l) => Value::Lit(crate::model::Lit {
            var: map(l.var),
            positive: l.positive,
        }),
        Value::List(a) => Value::List(Arc::new(super::value::Array {
            items: a.items.iter().map(|i| substitute(i, map)).collect(),
            ..**a
        })),
        other => other.clone(),
    }
}
