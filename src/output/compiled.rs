//! Output templates compiled once into code over a solution's values.
//!
//! The interpreter of lowering evaluates a template through name lookups
//! in hash maps, function calls that bind locals by name and comparisons
//! built as linear expressions: about 13 µs for sixteen calls of a small
//! function. A compiled template resolves every name once (params fold to
//! constants, functions are inlined with their parameters in numbered
//! slots, declared variables read the solution where they are used) and
//! folds whatever reads no variable.
//!
//! The compiled code covers the common forms and gives up (`None`) on the
//! rest, at compile time (a set literal, a global constraint called in a
//! template) or at run time (any error, a list comparison, a text compared
//! with a number): the template part is then evaluated by the interpreter,
//! whose value or error message is the reference. So the code must never
//! succeed where the interpreter fails, and must agree with it where both
//! succeed (the tests below compare the two on every solution).

use super::OutputPlan;
use crate::lower::Budget;
use crate::lower::value::{Array, Value, fold_arithmetic};
use crate::spec::ast::{BinaryOp, Clause, Expr, ExprKind, Function, UnaryOp};
use crate::spec::builtins::{self, Builtin};
use std::sync::Arc;

/// Above this many nodes (functions inlined into functions), a template
/// part is left to the interpreter.
const MAX_NODES: usize = 100_000;

/// Ranges iterated by a comprehension, as the interpreter bounds them.
const MAX_RANGE_ITEMS: i64 = crate::lower::MAX_RANGE_ITEMS;

#[derive(Clone, Debug)]
pub(crate) enum Code {
    Const(Value),
    /// A declared variable or array (its symbolic value, read from the
    /// solution where it is used).
    Declared(usize),
    /// An element of a declared array, `m[i][j]`: read where it lies,
    /// without copying the rows on the way.
    Element(usize, Vec<Code>),
    Local(usize),
    Neg(Box<Code>),
    Not(Box<Code>),
    Binary(BinaryOp, Box<Code>, Box<Code>),
    If(Box<Code>, Box<Code>, Box<Code>),
    Index(Box<Code>, Box<Code>),
    List(Vec<Code>),
    Comprehension(Box<Code>, Vec<Step>),
    /// A function call: the arguments into their slots, then the body.
    Let(Vec<(usize, Code)>, Box<Code>),
    Call(Builtin, Vec<Code>),
    /// `count`, `forall`, `exists`: each argument with whether it was
    /// written as a list or a generator (its items are booleans of their
    /// own, not flattened).
    Truths(Builtin, Vec<(bool, Code)>),
}

#[derive(Clone, Debug)]
pub(crate) enum Step {
    For(usize, Code),
    If(Code),
}

/// Compiles `e` over the plan's names, or `None` where it uses a form the
/// compiled code leaves to the interpreter.
pub(crate) fn compile(plan: &OutputPlan, e: &Expr) -> Option<(Code, usize)> {
    let mut c = Compiler {
        plan,
        scope: Vec::new(),
        slots: 0,
        nodes: 0,
    };
    let code = c.expr(e)?;
    Some((code, c.slots))
}

struct Compiler<'a> {
    plan: &'a OutputPlan,
    /// Visible locals and their slots, innermost last.
    scope: Vec<(String, usize)>,
    slots: usize,
    nodes: usize,
}

