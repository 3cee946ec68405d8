//! Every FlatZinc builtin the builder accepts, proven by brute force:
//! random small models (see [`super::random`]) solved for all their
//! solutions, against every assignment of their base variables checked
//! with the builtin's meaning from the FlatZinc specification, written
//! here on its own.

use super::harness::all as solutions;
use super::random::{Gen, MODES, Mode, T, all};

/// Runs `cases` random models of one family, each of 1 to `calls`
/// calls `add` writes.
pub(super) fn each(family: u64, cases: u64, calls: i64, add: fn(&mut Gen)) {
    for case in 0..cases {
        let mut g = Gen::new(family * 10_000 + case);
        for _ in 0..g.rng.range(1, calls) {
            add(&mut g);
        }
        agrees(&g);
    }
}

/// The model `g` writes, solved for every solution, is the brute force's.
fn agrees(g: &Gen) {
    let text = g.text("solve satisfy;");
    let names = g.names();
    let found = solutions(&text, &names);
    let expected = g.brute();
    if found != expected {
        let missing: Vec<_> = expected.difference(&found).take(5).collect();
        let extra: Vec<_> = found.difference(&expected).take(5).collect();
        panic!(
            "solutions over {names:?} differ from brute force: {} found, {} expected\n\
             missing (first 5): {missing:?}\nextra (first 5): {extra:?}\nin\n{text}",
            found.len(),
            expected.len()
        );
    }
}

fn cmp(op: &str, a: i64, b: i64) -> bool {
    match op {
        "eq" => a == b,
        "ne" => a != b,
        "le" => a <= b,
        "lt" => a < b,
        _ => unreachable!("a comparison: {op}"),
    }
}

/// `, r` for a reified or half-reified call (and its literal).
fn reif(g: &mut Gen, mode: Mode) -> (Option<T>, String) {
    if mode == Mode::Hold {
        return (None, String::new());
    }
    let r = g.bool_arg();
    let written = format!(", {}", g.boolean(r));
    (Some(r), written)
}

/// `int_eq`, `bool_lt_imp`, ...: two arguments compared.
fn comparison(g: &mut Gen) {
    let boolean = g.rng.chance(30);
    let op = g.rng.pick(&["eq", "ne", "le", "lt"]);
    let mode = g.rng.pick(&MODES);
    let (x, y, sx, sy) = if boolean {
        let (x, y) = (g.bool_arg(), g.bool_arg());
        (x, y, g.boolean(x), g.boolean(y))
    } else {
        let (x, y) = (g.int_arg(), g.int_arg());
        (x, y, g.int(x), g.int(y))
    };
    let (r, sr) = reif(g, mode);
    let ty = if boolean { "bool" } else { "int" };
    g.call(
        format!("{ty}_{op}{}({sx}, {sy}{sr})", mode.suffix()),
        move |v| mode.holds(r, cmp(op, x.at(v), y.at(v)), v),
    );
}

#[test]
fn comparisons_and_their_reifications_are_their_meaning() {
    each(1, 400, 2, comparison);
}

/// `int_lin_le(as, xs, c)`: `sum(as[i] * xs[i]) <= c`, and the others.
fn linear(g: &mut Gen) {
    let boolean = g.rng.chance(25);
    let ops: &[&str] = if boolean {
        &["eq", "le"]
    } else {
        &["eq", "ne", "le", "lt"]
    };
    let op = g.rng.pick(ops);
    let mode = if boolean {
        Mode::Hold
    } else {
        g.rng.pick(&MODES)
    };
    let xs = if boolean {
        g.bool_args(0, 4)
    } else {
        g.int_args(0, 4)
    };
    let coefs: Vec<i64> = xs.iter().map(|_| g.rng.range(-3, 3)).collect();
    let sa = g.pars(&coefs, false);
    let sx = if boolean { g.bools(&xs) } else { g.ints(&xs) };
    // int_lin's right-hand side is a parameter; bool_lin_eq's a variable.
    let c = if boolean && op == "eq" && g.rng.chance(60) {
        g.int_arg()
    } else {
        T::Const(g.rng.range(-5, 5))
    };
    let sc = match c {
        T::Const(v) => g.par(v, false),
        T::Var(_) => g.int(c),
    };
    let (r, sr) = reif(g, mode);
    let ty = if boolean { "bool" } else { "int" };
    g.call(
        format!("{ty}_lin_{op}{}({sa}, {sx}, {sc}{sr})", mode.suffix()),
        move |v| {
            let sum: i64 = coefs.iter().zip(&xs).map(|(a, x)| a * x.at(v)).sum();
            mode.holds(r, cmp(op, sum, c.at(v)), v)
        },
    );
}

#[test]
fn linear_sums_and_their_reifications_are_their_meaning() {
    each(2, 400, 2, linear);
}

