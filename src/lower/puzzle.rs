//! Lowering `[puzzle]` and `[moves]`: the state is every declared
//! variable; the goal, the heuristic and each instance of each move (one
//! per combination of its parameters' values) are lowered once over input
//! variables standing for the state, into networks (a [`PuzzlePlan`]).
//! A move's `next` is lowered apart from its `when`, so that it is only
//! evaluated where the move applies (and may index out of range elsewhere).

use super::Lowerer;
use super::network::substitute;
use super::value::{BoolVal, R, Value};
use crate::diagnostic::Diagnostic;
use crate::engine::deadline::Deadline;
use crate::model::network::Network;
use crate::model::puzzle::{MovePlan, PuzzlePlan};
use crate::model::{Model, VarId};
use crate::source::Span;
use crate::spec::ast::{ConstraintDecl, MoveDecl, PuzzleDecl};
use std::collections::HashMap;

/// Most instances of all moves together.
const MAX_MOVES: usize = 100_000;
/// Most parameter values a move's enumeration looks at (every level of
/// its nested `for` counted).
const MAX_COMBINATIONS: u128 = 1_000_000;
/// Most variables, constraints and outputs in all the moves' networks.
const MAX_NETWORK_ITEMS: usize = 20_000_000;

/// What the enumeration of the moves' instances has spent: parameter
/// values looked at for the current move, network items for all, and the
/// run's clock.
struct Spent {
    combinations: u128,
    items: usize,
    clock: Deadline,
}

/// What the puzzle's networks are lowered against.
pub(super) struct StateScope<'a> {
    pub params: &'a HashMap<String, Value>,
    /// Each declared name (variables and aliases) with its value over the
    /// model's variables.
    pub declared: &'a [(String, Value)],
    /// The declared variables' names, in order (not their aliases).
    pub vars: Vec<String>,
    pub state: Vec<VarId>,
}

impl Lowerer {
    pub(super) fn puzzle(
        &mut self,
        decl: &PuzzleDecl,
        moves: &[MoveDecl],
        constraints: &[ConstraintDecl],
        scope: &StateScope<'_>,
    ) -> R<PuzzlePlan> {
        // The state must pack into 128 bits: refused here, before any move
        // is lowered.
        let bits: u32 = scope
            .state
            .iter()
            .map(|&x| {
                let d = self.model.domain(x);
                let size = (d.max().unwrap_or(0) - d.min().unwrap_or(0)) as u128 + 1;
                128 - (size - 1).leading_zeros()
            })
            .sum();
        if bits > 128 {
            return Err(Diagnostic::new(
                format!(
                    "the state of {} variables takes {bits} bits: a puzzle's state must fit in 128",
                    scope.state.len()
                ),
                decl.span,
            ));
        }
        let alphabet = match &decl.alphabet {
            Some((text, span)) => Some(self.alphabet(text, *span, &scope.state)?),
            None => None,
        };
        let goal = self.state_network(
            scope,
            |l| {
                let b = l.eval_bool(&decl.goal)?;
                Ok(vec![super::eval::bool_value(b)])
            },
            decl.goal.span,
        )?;
        // A position satisfies the spec's constraints (not its symmetry
        // rules: they pick representatives, they do not define positions).
        let valid = self.state_network(
            scope,
            |l| {
                let mut all = Vec::new();
                for c in constraints.iter().filter(|c| !c.symmetry) {
                    all.push(l.eval_bool(&c.expr)?);
                }
                let holds = l.and(all);
                Ok(vec![super::eval::bool_value(holds)])
            },
            decl.span,
        )?;
        let heuristic = match &decl.heuristic {
            Some(h) => Some(self.state_network(scope, |l| Ok(vec![l.eval(h)?]), h.span)?),
            None => None,
        };
        let mut plans = Vec::new();
        let mut spent = Spent {
            combinations: 0,
            items: 0,
            clock: Deadline::new(self.budget.deadline()),
        };
        for m in moves {
            let mut args = Vec::new();
            spent.combinations = 0;
            self.instances(m, 0, &mut args, scope, &mut plans, &mut spent)?;
        }
        Ok(PuzzlePlan {
            state: scope.state.clone(),
            alphabet,
            start: decl.start.clone(),
            goal,
            valid,
            heuristic,
            moves: plans,
        })
    }

