//! One resource budget for lowering: how many comprehension items it may
//! produce, how much memory the model it builds may take (an estimate,
//! checked as the model grows, so a spec too large is refused with a clear
//! error long before the machine runs out), and the run's deadline
//! (`--time-limit` covers lowering too).

use super::value::R;
use crate::constraints::AllDifferent;
use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::engine::clock::Clock;
use crate::model::plan::Consistency;
use crate::model::{Constraint, IntervalSet, Model};
use crate::source::Span;
use crate::stop::Stop;

/// Most items one range may produce when iterated.
pub(crate) const MAX_RANGE_ITEMS: i64 = 10_000_000;
/// Most comprehension items the whole lowering may produce.
pub(super) const MAX_TOTAL_ITEMS: u64 = 20_000_000;
/// Most bytes the model and the engine built from it may take, estimated.
pub(super) const MAX_MODEL_BYTES: u64 = 1 << 30;
/// Estimated bytes per model variable beside its domain (its name, its
/// engine state: bounds, trail, watch lists), per constraint (the posted
/// record, its propagator) and per comprehension item (a value), measured
/// on queens n = 1000 (1.0 M variables and constraints: 1.05 GB peak).
const VAR_BYTES: u64 = 300;
const CONSTRAINT_BYTES: u64 = 300;
const ITEM_BYTES: u64 = 32;
/// Estimated bytes per item of one solution's output (a value in a list
/// of lists, its share of the list and of the text printed), measured on
/// `{[[x for c in 0..1] for r in 0..999999]}`: 3,000,000 items, 631 MB
/// peak (`/usr/bin/time -f %M`).
const OUTPUT_ITEM_BYTES: u64 = 210;
/// Estimated bytes per position a declared symmetry's group element moves
/// (the move kept in the plan, and its share of the maps built on the
/// way), measured on a `grid` over a 1000x1000 array: 7 elements of
/// 1,000,000 moves each, 250 MB above the same spec without it.
const MOVE_BYTES: u64 = 36;
/// Estimated bytes per variable-value pair of the value graph an
/// alldifferent at domain consistency builds (the edge both ways, the
/// matching, the stamps), measured: 4,000 variables of 4,000 values take
/// 250 MB more at `domain` than at `bounds` (`/usr/bin/time -f %M`).
const VALUE_GRAPH_EDGE_BYTES: u64 = 16;
/// Bytes per element of a constraint (a term, a view, a value, a literal).
const ELEMENT_BYTES: u64 = 16;
/// Constraint bytes added since the last size check that force one.
const CHECK_BYTES: u64 = 16 << 20;
/// Items between two looks at the clock and the model's size.
const CHECK_EVERY: u64 = 1024;

#[derive(Clone, Debug, Default)]
pub(crate) struct Budget {
    clock: Clock,
    /// The run's stop token the clock reads.
    stop: Stop,
    spent: Spent,
    /// Bytes of the declared variables' domains.
    domain_bytes: u64,
    /// Constraint bytes added since the size was last checked.
    unchecked: u64,
    /// The model's variables when the size was last checked.
    checked_vars: usize,
    /// The budget of one solution's output, not of a model.
    output: bool,
    /// Compiled output code gave up at the deadline ([`Budget::timed_out`]).
    timed_out: bool,
}

/// The start of every message of a budget of size that ran out (their
/// kind is [`DiagnosticKind::TooLarge`]).
const TOO_LARGE: &str = "this spec is too large";

/// Whether `d` says that a budget ran out (the time limit, the items or
/// the memory), not that the spec is wrong.
pub(crate) fn is_limit(d: &Diagnostic) -> bool {
    matches!(d.kind, DiagnosticKind::Stopped | DiagnosticKind::TooLarge)
}

/// What lowering has produced so far: items and constraint elements.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Spent {
    items: u64,
    element_bytes: u64,
}

impl Budget {
    pub(crate) fn new(stop: &Stop) -> Budget {
        Budget {
            clock: Clock::new(stop),
            stop: stop.clone(),
            ..Budget::default()
        }
    }

