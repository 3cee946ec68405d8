//! Lowering `[game]`: the code's variables, the winning answer, the answer
//! lowered once over input variables (a [`GamePlan`]), and, during a game,
//! the constraint "the secret gives this answer to this guess" added to the
//! model ([`Lowered::add_answer`]) without re-reading or re-lowering the
//! spec.

use crate::diagnostic::Diagnostic;
use crate::lower::value::{Array, LinExpr, R, Value, type_error};
use crate::lower::{Lowerer, Scope};
use crate::lowered::Lowered;
use crate::model::network::Network;
use crate::model::{Rel, VarId};
use crate::output::OutputPlan;
use crate::plans::game::GamePlan;
use crate::source::Span;
use crate::spec::ast::{Function, GameDecl};
use std::collections::HashMap;
use std::sync::Arc;

/// Lowering pass for `[game]`: the code, the opening and the answer
/// network (none without a `[game]` section).
pub(crate) fn lower_game(
    l: &mut Lowerer,
    spec: &crate::spec::ast::Spec,
    params: &HashMap<String, Value>,
) -> R<Option<GamePlan>> {
    let Some(decl) = &spec.game else {
        return Ok(None);
    };
    l.scoped(Scope::origin("game"), |l| game(l, decl, params))
        .map(Some)
}

/// The game's `show` evaluated once on the winning answer, so that a
/// mistake in it is reported by `solve check`, not in the middle of a
/// game.
pub(crate) fn check_show(output: &OutputPlan, game: Option<&GamePlan>) -> R<()> {
    if let Some(g) = game {
        let _ = output.render_answer(&g.win, g.answer_is_list)?;
    }
    Ok(())
}

/// The game of `decl`; `params` are the spec's params (the answer sees
/// nothing else but its arguments and the functions).
fn game(l: &mut Lowerer, decl: &GameDecl, params: &HashMap<String, Value>) -> R<GamePlan> {
    let (code, code_base) = code(l, decl)?;
    let mut scratch = l.scratch(params);
    let (answer, answer_is_list) =
        answer_network(&mut scratch, &decl.answer, &code, code_base, &l.model)?;
    let win_value = l.eval(&decl.win)?;
    let win = match &win_value {
        Value::List(a) => {
            let mut out = Vec::new();
            for item in &a.items {
                out.push(l.int(item, decl.win.span)?);
            }
            out
        }
        other => vec![l.int(other, decl.win.span)?],
    };
    if win.len() != answer.outputs.len() || matches!(win_value, Value::List(_)) != answer_is_list {
        return Err(Diagnostic::new(
            format!(
                "`win` must have the answer's shape: {}",
                if answer_is_list {
                    format!(
                        "a list of {}",
                        crate::diagnostic::counted(answer.outputs.len() as u64, "integer")
                    )
                } else {
                    "one integer".to_string()
                }
            ),
            decl.win.span,
        ));
    }
    let opening = match &decl.opening {
        Some(e) => Some((opening(l, e, code.len(), code_base)?, e.span)),
        None => None,
    };
    Ok(GamePlan {
        code,
        code_base,
        answer,
        answer_function: decl.answer.clone(),
        answer_is_list,
        win,
        opening,
    })
}

/// `[game] opening`: a code's values, shaped as the code is (one value,
/// or a list of `width`); texts and truth values as their numbers.
fn opening(
    l: &mut Lowerer,
    e: &crate::spec::ast::Expr,
    width: usize,
    base: Option<i64>,
) -> R<Vec<i64>> {
    let value = l.eval(e)?;
    let one = |l: &Lowerer, v: &Value| match v {
        Value::Bool(b) => Ok(i64::from(*b)),
        v => l.int(v, e.span),
    };
    let shape = || {
        let what = match base {
            None => "one value, as the code is one variable".to_string(),
            Some(_) => format!(
                "a list of {}, one per variable of the code",
                crate::diagnostic::counted(width as u64, "value")
            ),
        };
        Diagnostic::new(format!("`opening` must be a code: {what}"), e.span)
    };
    match (&value, base) {
        (Value::List(a), Some(_)) if a.items.len() == width => {
            a.items.iter().map(|v| one(l, v)).collect()
        }
        (Value::List(_), _) | (_, Some(_)) => Err(shape()),
        (v, None) => Ok(vec![one(l, v)?]),
    }
}

