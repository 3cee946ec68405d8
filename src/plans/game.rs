//! A guessing game as plain data, gathered by lowering from `[game]`: which
//! model variables form the code, and the answer to a guess lowered once
//! into a network of its own, over input variables for the secret and the
//! guess, so that the game stage can evaluate it for any two codes.

use crate::model::VarId;
use crate::model::network::Network;
use crate::source::Span;
use crate::spec::ast::Function;

#[derive(Clone, Debug)]
pub struct GamePlan {
    /// The code's variables, in order.
    pub code: Vec<VarId>,
    /// `None`: the code is one variable; `Some(base)`: a list indexed from
    /// `base`.
    pub code_base: Option<i64>,
    /// `answer(secret, guess)`: inputs the secret's values then the
    /// guess's, one output per item of the answer.
    pub answer: Network,
    /// The spec's answer function itself, to post a game's answers as
    /// constraints over the code's variables.
    pub answer_function: Function,
    /// `false`: the answer is one integer; `true`: a list of them.
    pub answer_is_list: bool,
    /// The answer that ends the game.
    pub win: Vec<i64>,
    /// `[game] opening`: the first guess of every strategy (a code's
    /// values; whether it is a possible code is the game's to check).
    pub opening: Option<(Vec<i64>, Span)>,
}
