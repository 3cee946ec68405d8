//! The globals `solve`'s MiniZinc library declares native, proven by
//! brute force as the builtins are: all_different, table, regular,
//! circuit and subcircuit (first index passed beside), inverse (both
//! first indices passed), the lexicographic orders, count,
//! global_cardinality, member and alldifferent_except (the excepted values
//! passed as a list); [`any`] draws these and the scheduling
//! globals (`scheduling.rs`), every native global of the library.

use super::builtins::each;
use super::random::{Gen, T, all};

fn all_different(g: &mut Gen) {
    let xs = g.int_args(0, 4);
    let sx = g.ints(&xs);
    g.call(format!("fzn_all_different_int({sx})"), move |v| {
        let mut values = all(&xs, v);
        let n = values.len();
        values.sort_unstable();
        values.dedup();
        values.len() == n
    });
}

/// `fzn_table_int(xs, t)`: `xs` is one of the rows of `t` (flattened).
fn table(g: &mut Gen) {
    let boolean = g.rng.chance(35);
    let n = g.rng.range(1, 3) as usize;
    let xs: Vec<T> = (0..n)
        .map(|_| if boolean { g.bool_arg() } else { g.int_arg() })
        .collect();
    let rows = g.rng.range(0, 8);
    let (lo, hi) = if boolean { (0, 1) } else { (-1, 2) };
    let flat: Vec<i64> = (0..rows as usize * n)
        .map(|_| g.rng.range(lo, hi))
        .collect();
    let (ty, sx) = if boolean {
        ("bool", g.bools(&xs))
    } else {
        ("int", g.ints(&xs))
    };
    let st = g.pars(&flat, boolean);
    g.call(format!("fzn_table_{ty}({sx}, {st})"), move |v| {
        let values = all(&xs, v);
        flat.chunks(n).any(|row| row == values.as_slice())
    });
}

/// `fzn_regular(x, Q, S, d, q0, F)`: the automaton of states 1..Q over
/// symbols 1..S, `d[q, s]` the next state (0: none), accepts `x`.
fn regular(g: &mut Gen) {
    let states = g.rng.range(1, 3);
    let symbols = g.rng.range(1, 3);
    let n = g.rng.range(0, 4);
    // Mostly over the symbols, now and then a value outside them.
    let xs: Vec<T> = (0..n)
        .map(|_| match g.rng.below(4) {
            0 => g.int_arg(),
            _ => g.int_var_in(&(1..=symbols).collect::<Vec<_>>()),
        })
        .collect();
    let d: Vec<i64> = (0..states * symbols)
        .map(|_| {
            if g.rng.chance(20) {
                0
            } else {
                g.rng.range(1, states)
            }
        })
        .collect();
    let start = g.rng.range(1, states);
    let accepting: Vec<i64> = (1..=states).filter(|_| g.rng.chance(50)).collect();
    let sx = g.ints(&xs);
    let sd = g.pars(&d, false);
    let (sq, ss, s0) = (
        g.par(states, false),
        g.par(symbols, false),
        g.par(start, false),
    );
    let sf = format!("{{{}}}", crate::join(&accepting));
    g.call(
        format!("fzn_regular({sx}, {sq}, {ss}, {sd}, {s0}, {sf})"),
        move |v| {
            let mut q = start;
            for x in all(&xs, v) {
                if !(1..=symbols).contains(&x) {
                    return false;
                }
                q = d[((q - 1) * symbols + x - 1) as usize];
                if q == 0 {
                    return false;
                }
            }
            accepting.contains(&q)
        },
    );
}

/// Whether `next` (successors from 0) is one circuit through every node
/// or, for a subcircuit, through the nodes not their own successor (none
/// at all is a subcircuit).
fn is_circuit(next: &[i64], sub: bool) -> bool {
    let n = next.len() as i64;
    if next.iter().any(|&s| s < 0 || s >= n) {
        return false;
    }
    let inside: Vec<usize> = (0..next.len())
        .filter(|&i| !sub || next[i] != i as i64)
        .collect();
    let Some(&first) = inside.first() else {
        return true;
    };
    let mut seen = vec![false; next.len()];
    let mut at = first;
    for _ in 0..inside.len() {
        if seen[at] || !inside.contains(&at) {
            return false;
        }
        seen[at] = true;
        at = next[at] as usize;
    }
    at == first
}

