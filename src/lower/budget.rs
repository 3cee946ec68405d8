//! One resource budget for lowering: how many comprehension items it may
//! produce, how much memory the model it builds may take (an estimate,
//! checked as the model grows, so a spec too large is refused with a clear
//! error long before the machine runs out), and the run's deadline
//! (`--time-limit` covers lowering too).

use super::value::R;
use crate::diagnostic::Diagnostic;
use crate::model::{IntervalSet, Model};
use crate::source::Span;
use std::time::Instant;

/// Most items one range may produce when iterated.
pub const MAX_RANGE_ITEMS: i64 = 10_000_000;
/// Most comprehension items the whole lowering may produce.
const MAX_TOTAL_ITEMS: u64 = 20_000_000;
/// Most bytes the model and the engine built from it may take, estimated.
pub const MAX_MODEL_BYTES: u64 = 1 << 30;
/// Estimated bytes per model variable beside its domain (its name, its
/// engine state: bounds, trail, watch lists), per constraint (the posted
/// record, its propagator) and per comprehension item (a value), measured
/// on queens n = 1000 (1.0 M variables and constraints: 1.05 GB peak).
const VAR_BYTES: u64 = 300;
const CONSTRAINT_BYTES: u64 = 300;
const ITEM_BYTES: u64 = 32;
/// Items between two looks at the clock and the model's size.
const CHECK_EVERY: u64 = 1024;

#[derive(Clone, Debug, Default)]
pub struct Budget {
    deadline: Option<Instant>,
    items: u64,
    /// Bytes of the declared variables' domains.
    domain_bytes: u64,
}

impl Budget {
    pub fn new(deadline: Option<Instant>) -> Budget {
        Budget {
            deadline,
            ..Budget::default()
        }
    }

    pub fn items(&self) -> u64 {
        self.items
    }

    /// Back to an earlier item count (a retracted constraint's items).
    pub fn set_items(&mut self, items: u64) {
        self.items = items;
    }

    /// One more comprehension item at `span`.
    pub fn item(&mut self, model: &Model, span: Span) -> R<()> {
        self.items += 1;
        if self.items > MAX_TOTAL_ITEMS {
            return Err(Diagnostic::new(
                format!(
                    "this spec is too large: its comprehensions produce more than {MAX_TOTAL_ITEMS} items"
                ),
                span,
            ));
        }
        if self.items.is_multiple_of(CHECK_EVERY) {
            self.check(model, span)?;
        }
        Ok(())
    }

    /// `count` variables with `domain` are about to be declared at `span`.
    pub fn declare(
        &mut self,
        model: &Model,
        count: u64,
        domain: &IntervalSet,
        span: Span,
    ) -> R<()> {
        let each = domain_bytes(domain);
        self.domain_bytes = count
            .checked_mul(each)
            .and_then(|b| b.checked_add(self.domain_bytes))
            .unwrap_or(u64::MAX);
        self.check_size(model, count, span)
    }

    /// The deadline and the model's size, at `span`.
    pub fn check(&self, model: &Model, span: Span) -> R<()> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Diagnostic::time_limit(
                "the time limit ran out while the spec was being lowered",
            ));
        }
        self.check_size(model, 0, span)
    }

    fn check_size(&self, model: &Model, more_vars: u64, span: Span) -> R<()> {
        let vars = model.vars.len() as u64 + more_vars;
        let estimate = vars
            .saturating_mul(VAR_BYTES)
            .saturating_add((model.constraints.len() as u64).saturating_mul(CONSTRAINT_BYTES))
            .saturating_add(self.items.saturating_mul(ITEM_BYTES))
            .saturating_add(self.domain_bytes);
        if estimate > MAX_MODEL_BYTES {
            return Err(Diagnostic::new(
                format!(
                    "this spec is too large: its model would take more than {} MB ({vars} variables, {} constraints so far)",
                    MAX_MODEL_BYTES >> 20,
                    model.constraints.len()
                ),
                span,
            )
            .with_help("make the params smaller, or the domains narrower"));
        }
        Ok(())
    }
}

/// What one variable's domain takes in the engine: a bitset up to 4096
/// values, an interval list above.
fn domain_bytes(domain: &IntervalSet) -> u64 {
    match (domain.min(), domain.max()) {
        (Some(lo), Some(hi)) if hi.abs_diff(lo) < 4096 => (hi.abs_diff(lo) / 64 + 1) * 8,
        _ => 16 * domain.0.len() as u64,
    }
}
