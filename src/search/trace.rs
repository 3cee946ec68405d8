//! Seeing the search: a [`Recorder`] keeps the first events of a search
//! (decisions, what each named constraint pruned, failures and by which
//! constraint, solutions, restarts), and renders them as text lines
//! (`--trace N`) or as the search tree in Graphviz DOT (`--tree FILE`).
//! Names are the spec's: declared variables by name, constraints by their
//! name and item (`diagonals`, `rows[i=2]`); auxiliary variables are left
//! out.

use super::branch::Choice;
use crate::engine::Traced;
use crate::model::{Model, VarId};

/// One event of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Propagation at the root starts.
    Root,
    /// A branch: the left one takes `choice`, the right one its negation.
    Decision {
        depth: usize,
        var: VarId,
        choice: Choice,
        left: bool,
    },
    Propagation(Traced),
    /// The branch failed without a constraint to blame (the objective's
    /// bound, or the decision itself emptied a domain).
    Failure,
    Solution,
    Restart,
}

/// The first `limit` events of the searches it is given to.
#[derive(Clone, Debug)]
pub struct Recorder {
    pub events: Vec<Event>,
    limit: usize,
    /// Whether propagation is recorded too (not only the tree).
    pub pruning: bool,
    /// Events were left out once the limit was reached.
    pub truncated: bool,
    /// Per model variable: whether its prunings are recorded (not those
    /// of auxiliary variables, which have no name in the spec).
    shown: Vec<bool>,
}

impl Recorder {
    /// Records the first `limit` events of searches of `model`, prunings
    /// included when `pruning`.
    pub fn new(limit: usize, pruning: bool, model: &Model) -> Recorder {
        Recorder {
            events: Vec::new(),
            limit,
            pruning,
            truncated: false,
            shown: model.vars.iter().map(|v| !v.aux).collect(),
        }
    }

    /// Whether it still records.
    pub fn open(&self) -> bool {
        self.events.len() < self.limit
    }

    pub fn push(&mut self, event: Event) {
        if let Event::Propagation(Traced::Pruned { var, .. }) = &event
            && !self.shown.get(var.index()).copied().unwrap_or(false)
        {
            return;
        }
        if self.open() {
            self.events.push(event);
        } else {
            self.truncated = true;
        }
    }

    /// The first `n` events as lines, indented by depth.
    pub fn text(&self, model: &Model, n: usize) -> Vec<String> {
        let mut lines = Vec::new();
        let mut depth = 0;
        for event in self.events.iter().take(n) {
            let indent = "  ".repeat(depth.max(1));
            let line = match event {
                Event::Root => "root propagation".to_string(),
                Event::Decision {
                    depth: d,
                    var,
                    choice,
                    left,
                } => {
                    depth = *d;
                    format!(
                        "{}decide {}",
                        "  ".repeat(d - 1),
                        decision(model, *var, *choice, *left)
                    )
                }
                Event::Propagation(pruned @ Traced::Pruned { .. }) => {
                    format!("{indent}{}", pruning(model, pruned).unwrap_or_default())
                }
                Event::Propagation(Traced::Failed { owner }) => {
                    format!("{indent}fail: {}", constraint(model, *owner))
                }
                Event::Failure => format!("{indent}fail"),
                Event::Solution => format!("{indent}solution"),
                Event::Restart => {
                    depth = 0;
                    "restart".to_string()
                }
            };
            lines.push(line);
        }
        if self.truncated || self.events.len() > n {
            lines.push(format!("... (the trace stops after {n} events)"));
        }
        lines
    }
}

pub(super) fn decision(model: &Model, var: VarId, choice: Choice, left: bool) -> String {
    let name = &model.vars[var.index()].name;
    match (choice, left) {
        (Choice::Assign(v), true) => format!("{name} = {}", model.values_text(var, &[(v, v)])),
        (Choice::Assign(v), false) => format!("{name} != {}", model.values_text(var, &[(v, v)])),
        (Choice::AtMost(v), true) => format!("{name} <= {v}"),
        (Choice::AtMost(v), false) => format!("{name} > {v}"),
    }
}

/// A pruning as `--trace` prints it: `rows: q[1] {0..4} -> {1..4}`.
pub(super) fn pruning(model: &Model, traced: &Traced) -> Option<String> {
    let Traced::Pruned {
        owner,
        var,
        before,
        after,
    } = traced
    else {
        return None;
    };
    Some(format!(
        "{}: {} {} -> {}",
        constraint(model, *owner),
        model.vars[var.index()].name,
        model.values_text(*var, before),
        model.values_text(*var, after)
    ))
}

pub(super) fn constraint(model: &Model, owner: usize) -> String {
    let posted = &model.constraints[owner];
    format!("{}{}", posted.origin, posted.item)
}
