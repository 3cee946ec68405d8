//! Declarations: params become constants, declared variables become model
//! variables (arrays of them), constraints are posted, and the search plan
//! and the output plan are gathered: a checked spec to [`Lowered`].

use super::lowered::{Lowered, Options};
use super::value::{Array, LinExpr, R, Value, type_error};
use super::{Lowerer, MAX_DOMAIN, Scope};
use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::model::game::GamePlan;
use crate::model::plan::{
    Consistency, Objective, RestartPolicy, Restarts, SearchPlan, ValueOrder, VarOrder,
};
use crate::model::puzzle::PuzzlePlan;
use crate::model::symmetry::SymmetryPlan;
use crate::model::{IntervalSet, VarId};
use crate::output::OutputPlan;
use crate::source::Span;
use crate::spec::ast::{Expr, SymmetryBreak};
use crate::spec::names::CheckedSpec;
use std::sync::Arc;

/// Lowers a spec whose names have been checked.
pub fn lower(checked: &CheckedSpec, options: &Options) -> R<Lowered> {
    let mut l = Lowerer {
        budget: super::budget::Budget::new(options.deadline),
        ..Lowerer::default()
    };
    match declare(&mut l, checked, options) {
        Ok(plans) => Ok(Lowered::new(checked.clone(), l, plans)),
        Err(error) => {
            // A model stopped by the time limit or the size budget can be
            // huge: the error reaches the user before it is freed.
            let large = l.model.vars.len() > 100_000;
            crate::discard::discard(l, large);
            Err(error)
        }
    }
}

/// What lowering gathers besides the model.
pub(super) struct Plans {
    pub plan: SearchPlan,
    pub output: OutputPlan,
    pub game: Option<GamePlan>,
    pub puzzle: Option<PuzzlePlan>,
    pub symmetry: SymmetryPlan,
}

