//! `solve`: a declarative puzzle-spec interpreter.
//!
//! ```text
//!  spec.toml ──load──▶ Spec ──names──▶ checked Spec ──lower──▶ Program (Model + plan)
//!    (toml + pest)      (spec::load)    (spec::names)          (lower::program)
//!                                                                   │
//!          text / JSON ◀──render── solutions ◀──search── Engine ◀──post
//!          (Program::render)       (search)              (engine)
//! ```
//!
//! - [`source`], [`diagnostic`]: positions and rustc-style error messages.
//! - [`spec`]: the TOML format and the expression language (`grammar/expr.pest`).
//! - [`lower`]: partial evaluation of a spec into a flat [`model::Model`].
//! - [`engine`]: domains, trail, propagators and the fixpoint loop.
//! - [`search`]: depth-first search with a configurable branching order.
//! - [`cli`]: the command line.

pub mod cli;
pub mod diagnostic;
pub mod engine;
pub mod lower;
pub mod model;
pub mod search;
pub mod source;
pub mod spec;

use diagnostic::Diagnostic;
use lower::program::{Options, Program};
use source::{SourceId, Sources};

/// Loads, checks and lowers the spec in `sources[id]`, with `--set` overrides.
pub fn compile(
    sources: &mut Sources,
    id: SourceId,
    overrides: &[String],
    options: &Options,
) -> Result<Program, Vec<Diagnostic>> {
    let mut spec = spec::load::load(sources, id)?;
    spec::load::apply_overrides(&mut spec, sources, overrides)?;
    spec::names::check(&spec)?;
    Program::new(&spec, options).map_err(|d| vec![d])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::search::{Limits, Outcome, Restarts, Search};

    const MOO: &str = r#"
[params]
digits = 4
history = []
[vars]
code = { index = "0..digits-1", domain = "0..9" }
[functions]
bulls = "(a, g) => count(a[i] == g[i] for i in 0..digits-1)"
cows = "(a, g) => count(a[i] == g[j] for i in 0..digits-1 for j in 0..digits-1 if i != j)"
[constraints]
distinct = "alldifferent(code)"
consistent = "forall(bulls(code, h[0..digits-1]) == h[digits] and cows(code, h[0..digits-1]) == h[digits+1] for h in history)"
"#;

    fn first(program: &Program, engine: &mut Engine) -> Vec<i64> {
        let mut search = Search::new(
            engine,
            program.brancher(),
            Limits::default(),
            Restarts::NONE,
        );
        match search.next() {
            Outcome::Solution => search.values()[..4].to_vec(),
            other => panic!("expected a solution, found {other:?}"),
        }
    }

    fn score(secret: &[i64], guess: &[i64]) -> (usize, usize) {
        let bulls = (0..4).filter(|&i| secret[i] == guess[i]).count();
        let common = guess.iter().filter(|g| secret.contains(g)).count();
        (bulls, common - bulls)
    }

    /// The first-consistent guesser for secret 7412 (PUZZLES.md), played by
    /// adding each answer to the same engine at the root: no re-lowering.
    #[test]
    fn constraints_added_at_the_root_are_solved_again() {
        let mut sources = Sources::default();
        let id = sources.add("moo.toml", MOO);
        let mut program = compile(&mut sources, id, &[], &Options::default()).unwrap();
        let mut engine = Engine::new(program.model(), program.consistency);
        let secret = [7, 4, 1, 2];
        let mut guesses = Vec::new();
        loop {
            let guess = first(&program, &mut engine);
            guesses.push(guess.iter().map(i64::to_string).collect::<String>());
            if guess == secret {
                break;
            }
            let (b, c) = score(&secret, &guess);
            let g = format!("{guess:?}");
            let text = format!("bulls(code, {g}) == {b} and cows(code, {g}) == {c}");
            program
                .add_constraint_text(&mut sources, "answer", &text)
                .unwrap();
            engine.sync(program.model());
        }
        assert_eq!(
            guesses,
            ["0123", "1045", "2354", "3406", "3517", "5207", "7412"]
        );
    }
}
