//! A puzzle of moves as plain data, gathered by lowering from `[puzzle]`
//! and `[moves]`: the state (the spec's declared variables), and the goal,
//! the heuristic and every instance of every move, each lowered once into
//! a network over input variables for the state (see `model::network`).

use crate::diagnostic::Diagnostic;
use crate::model::VarId;
use crate::model::network::Network;
use crate::source::Span;
use crate::spec::ast::{InvalidMove, TemplatePart};

#[derive(Clone, Debug)]
pub struct PuzzlePlan {
    /// The state: every declared variable, in declaration order; each
    /// network's inputs are the state's values in this order.
    pub state: Vec<VarId>,
    /// One character per value, from 0 (`"_BW"`).
    pub alphabet: Option<Vec<char>>,
    /// The spec's `start`.
    pub start: Option<StartPlan>,
    /// Why the state has the number of values it has, for the message
    /// about a position of the wrong length (`` `peg` has 3 (n = 3) ``).
    pub sizes: String,
    /// One output: 1 where the state is a goal.
    pub goal: Network,
    /// One output: 1 where the state satisfies the spec's constraints (is
    /// a position).
    pub valid: Network,
    /// One output: a lower bound on the cost to a goal.
    pub heuristic: Option<Network>,
    /// A move into a state the constraints rule out: a dead end, or an
    /// error.
    pub invalid: InvalidMove,
    pub moves: Vec<MovePlan>,
}

/// `start` in `[puzzle]`: a position as written (`"BB_BBB"`, `"3,3,0"`),
/// or an expression over the params giving one (`"[0 for d in 1..n]"`).
/// The text is read as a position first; only when it is not one is its
/// value as an expression used.
#[derive(Clone, Debug)]
pub struct StartPlan {
    pub text: String,
    pub span: Span,
    /// The text evaluated as an expression over the params, or why it
    /// cannot be.
    pub value: Result<StartValue, Diagnostic>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartValue {
    /// The values, one per state variable (a list, nested lists flattened).
    Values(Vec<i64>),
    /// A text, read as a position.
    Text(String),
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