fn declare(l: &mut Lowerer, checked: &CheckedSpec, options: &Options) -> R<Plans> {
    let spec = checked.spec();
    // Params may call the functions of earlier params (names.rs checks it).
    for f in &spec.functions {
        let _ = l.functions.insert(f.name.text.clone(), Arc::new(f.clone()));
    }
    for param in &spec.params {
        let mut v = l.eval(&param.value)?;
        if !param.index.is_empty() {
            v = indexed(l, v, &param.index, &param.value)?;
        }
        if let Some(default) = &param.default {
            same_kind(l, &param.name.text, &v, default, param.value.span)?;
        }
        let _ = l.globals.insert(param.name.text.clone(), v);
    }
    let params = l.globals.clone();
    let mut declared = Vec::new();
    let mut printed = Vec::new();
    let mut decision = Vec::new();
    for var in spec.vars.iter().filter(|v| !v.derived) {
        // `domain = "bool"`: 0..1, read and printed as false/true.
        let (domain, kind) = if var.is_boolean() {
            (IntervalSet::range(0, 1), Kind::Bool)
        } else {
            let domain_value = l.eval(&var.domain)?;
            domain_of(l, &domain_value, var.domain.span)?
        };
        if domain.is_empty() {
            return Err(Diagnostic::new(
                format!("variable `{}` has an empty domain", var.name.text),
                var.domain.span,
            ));
        }
        let mut dims = Vec::new();
        for index in &var.index {
            dims.push(index_range(l, index)?);
        }
        // In 128 bits: index ranges may be as wide as i64 allows.
        let cells: i128 = dims
            .iter()
            .map(|d| (i128::from(d.hi) - i128::from(d.lo) + 1).max(0))
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
        l.budget
            .declare(&l.model, cells as u64, &domain, var.name.span)?;
        let value = make_vars(
            l,
            &var.name.text,
            (&dims, &domain, kind),
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
    // The declared variables' values are what symmetries act on.
    let key = decision.clone();
    // Derived variables, once every other variable exists: a variable with
    // the bounds of its expression, defined equal to it (so no domain
    // typed by hand can cut solutions off when a param changes).
    for var in spec.vars.iter().filter(|v| v.derived) {
        let value = l.scoped(Scope::origin(&var.name.text), |l| {
            let dims = var
                .index
                .iter()
                .map(|index| index_range(l, index))
                .collect::<R<Vec<_>>>()?;
            let defined = l.defined(&var.domain)?;
            shape_defined(l, var, &dims, &defined, &mut Vec::new(), &mut decision)
        })?;
        let _ = l.globals.insert(var.name.text.clone(), value.clone());
        declared.push((var.name.text.clone(), value));
        printed.push(var.name.text.clone());
    }
    for (name, _) in &options.consistency_for {
        if !spec.constraints.iter().any(|c| c.name.text == name.text) {
            let mut d = Diagnostic::new(
                format!("unknown constraint `{}` in --consistency", name.text),
                name.span,
            );
            let names = spec.constraints.iter().map(|c| c.name.text.as_str());
            if spec.symmetries.iter().any(|s| s.name.text == name.text) {
                d = d.with_help(format!(
                    "`{}` declares a symmetry: it is not a constraint with a level of its own",
                    name.text
                ));
            } else if let Some(s) = did_you_mean(&name.text, names) {
                d = d.with_help(format!("did you mean `{s}`?"));
            }
            return Err(d);
        }
    }
    for c in &spec.constraints {
        if c.symmetry && options.no_symmetry {
            continue;
        }
        // `--consistency NAME=LEVEL` overrides this constraint's level;
        // `--consistency LEVEL` every spec-given level.
        let named = options
            .consistency_for
            .iter()
            .rev()
            .find(|(n, _)| n.text == c.name.text);
        let own = if options.consistency.is_some() {
            None
        } else {
            c.consistency.map(|level| (level, c.name.span))
        };
        let level = named.map(|(n, level)| (*level, n.span)).or(own);
        let first = l.model.constraints.len();
        let scope = Scope::origin(&c.name.text).consistency(level.map(|(level, _)| level));
        l.scoped(scope, |l| l.post(&c.expr))?;
        if let Some((level, span)) = level {
            // A level only a global supports (early, domain) is the
            // global's: `alldifferent([q[i] + i ...])` is domain-consistent
            // over the sums, whose definitions keep their own propagation.
            for p in &mut l.model.constraints[first..] {
                if p.definition && !level.supported_by(&p.constraint) {
                    p.consistency = None;
                }
            }
            supported(&l.model.constraints[first..], level, &c.name.text, span)?;
        }
        l.budget.check(&l.model, c.name.span)?;
    }
    // The group elements are built only for a run that uses them: they
    // may take far more than the model.
    let lex_leader =
        matches!(spec.symmetry_break, Some((SymmetryBreak::LexLeader, _))) && !options.no_symmetry;
    let symmetry = l.symmetries(&spec.symmetries, &key, options.symmetries || lex_leader)?;
    if let Some((SymmetryBreak::LexLeader, span)) = spec.symmetry_break {
        if spec.symmetries.is_empty() {
            return Err(Diagnostic::new(
                "`break = \"lex-leader\"` breaks the declared symmetries, and [symmetry] declares none",
                span,
            )
            .with_help("declare the group, e.g. `board = { grid = \"m\" }` (grid, rows, columns, values, reverse or map)"));
        }
        if !options.no_symmetry {
            l.lex_leader(&symmetry, span)?;
        }
    }
    // The command line's phases or order replace both of the spec's.
    let (phase_decls, order_names) = match (&options.phases, &options.order) {
        (None, None) => (&spec.search.phases[..], &spec.search.order[..]),
        (phases, order) => (
            phases.as_deref().unwrap_or_default(),
            order.as_deref().unwrap_or_default(),
        ),
    };
    let order = search_vars(l, order_names, &declared)?;
    let default_value = options
        .value
        .or(spec.search.value)
        .unwrap_or(ValueOrder::Min);
    let mut phases = Vec::new();
    for p in phase_decls {
        phases.push(crate::model::plan::Phase {
            vars: search_vars(l, &p.vars, &declared)?,
            var: p.var.unwrap_or(VarOrder::Input),
            value: p.value.unwrap_or(default_value),
        });
    }
    let objective = match &spec.objective {
        Some(decl) if !options.no_objective => Some(Objective {
            sense: decl.sense,
            var: l.scoped(Scope::origin("objective"), |l| l.objective_var(&decl.expr))?,
        }),
        _ => None,
    };
    let game = match &spec.game {
        Some(decl) => Some(l.scoped(Scope::origin("game"), |l| l.game(decl, &params))?),
        None => None,
    };
    let puzzle = match &spec.puzzle {
        Some(decl) => {
            let scope = super::puzzle::StateScope {
                params: &params,
                declared: &declared,
                vars: &spec.vars,
                state: super::puzzle::state_of(&l.model),
            };
            Some(l.scoped(Scope::origin("puzzle"), |l| {
                l.puzzle(decl, &spec.moves, &spec.constraints, &scope)
            })?)
        }
        None => None,
    };
    let plan = SearchPlan {
        phases,
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
        objective,
    };
    let output = OutputPlan::new(
        params,
        l.functions.clone(),
        declared,
        printed,
        spec.template.clone(),
        spec.game.as_ref().and_then(|g| g.show.clone()),
        &l.model,
    )
    .until(l.budget.deadline());
    output.check(&l.model)?;
    if let Some(g) = &game {
        // `show` is evaluated once now, so that a mistake in it is reported
        // by `solve check`, not in the middle of a game.
        let _ = output.render_answer(&g.win, g.answer_is_list)?;
    }
    Ok(Plans {
        plan,
        output,
        game,
        puzzle,
        symmetry,
    })
}

/// A param list indexed by its declared ranges (`index = "1..5"`, or two
/// ranges for a list of lists): every list has the length of its range.
fn indexed(l: &mut Lowerer, v: Value, index: &[Expr], value: &Expr) -> R<Value> {
    let Some((first, rest)) = index.split_first() else {
        return Ok(v);
    };
    let IndexRange { lo, hi, by_text } = index_range(l, first)?;
    let items = match &v {
        Value::List(a) => a.items.clone(),
        other => return Err(super::value::type_error("a list", other, value.span)),
    };
    let length = (i128::from(hi) - i128::from(lo) + 1).max(0);
    if length != items.len() as i128 {
        let range = if by_text {
            "the index".to_string()
        } else {
            format!("the index range {lo}..{hi}")
        };
        return Err(Diagnostic::new(
            format!(
                "{range} has {length} positions but the list has {} items",
                items.len()
            ),
            first.span,
        ));
    }
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        out.push(indexed(l, item, rest, value)?);
    }
    Ok(Value::List(Arc::new(Array {
        base: lo,
        items: out,
        by_text,
    })))
}

/// One dimension of an array: `lo..hi`, or the numbers of the texts it is
/// indexed by.
#[derive(Clone, Copy)]
struct IndexRange {
    lo: i64,
    hi: i64,
    by_text: bool,
}

/// `index = "1..n"`, or a list of texts (`index = "colours"`): an array
/// indexed by texts takes `a["red"]`, and its positions are the texts'
/// numbers, so the texts must be listed in the order they were first
/// numbered, without a gap (the whole list, or a run of it).
fn index_range(l: &mut Lowerer, index: &Expr) -> R<IndexRange> {
    let texts = match l.eval(index)? {
        Value::Range(lo, hi) => {
            return Ok(IndexRange {
                lo,
                hi,
                by_text: false,
            });
        }
        Value::List(a)
            if !a.items.is_empty() && a.items.iter().all(|i| matches!(i, Value::Str(_))) =>
        {
            a
        }
        other => {
            return Err(super::value::type_error(
                "an index range `lo..hi` or a list of texts",
                &other,
                index.span,
            ));
        }
    };
    let mut codes = Vec::with_capacity(texts.items.len());
    for item in &texts.items {
        let Value::Str(t) = item else { unreachable!() };
        codes.push(l.model.texts.intern(t));
    }
    if codes.windows(2).any(|w| w[1] != w[0] + 1) {
        let order: Vec<String> = (codes.iter().min().copied().unwrap_or(1)
            ..=*codes.iter().max().unwrap_or(&1))
            .filter_map(|c| l.model.texts.text(c).map(|t| format!("\"{t}\"")))
            .collect();
        return Err(Diagnostic::new(
            "an index of texts must list them in the order the spec first listed them, without a gap",
            index.span,
        )
        .with_help(format!("texts are numbered where they first appear; here the order is {}", order.join(", "))));
    }
    Ok(IndexRange {
        lo: codes[0],
        hi: codes[codes.len() - 1],
        by_text: true,
    })
}

/// A `--set` value must have the shape of the spec's own value (an
/// integer, a boolean, a text, or a collection of items of one shape, to
/// any depth: `[[1], [2, 3]]` is a list of lists of integers), else the
/// error points at the `--set` text instead of at the first expression
/// the value would break.
fn same_kind(l: &mut Lowerer, name: &str, given: &Value, default: &Expr, span: Span) -> R<()> {
    // The spec's value may not evaluate with the overrides before it: then
    // there is nothing to compare with.
    let Ok(spec_value) = l.eval(default) else {
        return Ok(());
    };
    let (Some(expected), Some(found)) = (ParamShape::of(&spec_value), ParamShape::of(given)) else {
        return Ok(());
    };
    if expected.fits(&found) {
        return Ok(());
    }
    Err(Diagnostic::new(
        format!(
            "param `{name}` takes {}, found {}",
            expected.name(false),
            found.name(false)
        ),
        span,
    )
    .with_help(match spec_value {
        Value::Int(i) => format!("the spec gives `{name}` the value {i}"),
        other => format!("the spec gives `{name}` {}", other.describe()),
    }))
}

/// The shape of a param's value, for checking `--set` values.
#[derive(Clone, PartialEq, Eq)]
enum ParamShape {
    Int,
    Bool,
    Text,
    /// A range, set or list; the shape of its items when they have one
    /// (not when it is empty or its items differ).
    Collection(Option<Box<ParamShape>>),
}

impl ParamShape {
    /// `None` for values over variables, which params do not hold.
    fn of(v: &Value) -> Option<ParamShape> {
        Some(match v {
            Value::Int(_) => ParamShape::Int,
            Value::Bool(_) => ParamShape::Bool,
            Value::Str(_) => ParamShape::Text,
            Value::Range(..) | Value::Set(_) => {
                ParamShape::Collection(Some(Box::new(ParamShape::Int)))
            }
            Value::List(a) => {
                let mut items = a.items.iter().map(ParamShape::of);
                let first = items.next().flatten();
                let common = items.try_fold(first, |acc, s| match (acc, s) {
                    (Some(a), Some(b)) => a.merge(b).map(Some),
                    _ => None,
                });
                ParamShape::Collection(common.flatten().map(Box::new))
            }
            Value::Lin(_) | Value::Lit(_) => return None,
        })
    }

    /// The shape of two items of one list: an empty list takes the shape
    /// of a full one (`[[], [1]]` is a list of lists of integers).
    fn merge(self, other: ParamShape) -> Option<ParamShape> {
        match (self, other) {
            (ParamShape::Collection(None), ParamShape::Collection(b)) => {
                Some(ParamShape::Collection(b))
            }
            (ParamShape::Collection(a), ParamShape::Collection(None)) => {
                Some(ParamShape::Collection(a))
            }
            (ParamShape::Collection(Some(a)), ParamShape::Collection(Some(b))) => a
                .merge(*b)
                .map(|s| ParamShape::Collection(Some(Box::new(s)))),
            (a, b) if a == b => Some(a),
            _ => None,
        }
    }

    /// Whether a value of shape `found` may stand where the spec has this
    /// shape; an unknown item shape (an empty list) fits any.
    fn fits(&self, found: &ParamShape) -> bool {
        match (self, found) {
            (ParamShape::Collection(Some(a)), ParamShape::Collection(Some(b))) => a.fits(b),
            (ParamShape::Collection(_), ParamShape::Collection(_)) => true,
            (a, b) => a == b,
        }
    }

    fn name(&self, plural: bool) -> String {
        let (one, many) = match self {
            ParamShape::Int => ("an integer", "integers"),
            ParamShape::Bool => ("a boolean", "booleans"),
            ParamShape::Text => ("a text", "texts"),
            ParamShape::Collection(None) => ("a range, set or list", "lists"),
            ParamShape::Collection(Some(item)) => {
                let items = item.name(true);
                return if plural {
                    format!("lists of {items}")
                } else {
                    format!("a list of {items}")
                };
            }
        };
        if plural { many } else { one }.to_string()
    }
}

/// What a declared variable's values are, underneath integers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Int,
    /// `domain = "bool"`: read and printed as false/true.
    Bool,
    /// A domain listing texts: printed as text.
    Text,
}