    /// Every value of `m`'s parameters from the `k`-th on, `args` holding
    /// the earlier ones.
    fn instances(
        &mut self,
        m: &MoveDecl,
        k: usize,
        args: &mut Vec<(String, i64)>,
        scope: &StateScope<'_>,
        plans: &mut Vec<MovePlan>,
        spent: &mut Spent,
    ) -> R<()> {
        // Each instance is lowered apart: the run's deadline (and Ctrl-C)
        // is read between them, as lowering's comprehensions read it.
        if spent.clock.passed() {
            return Err(super::budget::time_limit());
        }
        let Some((name, range)) = m.params.get(k) else {
            if let Some(plan) = self.instance(m, args, scope)? {
                if plans.len() == MAX_MOVES {
                    return Err(Diagnostic::new(
                        format!("more than {MAX_MOVES} moves in all: too many to search"),
                        m.name.span,
                    ));
                }
                let net =
                    |n: &Network| n.model.vars.len() + n.model.constraints.len() + n.outputs.len();
                spent.items += net(&plan.when) + net(&plan.next);
                if spent.items > MAX_NETWORK_ITEMS {
                    return Err(Diagnostic::new(
                        format!(
                            "the moves lower to more than {MAX_NETWORK_ITEMS} variables, constraints and values: too large"
                        ),
                        m.name.span,
                    ));
                }
                plans.push(plan);
            }
            return Ok(());
        };
        self.locals = args
            .iter()
            .map(|(n, v)| (n.clone(), Value::Int(*v)))
            .collect();
        let values = self.eval(range);
        self.locals.clear();
        let values = values?;
        let mut items = Vec::new();
        for item in self.items(&values, range.span)? {
            items.push(self.int(&item, range.span)?);
        }
        spent.combinations += items.len() as u128;
        if spent.combinations > MAX_COMBINATIONS {
            return Err(Diagnostic::new(
                format!(
                    "the move `{}` has more than {MAX_COMBINATIONS} combinations of parameter values",
                    m.name.text
                ),
                range.span,
            ));
        }
        for v in items {
            args.push((name.text.clone(), v));
            let result = self.instances(m, k + 1, args, scope, plans, spent);
            let _ = args.pop();
            result?;
        }
        Ok(())
    }

