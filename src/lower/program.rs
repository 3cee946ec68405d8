//! A lowered spec, ready to solve: the model, the search plan, and what is
//! needed to print solutions and to add constraints later (at the root,
//! without re-reading or re-lowering the spec).

use super::value::{Array, LinExpr, R, Value};
use super::{Lowerer, MAX_DOMAIN};
use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::model::{IntervalSet, Model, VarId};
use crate::search::Restarts;
use crate::search::branch::{Brancher, Rng};
use crate::source::{Sources, Span};
use crate::spec::ast::{
    Consistency, Expr, Name, RestartPolicy, Spec, TemplatePart, ValueOrder, VarOrder,
};
use crate::spec::parser::{Origin, parse_expr};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::rc::Rc;

/// Command-line choices that override the spec.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub no_symmetry: bool,
    pub order: Option<Vec<Name>>,
    pub var: Option<VarOrder>,
    pub value: Option<ValueOrder>,
    pub consistency: Option<Consistency>,
    pub restart: Option<RestartPolicy>,
    pub restart_scale: Option<u64>,
    pub seed: Option<u64>,
}

#[derive(Debug)]
pub struct Program {
    /// The spec it was lowered from, to check constraints added later.
    spec: Spec,
    lowerer: Lowerer,
    params: HashMap<String, Value>,
    /// Each declared variable (and alias) with its symbolic value.
    declared: Vec<(String, Value)>,
    /// Names of declared variables and arrays (not aliases), for printing.
    printed: Vec<String>,
    template: Option<Vec<TemplatePart>>,
    order: Vec<VarId>,
    decision: Vec<VarId>,
    var: VarOrder,
    value: ValueOrder,
    restarts: Restarts,
    seed: u64,
    pub consistency: Consistency,
}

impl Program {
    /// Lowers a spec whose names have been checked.
    pub fn new(spec: &Spec, options: &Options) -> R<Program> {
        let mut l = Lowerer::default();
        for param in &spec.params {
            let v = l.eval(&param.value)?;
            let _ = l.globals.insert(param.name.text.clone(), v);
        }
        let params = l.globals.clone();
        for f in &spec.functions {
            let _ = l.functions.insert(f.name.text.clone(), Rc::new(f.clone()));
        }
        let mut declared = Vec::new();
        let mut printed = Vec::new();
        let mut decision = Vec::new();
        for var in &spec.vars {
            l.origin = var.name.text.clone();
            let domain_value = l.eval(&var.domain)?;
            let domain = domain_of(&l, &domain_value, var.domain.span)?;
            if domain.is_empty() {
                return Err(Diagnostic::new(
                    format!("variable `{}` has an empty domain", var.name.text),
                    var.domain.span,
                ));
            }
            let mut dims = Vec::new();
            for index in &var.index {
                match l.eval(index)? {
                    Value::Range(lo, hi) => dims.push((lo, hi)),
                    other => {
                        return Err(super::value::type_error(
                            "an index range `lo..hi`",
                            &other,
                            index.span,
                        ));
                    }
                }
            }
            // In 128 bits: index ranges may be as wide as i64 allows.
            let cells: i128 = dims
                .iter()
                .map(|&(lo, hi)| (i128::from(hi) - i128::from(lo) + 1).max(0))
                .product();
            if cells > 1_000_000 {
                return Err(Diagnostic::new(
                    format!(
                        "array `{}` would have {cells} variables; at most 1000000 are allowed",
                        var.name.text
                    ),
                    var.index[0].span,
                ));
            }
            let value = make_vars(
                &mut l,
                &var.name.text,
                &dims,
                &domain,
                &mut Vec::new(),
                &mut decision,
            );
            if !var.aliases.is_empty() {
                let Value::List(a) = &value else {
                    unreachable!("aliases need an array")
                };
                if a.items.len() != var.aliases.len() {
                    return Err(Diagnostic::new(
                        format!(
                            "`names` has {} names but the array has {} elements",
                            var.aliases.len(),
                            a.items.len()
                        ),
                        var.aliases[0]
                            .span
                            .to(var.aliases[var.aliases.len() - 1].span),
                    ));
                }
                for (alias, item) in var.aliases.iter().zip(&a.items) {
                    let _ = l.globals.insert(alias.text.clone(), item.clone());
                    declared.push((alias.text.clone(), item.clone()));
                }
            }
            let _ = l.globals.insert(var.name.text.clone(), value.clone());
            declared.push((var.name.text.clone(), value));
            printed.push(var.name.text.clone());
        }
        for c in &spec.constraints {
            if c.symmetry && options.no_symmetry {
                continue;
            }
            l.origin = c.name.text.clone();
            // `--consistency` on the command line overrides every level.
            l.consistency = if options.consistency.is_some() {
                None
            } else {
                c.consistency
            };
            l.post(&c.expr)?;
            l.consistency = None;
        }
        let order_names = options.order.as_ref().unwrap_or(&spec.search.order);
        let mut order = Vec::new();
        for name in order_names {
            let Some((_, v)) = declared.iter().find(|(n, _)| *n == name.text) else {
                let mut d = Diagnostic::new(
                    format!("unknown variable `{}` in the search order", name.text),
                    name.span,
                );
                if let Some(s) = did_you_mean(&name.text, declared.iter().map(|(n, _)| n.as_str()))
                {
                    d = d.with_help(format!("did you mean `{s}`?"));
                }
                return Err(d);
            };
            collect_vars(v, &mut order);
        }
        Ok(Program {
            spec: spec.clone(),
            lowerer: l,
            params,
            declared,
            printed,
            template: spec.template.clone(),
            order,
            decision,
            var: options.var.or(spec.search.var).unwrap_or(VarOrder::Input),
            value: options
                .value
                .or(spec.search.value)
                .unwrap_or(ValueOrder::Min),
            restarts: Restarts {
                policy: options
                    .restart
                    .or(spec.search.restart)
                    .unwrap_or(RestartPolicy::None),
                scale: options
                    .restart_scale
                    .or(spec.search.restart_scale)
                    .unwrap_or(100),
            },
            seed: options.seed.or(spec.search.seed).unwrap_or(1),
            consistency: options
                .consistency
                .or(spec.search.consistency)
                .unwrap_or(Consistency::Propagate),
        })
    }

