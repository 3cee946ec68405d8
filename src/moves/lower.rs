//! Lowering pass for `[puzzle]` and `[moves]`: the state is every declared
//! variable; the goal, the heuristic and each instance of each move (one
//! per combination of its parameters' values) are lowered once over input
//! variables standing for the state, into networks (a [`PuzzlePlan`]).
//! A move's `next` is lowered apart from its `when`, so that it is only
//! evaluated where the move applies (and may index out of range elsewhere).

use crate::diagnostic::Diagnostic;
use crate::engine::clock::Clock;
use crate::lower::network::substitute;
use crate::lower::value::{Array, BoolVal, R, Value};
use crate::lower::{Lowerer, Scope};
use crate::model::network::Network;
use crate::model::{Model, VarId};
use crate::plans::puzzle::{MovePlan, PuzzlePlan};
use crate::source::Span;
use crate::spec::ast::{Assignment, ConstraintDecl, Expr, MoveDecl, PuzzleDecl, Var};
use crate::spec::origin::Origin;
use crate::spec::parser::parse_expr;
use std::collections::HashMap;
use std::sync::Arc;

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
    clock: Clock,
}

/// What the puzzle's networks are lowered against.
struct StateScope<'a> {
    pub params: &'a HashMap<String, Value>,
    /// Each declared name (variables and aliases) with its value over the
    /// model's variables.
    pub declared: &'a [(String, Value)],
    /// The declared variables, in order.
    pub vars: &'a [Var],
    pub state: Vec<VarId>,
}

/// Lowering pass for `[puzzle]` and `[moves]`: each move as networks
/// over the state (none without a `[puzzle]` section).
pub(crate) fn lower_moves(
    l: &mut Lowerer,
    spec: &crate::spec::ast::Spec,
    params: &HashMap<String, Value>,
    vars: &crate::lower::vars::Declared,
) -> R<Option<PuzzlePlan>> {
    let Some(decl) = &spec.puzzle else {
        return Ok(None);
    };
    let scope = StateScope {
        params,
        declared: &vars.declared,
        vars: &spec.vars,
        state: state_of(&l.model),
    };
    l.scoped(Scope::origin("puzzle"), |l| {
        puzzle(l, decl, &spec.moves, &spec.constraints, &scope)
    })
    .map(Some)
}

fn puzzle(
    l: &mut Lowerer,
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
            let d = l.model.domain(x);
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
        Some((text, span)) => Some(alphabet(l, text, *span, scope)?),
        None => None,
    };
    let goal = state_network(
        l,
        scope,
        |l| {
            let b = l.eval_bool(&decl.goal)?;
            Ok(vec![crate::lower::eval::bool_value(b)])
        },
        decl.goal.span,
    )?;
    // A position satisfies the spec's constraints (not its symmetry
    // rules: they pick representatives, they do not define positions).
    let valid = state_network(
        l,
        scope,
        |l| {
            let mut all = Vec::new();
            for c in constraints.iter().filter(|c| !c.symmetry) {
                all.push(l.eval_bool(&c.expr)?);
            }
            let holds = l.and(all);
            Ok(vec![crate::lower::eval::bool_value(holds)])
        },
        decl.span,
    )?;
    let heuristic = match &decl.heuristic {
        Some(h) => Some(state_network(l, scope, |l| Ok(vec![l.eval(h)?]), h.span)?),
        None => None,
    };
    let mut plans = Vec::new();
    let mut spent = Spent {
        combinations: 0,
        items: 0,
        clock: Clock::new(l.stop()),
    };
    for m in moves {
        let mut args = Vec::new();
        spent.combinations = 0;
        instances(l, m, 0, &mut args, scope, &mut plans, &mut spent)?;
    }
    let mut plan = PuzzlePlan {
        state: scope.state.clone(),
        alphabet,
        start: None,
        sizes: sizes(scope),
        goal,
        valid,
        heuristic,
        invalid: decl.invalid,
        moves: plans,
    };
    // Read now, used only without `--start` (which may go with params
    // of another size): an error waits until then, a time limit not.
    if let Some((text, span)) = &decl.start {
        let read = start_position(l, &plan, text, *span, scope);
        if let Err(d) = &read
            && d.is_stopped()
        {
            return Err(d.clone());
        }
        plan.start = Some(read);
    }
    Ok(plan)
}