/// The Boolean connectives, reified (3 arguments) or half-reified.
fn connective(g: &mut Gen) {
    let name = g.rng.pick(&["bool_and", "bool_or", "bool_xor"]);
    let imp = g.rng.chance(40);
    let (a, b, r) = (g.bool_arg(), g.bool_arg(), g.bool_arg());
    let (sa, sb, sr) = (g.boolean(a), g.boolean(b), g.boolean(r));
    let suffix = if imp { "_imp" } else { "" };
    let mode = if imp { Mode::Imp } else { Mode::Reif };
    g.call(format!("{name}{suffix}({sa}, {sb}, {sr})"), move |v| {
        let (a, b) = (a.at(v) != 0, b.at(v) != 0);
        let c = match name {
            "bool_and" => a && b,
            "bool_or" => a || b,
            _ => a != b,
        };
        mode.holds(Some(r), c, v)
    });
}

/// `bool_clause(as, bs)`: some `as` true or some `bs` false; reified or
/// half-reified.
fn clause(g: &mut Gen) {
    let mode = g.rng.pick(&MODES);
    let (pos, neg) = (g.bool_args(0, 3), g.bool_args(0, 3));
    let (sp, sn) = (g.bools(&pos), g.bools(&neg));
    let (r, sr) = reif(g, mode);
    g.call(
        format!("bool_clause{}({sp}, {sn}{sr})", mode.suffix()),
        move |v| {
            let c = pos.iter().any(|p| p.at(v) != 0) || neg.iter().any(|n| n.at(v) == 0);
            mode.holds(r, c, v)
        },
    );
}

/// `array_bool_and(as, r)`: `r <-> and(as)`; `_imp`: `r -> and(as)`;
/// the same for `or`; `array_bool_xor(as)`: an odd number true.
fn array_connective(g: &mut Gen) {
    let xs = g.bool_args(0, 4);
    let sx = g.bools(&xs);
    if g.rng.chance(25) {
        g.call(format!("array_bool_xor({sx})"), move |v| {
            all(&xs, v).iter().sum::<i64>() % 2 == 1
        });
        return;
    }
    let and = g.rng.chance(50);
    let imp = g.rng.chance(40);
    let r = g.bool_arg();
    let sr = g.boolean(r);
    let name = if and {
        "array_bool_and"
    } else {
        "array_bool_or"
    };
    let (suffix, mode) = if imp {
        ("_imp", Mode::Imp)
    } else {
        ("", Mode::Reif)
    };
    g.call(format!("{name}{suffix}({sx}, {sr})"), move |v| {
        let values = all(&xs, v);
        let c = if and {
            values.iter().all(|&x| x != 0)
        } else {
            values.iter().any(|&x| x != 0)
        };
        mode.holds(Some(r), c, v)
    });
}

/// `bool_not(a, b)`, `bool_xor(a, b)`, `bool2int(b, i)`.
fn unary(g: &mut Gen) {
    let a = g.bool_arg();
    let sa = g.boolean(a);
    match g.rng.below(3) {
        0 => {
            let b = g.bool_arg();
            let sb = g.boolean(b);
            g.call(format!("bool_not({sa}, {sb})"), move |v| a.at(v) != b.at(v));
        }
        1 => {
            let b = g.bool_arg();
            let sb = g.boolean(b);
            g.call(format!("bool_xor({sa}, {sb})"), move |v| a.at(v) != b.at(v));
        }
        _ => {
            let i = g.int_arg();
            let si = g.int(i);
            g.call(format!("bool2int({sa}, {si})"), move |v| a.at(v) == i.at(v));
        }
    }
}

fn boolean(g: &mut Gen) {
    match g.rng.below(4) {
        0 => connective(g),
        1 => clause(g),
        2 => array_connective(g),
        _ => unary(g),
    }
}

#[test]
fn boolean_connectives_are_their_meaning() {
    each(3, 500, 3, boolean);
}

/// MiniZinc's power: `x ^ y`, and for `y < 0` `1 div x ^ -y` (undefined
/// at `x = 0`).
fn power(x: i64, y: i64) -> Option<i64> {
    if y >= 0 {
        x.checked_pow(u32::try_from(y).ok()?)
    } else if x == 0 {
        None
    } else {
        Some(1 / x.checked_pow(u32::try_from(-y).ok()?)?)
    }
}

/// `f(x, y) = z` for the binary arithmetic builtins.
fn binary(name: &str, x: i64, y: i64) -> Option<i64> {
    match name {
        "int_plus" => Some(x + y),
        "int_times" => Some(x * y),
        // Truncating, the remainder of the dividend's sign; no value
        // for a divisor 0.
        "int_div" => x.checked_div(y),
        "int_mod" => x.checked_rem(y),
        "int_min" => Some(x.min(y)),
        "int_max" => Some(x.max(y)),
        "int_pow" => power(x, y),
        _ => unreachable!("a binary builtin: {name}"),
    }
}

