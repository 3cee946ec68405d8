//! The scheduling globals at the root: `cumulative(starts, durations,
//! requirements, capacity)`, `disjunctive(starts, durations)` and
//! `disjunctive_strict(starts, durations)`, each one constraint of its
//! kind (`constraints::cumulative`, `constraints::disjunctive`). Every
//! list is integers or integer expressions, one item per task (a list of
//! lists is read row by row); the capacity is one expression. A constant
//! duration or requirement below 0 is an error here (MiniZinc's is a
//! failed assertion); a variable one is no solution below 0.

use super::Lowerer;
use super::value::{R, Value, type_error};
use crate::constraints::{Cumulative, Disjunctive};
use crate::diagnostic::{Diagnostic, counted};
use crate::model::{Constraint, View};
use crate::spec::ast::Expr;
use crate::spec::builtins::Builtin;

impl Lowerer {
    /// `cumulative(starts, durations, requirements, capacity)`.
    pub(super) fn post_cumulative(&mut self, args: &[Expr]) -> R<()> {
        let starts = self.task_list(&args[0], None)?;
        let n = starts.len();
        let durations = self.task_list(&args[1], Some(("cumulative", n, "duration")))?;
        let requirements = self.task_list(&args[2], Some(("cumulative", n, "requirement")))?;
        let capacity = {
            let v = self.eval(&args[3])?;
            no_text(&v, &args[3])?;
            let l = self.lin(&v, args[3].span)?;
            self.view(&l, args[3].span)?
        };
        self.post_constraint(Constraint::Cumulative(Cumulative {
            starts,
            durations,
            requirements,
            capacity,
        }));
        Ok(())
    }

    /// `disjunctive(starts, durations)` or `disjunctive_strict(...)`.
    pub(super) fn post_disjunctive(&mut self, builtin: Builtin, args: &[Expr]) -> R<()> {
        let strict = builtin == Builtin::DisjunctiveStrict;
        let name = if strict {
            "disjunctive_strict"
        } else {
            "disjunctive"
        };
        let starts = self.task_list(&args[0], None)?;
        let n = starts.len();
        let durations = self.task_list(&args[1], Some((name, n, "duration")))?;
        self.post_constraint(Constraint::Disjunctive(Disjunctive {
            starts,
            durations,
            strict,
        }));
        Ok(())
    }

    /// One list argument's items as views. With `(builtin, n, what)` it
    /// is a list of `what`s: `n` of them (as many as start times), none
    /// a constant below 0.
    fn task_list(&mut self, e: &Expr, each: Option<(&str, usize, &str)>) -> R<Vec<View>> {
        let list = self.eval(e)?;
        let Value::List(_) = &list else {
            return Err(type_error("a list, one item per task", &list, e.span));
        };
        let items = self.flat_items(&list, e.span)?;
        if let Some((builtin, n, what)) = each
            && items.len() != n
        {
            return Err(Diagnostic::new(
                format!(
                    "`{builtin}` has {} but {}: one of each per task",
                    counted(n as u64, "start time"),
                    counted(items.len() as u64, what)
                ),
                e.span,
            ));
        }
        let mut views = Vec::with_capacity(items.len());
        for item in &items {
            no_text(item, e)?;
            let l = self.lin(item, e.span)?;
            if let (Some((_, _, what)), Some(c)) = (each, l.as_constant())
                && c < 0
            {
                return Err(Diagnostic::new(
                    format!("a {what} is at least 0, not {c}"),
                    e.span,
                ));
            }
            views.push(self.view(&l, e.span)?);
        }
        Ok(views)
    }
}

/// A text is no time, duration or amount (an enum's code would pass as
/// one).
fn no_text(v: &Value, e: &Expr) -> R<()> {
    match v {
        Value::Str(_) => Err(type_error("an integer", v, e.span)),
        _ => Ok(()),
    }
}
