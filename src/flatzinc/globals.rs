//! The globals `solve`'s MiniZinc library (`share/minizinc/solve/`)
//! declares native (`count`, `global_cardinality`, `member`,
//! `alldifferent_except` and the others of the
//! book's table), by the names the flattened model calls them: each
//! posted as its own kind of constraint. The library passes what
//! flattening would lose, the first index of an array (circuit, inverse),
//! as an argument of its own, and a 2-D table as one list (`solve_table_int`,
//! `solve_regular`; the `fzn_` names are read too, for files written
//! otherwise). Here too `int_pow`, a builtin posted as the
//! table of its values. The scheduling globals are `scheduling.rs`'s.
//!
//! A table narrows each of its variables to the values its column lists
//! before it is posted, so that no propagator reads a large domain
//! (`var int`) value by value.

use super::ast::{Call, Expr, ExprKind};
use super::builder::{Builder, MAX_VALUE, expected, out_of_range};
use crate::constraints::{
    AllDifferent, AllDifferentExcept, Circuit, Clause, Constraint, Count, GlobalCardinality,
    Inverse, Lex, Member, Regular, Table,
};
use crate::diagnostic::Diagnostic;
use crate::vocab::{Automaton, IntervalSet, View};

/// Posts `call` if it is one of the library's globals (`None`: it is
/// not).
pub(super) fn post(b: &mut Builder, call: &Call) -> Option<Result<(), Diagnostic>> {
    let arity = match call.name.as_str() {
        "fzn_all_different_int" => 1,
        "fzn_table_int" | "fzn_table_bool" | "solve_table_int" | "solve_table_bool" => 2,
        "fzn_lex_less_int" | "fzn_lex_lesseq_int" | "fzn_lex_less_bool" | "fzn_lex_lesseq_bool" => {
            2
        }
        "solve_circuit" | "solve_subcircuit" => 2,
        "solve_inverse" => 4,
        "fzn_count_eq" | "fzn_global_cardinality" => 3,
        "fzn_member_int" | "solve_alldifferent_except" => 2,
        "fzn_regular" | "solve_regular" => 6,
        "int_pow" => 3,
        "fzn_cumulative" => 4,
        "fzn_disjunctive" | "fzn_disjunctive_strict" => 2,
        _ => return None,
    };
    let posted = self::arity(call, arity).and_then(|()| global(b, call));
    Some(posted.map(|c| {
        if let Some(c) = c {
            b.add(c, call);
        }
    }))
}

/// `call` has `n` arguments, or the error that says it has not.
pub(super) fn arity(call: &Call, n: usize) -> Result<(), Diagnostic> {
    if call.args.len() == n {
        return Ok(());
    }
    let plural = if n == 1 { "" } else { "s" };
    Err(Diagnostic::new(
        format!(
            "`{}` takes {n} argument{plural}, found {}",
            call.name,
            call.args.len()
        ),
        call.span,
    ))
}