    /// The budget of one solution's output: the run's deadline, the item
    /// limit of lowering, and the memory limit with what an output item
    /// really takes (a list of lists is built before it is printed).
    pub(crate) fn for_output(stop: &Stop) -> Budget {
        Budget {
            output: true,
            ..Budget::new(stop)
        }
    }

    /// The budget of printing one solution that was found: as
    /// [`Budget::for_output`], but its clock stops at `stop`'s deadline
    /// alone, not at a cancel (a stopped run still prints what it found).
    pub(crate) fn for_printing(stop: &Stop) -> Budget {
        Budget::for_output(&stop.clock_only())
    }

    /// When lowering must stop (shared with the scratch lowerings of games
    /// and puzzles).
    pub(crate) fn stop(&self) -> &Stop {
        &self.stop
    }

    pub(crate) fn spent(&self) -> Spent {
        self.spent
    }

    /// Back to what was spent earlier (a retracted constraint's share).
    pub(crate) fn set_spent(&mut self, spent: Spent) {
        self.spent = spent;
    }

    /// A constraint of `elements` terms, views or values was posted.
    pub(crate) fn constraint(&mut self, elements: usize) {
        let bytes = (elements as u64).saturating_mul(ELEMENT_BYTES);
        self.spent.element_bytes = self.spent.element_bytes.saturating_add(bytes);
        self.unchecked = self.unchecked.saturating_add(bytes);
    }

    /// One more comprehension item at `span`.
    pub(crate) fn item(&mut self, model: &Model, span: Span) -> R<()> {
        self.spent.items += 1;
        let items = self.spent.items;
        if items > MAX_TOTAL_ITEMS {
            return Err(Diagnostic::new(
                format!(
                    "{TOO_LARGE}: its comprehensions produce more than {MAX_TOTAL_ITEMS} items"
                ),
                span,
            )
            .with_kind(DiagnosticKind::TooLarge));
        }
        if self.clock.passed() {
            return Err(self.time_limit());
        }
        if items.is_multiple_of(CHECK_EVERY) || self.unchecked > CHECK_BYTES {
            self.check_size(model, 0, span)?;
        }
        Ok(())
    }

    /// One more item of compiled output code (which keeps no positions):
    /// whether the budget allows it. When it does not, the interpreter
    /// evaluates the part again and reports why, at its position.
    pub(crate) fn allows_item(&mut self) -> bool {
        self.spent.items += 1;
        let items = self.spent.items;
        let bytes = if self.output {
            OUTPUT_ITEM_BYTES
        } else {
            ITEM_BYTES
        };
        items <= MAX_TOTAL_ITEMS
            && items.saturating_mul(bytes) <= MAX_MODEL_BYTES
            && self.allows_step()
    }

    /// One more step of a compiled loop (an item a filter may reject):
    /// whether the deadline allows it.
    pub(crate) fn allows_step(&mut self) -> bool {
        self.timed_out |= self.clock.passed();
        !self.timed_out
    }

    /// The deadline's error when compiled code gave up at it: the
    /// interpreter need not run the part again only to meet it too.
    pub(crate) fn timed_out(&self) -> Option<Diagnostic> {
        self.timed_out.then(|| self.time_limit())
    }

    /// A declared symmetry's group element that moves `moves` positions
    /// was built at `span`: it stays in the plan, so it counts like a
    /// constraint.
    pub(crate) fn symmetry(&mut self, moves: usize, model: &Model, span: Span) -> R<()> {
        let bytes = (moves as u64).saturating_mul(MOVE_BYTES);
        self.spent.element_bytes = self.spent.element_bytes.saturating_add(bytes);
        self.unchecked = self.unchecked.saturating_add(bytes);
        self.tick()?;
        if self.unchecked > CHECK_BYTES {
            self.check_size(model, 0, span)?;
        }
        Ok(())
    }

    /// The deadline alone, for loops that build no items (the clock is
    /// read at an adapted rate: calling this often is cheap).
    pub(crate) fn tick(&mut self) -> R<()> {
        if self.clock.passed() {
            return Err(self.time_limit());
        }
        Ok(())
    }