    pub fn model(&self) -> &Model {
        &self.lowerer.model
    }

    /// The search plan: explicit order, then the heuristic, then auxiliaries.
    pub fn brancher(&self) -> Brancher {
        let rest = self
            .model()
            .vars
            .iter()
            .enumerate()
            .filter(|(_, v)| v.aux)
            .map(|(i, _)| VarId(i as u32))
            .collect();
        Brancher {
            order: self.order.clone(),
            decision: self.decision.clone(),
            rest,
            var: self.var,
            value: self.value,
            rng: Rng::new(self.seed),
        }
    }

    /// The restart policy of the spec (or the command line).
    pub fn restarts(&self) -> Restarts {
        self.restarts
    }

    /// Adds a constraint at the root (for games): call [`Engine::sync`]
    /// afterwards, with no search running, to post it.
    ///
    /// [`Engine::sync`]: crate::engine::Engine::sync
    pub fn add_constraint(&mut self, name: &str, e: &Expr) -> R<()> {
        self.lowerer.origin = name.to_string();
        self.lowerer.post(e)
    }

    /// Parses `text` (an expression over the spec's names) and adds it as a
    /// constraint; the text becomes a source of its own for messages.
    pub fn add_constraint_text(&mut self, sources: &mut Sources, name: &str, text: &str) -> R<()> {
        let id = sources.add(name, text);
        let origin = Origin {
            whole: Span::new(id, 0, text.len()),
            content_start: Some(0),
        };
        let e = parse_expr(text, origin)?;
        crate::spec::names::check_constraint(&self.spec, &e)
            .map_err(|mut errors| errors.remove(0))?;
        self.add_constraint(name, &e)
    }

    /// A lowerer for evaluating output expressions against one solution.
    fn output_env(&self, solution: &[i64]) -> Lowerer {
        let mut env = Lowerer {
            globals: self.params.clone(),
            functions: self.lowerer.functions.clone(),
            ..Lowerer::default()
        };
        for (name, v) in &self.declared {
            let _ = env.globals.insert(name.clone(), instantiate(v, solution));
        }
        env
    }

    /// The solution as text: the spec's template, or `name = value` lines.
    pub fn render(&self, solution: &[i64]) -> R<String> {
        let mut out = String::new();
        match &self.template {
            Some(parts) => {
                let mut env = self.output_env(solution);
                for part in parts {
                    match part {
                        TemplatePart::Text(t) => out.push_str(t),
                        TemplatePart::Expr(e) => {
                            let v = env.eval(e)?;
                            out.push_str(&format_value(&v, e.span)?);
                        }
                    }
                }
                if !out.ends_with('\n') {
                    out.push('\n');
                }
            }
            None => {
                for name in &self.printed {
                    let (_, v) = self
                        .declared
                        .iter()
                        .find(|(n, _)| n == name)
                        .expect("declared");
                    let v = instantiate(v, solution);
                    match &v {
                        Value::List(a) if a.items.iter().any(|i| matches!(i, Value::List(_))) => {
                            let _ = writeln!(out, "{name} =\n{}", grid(a));
                        }
                        _ => {
                            let _ = writeln!(out, "{name} = {}", plain(&v));
                        }
                    }
                }
            }
        }
        Ok(out)
    }

    /// The solution as one JSON object: every declared variable by name.
    pub fn json(&self, solution: &[i64]) -> serde_json::Value {
        let mut map = serde_json::Map::new();
        for (name, v) in &self.declared {
            let _ = map.insert(name.clone(), to_json(&instantiate(v, solution)));
        }
        serde_json::Value::Object(map)
    }
}

