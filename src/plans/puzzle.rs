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
    /// The spec's `start`, read at lowering: one value per state variable,
    /// or why it is not a position (an error only when it is used: a
    /// `--start` replaces it).
    pub start: Option<Result<Vec<i64>, Diagnostic>>,
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