    /// New variables were made at `span` (outside comprehension items too:
    /// a cached comparison, an auxiliary variable): every 1024 of them, or
    /// 16 MB of constraints, the size and the clock are checked.
    pub(crate) fn grew(&mut self, model: &Model, span: Span) -> R<()> {
        if model.vars.len() >= self.checked_vars + CHECK_EVERY as usize
            || self.unchecked > CHECK_BYTES
        {
            self.check(model, span)?;
        }
        Ok(())
    }

    /// The value graphs the engine builds for the alldifferent constraints
    /// at domain consistency or probing (their own level, else `default`): counted
    /// against the model's size like the model itself, and refused by
    /// name when they take it past the budget.
    pub(crate) fn value_graphs(&mut self, model: &Model, default: Consistency) -> R<()> {
        for posted in &model.constraints {
            let Constraint::AllDifferent(AllDifferent(views)) = &posted.constraint else {
                continue;
            };
            let level = posted.consistency.unwrap_or(default);
            if !matches!(level, Consistency::Domain | Consistency::Probing) {
                continue;
            }
            let edges: u64 = views.iter().map(|v| model.domain(v.var).size()).sum();
            self.spent.element_bytes = self
                .spent
                .element_bytes
                .saturating_add(edges.saturating_mul(VALUE_GRAPH_EDGE_BYTES));
            if self.estimate(model, 0) > MAX_MODEL_BYTES {
                return Err(Diagnostic::bare(format!(
                    "{TOO_LARGE}: `{}{}` at domain consistency builds a graph of {edges} variable-value pairs (about {} MB), which takes the model past {} MB",
                    posted.origin,
                    posted.item,
                    edges.saturating_mul(VALUE_GRAPH_EDGE_BYTES) >> 20,
                    MAX_MODEL_BYTES >> 20
                ))
                .with_kind(DiagnosticKind::TooLarge)
                .with_help(format!(
                    "keep it at bounds (`--consistency {}=bounds`), or narrow the domains",
                    posted.origin
                )));
            }
        }
        Ok(())
    }

    /// `count` variables with `domain` are about to be declared at `span`.
    pub(crate) fn declare(
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
    pub(crate) fn check(&mut self, model: &Model, span: Span) -> R<()> {
        if self.stop.passed() {
            return Err(self.time_limit());
        }
        self.check_size(model, 0, span)
    }

    /// The model's estimated bytes, with `more_vars` variables to come.
    fn estimate(&self, model: &Model, more_vars: u64) -> u64 {
        let vars = model.vars.len() as u64 + more_vars;
        let item_bytes = if self.output {
            OUTPUT_ITEM_BYTES
        } else {
            ITEM_BYTES
        };
        vars.saturating_mul(VAR_BYTES)
            .saturating_add((model.constraints.len() as u64).saturating_mul(CONSTRAINT_BYTES))
            .saturating_add(self.spent.items.saturating_mul(item_bytes))
            .saturating_add(self.spent.element_bytes)
            .saturating_add(self.domain_bytes)
    }

    fn check_size(&mut self, model: &Model, more_vars: u64, span: Span) -> R<()> {
        self.unchecked = 0;
        self.checked_vars = model.vars.len();
        let vars = model.vars.len() as u64 + more_vars;
        let estimate = self.estimate(model, more_vars);
        if estimate > MAX_MODEL_BYTES && self.output {
            return Err(Diagnostic::new(
                format!(
                    "{TOO_LARGE}: one solution's output would take more than {} MB ({} items)",
                    MAX_MODEL_BYTES >> 20,
                    self.spent.items
                ),
                span,
            )
            .with_kind(DiagnosticKind::TooLarge)
            .with_help("print less of it, or make the params smaller"));
        }
        if estimate > MAX_MODEL_BYTES {
            return Err(Diagnostic::new(
                format!(
                    "{TOO_LARGE}: its model would take more than {} MB ({vars} variables, {} constraints so far)",
                    MAX_MODEL_BYTES >> 20,
                    model.constraints.len()
                ),
                span,
            )
            .with_kind(DiagnosticKind::TooLarge)
            .with_help("make the params smaller, or the domains narrower"));
        }
        Ok(())
    }
}

impl Budget {
    fn time_limit(&self) -> Diagnostic {
        let what = if self.output {
            "while the output template was being evaluated"
        } else {
            "while the spec was being lowered"
        };
        Diagnostic::stopped(what, self.stop.cause())
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