    /// The move `m` with its parameters at `args`: `None` when its
    /// precondition is false on every state.
    fn instance(
        &mut self,
        m: &MoveDecl,
        args: &[(String, i64)],
        scope: &StateScope<'_>,
    ) -> R<Option<MovePlan>> {
        let locals: Vec<(String, Value)> = args
            .iter()
            .map(|(n, v)| (n.clone(), Value::Int(*v)))
            .collect();
        let span = m
            .next
            .first()
            .map_or(m.name.span, |(n, e)| n.span.to(e.span));
        // The precondition first: when it folds to false, `next` is not
        // lowered at all (it may read out of range for these parameters).
        let mut always_false = false;
        let when = self.state_network(
            scope,
            |l| {
                l.locals = locals.clone();
                let applies = match &m.when {
                    Some(w) => l.eval_bool(w)?,
                    None => BoolVal::Const(true),
                };
                always_false = applies == BoolVal::Const(false);
                let cost = match &m.cost {
                    Some(c) => l.eval(c)?,
                    None => Value::Int(1),
                };
                Ok(vec![super::eval::bool_value(applies), cost])
            },
            m.when.as_ref().map_or(m.name.span, |w| w.span),
        )?;
        if always_false {
            return Ok(None);
        }
        let next = self.state_network(
            scope,
            |l| {
                l.locals = locals.clone();
                let mut outputs = Vec::new();
                for name in &scope.vars {
                    let value = &scope
                        .declared
                        .iter()
                        .find(|(n, _)| n == name)
                        .expect("declared")
                        .1;
                    let current = l.lookup(name).cloned().expect("declared in the scratch");
                    let new = match m.next.iter().find(|(n, _)| n.text == *name) {
                        Some((n, e)) => {
                            let v = l.eval(e)?;
                            let (mut a, mut b) = (Vec::new(), Vec::new());
                            leaves(&v, &mut a);
                            leaves(value, &mut b);
                            if a.len() != b.len() {
                                return Err(Diagnostic::new(
                                    format!(
                                        "the next `{}` has {} value{}, the variable {}",
                                        n.text,
                                        a.len(),
                                        if a.len() == 1 { "" } else { "s" },
                                        b.len()
                                    ),
                                    e.span,
                                ));
                            }
                            a
                        }
                        None => {
                            let mut a = Vec::new();
                            leaves(&current, &mut a);
                            a
                        }
                    };
                    outputs.extend(new);
                }
                Ok(outputs)
            },
            span,
        )?;
        Ok(Some(MovePlan {
            name: m.name.text.clone(),
            args: args.to_vec(),
            when,
            next,
            show: m.show.clone(),
            span,
        }))
    }

    /// Lowers what `body` computes in a scratch lowerer where every
    /// declared name stands for input variables (one per state variable).
    fn state_network(
        &self,
        scope: &StateScope<'_>,
        body: impl FnOnce(&mut Lowerer) -> R<Vec<Value>>,
        span: Span,
    ) -> R<Network> {
        let mut l = self.scratch(scope.params);
        let inputs: Vec<VarId> = scope
            .state
            .iter()
            .map(|&x| l.new_aux("state", self.model.domain(x).clone()))
            .collect();
        let index: HashMap<VarId, VarId> = scope
            .state
            .iter()
            .copied()
            .zip(inputs.iter().copied())
            .collect();
        for (name, value) in scope.declared {
            let _ = l
                .globals
                .insert(name.clone(), substitute(value, &|x| index[&x]));
        }
        let mark = l.guards.len();
        let outputs = body(&mut l)?;
        l.locals.clear();
        l.network(inputs, &outputs, mark, span)
    }

    /// `"_BW"`: one character per value from 0; every state variable's
    /// domain must lie within it.
    fn alphabet(&self, text: &str, span: Span, state: &[VarId]) -> R<Vec<char>> {
        let chars: Vec<char> = text.chars().collect();
        let mut seen = chars.clone();
        seen.sort_unstable();
        seen.dedup();
        if chars.is_empty()
            || seen.len() != chars.len()
            || chars.iter().any(|c| c.is_whitespace() || *c == ',')
        {
            return Err(Diagnostic::new(
                "the alphabet must be distinct characters (no spaces or commas), one per value from 0",
                span,
            ));
        }
        for &x in state {
            let d = self.model.domain(x);
            if d.min() < Some(0) || d.max() >= Some(chars.len() as i64) {
                return Err(Diagnostic::new(
                    format!(
                        "the alphabet has {} characters (values 0..{}), but `{}` takes values outside",
                        chars.len(),
                        chars.len() - 1,
                        self.model.vars[x.index()].name
                    ),
                    span,
                ));
            }
        }
        Ok(chars)
    }
}

/// The scalar items of a value, nested lists flattened in order.
fn leaves(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::List(a) => a.items.iter().for_each(|i| leaves(i, out)),
        other => out.push(other.clone()),
    }
}

/// Every declared variable, in order: the state.
pub(super) fn state_of(model: &Model) -> Vec<VarId> {
    (0..model.vars.len())
        .filter(|&i| !model.vars[i].aux)
        .map(|i| VarId(i as u32))
        .collect()
}
