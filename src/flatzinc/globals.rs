//! The globals `solve`'s MiniZinc library (`share/minizinc/solve/`)
//! declares native, by the names the flattened model calls them: each
//! posted as its own kind of constraint. The library passes what
//! flattening would lose, the first index of an array (circuit, inverse),
//! as an argument of its own.

use super::ast::Call;
use super::builder::{Builder, expected};
use crate::constraints::{AllDifferent, Circuit, Constraint, Inverse, Lex, Regular, Table};
use crate::diagnostic::Diagnostic;
use crate::vocab::Automaton;

/// Posts `call` if it is one of the library's globals (`None`: it is
/// not).
pub(super) fn post(b: &mut Builder, call: &Call) -> Option<Result<(), Diagnostic>> {
    let arity = match call.name.as_str() {
        "fzn_all_different_int" => 1,
        "fzn_table_int" | "fzn_table_bool" => 2,
        "fzn_lex_less_int" | "fzn_lex_lesseq_int" | "fzn_lex_less_bool" | "fzn_lex_lesseq_bool" => {
            2
        }
        "solve_circuit" | "solve_subcircuit" => 2,
        "solve_inverse" => 4,
        "fzn_regular" => 6,
        _ => return None,
    };
    if call.args.len() != arity {
        return Some(Err(Diagnostic::new(
            format!(
                "`{}` takes {arity} arguments, found {}",
                call.name,
                call.args.len()
            ),
            call.span,
        )));
    }
    Some(global(b, call).map(|c| b.add(c, call)))
}

fn global(b: &mut Builder, call: &Call) -> Result<Constraint, Diagnostic> {
    let a = &call.args;
    Ok(match call.name.as_str() {
        "fzn_all_different_int" => AllDifferent(b.views(&a[0])?).into(),
        "fzn_table_int" | "fzn_table_bool" => {
            let xs = b.views(&a[0])?;
            let flat = b.ints(&a[1])?;
            if xs.is_empty() || flat.len() % xs.len() != 0 {
                return Err(expected(
                    format!("a table of rows of {} values", xs.len()),
                    a[1].span,
                ));
            }
            let rows = flat.chunks(xs.len()).map(<[i64]>::to_vec).collect();
            Table { xs, rows }.into()
        }
        name if name.starts_with("fzn_lex_") => {
            let (xs, ys) = (b.views(&a[0])?, b.views(&a[1])?);
            if xs.len() != ys.len() {
                return Err(expected(
                    format!(
                        "two arrays of one length (found {} and {})",
                        xs.len(),
                        ys.len()
                    ),
                    call.span,
                ));
            }
            Lex {
                xs,
                ys,
                strict: name.starts_with("fzn_lex_less_"),
            }
            .into()
        }
        "solve_circuit" | "solve_subcircuit" => Circuit {
            base: b.int(&a[0])?,
            succ: b.views(&a[1])?,
            sub: call.name == "solve_subcircuit",
        }
        .into(),
        "solve_inverse" => Inverse {
            f: b.views(&a[0])?,
            f_base: b.int(&a[1])?,
            invf: b.views(&a[2])?,
            invf_base: b.int(&a[3])?,
        }
        .into(),
        _ => regular(b, call)?.into(),
    })
}

/// `fzn_regular(x, Q, S, d, q0, F)`: states 1..Q, symbols 1..S, `d` the
/// Q x S transition table row by row (0: no transition).
fn regular(b: &mut Builder, call: &Call) -> Result<Regular, Diagnostic> {
    let a = &call.args;
    let xs = b.views(&a[0])?;
    let (states, symbols) = (b.int(&a[1])?, b.int(&a[2])?);
    let d = b.ints(&a[3])?;
    if states.checked_mul(symbols) != Some(d.len() as i64) {
        return Err(expected(
            format!("a transition table of {states} x {symbols} states"),
            a[3].span,
        ));
    }
    let mut transitions = Vec::new();
    for (i, &to) in d.iter().enumerate() {
        if to != 0 {
            let i = i as i64;
            transitions.push((i / symbols + 1, i % symbols + 1, to));
        }
    }
    Ok(Regular {
        xs,
        automaton: Automaton {
            transitions,
            start: b.int(&a[4])?,
            accepting: b.set(&a[5])?,
        },
    })
}
