//! A puzzle of moves as plain data, gathered by lowering from `[puzzle]`
//! and `[moves]`: the state (the spec's declared variables), and the goal,
//! the heuristic and every instance of every move, each lowered once into
//! a network over input variables for the state (see `model::network`).

use crate::model::VarId;
use crate::model::network::Network;
use crate::source::Span;
use crate::spec::ast::TemplatePart;

#[derive(Clone, Debug)]
pub struct PuzzlePlan {
    /// The state: every declared variable, in declaration order; each
    /// network's inputs are the state's values in this order.
    pub state: Vec<VarId>,
    /// One character per value, from 0 (`"_BW"`).
    pub alphabet: Option<Vec<char>>,
    /// The start position as the spec writes it, and where.
    pub start: Option<(String, Span)>,
    /// One output: 1 where the state is a goal.
    pub goal: Network,
    /// One output: 1 where the state satisfies the spec's constraints (is
    /// a position).
    pub valid: Network,
    /// One output: a lower bound on the cost to a goal.
    pub heuristic: Option<Network>,
    pub moves: Vec<MovePlan>,
}

/// One move with its parameters fixed (`jump` with `p = 3`).
#[derive(Clone, Debug)]
pub struct MovePlan {
    pub name: String,
    pub args: Vec<(String, i64)>,
    /// Two outputs: 1 where the move applies, and its cost.
    pub when: Network,
    /// One output per state variable: the state after the move.
    pub next: Network,
    pub show: Option<Vec<TemplatePart>>,
    /// The move's `next`, for messages.
    pub span: Span,
}
