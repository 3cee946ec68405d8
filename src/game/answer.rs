//! A game's answer for two concrete codes, evaluated through the network
//! lowering built once ([`AnswerNetwork`]): the inputs are fixed, the
//! network's definitions infer the rest (`model::infer`), the outputs are
//! read. No parsing, no lowering and no propagation per answer: the
//! strategies evaluate millions of them.

use crate::model::Constraint;
use crate::model::game::AnswerNetwork;
use crate::model::infer::{Known, Program, infer_all};

/// Evaluates one network again and again (its buffers are reused).
#[derive(Clone, Debug)]
pub struct Answers {
    network: AnswerNetwork,
    constraints: Vec<Constraint>,
    /// The network in a fixed order, when it has one (no partial operation).
    program: Option<Program>,
    /// Each variable's value where the domain fixes it (constants).
    fixed: Vec<Option<i64>>,
    constants: Vec<(usize, i64)>,
    values: Vec<i64>,
    known: Vec<bool>,
    done: Vec<bool>,
}

/// The answer is not defined for these codes (an index out of range or a
/// division by zero in the answer), or the network could not be evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undefined;

impl Answers {
    pub fn new(network: AnswerNetwork) -> Answers {
        let fixed: Vec<Option<i64>> = network
            .model
            .vars
            .iter()
            .map(|v| match (v.domain.min(), v.domain.max()) {
                (Some(lo), Some(hi)) if lo == hi => Some(lo),
                _ => None,
            })
            .collect();
        let n = fixed.len();
        let constraints: Vec<Constraint> = network
            .model
            .constraints
            .iter()
            .map(|p| p.constraint.clone())
            .collect();
        let mut known: Vec<bool> = fixed.iter().map(Option::is_some).collect();
        for x in network.secret.iter().chain(&network.guess) {
            known[x.index()] = true;
        }
        let needed: Vec<_> = network
            .outputs
            .iter()
            .flat_map(|s| s.terms.iter().map(|&(_, x)| x))
            .chain(network.guards.iter().map(|g| g.var))
            .collect();
        let program = Program::compile(&constraints, &known, &needed);
        let constants = fixed
            .iter()
            .enumerate()
            .filter_map(|(i, f)| f.map(|v| (i, v)))
            .collect();
        Answers {
            constants,
            network,
            constraints,
            program,
            fixed,
            values: vec![0; n],
            known: vec![false; n],
            done: Vec::new(),
        }
    }

    pub fn is_list(&self) -> bool {
        self.network.is_list
    }

    /// The answer `secret` gives to `guess`, into `out` (cleared first).
    pub fn answer(
        &mut self,
        secret: &[i64],
        guess: &[i64],
        out: &mut Vec<i64>,
    ) -> Result<(), Undefined> {
        if self.program.is_none() {
            for (i, f) in self.fixed.iter().enumerate() {
                self.known[i] = f.is_some();
            }
        }
        for &(i, v) in &self.constants {
            self.values[i] = v;
        }
        let net = &self.network;
        for (inputs, values) in [(&net.secret, secret), (&net.guess, guess)] {
            for (&x, &v) in inputs.iter().zip(values) {
                self.values[x.index()] = v;
                self.known[x.index()] = true;
            }
        }
        let mut k = Known {
            values: &mut self.values,
            known: &mut self.known,
        };
        match &self.program {
            Some(program) => program
                .run(&self.constraints, &mut k)
                .map_err(|_| Undefined)?,
            None => {
                // Outputs left unknown (nothing determined them) are caught below.
                let _complete = infer_all(self.constraints.iter(), &mut k, &mut self.done)
                    .map_err(|_| Undefined)?;
            }
        }
        for g in &net.guards {
            if !(k.known[g.var.index()] && g.holds(k.values[g.var.index()])) {
                return Err(Undefined);
            }
        }
        out.clear();
        for sum in &net.outputs {
            let mut total = sum.constant;
            for &(a, x) in &sum.terms {
                if !k.known[x.index()] {
                    return Err(Undefined);
                }
                total = total
                    .checked_add(a.checked_mul(k.values[x.index()]).ok_or(Undefined)?)
                    .ok_or(Undefined)?;
            }
            out.push(total);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::branch::Rng;
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
        let network = session.lowered().game.as_ref().unwrap().answer.clone();
        let mut fast = Answers::new(network.clone());
        assert_eq!(
            fast.program.is_some(),
            compiled,
            "compiled program expected: {compiled}"
        );
        let mut slow = Answers::new(network);
        slow.program = None;
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
