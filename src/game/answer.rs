//! A game's answer for two concrete codes: the answer network (inputs: the
//! secret's variables, then the guess's) through the network evaluator.

use crate::model::network::{Evaluator, Undefined};

/// Evaluates the answer again and again.
#[derive(Clone, Debug)]
pub(super) struct Answers {
    evaluator: Evaluator,
    is_list: bool,
    inputs: Vec<i64>,
}

impl Answers {
    pub(super) fn new(plan: &crate::plans::game::GamePlan) -> Answers {
        Answers {
            evaluator: Evaluator::new(plan.answer.clone()),
            is_list: plan.answer_is_list,
            inputs: Vec::new(),
        }
    }

    pub(super) fn is_list(&self) -> bool {
        self.is_list
    }

    /// The answer `secret` gives to `guess`, into `out` (cleared first).
    pub(super) fn answer(
        &mut self,
        secret: &[i64],
        guess: &[i64],
        out: &mut Vec<i64>,
    ) -> Result<(), Undefined> {
        self.inputs.clear();
        self.inputs.extend_from_slice(secret);
        self.inputs.extend_from_slice(guess);
        self.evaluator.eval(&self.inputs, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;
    use crate::session::Session;

    /// Random codes within the code's domains (possible or not: the answer
    /// is a function of any two codes).
    fn random_code(session: &Session, rng: &mut Rng) -> Vec<i64> {
        let model = session.lowered().model();
        let game = session.lowered().game.as_ref().expect("a game");
        game.code
            .iter()
            .map(|&x| {
                let d = model.domain(x);
                let (lo, hi) = (d.min().unwrap(), d.max().unwrap());
                lo + rng.below((hi - lo + 1) as u64) as i64
            })
            .collect()
    }

    /// The network (compiled, and inferred step by step) against constant
    /// folding of the answer function, on random pairs of codes.
    fn agrees_with_folding(spec: &str, compiled: bool) {
        let session = Session::from_text("game.toml", spec, &[]).unwrap();
        let plan = session.lowered().game.clone().unwrap();
        let mut fast = Answers::new(&plan);
        assert_eq!(
            fast.evaluator.is_compiled(),
            compiled,
            "compiled program expected: {compiled}"
        );
        let mut slow = Answers::new(&plan);
        slow.evaluator = slow.evaluator.without_program();
        let mut rng = Rng::new(11);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let mut defined = 0;
        for _ in 0..3000 {
            let (s, g) = (
                random_code(&session, &mut rng),
                random_code(&session, &mut rng),
            );
            let folded = session.lowered().fold_answer(&s, &g).ok();
            let by_program = fast.answer(&s, &g, &mut a).ok().map(|()| a.clone());
            let by_inference = slow.answer(&s, &g, &mut b).ok().map(|()| b.clone());
            assert_eq!(by_program, folded, "secret {s:?}, guess {g:?}");
            assert_eq!(by_inference, folded, "secret {s:?}, guess {g:?}");
            defined += usize::from(folded.is_some());
        }
        assert!(defined > 1000, "only {defined} defined answers");
    }

    #[test]
    fn bulls_and_cows_network_agrees_with_folding() {
        let moo = std::fs::read_to_string("specs/moo.toml").unwrap();
        agrees_with_folding(&moo, true);
    }

    #[test]
    fn arithmetic_answer_agrees_with_folding() {
        agrees_with_folding(
            r#"
[params]
k = 3
[vars]
c = { index = "1..3", domain = "-4..4" }
[functions]
near = "(a, b) => count(abs(a[i] - b[i]) <= 1 for i in 1..k)"
[game]
code = "c"
answer = "(s, g) => [near(s, g), max(s[1], g[2]) * min(s[3], g[1]), (s[1] - g[1]) % 3, if s[2] > g[2] then sum(s) else -sum(g), s[1] * s[2] - g[3]]"
win = "[3, 0, 0, 0, 0]"
"#,
            true,
        );
    }

    /// Indices and divisors taken from the codes: the answer is undefined
    /// for some pairs, and the network's stand-ins for partial operations
    /// need inference in an order that depends on the values.
    #[test]
    fn partial_answer_agrees_with_folding() {
        agrees_with_folding(
            r#"
[vars]
c = { index = "0..2", domain = "0..3" }
[game]
code = "c"
answer = "(s, g) => [s[g[0]] + g[s[1]], 12 / (s[2] - g[2] + 1), count(s[i] == g[i] for i in 0..2)]"
win = "[0, 0, 3]"
"#,
            false,
        );
    }
}