/// The code's variables: one declared variable or a list of them.
fn code(l: &mut Lowerer, decl: &GameDecl) -> R<(Vec<VarId>, Option<i64>)> {
    let span = decl.code.span;
    let not_variables = || {
        Diagnostic::new(
            "the code must be variables: one variable, or a list or 1-D array of variables",
            span,
        )
    };
    let plain = |v: &Value| match v {
        Value::Lin(e) => match (&e.terms[..], e.constant) {
            ([(1, x)], 0) => Some(*x),
            _ => None,
        },
        Value::Lit(l) if l.positive => Some(l.var),
        _ => None,
    };
    let value = l.eval(&decl.code)?;
    let (vars, base) = match &value {
        Value::List(a) => {
            let vars: Option<Vec<VarId>> = a.items.iter().map(plain).collect();
            (vars.ok_or_else(not_variables)?, Some(a.base))
        }
        v => (vec![plain(v).ok_or_else(not_variables)?], None),
    };
    let mut sorted = vars.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() != vars.len() || vars.is_empty() {
        return Err(not_variables().with_help("each variable once, at least one"));
    }
    Ok((vars, base))
}

/// `f(secret, guess)` over fresh input variables with the code's domains.
fn answer_network(
    l: &mut Lowerer,
    f: &Function,
    code: &[VarId],
    base: Option<i64>,
    main: &crate::model::Model,
) -> R<(Network, bool)> {
    let inputs = |l: &mut Lowerer, what: &str| -> Vec<VarId> {
        code.iter()
            .map(|&x| l.input_var(what, main.domain(x).clone()))
            .collect()
    };
    let secret = inputs(l, "secret");
    let guess = inputs(l, "guess");
    let (s, g) = (shaped(&secret, base), shaped(&guess, base));
    let span = f.body.span;
    let mark = l.guards_mark();
    let params = vec![(f.params[0].text.clone(), s), (f.params[1].text.clone(), g)];
    let value = l.scoped(Scope::keep().locals(params), |l| l.eval(&f.body))?;
    let (items, is_list) = answer_items(&value, span)?;
    for item in &items {
        // A game posts `answer(secret, guess) == a` for an answer `a`
        // met: the difference of two answers must fit the solver.
        let e = l.lin(item, span)?;
        let twice = e.add_scaled(1, &e, span);
        if twice.is_err() || l.within_solver_range(&twice?, span).is_err() {
            return Err(Diagnostic::new(
                "value out of range: the difference of two answers could reach +-2^62, the solver's limit",
                span,
            )
            .with_help("narrow the code's domains, or the answer's constants"));
        }
    }
    let inputs = secret.into_iter().chain(guess).collect();
    let network = l.network(inputs, &items, mark, span)?;
    Ok((network, is_list))
}

/// The code's variables as the value the answer function receives.
fn shaped(vars: &[VarId], base: Option<i64>) -> Value {
    let item = |x: VarId| Value::Lin(Arc::new(LinExpr::var(x)));
    match base {
        None => item(vars[0]),
        Some(base) => Value::List(Arc::new(Array::from(
            base,
            vars.iter().map(|&x| item(x)).collect(),
        ))),
    }
}

/// A code's values as the value the answer function receives.
fn shaped_values(values: &[i64], base: Option<i64>) -> Value {
    match base {
        None => Value::Int(values[0]),
        Some(base) => Value::List(Arc::new(Array::from(
            base,
            values.iter().map(|&v| Value::Int(v)).collect(),
        ))),
    }
}