fn arithmetic(g: &mut Gen) {
    let z = if g.rng.chance(30) {
        g.int_var_in(&(-9..=9).collect::<Vec<_>>())
    } else {
        g.int_arg()
    };
    let sz = g.int(z);
    match g.rng.below(4) {
        0 => {
            let x = g.int_arg();
            let sx = g.int(x);
            g.call(format!("int_abs({sx}, {sz})"), move |v| {
                x.at(v).abs() == z.at(v)
            });
        }
        1 => {
            let xs = g.int_args(1, 3);
            let sx = g.ints(&xs);
            let max = g.rng.chance(50);
            let name = if max { "maximum" } else { "minimum" };
            g.call(format!("array_int_{name}({sz}, {sx})"), move |v| {
                let values = all(&xs, v);
                let m = if max {
                    values.iter().max()
                } else {
                    values.iter().min()
                };
                m == Some(&z.at(v))
            });
        }
        _ => {
            let name = g.rng.pick(&[
                "int_plus",
                "int_times",
                "int_div",
                "int_mod",
                "int_min",
                "int_max",
                "int_pow",
            ]);
            let (x, y) = (g.int_arg(), g.int_arg());
            let (sx, sy) = (g.int(x), g.int(y));
            g.call(format!("{name}({sx}, {sy}, {sz})"), move |v| {
                binary(name, x.at(v), y.at(v)) == Some(z.at(v))
            });
        }
    }
}

#[test]
fn arithmetic_is_its_meaning() {
    each(4, 500, 2, arithmetic);
}

/// `array_int_element(i, as, z)` and the others: `as[i] = z`, indices
/// from 1, no solution with `i` outside the array.
fn element(g: &mut Gen) {
    let n = g.rng.range(1, 4);
    let i = if g.rng.chance(70) {
        g.int_var_in(&(0..=n + 1).collect::<Vec<_>>())
    } else {
        g.int_arg()
    };
    let si = g.int(i);
    let boolean = g.rng.chance(35);
    let ty = if boolean { "bool" } else { "int" };
    let z = if boolean { g.bool_arg() } else { g.int_arg() };
    let sz = if boolean { g.boolean(z) } else { g.int(z) };
    let (name, items) = if g.rng.chance(50) {
        let (lo, hi) = if boolean { (0, 1) } else { (-3, 3) };
        let values: Vec<i64> = (0..n).map(|_| g.rng.range(lo, hi)).collect();
        let written = g.pars(&values, boolean);
        let items: Vec<T> = values.into_iter().map(T::Const).collect();
        (format!("array_{ty}_element({si}, {written}, {sz})"), items)
    } else {
        let items: Vec<T> = (0..n)
            .map(|_| if boolean { g.bool_arg() } else { g.int_arg() })
            .collect();
        let written = if boolean {
            g.bools(&items)
        } else {
            g.ints(&items)
        };
        (
            format!("array_var_{ty}_element({si}, {written}, {sz})"),
            items,
        )
    };
    g.call(name, move |v| {
        let k = i.at(v);
        k >= 1 && k <= items.len() as i64 && items[k as usize - 1].at(v) == z.at(v)
    });
}

#[test]
fn elements_are_their_meaning_from_index_1() {
    each(5, 400, 2, element);
}

/// A set of numbers, written as a range (maybe empty), a literal with
/// holes, a parameter or an element of a parameter array of sets.
fn set(g: &mut Gen) -> (Vec<i64>, String) {
    let values: Vec<i64> = if g.rng.chance(50) {
        let lo = g.rng.range(-3, 3);
        let hi = g.rng.range(lo - 1, 3);
        (lo..=hi).collect()
    } else {
        (-3..=3).filter(|_| g.rng.chance(40)).collect()
    };
    let contiguous = values.windows(2).all(|w| w[1] == w[0] + 1);
    let literal = match (values.first(), values.last()) {
        (Some(lo), Some(hi)) if contiguous && g.rng.chance(70) => format!("{lo}..{hi}"),
        (None, _) if g.rng.chance(50) => "2..1".to_string(),
        _ => format!("{{{}}}", crate::join(&values)),
    };
    let written = match g.rng.below(4) {
        0 => {
            let s = g.name("s");
            g.declare(format!("set of int: {s} = {literal};"));
            s
        }
        1 => {
            let s = g.name("s");
            g.declare(format!(
                "array [1..2] of set of int: {s} = [{{0, 2}}, {literal}];"
            ));
            format!("{s}[2]")
        }
        _ => literal,
    };
    (values, written)
}

/// `set_in(x, s)`, `set_in_reif(x, s, r)`, `set_in_imp(x, s, r)`.
fn set_in(g: &mut Gen) {
    let x = g.int_arg();
    let sx = g.int(x);
    let (values, ss) = set(g);
    let mode = g.rng.pick(&MODES);
    let (r, sr) = reif(g, mode);
    g.call(
        format!("set_in{}({sx}, {ss}{sr})", mode.suffix()),
        move |v| mode.holds(r, values.contains(&x.at(v)), v),
    );
}

#[test]
fn set_membership_is_its_meaning_with_ranges_and_holes() {
    each(6, 400, 2, set_in);
}

/// Every family at once, a few calls each, sharing variables.
pub(super) fn any(g: &mut Gen) {
    match g.rng.below(7) {
        0 => comparison(g),
        1 => linear(g),
        2 => boolean(g),
        3 => arithmetic(g),
        4 => element(g),
        5 => set_in(g),
        _ => super::globals::any(g),
    }
}

#[test]
fn families_mixed_are_their_meaning() {
    each(7, 300, 4, any);
}