impl Compiler<'_> {
    fn slot(&mut self) -> usize {
        self.slots += 1;
        self.slots - 1
    }

    fn expr(&mut self, e: &Expr) -> Option<Code> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return None;
        }
        let code = match &e.kind {
            ExprKind::Int(i) => Code::Const(Value::Int(*i)),
            ExprKind::Bool(b) => Code::Const(Value::Bool(*b)),
            ExprKind::Str(s) => Code::Const(Value::Str(s.as_str().into())),
            ExprKind::Name(n) => self.name(n)?,
            ExprKind::Unary(UnaryOp::Neg, x) => Code::Neg(Box::new(self.expr(x)?)),
            ExprKind::Unary(UnaryOp::Not, x) => Code::Not(Box::new(self.expr(x)?)),
            ExprKind::Binary(op, a, b) => {
                Code::Binary(*op, Box::new(self.expr(a)?), Box::new(self.expr(b)?))
            }
            ExprKind::If(c, t, f) => Code::If(
                Box::new(self.expr(c)?),
                Box::new(self.expr(t)?),
                Box::new(self.expr(f)?),
            ),
            ExprKind::Index(a, i) => match (self.expr(a)?, self.expr(i)?) {
                (Code::Declared(k), i) => Code::Element(k, vec![i]),
                (Code::Element(k, mut path), i) => {
                    path.push(i);
                    Code::Element(k, path)
                }
                (a, i) => Code::Index(Box::new(a), Box::new(i)),
            },
            ExprKind::List(items) => {
                Code::List(items.iter().map(|i| self.expr(i)).collect::<Option<_>>()?)
            }
            ExprKind::Comprehension(head, clauses) => self.comprehension(head, clauses)?,
            ExprKind::Call(name, args) => self.call(&name.text, args)?,
            ExprKind::Set(_) => return None,
        };
        Some(fold(self.plan, code))
    }

    /// Locals, then declared variables, then params: the interpreter's
    /// order (declared names are bound over params of the same name).
    fn name(&self, n: &str) -> Option<Code> {
        if let Some((_, slot)) = self.scope.iter().rev().find(|(name, _)| name == n) {
            return Some(Code::Local(*slot));
        }
        if let Some(k) = self.plan.declared.iter().position(|(name, _)| name == n) {
            return Some(Code::Declared(k));
        }
        self.plan.params.get(n).cloned().map(Code::Const)
    }

    #[inline(never)]
    fn comprehension(&mut self, head: &Expr, clauses: &[Clause]) -> Option<Code> {
        let depth = self.scope.len();
        let mut steps = Vec::new();
        for clause in clauses {
            match clause {
                Clause::For(name, source) => {
                    let source = self.expr(source)?;
                    let slot = self.slot();
                    self.scope.push((name.text.clone(), slot));
                    steps.push(Step::For(slot, source));
                }
                Clause::If(cond) => steps.push(Step::If(self.expr(cond)?)),
            }
        }
        let head = self.expr(head);
        self.scope.truncate(depth);
        Some(Code::Comprehension(Box::new(head?), steps))
    }

    #[inline(never)]
    fn call(&mut self, name: &str, args: &[Expr]) -> Option<Code> {
        if let Some(f) = self.plan.functions.get(name).cloned() {
            return self.inline(&f, args);
        }
        let info = builtins::lookup(name)?;
        let truths = match info.builtin {
            Builtin::Abs | Builtin::Len | Builtin::Join | Builtin::Min | Builtin::Max => false,
            Builtin::Sum | Builtin::Product => false,
            // `count(xs, v)` is the global constraint's reified form.
            Builtin::Count if args.len() == 2 => return None,
            Builtin::Count | Builtin::Forall | Builtin::Exists => true,
            _ => return None,
        };
        if truths {
            let mut out = Vec::new();
            for a in args {
                let written = matches!(a.kind, ExprKind::List(_) | ExprKind::Comprehension(..));
                out.push((written, self.expr(a)?));
            }
            return Some(Code::Truths(info.builtin, out));
        }
        let args = args
            .iter()
            .map(|a| self.expr(a))
            .collect::<Option<Vec<_>>>()?;
        Some(Code::Call(info.builtin, args))
    }

    /// A function sees its parameters and the globals, never the caller's
    /// locals.
    fn inline(&mut self, f: &Function, args: &[Expr]) -> Option<Code> {
        let mut bound = Vec::new();
        for (param, arg) in f.params.iter().zip(args) {
            let code = self.expr(arg)?;
            bound.push((param.text.clone(), self.slot(), code));
        }
        let scope = std::mem::take(&mut self.scope);
        self.scope = bound.iter().map(|(n, s, _)| (n.clone(), *s)).collect();
        let body = self.expr(&f.body);
        self.scope = scope;
        Some(Code::Let(
            bound.into_iter().map(|(_, s, c)| (s, c)).collect(),
            Box::new(body?),
        ))
    }
}