/// `solve_circuit(base, succ)`, `solve_subcircuit(base, succ)`: the
/// successors counted from `base`.
fn circuit(g: &mut Gen) {
    let n = g.rng.range(1, 4);
    let base = g.rng.range(-1, 2);
    let sub = g.rng.chance(50);
    let succ: Vec<T> = (0..n)
        .map(|_| {
            if g.rng.chance(15) {
                T::Const(g.rng.range(base, base + n - 1))
            } else {
                g.int_var_in(&(base - 1..=base + n).collect::<Vec<_>>())
            }
        })
        .collect();
    let ss = g.ints(&succ);
    let sb = g.par(base, false);
    let name = if sub {
        "solve_subcircuit"
    } else {
        "solve_circuit"
    };
    g.call(format!("{name}({sb}, {ss})"), move |v| {
        let next: Vec<i64> = all(&succ, v).iter().map(|s| s - base).collect();
        is_circuit(&next, sub)
    });
}

/// Whether `to[from[i]] = i` for every `i` (positions from 0).
fn maps_back(from: &[i64], to: &[i64]) -> bool {
    from.iter().enumerate().all(|(i, &j)| {
        usize::try_from(j)
            .ok()
            .and_then(|j| to.get(j))
            .is_some_and(|&back| back == i as i64)
    })
}

/// `solve_inverse(f, f_base, invf, invf_base)`: `f`'s values index
/// `invf` (from `invf_base`) and the other way round.
fn inverse(g: &mut Gen) {
    let n = g.rng.range(0, 3);
    let m = if g.rng.chance(85) {
        n
    } else {
        g.rng.range(0, 3)
    };
    let (fb, ib) = (g.rng.range(-1, 2), g.rng.range(-1, 2));
    let f: Vec<T> = (0..n)
        .map(|_| g.int_var_in(&(ib - 1..=ib + m).collect::<Vec<_>>()))
        .collect();
    let invf: Vec<T> = (0..m)
        .map(|_| g.int_var_in(&(fb - 1..=fb + n).collect::<Vec<_>>()))
        .collect();
    let (sf, si) = (g.ints(&f), g.ints(&invf));
    let (sfb, sib) = (g.par(fb, false), g.par(ib, false));
    g.call(
        format!("solve_inverse({sf}, {sfb}, {si}, {sib})"),
        move |v| {
            let f: Vec<i64> = all(&f, v).iter().map(|x| x - ib).collect();
            let invf: Vec<i64> = all(&invf, v).iter().map(|x| x - fb).collect();
            maps_back(&f, &invf) && maps_back(&invf, &f)
        },
    );
}

/// `fzn_lex_less_int(xs, ys)` and the others: `xs` before `ys` in the
/// lexicographic order (or equal, for `lesseq`).
fn lex(g: &mut Gen) {
    let boolean = g.rng.chance(35);
    let strict = g.rng.chance(50);
    let n = g.rng.range(0, 3);
    let arg = |g: &mut Gen| if boolean { g.bool_arg() } else { g.int_arg() };
    let xs: Vec<T> = (0..n).map(|_| arg(g)).collect();
    let ys: Vec<T> = (0..n).map(|_| arg(g)).collect();
    let (sx, sy) = if boolean {
        (g.bools(&xs), g.bools(&ys))
    } else {
        (g.ints(&xs), g.ints(&ys))
    };
    let ty = if boolean { "bool" } else { "int" };
    let order = if strict { "less" } else { "lesseq" };
    g.call(format!("fzn_lex_{order}_{ty}({sx}, {sy})"), move |v| {
        let (a, b) = (all(&xs, v), all(&ys, v));
        if strict { a < b } else { a <= b }
    });
}

/// `fzn_count_eq(xs, y, c)`: `c` items of `xs` equal `y` (`y` and `c`
/// variables or values; `c` now and then one of the items).
fn count(g: &mut Gen) {
    let xs = g.int_args(0, 4);
    let y = g.int_arg();
    let c = if !xs.is_empty() && g.rng.chance(25) {
        xs[g.rng.below(xs.len())]
    } else {
        g.int_var_in(&[0, 1, 2, 3])
    };
    let (sx, sy, sc) = (g.ints(&xs), g.spell(y, false), g.spell(c, false));
    g.call(format!("fzn_count_eq({sx}, {sy}, {sc})"), move |v| {
        let y = all(&[y], v)[0];
        let n = all(&xs, v).iter().filter(|&&x| x == y).count() as i64;
        all(&[c], v)[0] == n
    });
}