fn domain_of(l: &mut Lowerer, v: &Value, span: Span) -> R<(IntervalSet, Kind)> {
    let set = match v {
        Value::Range(lo, hi) => IntervalSet::range(*lo, *hi),
        Value::Set(s) => IntervalSet::from_values((**s).clone()),
        Value::List(_) => {
            let items = l.flat_items(v, span)?;
            let texts = items.iter().filter(|i| matches!(i, Value::Str(_))).count();
            if texts > 0 && texts < items.len() {
                return Err(Diagnostic::new(
                    "a domain lists integers or texts, not both",
                    span,
                ));
            }
            let mut values = Vec::new();
            for item in items {
                values.push(match &item {
                    Value::Str(t) => l.model.texts.intern(t),
                    other => l.int(other, span)?,
                });
            }
            if texts > 0 {
                return Ok((IntervalSet::from_values(values), Kind::Text));
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
    Ok((set, Kind::Int))
}

/// Creates the variables of a (possibly multi-dimensional) declaration.
/// The shape of a declaration: its index ranges, its domain, and whether
/// it is boolean.
type Shape<'a> = (&'a [IndexRange], &'a IntervalSet, Kind);

fn make_vars(
    l: &mut Lowerer,
    name: &str,
    (dims, domain, kind): Shape<'_>,
    prefix: &mut Vec<String>,
    decision: &mut Vec<VarId>,
) -> Value {
    let Some((&IndexRange { lo, hi, by_text }, rest)) = dims.split_first() else {
        let full = if prefix.is_empty() {
            name.to_string()
        } else {
            format!("{name}[{}]", prefix.join("]["))
        };
        let x = l.model.new_var(full, domain.clone(), false);
        l.model.vars[x.index()].text = kind == Kind::Text;
        l.model.vars[x.index()].boolean = kind == Kind::Bool;
        decision.push(x);
        if kind == Kind::Bool {
            return Value::Lit(crate::model::Lit {
                var: x,
                positive: true,
            });
        }
        return Value::Lin(Arc::new(LinExpr::var(x)));
    };
    let mut items = Vec::new();
    for i in lo..=hi {
        prefix.push(match l.model.texts.text(i) {
            Some(t) if by_text => format!("\"{t}\""),
            _ => i.to_string(),
        });
        items.push(make_vars(l, name, (rest, domain, kind), prefix, decision));
        let _ = prefix.pop();
    }
    Value::List(Arc::new(Array {
        base: lo,
        items,
        by_text,
    }))
}

/// `d = { index = "0..n-1", define = "[...]" }`: the value of the
/// expression as derived variables, one per element, shaped as the index
/// ranges say (a list per dimension, each as long as its range); a scalar
/// without `index`.
fn shape_defined(
    l: &mut Lowerer,
    var: &crate::spec::ast::Var,
    dims: &[IndexRange],
    v: &Value,
    prefix: &mut Vec<String>,
    decision: &mut Vec<VarId>,
) -> R<Value> {
    let span = var.domain.span;
    let name = &var.name.text;
    let Some((&IndexRange { lo, hi, by_text }, rest)) = dims.split_first() else {
        if let Value::List(a) = v {
            let help = if var.index.is_empty() {
                format!(
                    "an array of defined variables declares its index: `{name} = {{ index = \"0..{}\", define = \"...\" }}`",
                    a.items.len().saturating_sub(1)
                )
            } else {
                "give `index` one range per dimension of the list".to_string()
            };
            return Err(Diagnostic::new(
                format!(
                    "`{name}` is defined by a list of {} items, where a number was expected",
                    a.items.len()
                ),
                span,
            )
            .with_help(help));
        }
        let full = if prefix.is_empty() {
            name.clone()
        } else {
            format!("{name}[{}]", prefix.join("]["))
        };
        let x = l.derived(full, v, span)?;
        decision.push(x);
        return Ok(Value::Lin(Arc::new(LinExpr::var(x))));
    };
    let Value::List(a) = v else {
        return Err(type_error("a list (the array's elements)", v, span));
    };
    let wanted = (i128::from(hi) - i128::from(lo) + 1).max(0);
    if a.items.len() as i128 != wanted {
        return Err(Diagnostic::new(
            format!(
                "`{name}`'s index {lo}..{hi} has {wanted} elements, and its `define` gives a list of {}",
                a.items.len()
            ),
            span,
        ));
    }
    let mut items = Vec::with_capacity(a.items.len());
    for (i, item) in (lo..=hi).zip(&a.items) {
        prefix.push(match l.model.texts.text(i) {
            Some(t) if by_text => format!("\"{t}\""),
            _ => i.to_string(),
        });
        items.push(shape_defined(l, var, rest, item, prefix, decision)?);
        let _ = prefix.pop();
    }
    Ok(Value::List(Arc::new(Array {
        base: lo,
        items,
        by_text,
    })))
}

fn collect_vars(v: &Value, out: &mut Vec<VarId>) {
    match v {
        Value::Lin(e) => out.extend(e.terms.iter().map(|&(_, x)| x)),
        Value::Lit(l) => out.push(l.var),
        Value::List(a) => a.items.iter().for_each(|i| collect_vars(i, out)),
        _ => {}
    }
}

/// A level given to one constraint must mean something for every
/// primitive it asserts (`early` and `domain` are alldifferent's).
fn supported(posted: &[crate::model::Posted], level: Consistency, name: &str, span: Span) -> R<()> {
    let level_name = crate::model::plan::CONSISTENCIES
        .iter()
        .find(|(_, c)| *c == level)
        .map_or("?", |(n, _)| *n);
    // Every primitive that keeps the level (the definitions of auxiliary
    // variables have dropped one they do not support).
    let mut kept = posted.iter().filter(|p| p.consistency == Some(level));
    if let Some(p) = kept.find(|p| !level.supported_by(&p.constraint)) {
        let supports: Vec<&str> = crate::model::plan::CONSISTENCIES
            .iter()
            .filter(|(_, c)| c.supported_by(&p.constraint))
            .map(|(n, _)| *n)
            .collect();
        return Err(Diagnostic::new(
            format!(
                "constraint `{name}` does not support the level `{level_name}`: it asserts {}, which supports {}",
                p.constraint.kind(),
                supports.join(", ")
            ),
            span,
        )
        .with_help(
            "`early` and `domain` are levels of alldifferent (over variables or expressions); the auxiliary variables an expression defines keep their own propagation",
        ));
    }
    Ok(())
}

/// The variables `names` (of `order` or a phase) stand for, in order: a
/// declared name, or an expression over the declared variables (an
/// element, a slice, a comprehension).
fn search_vars(
    l: &mut Lowerer,
    names: &[crate::spec::ast::Name],
    declared: &[(String, Value)],
) -> R<Vec<VarId>> {
    let mut order = Vec::new();
    for name in names {
        if !crate::spec::names::is_identifier(&name.text) {
            // `x[n]`, `x[0..3]`: the declared variables the expression names.
            let e = crate::spec::names::order_expr(name)?;
            let v = l.eval(&e)?;
            let first = order.len();
            collect_vars(&v, &mut order);
            let declared_only = order[first..].iter().all(|x| !l.model.vars[x.index()].aux);
            if order.len() == first || !declared_only {
                return Err(Diagnostic::new(
                    format!(
                        "`{}` in the search order is not a variable or a list of declared variables",
                        name.text
                    ),
                    name.span,
                )
                .with_help("use names, elements with known indices, slices and comprehensions: `x`, `x[n]`, `x[0..3]`, `[m[r][c] for r in 0..2]`"));
            }
            continue;
        }
        let Some((_, v)) = declared.iter().find(|(n, _)| *n == name.text) else {
            let mut d = Diagnostic::new(
                format!("unknown variable `{}` in the search order", name.text),
                name.span,
            );
            if let Some(s) = did_you_mean(&name.text, declared.iter().map(|(n, _)| n.as_str())) {
                d = d.with_help(format!("did you mean `{s}`?"));
            }
            return Err(d);
        };
        collect_vars(v, &mut order);
    }
    Ok(order)
}
