//! A guessing game as plain data, gathered by lowering from `[game]`: which
//! model variables form the code, and the answer to a guess lowered once
//! into a small network of its own, over input variables for the secret
//! and the guess, so that the game stage can evaluate it for any two codes
//! (see `game::answer`).

use crate::model::{Lit, Model, VarId};

#[derive(Clone, Debug)]
pub struct GamePlan {
    /// The code's variables, in order.
    pub code: Vec<VarId>,
    /// `None`: the code is one variable; `Some(base)`: a list indexed from
    /// `base`.
    pub code_base: Option<i64>,
    pub answer: AnswerNetwork,
    /// The answer that ends the game.
    pub win: Vec<i64>,
}

/// `answer(secret, guess)` as a network: fix `secret` and `guess`, infer
/// the rest, read `outputs`; the answer is defined where every guard holds.
#[derive(Clone, Debug)]
pub struct AnswerNetwork {
    pub model: Model,
    pub secret: Vec<VarId>,
    pub guess: Vec<VarId>,
    /// One sum per item of the answer.
    pub outputs: Vec<Sum>,
    /// `false`: the answer is one integer; `true`: a list of them.
    pub is_list: bool,
    pub guards: Vec<Lit>,
}

/// `constant + sum(coef * var)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sum {
    pub terms: Vec<(i64, VarId)>,
    pub constant: i64,
}
