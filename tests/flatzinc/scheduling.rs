//! The scheduling globals `solve`'s MiniZinc library declares native,
//! proven by brute force as the builtins are: `fzn_cumulative(s, d, r,
//! b)` and `fzn_disjunctive(s, d)` / `fzn_disjunctive_strict(s, d)`, their
//! meanings written here from MiniZinc's std decompositions
//! (`fzn_cumulative.mzn`: the use at every time point at most `b`, a task
//! of duration or requirement 0 using nothing, `b >= 0` when there is a
//! task; `fzn_disjunctive*.mzn`: each pair apart, durations at least 0).

use super::builtins::each;
use super::random::{Gen, T, all};

/// Starts over part of `0..=horizon`, or a number now and then.
fn starts(g: &mut Gen, n: i64, horizon: i64) -> Vec<T> {
    (0..n)
        .map(|_| {
            if g.rng.chance(15) {
                T::Const(g.rng.range(0, horizon))
            } else {
                let d: Vec<i64> = (0..=horizon).filter(|_| g.rng.chance(70)).collect();
                g.int_var_in(if d.is_empty() { &[0] } else { &d })
            }
        })
        .collect()
}

/// A duration or requirement: mostly a number in `0..=top`, now and then
/// a variable over some of `-1..=top` (a negative value is no solution).
fn amounts(g: &mut Gen, n: i64, top: i64) -> Vec<T> {
    (0..n)
        .map(|_| {
            if g.rng.chance(80) {
                T::Const(g.rng.range(0, top))
            } else {
                let lo = if g.rng.chance(20) { -1 } else { 0 };
                let hi = g.rng.range(1, top);
                g.int_var_in(&(lo..=hi).collect::<Vec<_>>())
            }
        })
        .collect()
}

/// The use at time `t` of the tasks `(s, d, r)`.
fn load(tasks: &[(i64, i64, i64)], t: i64) -> i64 {
    let running = tasks.iter().filter(|&&(s, d, _)| s <= t && t < s + d);
    running.map(|&(_, _, r)| r).sum()
}

pub(super) fn cumulative(g: &mut Gen) {
    let n = g.rng.range(0, 3);
    let s = starts(g, n, 4);
    let (d, r) = (amounts(g, n, 3), amounts(g, n, 2));
    let b = if g.rng.chance(75) {
        T::Const(g.rng.range(0, 3))
    } else {
        g.int_var_in(&[-1, 1, 2])
    };
    let (ss, sd, sr, sb) = (g.ints(&s), g.ints(&d), g.ints(&r), g.int(b));
    g.call(
        format!("fzn_cumulative({ss}, {sd}, {sr}, {sb})"),
        move |v| {
            let (s, d, r, b) = (all(&s, v), all(&d, v), all(&r, v), b.at(v));
            let tasks: Vec<(i64, i64, i64)> = (0..s.len()).map(|i| (s[i], d[i], r[i])).collect();
            if tasks.is_empty() {
                return true;
            }
            let (lo, hi) = (-1, 4 + 3 + 1);
            b >= 0
                && tasks.iter().all(|&(_, d, r)| d >= 0 && r >= 0)
                && (lo..=hi).all(|t| load(&tasks, t) <= b)
        },
    );
}

pub(super) fn disjunctive(g: &mut Gen) {
    let strict = g.rng.chance(50);
    let n = g.rng.range(0, 3);
    let s = starts(g, n, 5);
    let d = amounts(g, n, 3);
    let (ss, sd) = (g.ints(&s), g.ints(&d));
    let name = if strict { "_strict" } else { "" };
    g.call(format!("fzn_disjunctive{name}({ss}, {sd})"), move |v| {
        let (s, d) = (all(&s, v), all(&d, v));
        d.iter().all(|&x| x >= 0)
            && (0..s.len()).all(|i| {
                (i + 1..s.len()).all(|j| {
                    (!strict && (d[i] == 0 || d[j] == 0))
                        || s[i] + d[i] <= s[j]
                        || s[j] + d[j] <= s[i]
                })
            })
    });
}

#[test]
fn cumulative_is_its_meaning() {
    each(17, 300, 2, cumulative);
}

#[test]
fn disjunctive_and_disjunctive_strict_are_their_meaning() {
    each(18, 300, 2, disjunctive);
}