/// The constraint of `call` (`None`: a truth, nothing to post).
fn global(b: &mut Builder, call: &Call) -> Result<Option<Constraint>, Diagnostic> {
    let a = &call.args;
    Ok(Some(match call.name.as_str() {
        "fzn_all_different_int" => AllDifferent(b.views(&a[0])?).into(),
        "fzn_table_int" | "fzn_table_bool" | "solve_table_int" | "solve_table_bool" => {
            let xs = b.views(&a[0])?;
            let flat = b.ints(&a[1])?;
            if xs.is_empty() || flat.len() % xs.len() != 0 {
                return Err(expected(
                    format!("a table of rows of {} values", xs.len()),
                    a[1].span,
                ));
            }
            let rows = flat.chunks(xs.len()).map(<[i64]>::to_vec).collect();
            return Ok(table(b, xs, rows));
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
        "solve_circuit" | "solve_subcircuit" => {
            let succ = b.views(&a[1])?;
            Circuit {
                base: base(b, &a[0], succ.len())?,
                succ,
                sub: call.name == "solve_subcircuit",
            }
            .into()
        }
        "solve_inverse" => {
            let (f, invf) = (b.views(&a[0])?, b.views(&a[2])?);
            Inverse {
                f_base: base(b, &a[1], f.len())?,
                invf_base: base(b, &a[3], invf.len())?,
                f,
                invf,
            }
            .into()
        }
        "fzn_count_eq" => Count {
            xs: b.views(&a[0])?,
            value: b.view(&a[1])?,
            count: b.view(&a[2])?,
        }
        .into(),
        "solve_alldifferent_except" => {
            AllDifferentExcept::new(b.views(&a[0])?, b.ints(&a[1])?).into()
        }
        "fzn_member_int" => {
            let xs = b.views(&a[0])?;
            let y = b.view(&a[1])?;
            if xs.is_empty() {
                return Ok(Some(never()));
            }
            Member { xs, y }.into()
        }
        "fzn_global_cardinality" => {
            let (xs, values, counts) = (b.views(&a[0])?, b.ints(&a[1])?, b.views(&a[2])?);
            if values.len() != counts.len() {
                return Err(expected(
                    format!("{} counts, one per value", values.len()),
                    a[2].span,
                ));
            }
            GlobalCardinality { xs, values, counts }.into()
        }
        "int_pow" => return pow(b, call),
        "fzn_cumulative" => return super::scheduling::cumulative(b, call),
        "fzn_disjunctive" | "fzn_disjunctive_strict" => {
            return super::scheduling::disjunctive(b, call);
        }
        _ => return regular(b, call),
    }))
}

/// The first index of an array of `n`, refused where its indices would
/// go beyond the solver's values.
fn base(b: &Builder, e: &Expr, n: usize) -> Result<i64, Diagnostic> {
    let base = b.int(e)?;
    if (-MAX_VALUE..=MAX_VALUE - n as i64).contains(&base) {
        Ok(base)
    } else {
        Err(out_of_range(base, e.span))
    }
}

/// `xs` is one of `rows`: each variable narrowed to its column's values
/// first (no row left: no solution).
fn table(b: &mut Builder, xs: Vec<View>, rows: Vec<Vec<i64>>) -> Option<Constraint> {
    for (k, x) in xs.iter().enumerate() {
        debug_assert_eq!(*x, View::of(x.var), "the builder's views are variables");
        let column = IntervalSet::from_values(rows.iter().map(|r| r[k]).collect());
        let narrowed = b.model.domain(x.var).intersect(&column);
        if narrowed.is_empty() {
            return Some(never());
        }
        b.model.vars[x.var.index()].domain = narrowed;
    }
    Some(Table { xs, rows }.into())
}

/// The constraint that never holds.
fn never() -> Constraint {
    Clause {
        lits: Vec::new(),
        reif: None,
    }
    .into()
}

/// `int_pow(x, y, z)`: `z = x ^ y` as the table of its triples, refused
/// when that table would be too large.
fn pow(b: &mut Builder, call: &Call) -> Result<Option<Constraint>, Diagnostic> {
    const MOST_ROWS: u64 = 100_000;
    let a = &call.args;
    let (x, y, z) = (b.view(&a[0])?, b.view(&a[1])?, b.view(&a[2])?);
    let dx = b.model.domain(x.var).clone();
    let dy = b.model.domain(y.var).clone();
    if dx.size().saturating_mul(dy.size()) > MOST_ROWS {
        return Err(Diagnostic::new(
            format!(
                "`int_pow` over {} x {} values: solve posts a power as the table of its values, and takes at most {MOST_ROWS} rows",
                dx.size(),
                dy.size()
            ),
            call.span,
        ));
    }
    let mut rows = Vec::new();
    for vx in dx.values() {
        for vy in dy.values() {
            if let Some(p) = power(vx, vy).filter(|p| p.abs() <= MAX_VALUE) {
                rows.push(vec![vx, vy, p]);
            }
        }
    }
    Ok(table(b, vec![x, y, z], rows))
}

/// MiniZinc's `pow(x, y)`: for `y < 0` it is `1 div pow(x, -y)` (so 0
/// unless `x` is 1 or -1), undefined for `x = 0`; `None` also when the
/// power overflows.
fn power(x: i64, y: i64) -> Option<i64> {
    match x {
        0 if y < 0 => None,
        0 => Some(i64::from(y == 0)),
        1 => Some(1),
        -1 => Some(if y % 2 == 0 { 1 } else { -1 }),
        _ if y < 0 => Some(0),
        _ => u32::try_from(y).ok().and_then(|e| x.checked_pow(e)),
    }
}

/// `fzn_regular(x, Q, S, d, q0, F)`: states 1..Q, symbols 1..S, `d` the
/// Q x S transition table row by row (0: no transition), checked as
/// MiniZinc checks it. Over no variables it is decided here: the start
/// is accepting or not.
fn regular(b: &mut Builder, call: &Call) -> Result<Option<Constraint>, Diagnostic> {
    let a = &call.args;
    let xs = b.views(&a[0])?;
    let (states, symbols) = (b.int(&a[1])?, b.int(&a[2])?);
    if states < 1 || symbols < 1 {
        return Err(expected(
            format!("at least one state and one symbol (found {states} and {symbols})"),
            call.span,
        ));
    }
    let d = b.ints(&a[3])?;
    if states.checked_mul(symbols) != Some(d.len() as i64) {
        return Err(expected(
            format!("a transition table of {states} x {symbols} states"),
            a[3].span,
        ));
    }
    if let Some(to) = d.iter().find(|&&to| !(0..=states).contains(&to)) {
        return Err(expected(
            format!("transitions to states in 0..{states} (found {to})"),
            a[3].span,
        ));
    }
    let transitions = (d.iter().enumerate())
        .filter(|&(_, &to)| to != 0)
        .map(|(i, &to)| (i as i64 / symbols + 1, i as i64 % symbols + 1, to))
        .collect();
    let start = b.int(&a[4])?;
    let accepting = states_in(b, &a[5], states)?;
    if !(1..=states).contains(&start) {
        return Err(expected(format!("a start state in 1..{states}"), a[4].span));
    }
    if xs.is_empty() {
        return Ok((!accepting.contains(&start)).then(never));
    }
    let automaton = Automaton {
        transitions,
        start,
        accepting,
    };
    Ok(Some(Regular { xs, automaton }.into()))
}

/// The accepting states: a set within `1..states` (a range checked
/// before it is listed).
fn states_in(b: &Builder, e: &Expr, states: i64) -> Result<Vec<i64>, Diagnostic> {
    let within = match e.kind {
        ExprKind::Range(lo, hi) => lo > hi || (1 <= lo && hi <= states),
        _ => true,
    };
    let set = if within { b.set(e)? } else { Vec::new() };
    if !within || set.iter().any(|q| !(1..=states).contains(q)) {
        return Err(expected(
            format!("accepting states within 1..{states}"),
            e.span,
        ));
    }
    Ok(set)
}