/// Every value of `m`'s parameters from the `k`-th on, `args` holding
/// the earlier ones.
fn instances(
    l: &mut Lowerer,
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
        return Err(Diagnostic::stopped(
            "while the spec was being lowered",
            l.stop().cause(),
        ));
    }
    let Some((name, range)) = m.params.get(k) else {
        if let Some(plan) = instance(l, m, args, scope)? {
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
    let locals = args
        .iter()
        .map(|(n, v)| (n.clone(), Value::Int(*v)))
        .collect();
    let values = l.scoped(Scope::keep().locals(locals), |l| l.eval(range))?;
    let mut items = Vec::new();
    for item in l.items(&values, range.span)? {
        items.push(l.int(&item, range.span)?);
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
        let result = instances(l, m, k + 1, args, scope, plans, spent);
        let _ = args.pop();
        result?;
    }
    Ok(())
}

/// The move `m` with its parameters at `args`: `None` when its
/// precondition is false on every state.
fn instance(
    l: &mut Lowerer,
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
        .map_or(m.name.span, |a| a.name.span.to(a.value.span));
    // The precondition first: when it folds to false, `next` is not
    // lowered at all (it may read out of range for these parameters).
    let mut always_false = false;
    let when = state_network(
        l,
        scope,
        |l| {
            l.scoped(Scope::keep().locals(locals.clone()), |l| {
                let applies = match &m.when {
                    Some(w) => l.eval_bool(w)?,
                    None => BoolVal::Const(true),
                };
                always_false = applies == BoolVal::Const(false);
                let cost = match &m.cost {
                    Some(c) => l.eval(c)?,
                    None => Value::Int(1),
                };
                Ok(vec![crate::lower::eval::bool_value(applies), cost])
            })
        },
        m.when.as_ref().map_or(m.name.span, |w| w.span),
    )?;
    if always_false {
        return Ok(None);
    }
    let next = state_network(
        l,
        scope,
        |l| {
            l.scoped(Scope::keep().locals(locals.clone()), |l| {
                let mut outputs = Vec::new();
                for name in scope.vars.iter().map(|v| &v.name.text) {
                    let mut value = l.lookup(name).cloned().expect("declared in the scratch");
                    let mut assigned = Vec::new();
                    for a in m.next.iter().filter(|a| a.name.text == *name) {
                        let new = l.eval(&a.value)?;
                        let mut at = Vec::new();
                        value = assign(l, &value, &a.index, new, a, &mut at)?;
                        // Two entries of `next` overlap when one's element
                        // holds the other's (or is it).
                        let overlaps = |b: &Vec<usize>| b.iter().zip(&at).all(|(x, y)| x == y);
                        if assigned.iter().any(overlaps) {
                            return Err(Diagnostic::new(
                                format!("an element of `{name}` is given twice in `next`"),
                                a.name.span,
                            ));
                        }
                        assigned.push(at);
                    }
                    leaves(&value, &mut outputs);
                }
                Ok(outputs)
            })
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

/// `value` (a state variable's, over the state) with its element at
/// `index` replaced by `new` (all of it without an index), which must
/// hold as many values as what it replaces. The indices are known
/// before the move (params and the move's parameters); the positions
/// they pick, outermost first, go to `at`.
fn assign(
    l: &mut Lowerer,
    value: &Value,
    index: &[Expr],
    new: Value,
    a: &Assignment,
    at: &mut Vec<usize>,
) -> R<Value> {
    let Some((first, rest)) = index.split_first() else {
        let (mut given, mut wanted) = (Vec::new(), Vec::new());
        leaves(&new, &mut given);
        leaves(value, &mut wanted);
        if given.len() != wanted.len() {
            let plural = if given.len() == 1 { "" } else { "s" };
            let what = if at.is_empty() {
                "the variable"
            } else {
                "the element"
            };
            return Err(Diagnostic::new(
                format!(
                    "the next `{}` has {} value{plural}, {what} {}",
                    a.name.text,
                    given.len(),
                    wanted.len()
                ),
                a.value.span,
            ));
        }
        return Ok(new);
    };
    let Value::List(array) = value else {
        return Err(Diagnostic::new(
            format!("`{}` has no element to index here", a.name.text),
            first.span,
        ));
    };
    // The index is read as the array reads it (a number in its range,
    // or one of its texts): indexing the array's positions gives one.
    let positions = Value::List(Arc::new(Array {
        base: array.base,
        items: (0..array.items.len() as i64).map(Value::Int).collect(),
        by_text: array.by_text,
    }));
    let i = l.eval(first)?;
    let Value::Int(k) = l.index(&positions, &i, a.name.span, first.span, first.span)? else {
        return Err(Diagnostic::new(
            format!(
                "the index of `{}` in `next` must be one position known before the move, found {}",
                a.name.text,
                i.describe()
            ),
            first.span,
        )
        .with_help(
            "an index over the params and the move's parameters (`for`), not over the state",
        ));
    };
    let k = k as usize;
    at.push(k);
    let mut items = array.items.clone();
    items[k] = assign(l, &array.items[k], rest, new, a, at)?;
    Ok(Value::List(Arc::new(Array {
        base: array.base,
        items,
        by_text: array.by_text,
    })))
}

/// Lowers what `body` computes in a scratch lowerer where every
/// declared name stands for input variables (one per state variable).
fn state_network(
    l: &Lowerer,
    scope: &StateScope<'_>,
    body: impl FnOnce(&mut Lowerer) -> R<Vec<Value>>,
    span: Span,
) -> R<Network> {
    let mut scratch = l.scratch(scope.params);
    let inputs: Vec<VarId> = scope
        .state
        .iter()
        .map(|&x| scratch.input_var("state", l.model.domain(x).clone()))
        .collect();
    let index: HashMap<VarId, VarId> = scope
        .state
        .iter()
        .copied()
        .zip(inputs.iter().copied())
        .collect();
    for (name, value) in scope.declared {
        scratch.define_global(name.clone(), substitute(value, &|x| index[&x]));
    }
    let mark = scratch.guards_mark();
    let outputs = body(&mut scratch)?;
    scratch.network(inputs, &outputs, mark, span)
}

/// A `[puzzle]` text read as an expression over the params (in a
/// scratch lowerer: the state's names are unknown there): its scalar
/// values, nested lists flattened.
fn param_values(l: &Lowerer, text: &str, span: Span, scope: &StateScope<'_>) -> R<Vec<Value>> {
    let origin = Origin::whole(span);
    let e = parse_expr(text, origin)?;
    let v = l.scratch(scope.params).eval(&e)?;
    let mut items = Vec::new();
    leaves(&v, &mut items);
    Ok(items)
}

/// The values of `start`: the text read as a position, or else as an
/// expression over the params giving the values (a list, nested lists
/// flattened) or a text read as a position.
fn start_position(
    l: &Lowerer,
    plan: &PuzzlePlan,
    text: &str,
    span: Span,
    scope: &StateScope<'_>,
) -> R<Vec<i64>> {
    let domains: Vec<_> = scope
        .state
        .iter()
        .map(|&x| l.model.domain(x).clone())
        .collect();
    let names: Vec<String> = scope
        .state
        .iter()
        .map(|&x| l.model.vars[x.index()].name.clone())
        .collect();
    let literal = match plan.read(text, &domains, &names) {
        Ok(values) => return Ok(values),
        Err(m) => m,
    };
    let items = match param_values(l, text, span, scope) {
        Ok(items) => items,
        Err(d) if d.is_stopped() => return Err(d),
        Err(d) => {
            return Err(Diagnostic::new(literal, span).with_help(format!(
                "`start` is a position, or an expression over the params giving its values (`[0 for i in 1..n]`); read as an expression: {}",
                d.message
            )));
        }
    };
    let mut values = Vec::new();
    let mut chars = String::new();
    for item in &items {
        match item {
            Value::Int(i) => values.push(*i),
            Value::Bool(b) => values.push(i64::from(*b)),
            Value::Str(t) => chars.push_str(t),
            other => {
                return Err(crate::lower::value::type_error(
                    "a position's values or a text",
                    other,
                    span,
                ));
            }
        }
    }
    let read = match (values.is_empty(), chars.is_empty()) {
        (false, true) => {
            let items: Vec<String> = values.iter().map(i64::to_string).collect();
            let shown = format!("[{}]", items.join(", "));
            plan.check(&values, &shown, &domains, &names)
                .map(|()| values)
        }
        (true, false) => plan.read(&chars, &domains, &names),
        _ => Err("expected a list of values or a text for the start position".to_string()),
    };
    read.map_err(|m| Diagnostic::new(m, span))
}

/// `"_BW"`: one character per value from 0; every state variable's
/// domain must lie within it. A text that is not an alphabet as
/// written is read as an expression over the params giving one (a
/// text, or a list of texts joined).
fn alphabet(l: &Lowerer, text: &str, span: Span, scope: &StateScope<'_>) -> R<Vec<char>> {
    let valid = |chars: &[char]| {
        let mut seen = chars.to_vec();
        seen.sort_unstable();
        seen.dedup();
        !chars.is_empty()
            && seen.len() == chars.len()
            && !chars.iter().any(|c| c.is_whitespace() || *c == ',')
    };
    let mut chars: Vec<char> = text.chars().collect();
    if !valid(&chars) {
        let wrong = Diagnostic::new(
            "the alphabet must be distinct characters (no spaces or commas), one per value from 0",
            span,
        );
        // Read as an expression: its texts, joined.
        let computed = param_values(l, text, span, scope).ok().and_then(|items| {
            items
                .iter()
                .map(|v| match v {
                    Value::Str(t) => Some(t.to_string()),
                    _ => None,
                })
                .collect::<Option<String>>()
        });
        chars = match computed {
            Some(t) if valid(&t.chars().collect::<Vec<_>>()) => t.chars().collect(),
            _ => return Err(wrong.with_help(
                "or an expression over the params giving such a text (`'_BW'`, a list of texts)",
            )),
        };
    }
    let state = &scope.state;
    for &x in state {
        let d = l.model.domain(x);
        if d.min() < Some(0) || d.max() >= Some(chars.len() as i64) {
            return Err(Diagnostic::new(
                format!(
                    "the alphabet has {} (values 0..{}), but `{}` takes values outside",
                    crate::diagnostic::counted(chars.len() as u64, "character"),
                    chars.len() - 1,
                    l.model.vars[x.index()].name
                ),
                span,
            ));
        }
    }
    Ok(chars)
}

/// The scalar items of a value, nested lists flattened in order.
fn leaves(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::List(a) => a.items.iter().for_each(|i| leaves(i, out)),
        other => out.push(other.clone()),
    }
}

/// How many values each declared variable has and the params its index
/// reads: `` `peg` 3 (n = 3) ``, joined by commas.
fn sizes(scope: &StateScope<'_>) -> String {
    let mut parts = Vec::new();
    for v in scope.vars {
        let mut count = Vec::new();
        if let Some((_, value)) = scope.declared.iter().find(|(n, _)| *n == v.name.text) {
            leaves(value, &mut count);
        }
        let mut params: Vec<String> = Vec::new();
        for e in &v.index {
            e.visit_names(&mut |n| {
                if let Some(Value::Int(x)) = scope.params.get(n) {
                    let p = format!("{n} = {x}");
                    if !params.contains(&p) {
                        params.push(p);
                    }
                }
            });
        }
        let from = if params.is_empty() {
            String::new()
        } else {
            format!(" ({})", params.join(", "))
        };
        parts.push(format!("`{}` has {}{from}", v.name.text, count.len()));
    }
    parts.join(", ")
}

/// Every declared variable, in order: the state.
fn state_of(model: &Model) -> Vec<VarId> {
    (0..model.vars.len())
        .filter(|&i| !model.vars[i].aux)
        .map(|i| VarId(i as u32))
        .collect()
}