/// Whether `code` reads a variable or a local.
fn reads(code: &Code) -> bool {
    match code {
        Code::Const(_) => false,
        Code::Declared(_) | Code::Local(_) | Code::Element(..) => true,
        Code::Neg(x) | Code::Not(x) => reads(x),
        Code::Binary(_, a, b) | Code::Index(a, b) => reads(a) || reads(b),
        Code::If(c, t, f) => reads(c) || reads(t) || reads(f),
        Code::List(items) | Code::Call(_, items) => items.iter().any(reads),
        Code::Truths(_, args) => args.iter().any(|(_, a)| reads(a)),
        // Slots are bound inside: fold these only through their parts.
        Code::Comprehension(..) | Code::Let(..) => true,
    }
}

/// A node that reads nothing becomes its value, when it has one.
fn fold(plan: &OutputPlan, code: Code) -> Code {
    if reads(&code) || matches!(code, Code::Const(_)) {
        return code;
    }
    let mut run = Run {
        plan,
        solution: &[],
        slots: Vec::new(),
        budget: Budget::for_output(&plan.stop),
    };
    // Folded code reads no slot (`reads` says so).
    match run.eval(&code) {
        Some(v) => Code::Const(v),
        None => code,
    }
}

/// One evaluation of compiled code at a solution.
pub(crate) struct Run<'a> {
    pub plan: &'a OutputPlan,
    pub solution: &'a [i64],
    pub slots: Vec<Value>,
    /// Comprehension items, memory and the deadline, as the interpreter
    /// bounds them: once spent, the code gives up and the interpreter
    /// reports it.
    pub budget: Budget,
}

