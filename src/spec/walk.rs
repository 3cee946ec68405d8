//! One walk over an expression for everything that reads its names with
//! the language's scoping rules: the name checker (`spec::names`) and the
//! editor's symbols (`lsp::symbols`). It meets, in the order written, each
//! bare name, each call (before its arguments) and each generator's
//! variable (after its source, in scope for the clauses after it and the
//! comprehension's head, out of scope when the comprehension ends); what
//! each means is the visitor's.

use crate::source::Span;
use crate::spec::ast::{Clause, Expr, ExprKind};
use crate::spec::origin::Name;

/// What a walk meets.
pub trait Visit {
    /// A bare name used as a value, at `span`.
    fn name(&mut self, name: &str, span: Span);
    /// A call of `f` with `count` arguments (`span`: the whole call),
    /// before its arguments are walked.
    fn call(&mut self, f: &Name, count: usize, span: Span);
    /// A generator's variable comes into scope (its source walked).
    fn bind(&mut self, name: &Name);
    /// The last `count` variables bound go out of scope.
    fn unbind(&mut self, count: usize);
}

/// Walks `e`, calling `v` on what it meets.
pub fn walk(v: &mut impl Visit, e: &Expr) {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Str(_) => {}
        ExprKind::Name(n) => v.name(n, e.span),
        ExprKind::Unary(_, a) => walk(v, a),
        ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => {
            walk(v, a);
            walk(v, b);
        }
        ExprKind::If(c, a, b) => {
            walk(v, c);
            walk(v, a);
            walk(v, b);
        }
        ExprKind::List(items) | ExprKind::Set(items) => items.iter().for_each(|i| walk(v, i)),
        ExprKind::Call(f, args) => {
            v.call(f, args.len(), e.span);
            args.iter().for_each(|a| walk(v, a));
        }
        ExprKind::Comprehension(head, clauses) => {
            let mut bound = 0;
            for clause in clauses {
                match clause {
                    Clause::For(name, source) => {
                        walk(v, source);
                        v.bind(name);
                        bound += 1;
                    }
                    Clause::If(cond) => walk(v, cond),
                }
            }
            walk(v, head);
            v.unbind(bound);
        }
    }
}