/// `fzn_global_cardinality(xs, cover, counts)`: each value of `cover`
/// occurs its count's times (values may repeat; others are free).
fn global_cardinality(g: &mut Gen) {
    let xs = g.int_args(0, 4);
    let m = g.rng.range(0, 3) as usize;
    let cover: Vec<i64> = (0..m).map(|_| g.rng.range(-2, 2)).collect();
    let counts: Vec<T> = (0..m)
        .map(|_| {
            if g.rng.chance(30) {
                T::Const(g.rng.range(0, 2))
            } else {
                g.int_var_in(&[0, 1, 2])
            }
        })
        .collect();
    let (sx, sv, sc) = (g.ints(&xs), g.pars(&cover, false), g.ints(&counts));
    g.call(
        format!("fzn_global_cardinality({sx}, {sv}, {sc})"),
        move |v| {
            let values = all(&xs, v);
            let counts = all(&counts, v);
            cover
                .iter()
                .zip(&counts)
                .all(|(&w, &c)| values.iter().filter(|&&x| x == w).count() as i64 == c)
        },
    );
}

/// `fzn_member_int(xs, y)`: `y` is one of the items (no item: never;
/// `y` now and then an item itself).
fn member(g: &mut Gen) {
    let xs = g.int_args(0, 4);
    let y = if !xs.is_empty() && g.rng.chance(20) {
        xs[g.rng.below(xs.len())]
    } else {
        g.int_arg()
    };
    let (sx, sy) = (g.ints(&xs), g.spell(y, false));
    g.call(format!("fzn_member_int({sx}, {sy})"), move |v| {
        let y = all(&[y], v)[0];
        all(&xs, v).contains(&y)
    });
}

/// `solve_alldifferent_except(xs, except)`: the items outside `except`
/// pairwise different (`[0]` is how `alldifferent_except_0` passes it).
fn all_different_except(g: &mut Gen) {
    let xs = g.int_args(0, 4);
    let except: Vec<i64> = if g.rng.chance(50) {
        vec![0]
    } else {
        (0..g.rng.range(0, 2)).map(|_| g.rng.range(-2, 2)).collect()
    };
    let (sx, se) = (g.ints(&xs), g.pars(&except, false));
    g.call(format!("solve_alldifferent_except({sx}, {se})"), move |v| {
        let mut taken = all(&xs, v);
        taken.retain(|w| !except.contains(w));
        let n = taken.len();
        taken.sort_unstable();
        taken.dedup();
        taken.len() == n
    });
}

/// One of the library's native globals, each as likely.
pub(super) fn any(g: &mut Gen) {
    match g.rng.below(12) {
        11 => all_different_except(g),
        10 => super::scheduling::disjunctive(g),
        9 => super::scheduling::cumulative(g),
        8 => member(g),
        6 => count(g),
        7 => global_cardinality(g),
        0 => all_different(g),
        1 => table(g),
        2 => regular(g),
        3 => circuit(g),
        4 => inverse(g),
        _ => lex(g),
    }
}

#[test]
fn all_different_is_its_meaning() {
    each(11, 200, 2, all_different);
}

#[test]
fn tables_are_their_meaning() {
    each(12, 300, 2, table);
}

#[test]
fn regular_is_its_meaning() {
    each(13, 300, 1, regular);
}

#[test]
fn circuits_and_subcircuits_are_their_meaning_from_any_base() {
    each(14, 300, 1, circuit);
}

#[test]
fn inverse_is_its_meaning_from_any_bases() {
    each(15, 300, 1, inverse);
}

#[test]
fn lexicographic_orders_are_their_meaning() {
    each(16, 300, 2, lex);
}

#[test]
fn count_is_its_meaning() {
    each(17, 300, 2, count);
}

#[test]
fn global_cardinality_is_its_meaning() {
    each(18, 300, 2, global_cardinality);
}

#[test]
fn member_is_its_meaning() {
    each(19, 300, 2, member);
}

#[test]
fn alldifferent_except_is_its_meaning() {
    each(20, 300, 2, all_different_except);
}