/// The answer's items: one integer, or a flat list of integers.
fn answer_items(value: &Value, span: Span) -> R<(Vec<Value>, bool)> {
    let bad = |v: &Value| type_error("an integer or a list of integers as the answer", v, span);
    match value {
        Value::List(a) => {
            if let Some(v) = a.items.iter().find(|v| !is_scalar(v)) {
                return Err(bad(v));
            }
            Ok((a.items.clone(), true))
        }
        v if is_scalar(v) => Ok((vec![v.clone()], false)),
        v => Err(bad(v)),
    }
}

fn is_scalar(v: &Value) -> bool {
    matches!(
        v,
        Value::Int(_) | Value::Bool(_) | Value::Lin(_) | Value::Lit(_)
    )
}

impl Lowered {
    /// Adds "the secret (the code's variables) gives `answer` to `guess`"
    /// as the constraint `name`. Atomic: on an error nothing of it stays.
    pub fn add_answer(&mut self, name: &str, guess: &[i64], answer: &[i64]) -> R<()> {
        let Some(game) = &self.game else {
            return Err(Diagnostic::bare("the spec has no [game] section"));
        };
        let f = game.answer_function.clone();
        let secret = shaped(&game.code, game.code_base);
        let guess = shaped_values(guess, game.code_base);
        self.extend(|l| {
            l.scoped(Scope::origin(name), |l| {
                post_answer(l, &f, secret, guess, answer)
            })
        })
    }
}

fn post_answer(
    l: &mut Lowerer,
    f: &Function,
    secret: Value,
    guess: Value,
    answer: &[i64],
) -> R<()> {
    let span = f.body.span;
    l.at_root(|l| {
        let params = vec![
            (f.params[0].text.clone(), secret),
            (f.params[1].text.clone(), guess),
        ];
        let value = l.scoped(Scope::keep().locals(params), |l| l.eval(&f.body))?;
        let (items, _) = answer_items(&value, span)?;
        for (item, &a) in items.iter().zip(answer) {
            let diff = l
                .lin(item, span)?
                .add_scaled(-1, &LinExpr::constant(a), span)?;
            match diff.as_constant() {
                Some(0) => {}
                Some(_) => l.post_false(),
                None => l.linear(&diff, Rel::Eq, None, span)?,
            }
        }
        Ok(())
    })
}

impl Lowered {
    /// The answer `secret` gives to `guess` by constant folding: the spec's
    /// answer function evaluated with both codes as constants, the way
    /// params are. The reference the answer network is tested against.
    #[cfg(test)]
    pub(crate) fn fold_answer(&self, secret: &[i64], guess: &[i64]) -> R<Vec<i64>> {
        let Some(game) = &self.game else {
            return Err(Diagnostic::bare("the spec has no [game] section"));
        };
        let params: HashMap<String, Value> = self
            .later
            .globals()
            .iter()
            .filter(|(_, v)| is_constant(v))
            .map(|(n, v)| (n.clone(), v.clone()))
            .collect();
        let mut l = Lowerer::for_output(
            self.model.texts.clone(),
            params,
            Arc::clone(self.later.functions()),
        );
        let f = &game.answer_function;
        let params = vec![
            (
                f.params[0].text.clone(),
                shaped_values(secret, game.code_base),
            ),
            (
                f.params[1].text.clone(),
                shaped_values(guess, game.code_base),
            ),
        ];
        let value = l.scoped(Scope::keep().locals(params), |l| l.eval(&f.body))?;
        if l.guards_mark() != 0 {
            return Err(Diagnostic::bare("undefined"));
        }
        let (items, _) = answer_items(&value, f.body.span)?;
        items.iter().map(|v| l.int(v, f.body.span)).collect()
    }
}

/// A value with no variable in it.
#[cfg(test)]
fn is_constant(v: &Value) -> bool {
    match v {
        Value::Lin(_) | Value::Lit(_) => false,
        Value::List(a) => a.items.iter().all(is_constant),
        _ => true,
    }
}