fn domain_of(l: &Lowerer, v: &Value, span: Span) -> R<IntervalSet> {
    let set = match v {
        Value::Range(lo, hi) => IntervalSet::range(*lo, *hi),
        Value::Set(s) => IntervalSet::from_values((**s).clone()),
        Value::List(_) => {
            let mut values = Vec::new();
            for item in l.flat_items(v, span)? {
                values.push(l.int(&item, span)?);
            }
            IntervalSet::from_values(values)
        }
        other => {
            return Err(super::value::type_error(
                "a domain (a range, set or list of integers)",
                other,
                span,
            ));
        }
    };
    if let (Some(lo), Some(hi)) = (set.min(), set.max())
        && (lo < -MAX_DOMAIN || hi > MAX_DOMAIN)
    {
        return Err(Diagnostic::new(
            format!("domain {lo}..{hi} is too large: values must lie within -2^40..2^40"),
            span,
        ));
    }
    Ok(set)
}

/// Creates the variables of a (possibly multi-dimensional) declaration.
fn make_vars(
    l: &mut Lowerer,
    name: &str,
    dims: &[(i64, i64)],
    domain: &IntervalSet,
    prefix: &mut Vec<i64>,
    decision: &mut Vec<VarId>,
) -> Value {
    let Some((&(lo, hi), rest)) = dims.split_first() else {
        let full = if prefix.is_empty() {
            name.to_string()
        } else {
            let idx: Vec<String> = prefix.iter().map(i64::to_string).collect();
            format!("{name}[{}]", idx.join("]["))
        };
        let x = l.model.new_var(full, domain.clone(), false);
        decision.push(x);
        return Value::Lin(Rc::new(LinExpr::var(x)));
    };
    let mut items = Vec::new();
    for i in lo..=hi {
        prefix.push(i);
        items.push(make_vars(l, name, rest, domain, prefix, decision));
        let _ = prefix.pop();
    }
    Value::List(Rc::new(Array { base: lo, items }))
}

fn collect_vars(v: &Value, out: &mut Vec<VarId>) {
    match v {
        Value::Lin(e) => out.extend(e.terms.iter().map(|&(_, x)| x)),
        Value::List(a) => a.items.iter().for_each(|i| collect_vars(i, out)),
        _ => {}
    }
}

fn instantiate(v: &Value, solution: &[i64]) -> Value {
    match v {
        Value::Lin(e) => Value::Int(
            e.constant
                + e.terms
                    .iter()
                    .map(|&(a, x)| a * solution[x.index()])
                    .sum::<i64>(),
        ),
        Value::Lit(l) => Value::Bool(l.holds(solution[l.var.index()])),
        Value::List(a) => Value::List(Rc::new(Array {
            base: a.base,
            items: a.items.iter().map(|i| instantiate(i, solution)).collect(),
        })),
        other => other.clone(),
    }
}

fn scalar(v: &Value) -> String {
    match v {
        Value::Int(i) => i.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Str(s) => s.to_string(),
        Value::Range(lo, hi) => format!("{lo}..{hi}"),
        Value::Set(s) => format!(
            "{{{}}}",
            s.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
        ),
        Value::List(_) => plain(v),
        Value::Lin(_) | Value::Lit(_) => unreachable!("instantiated"),
    }
}

/// `[1, 2, 3]`, nested for 2-D.
fn plain(v: &Value) -> String {
    match v {
        Value::List(a) => format!(
            "[{}]",
            a.items.iter().map(plain).collect::<Vec<_>>().join(", ")
        ),
        other => scalar(other),
    }
}

/// Rows on lines, cells separated by one space.
fn grid(a: &Array) -> String {
    a.items
        .iter()
        .map(|row| match row {
            Value::List(r) => r.items.iter().map(scalar).collect::<Vec<_>>().join(" "),
            other => scalar(other),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A template value: a 2-D list as a grid, a list as space-separated items.
fn format_value(v: &Value, span: Span) -> R<String> {
    match v {
        Value::List(a) if a.items.iter().any(|i| matches!(i, Value::List(_))) => Ok(grid(a)),
        Value::List(a) => Ok(a.items.iter().map(scalar).collect::<Vec<_>>().join(" ")),
        Value::Lin(_) | Value::Lit(_) => Err(Diagnostic::new("output value is not fixed", span)),
        other => Ok(scalar(other)),
    }
}

fn to_json(v: &Value) -> serde_json::Value {
    match v {
        Value::Int(i) => serde_json::Value::from(*i),
        Value::Bool(b) => serde_json::Value::from(*b),
        Value::List(a) => serde_json::Value::Array(a.items.iter().map(to_json).collect()),
        other => serde_json::Value::from(scalar(other)),
    }
}