impl Run<'_> {
    pub(crate) fn eval(&mut self, code: &Code) -> Option<Value> {
        Some(match code {
            Code::Const(v) => v.clone(),
            Code::Declared(k) => self.plan.declared[*k].1.clone(),
            Code::Element(k, path) => self.element(*k, path)?,
            Code::Local(slot) => self.slots[*slot].clone(),
            Code::Neg(x) => match self.scalar(x)? {
                Value::Int(i) => Value::Int(i.checked_neg()?),
                _ => return None,
            },
            Code::Not(x) => Value::Bool(!self.boolean(x)?),
            Code::Binary(op, a, b) => self.binary(*op, a, b)?,
            Code::If(c, t, f) => {
                if self.boolean(c)? {
                    self.eval(t)?
                } else {
                    self.eval(f)?
                }
            }
            Code::Index(a, i) => {
                let array = self.eval(a)?;
                let index = self.scalar(i)?;
                self.index(&array, &index)?
            }
            Code::List(items) => {
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    out.push(self.eval(item)?);
                }
                Value::list(out)
            }
            Code::Comprehension(head, steps) => {
                let mut out = Vec::with_capacity(16);
                self.comprehension(head, steps, &mut out)?;
                Value::list(out)
            }
            Code::Let(bound, body) => {
                for (slot, arg) in bound {
                    let v = self.eval(arg)?;
                    self.set(*slot, v);
                }
                self.eval(body)?
            }
            Code::Call(builtin, args) => self.call(*builtin, args)?,
            Code::Truths(builtin, args) => self.truths(*builtin, args)?,
        })
    }

    #[inline]
    fn set(&mut self, slot: usize, v: Value) {
        self.slots[slot] = v;
    }

    /// A value with the solution read into it (a variable over texts
    /// reads as its text).
    pub(crate) fn fixed(&self, v: Value) -> Value {
        match v {
            Value::Lin(_) | Value::Lit(_) | Value::List(_) => {
                self.plan.instantiate(&v, self.solution)
            }
            other => other,
        }
    }

    #[inline]
    fn scalar(&mut self, code: &Code) -> Option<Value> {
        // Leaves without a call of `eval`: most operands are one.
        let v = match code {
            Code::Const(v) => return Some(v.clone()),
            Code::Local(slot) => self.slots[*slot].clone(),
            _ => self.eval(code)?,
        };
        Some(match v {
            Value::Lin(_) | Value::Lit(_) => self.plan.instantiate(&v, self.solution),
            other => other,
        })
    }

    fn boolean(&mut self, code: &Code) -> Option<bool> {
        let v = match code {
            Code::Binary(op, a, b) => self.binary(*op, a, b)?,
            _ => self.scalar(code)?,
        };
        match v {
            Value::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// An integer as lowering reads one in arithmetic and comparisons:
    /// booleans are 0 and 1, texts their numbers.
    fn number(&self, v: &Value) -> Option<i64> {
        match v {
            Value::Int(i) => Some(*i),
            Value::Bool(b) => Some(i64::from(*b)),
            Value::Str(t) => self.plan.texts.code(t),
            _ => None,
        }
    }

    #[inline(never)]
    fn binary(&mut self, op: BinaryOp, a: &Code, b: &Code) -> Option<Value> {
        use BinaryOp::*;
        Some(match op {
            And | Or | Implies => {
                let x = self.boolean(a)?;
                match (op, x) {
                    (And, false) => Value::Bool(false),
                    (Or, true) | (Implies, false) => Value::Bool(true),
                    _ => Value::Bool(self.boolean(b)?),
                }
            }
            Iff => Value::Bool(self.boolean(a)? == self.boolean(b)?),
            Eq | Ne | Lt | Le | Gt | Ge => {
                let (x, y) = (self.scalar(a)?, self.scalar(b)?);
                if let (Value::Str(p), Value::Str(q), Eq | Ne) = (&x, &y, op) {
                    return Some(Value::Bool((p == q) == (op == Eq)));
                }
                let (x, y) = (self.number(&x)?, self.number(&y)?);
                Value::Bool(match op {
                    Eq => x == y,
                    Ne => x != y,
                    Lt => x < y,
                    Le => x <= y,
                    Gt => x > y,
                    _ => x >= y,
                })
            }
            In => {
                let x = self.scalar(a)?;
                let x = self.number(&x)?;
                Value::Bool(match self.eval(b)? {
                    Value::Range(lo, hi) => lo <= x && x <= hi,
                    Value::Set(s) => s.binary_search(&x).is_ok(),
                    Value::List(list) => {
                        let mut found = false;
                        for item in &list.items {
                            // Items are read as lowering's `int`: integers
                            // and texts, not booleans.
                            let v = match self.fixed(item.clone()) {
                                Value::Int(i) => i,
                                Value::Str(t) => self.plan.texts.code(&t)?,
                                _ => return None,
                            };
                            found |= v == x;
                        }
                        found
                    }
                    _ => return None,
                })
            }
            Add | Sub | Mul | Div | Rem | Pow => {
                let (x, y) = (self.scalar(a)?, self.scalar(b)?);
                let numeric = |v: &Value| match v {
                    Value::Int(i) => Some(*i),
                    Value::Bool(b) if op != Pow => Some(i64::from(*b)),
                    _ => None,
                };
                Value::Int(fold_arithmetic(op, numeric(&x)?, numeric(&y)?)?)
            }
            Range => {
                let (x, y) = (self.scalar(a)?, self.scalar(b)?);
                let int = |v: &Value| match v {
                    Value::Int(i) => Some(*i),
                    Value::Str(t) => self.plan.texts.code(t),
                    _ => None,
                };
                Value::Range(int(&x)?, int(&y)?)
            }
            Concat => {
                let (x, y) = (self.eval(a)?, self.eval(b)?);
                let mut items = self.items(x)?;
                items.extend(self.items(y)?);
                Value::list(items)
            }
        })
    }

    /// The items of a list, range or set.
    fn items(&self, v: Value) -> Option<Vec<Value>> {
        match v {
            Value::List(a) => Some(a.items.clone()),
            Value::Set(s) => Some(s.iter().map(|&i| Value::Int(i)).collect()),
            Value::Range(lo, hi) if hi.saturating_sub(lo) < MAX_RANGE_ITEMS => {
                Some((lo..=hi).map(Value::Int).collect())
            }
            _ => None,
        }
    }

    /// Items with nested lists flattened, each read from the solution.
    fn flat_items(&self, v: Value, out: &mut Vec<Value>) -> Option<()> {
        for item in self.items(v)? {
            match item {
                Value::List(_) => self.flat_items(item, out)?,
                other => out.push(self.fixed(other)),
            }
        }
        Some(())
    }

    /// `declared[k][i][j]...`: followed by reference while the indices
    /// are single positions; a slice on the way continues on a copy.
    #[inline(never)]
    fn element(&mut self, k: usize, path: &[Code]) -> Option<Value> {
        // Arrays have one or two dimensions: no allocation for those.
        let (one, two);
        let more: Vec<Value>;
        let indices: &[Value] = match path {
            [i] => {
                one = [self.scalar(i)?];
                &one
            }
            [i, j] => {
                two = [self.scalar(i)?, self.scalar(j)?];
                &two
            }
            _ => {
                more = path.iter().map(|c| self.scalar(c)).collect::<Option<_>>()?;
                &more
            }
        };
        let mut at = &self.plan.declared[k].1;
        for (n, index) in indices.iter().enumerate() {
            let Value::List(a) = at else {
                return None;
            };
            match self.position(a, index) {
                Some(p) => at = &a.items[p],
                None => {
                    let mut v = self.index(at, index)?;
                    for index in &indices[n + 1..] {
                        v = self.index(&v, index)?;
                    }
                    return Some(v);
                }
            }
        }
        Some(match at {
            Value::Lin(_) | Value::Lit(_) => self.plan.instantiate(at, self.solution),
            other => other.clone(),
        })
    }

    /// The position of a single index (an integer, or a text for a list
    /// indexed by texts) within `a`, if valid.
    fn position(&self, a: &Array, index: &Value) -> Option<usize> {
        let i = match index {
            Value::Str(t) if a.by_text => self.plan.texts.code(t)?,
            Value::Int(i) if !a.by_text => *i,
            _ => return None,
        };
        let last = a.base + a.items.len() as i64 - 1;
        (a.base <= i && i <= last).then(|| (i - a.base) as usize)
    }

    #[inline(never)]
    fn index(&self, array: &Value, index: &Value) -> Option<Value> {
        let Value::List(a) = array else {
            return None;
        };
        if let Some(p) = self.position(a, index) {
            return Some(a.items[p].clone());
        }
        let last = a.base + a.items.len() as i64 - 1;
        match index {
            Value::Range(lo, hi) if !a.by_text => {
                if hi < lo {
                    return Some(Value::list(Vec::new()));
                }
                if *lo < a.base || *hi > last {
                    return None;
                }
                let items = a.items[(lo - a.base) as usize..=(hi - a.base) as usize].to_vec();
                Some(Value::List(Arc::new(Array::new(items))))
            }
            _ => None,
        }
    }

    fn comprehension(&mut self, head: &Code, steps: &[Step], out: &mut Vec<Value>) -> Option<()> {
        let Some((first, rest)) = steps.split_first() else {
            if !self.budget.allows_item() {
                return None;
            }
            out.push(self.eval(head)?);
            return Some(());
        };
        match first {
            Step::For(slot, source) => match self.eval(source)? {
                Value::Range(lo, hi) => {
                    if hi.saturating_sub(lo) >= MAX_RANGE_ITEMS {
                        return None;
                    }
                    for i in lo..=hi {
                        // The clock per binding (a filter may reject all).
                        if !self.budget.allows_step() {
                            return None;
                        }
                        self.set(*slot, Value::Int(i));
                        self.comprehension(head, rest, out)?;
                    }
                }
                other => {
                    for item in self.items(other)? {
                        if !self.budget.allows_step() {
                            return None;
                        }
                        self.set(*slot, item);
                        self.comprehension(head, rest, out)?;
                    }
                }
            },
            Step::If(cond) => {
                if self.boolean(cond)? {
                    self.comprehension(head, rest, out)?;
                }
            }
        }
        Some(())
    }

    fn call(&mut self, builtin: Builtin, args: &[Code]) -> Option<Value> {
        Some(match builtin {
            Builtin::Abs => match self.scalar(&args[0])? {
                Value::Int(i) => Value::Int(i.checked_abs()?),
                _ => return None,
            },
            Builtin::Len => match self.eval(&args[0])? {
                Value::List(a) => Value::Int(a.items.len() as i64),
                Value::Str(text) => Value::Int(text.chars().count() as i64),
                Value::Set(s) => Value::Int(s.len() as i64),
                Value::Range(lo, hi) => {
                    Value::Int(i64::try_from((i128::from(hi) - i128::from(lo) + 1).max(0)).ok()?)
                }
                _ => return None,
            },
            Builtin::Join => {
                let list = self.eval(&args[0])?;
                let Value::Str(separator) = self.scalar(&args[1])? else {
                    return None;
                };
                let mut text = String::new();
                self.join(&list, &separator, &mut text, &mut true)?;
                Value::Str(text.into())
            }
            Builtin::Min | Builtin::Max | Builtin::Sum | Builtin::Product => {
                let mut numbers = Vec::new();
                for v in self.aggregate(args)? {
                    // Texts are not computed with (lowering refuses them).
                    match v {
                        Value::Int(i) => numbers.push(i),
                        Value::Bool(b) => numbers.push(i64::from(b)),
                        _ => return None,
                    }
                }
                match builtin {
                    Builtin::Sum => Value::Int(
                        numbers
                            .into_iter()
                            .try_fold(0i64, |total, n| total.checked_add(n))?,
                    ),
                    Builtin::Product => Value::Int(
                        numbers
                            .into_iter()
                            .try_fold(1i64, |total, n| total.checked_mul(n))?,
                    ),
                    Builtin::Max => Value::Int(numbers.into_iter().max()?),
                    _ => Value::Int(numbers.into_iter().min()?),
                }
            }
            _ => return None,
        })
    }

    #[inline(never)]
    fn truths(&mut self, builtin: Builtin, args: &[(bool, Code)]) -> Option<Value> {
        Some({
            {
                let mut truths = Vec::new();
                for (written, arg) in args {
                    let written = *written;
                    let v = self.eval(arg)?;
                    let items = match v {
                        Value::List(a) if written => {
                            a.items.iter().map(|i| self.fixed(i.clone())).collect()
                        }
                        Value::List(_) => {
                            let mut out = Vec::new();
                            self.flat_items(v, &mut out)?;
                            out
                        }
                        _ if args.len() == 1 => return None,
                        other => vec![self.fixed(other)],
                    };
                    for item in items {
                        match item {
                            Value::Bool(b) => truths.push(b),
                            _ => return None,
                        }
                    }
                }
                match builtin {
                    Builtin::Count => Value::Int(truths.iter().filter(|&&t| t).count() as i64),
                    Builtin::Forall => Value::Bool(truths.iter().all(|&t| t)),
                    _ => Value::Bool(truths.iter().any(|&t| t)),
                }
            }
        })
    }

    /// `join`'s text: the items (nested lists flattened) separated by
    /// `separator`.
    fn join(
        &self,
        list: &Value,
        separator: &str,
        text: &mut String,
        first: &mut bool,
    ) -> Option<()> {
        use std::fmt::Write as _;
        let owned;
        let items = match list {
            Value::List(a) => &a.items[..],
            other => {
                owned = self.items(other.clone())?;
                &owned[..]
            }
        };
        for item in items {
            let fixed;
            let item = match item {
                Value::List(_) => {
                    self.join(item, separator, text, first)?;
                    continue;
                }
                Value::Lin(_) | Value::Lit(_) => {
                    fixed = self.plan.instantiate(item, self.solution);
                    &fixed
                }
                other => other,
            };
            if !std::mem::take(first) {
                text.push_str(separator);
            }
            match item {
                Value::Int(i) => {
                    let _ = write!(text, "{i}");
                }
                Value::Bool(b) => text.push_str(if *b { "true" } else { "false" }),
                Value::Str(s) => text.push_str(s),
                _ => return None,
            }
        }
        Some(())
    }

    /// The items of an aggregate: one list argument, or the arguments
    /// themselves (lists among them flattened).
    #[inline(never)]
    fn aggregate(&mut self, args: &[Code]) -> Option<Vec<Value>> {
        let mut out = Vec::new();
        for arg in args {
            match self.eval(arg)? {
                v @ (Value::List(_) | Value::Range(..) | Value::Set(_)) => {
                    self.flat_items(v, &mut out)?;
                }
                _ if args.len() == 1 => return None,
                other => out.push(self.fixed(other)),
            }
        }
        Some(out)
    }
}
