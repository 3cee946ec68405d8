//! The output plan's check at load ([`lower_output`]): the template's
//! pieces that read no variable evaluated, a probe printed and the board
//! drawn on it, so that a mistake in a template is reported by `solve
//! check`, not at the first solution; within half of what is left of the
//! time limit (a check must leave the search the time it was given).

use super::drawing::Drawing;
use super::{OutputPlan, format_value};
use crate::lower::value::{R, Value};
use crate::lower::{Budget, Lowerer, is_limit};
use crate::model::Model;
use crate::spec::ast::TemplatePart;
use crate::stop::Stop;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

impl OutputPlan {
    /// Evaluates every template piece that reads no variable (directly or
    /// through a function), so that a mistake such as `{1/0}` is reported
    /// by `solve check`, not when the first solution is printed. Then
    /// prints a probe, every variable of `model` at its lowest value, so
    /// that a template too large for the output's budget is refused now,
    /// within the time limit, not at the first solution (what else the
    /// probe meets depends on the values, and is the solutions' to show).
    /// The board is evaluated on the probe too, so that an expression
    /// that gives no board (a number, a list three deep) is refused now.
    ///
    /// A check that the time limit cuts short is no error (the spec is
    /// not known to be wrong): what it did not see is evaluated when a
    /// solution is printed. A signal still ends the run.
    pub(crate) fn check(&self, model: &Model) -> R<()> {
        match self.check_within(model) {
            Err(d) if d.is_stopped() && !self.stop.cancelled() => Ok(()),
            checked => checked,
        }
    }

    fn check_within(&self, model: &Model) -> R<()> {
        let probe: Vec<i64> = model
            .vars
            .iter()
            .map(|v| v.domain.min().unwrap_or(0))
            .collect();
        if self.board.is_some() {
            let budget = Budget::for_output(&self.stop);
            // A value the probe cannot give (a division by zero) is the
            // solutions' to show; a shape that is no board is refused now.
            for puzzle in [false, true] {
                match self.board_values(&probe, puzzle, budget.clone()) {
                    Ok(values) => drop(Drawing::read(&values, puzzle)?),
                    Err(d) if is_limit(&d) => return Err(d),
                    Err(_) => {}
                }
            }
        }
        let Some(parts) = &self.template else {
            return Ok(());
        };
        self.check_constant_parts(parts)?;
        match self.render_within(&probe, Budget::for_output(&self.stop)) {
            Err(d) if is_limit(&d) => Err(d),
            _ => Ok(()),
        }
    }

    /// The names whose value depends on the solution: the declared
    /// variables, arrays and aliases, and the functions whose body reads
    /// one of them, directly or by a call.
    pub(super) fn variable_readers(&self) -> HashSet<&str> {
        let mut reading: HashSet<&str> = self.declared.iter().map(|(n, _)| n.as_str()).collect();
        // Functions may call only earlier ones: one pass in order would
        // do, but the map has no order, so iterate to a fixpoint.
        loop {
            let before = reading.len();
            for (name, f) in self.functions.iter() {
                let mut reads = false;
                f.body.visit_names(&mut |n| reads |= reading.contains(n));
                if reads {
                    let _ = reading.insert(name.as_str());
                }
            }
            if reading.len() == before {
                return reading;
            }
        }
    }

    fn check_constant_parts(&self, parts: &[TemplatePart]) -> R<()> {
        let reading = self.variable_readers();
        let mut env = Lowerer::for_output(
            self.texts.clone(),
            self.params.clone(),
            self.functions.clone(),
        )
        .until(&self.stop);
        for part in parts {
            let TemplatePart::Expr(e) = part else {
                continue;
            };
            let mut reads = false;
            e.visit_names(&mut |n| reads |= reading.contains(n));
            if !reads {
                let v = env.eval(e)?;
                let _ = format_value(&v, e.span)?;
            }
        }
        Ok(())
    }
}

/// Lowering pass that gathers the output plan: what is printed and how
/// (template, `show`), checked now so that a mistake in a template is
/// reported by `solve check`, not at the first solution.
pub(crate) fn lower_output(
    l: &Lowerer,
    spec: &crate::spec::ast::Spec,
    params: HashMap<String, Value>,
    vars: crate::lower::vars::Declared,
) -> R<OutputPlan> {
    let run = l.stop().clone();
    let checking = checking(&run);
    let output = OutputPlan::new(
        params,
        Arc::clone(l.functions()),
        vars.declared,
        vars.printed,
        spec.output.clone(),
        spec.game.as_ref().and_then(|g| g.show.clone()),
        &l.model,
    )
    .until(checking)
    .compiled();
    output.check(&l.model)?;
    Ok(output.until(run))
}

/// The stop of the template's check at load: half of what is left of the
/// time limit at most (a check must leave the search the time it was
/// given), the run's signals alike.
fn checking(run: &Stop) -> Stop {
    let now = crate::host::Instant::now();
    run.with_deadline(
        run.deadline()
            .map(|d| now + d.saturating_duration_since(now) / 2),
    )
}
