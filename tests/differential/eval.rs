//! The evaluator: the spec language's semantics (docs/spec-language.md) on
//! one assignment, written here with no code of the crate.

use std::collections::BTreeSet;

use super::ast::{Agg, Arith, Bool, Coll, Conn, Gen, Int, List, Source};
use super::model::{ArrayShape, Model, Shape};

pub(super) struct Eval<'a> {
    pub(super) model: &'a Model,
    pub(super) vals: &'a [i64],
    pub(super) gens: Vec<i64>,
}

fn aggregate(agg: Agg, values: &[i64]) -> Option<i64> {
    match agg {
        Agg::Sum => Some(values.iter().sum()),
        Agg::Product => Some(values.iter().product()),
        Agg::Min => values.iter().copied().min(),
        Agg::Max => values.iter().copied().max(),
    }
}

fn all_distinct(values: &[i64]) -> bool {
    values.iter().collect::<BTreeSet<_>>().len() == values.len()
}

/// The reference meaning of `circuit`: from the first position, `n` steps
/// along the successors (`succ[k]` is the index, from `base`, of the next
/// position) visit every position exactly once and end where they began.
/// `subcircuit` (`sub`): the same over the positions that are not their
/// own successor, starting from the first of them (none: true), every
/// other position its own successor.
fn is_circuit(succ: &[i64], base: i64, sub: bool) -> bool {
    assert!(!succ.is_empty(), "circuit of an empty list");
    let n = succ.len();
    let fixed = |k: usize| succ[k].checked_sub(base) == Some(k as i64);
    let on: Vec<usize> = (0..n).filter(|&k| !sub || !fixed(k)).collect();
    let Some(&first) = on.first() else {
        return true;
    };
    // From the first position on the cycle, as many steps as positions on
    // it lead back to it through distinct positions on it.
    let mut visited = vec![false; n];
    let mut at = first;
    for _ in 0..on.len() {
        let Some(next) = succ[at]
            .checked_sub(base)
            .and_then(|k| usize::try_from(k).ok())
            .filter(|&k| k < n && !(sub && fixed(k)))
        else {
            return false;
        };
        if visited[next] {
            return false;
        }
        visited[next] = true;
        at = next;
    }
    at == first
}

/// Whether the nodes at 1 (of 0/1 items) form one piece along the edges
/// whose ends are both at 1, or with `links` along the edges whose link is
/// 1 (and such an edge's ends must be at 1). None at 1 is connected.
fn is_connected(on: &[i64], edges: &[(usize, usize)], links: Option<&[i64]>) -> bool {
    let joined: Vec<(usize, usize)> = match links {
        None => edges
            .iter()
            .copied()
            .filter(|&(a, b)| on[a] == 1 && on[b] == 1)
            .collect(),
        Some(ls) => {
            let taken = (0..edges.len()).filter(|&e| ls[e] == 1);
            if taken
                .clone()
                .any(|e| on[edges[e].0] != 1 || on[edges[e].1] != 1)
            {
                return false;
            }
            taken.map(|e| edges[e]).collect()
        }
    };
    let mut reach: Vec<bool> = vec![false; on.len()];
    let Some(first) = on.iter().position(|&v| v == 1) else {
        return true;
    };
    reach[first] = true;
    // Grow the reached nodes along the joined edges until they stop.
    let mut grew = true;
    while grew {
        grew = false;
        for &(a, b) in &joined {
            if reach[a] != reach[b] {
                reach[a] = true;
                reach[b] = true;
                grew = true;
            }
        }
    }
    (0..on.len()).all(|i| on[i] != 1 || reach[i])
}

/// Whether the edges at 1 form one cycle (no ends) or one path between
/// the ends: each node touched twice or not at all (an end once), the
/// touched nodes one piece, some edge taken.
fn is_way(taken: &[i64], edges: &[(usize, usize)], ends: Option<(usize, usize)>) -> bool {
    let n = edges.iter().map(|&(a, b)| a.max(b) + 1).max().unwrap_or(0);
    let mut degree = vec![0; n];
    for (e, &(a, b)) in edges.iter().enumerate() {
        if taken[e] == 1 {
            degree[a] += 1;
            degree[b] += 1;
        }
    }
    let fits = |i: usize| match ends {
        Some((s, t)) if i == s || i == t => degree[i] == 1,
        _ => degree[i] == 0 || degree[i] == 2,
    };
    let on: Vec<i64> = degree.iter().map(|&d| i64::from(d > 0)).collect();
    let links: Vec<i64> = taken.to_vec();
    taken.contains(&1) && (0..n).all(fits) && is_connected(&on, edges, Some(&links))
}

fn compare(op: usize, a: i64, b: i64) -> bool {
    [a == b, a != b, a < b, a <= b, a > b, a >= b][op]
}

impl Eval<'_> {
    fn shape(&self) -> &Shape {
        &self.model.shape
    }

    fn array(&self) -> &ArrayShape {
        self.shape().array.as_ref().expect("the model has an array")
    }

    fn param(&self) -> &[i64] {
        self.shape()
            .param
            .as_deref()
            .expect("the model has a param")
    }

    fn array_values(&self) -> &[i64] {
        let ns = self.shape().scalars.len();
        &self.vals[ns..ns + self.array().len]
    }

    /// Row `r` of the 2-D array.
    fn row(&self, r: i64) -> &[i64] {
        let a = self.array();
        let rb = a.rows.expect("a 2-D array");
        let cols = a.cols();
        let start = (r - rb) as usize * cols;
        &self.array_values()[start..start + cols]
    }

    fn table_row(&self, k: usize) -> &[i64] {
        &self.shape().table.as_ref().expect("the model has a table")[k]
    }

    /// Calls `f` once per item of the generator, with its variables bound.
    fn each(&mut self, g: &Gen, k: usize, f: &mut dyn FnMut(&mut Self)) {
        if k == 0 {
            assert_eq!(self.gens.len(), g.level, "generator levels");
        }
        if k == g.fors.len() {
            if g.filter.as_ref().is_none_or(|c| self.boolean(c)) {
                f(self);
            }
            return;
        }
        let values: Vec<i64> = match &g.fors[k] {
            Source::Range(lo, hi) => (*lo..=*hi).collect(),
            Source::Set(v) | Source::Consts(v) => v.clone(),
            Source::Param => self.param().to_vec(),
            Source::Array => self.array_values().to_vec(),
            Source::Row(r) => self.row(*r).to_vec(),
            Source::TableRow(k) => self.table_row(*k).to_vec(),
        };
        for v in values {
            self.gens.push(v);
            self.each(g, k + 1, f);
            let _ = self.gens.pop();
        }
    }

    /// The integer values of a generator's items (`None` if one is undefined).
    fn gen_ints(&mut self, g: &Gen, body: &Int) -> Option<Vec<i64>> {
        let mut out = Vec::new();
        self.each(g, 0, &mut |ev| out.push(ev.int(body)));
        out.into_iter().collect()
    }

    fn gen_bools(&mut self, g: &Gen, body: &Bool) -> Vec<bool> {
        let mut out = Vec::new();
        self.each(g, 0, &mut |ev| out.push(ev.boolean(body)));
        out
    }

    fn ints(&mut self, xs: &[Int]) -> Option<Vec<i64>> {
        xs.iter().map(|x| self.int(x)).collect()
    }

    /// The items of a list (`None` if one is undefined) and the index of its
    /// first item.
    fn list(&mut self, l: &List) -> Option<(Vec<i64>, i64)> {
        Some(match l {
            List::Consts(v) => (v.clone(), 0),
            List::Param => (self.param().to_vec(), 0),
            List::Array => (self.array_values().to_vec(), self.array().base),
            List::Items(xs) => (self.ints(xs)?, 0),
            List::Slice(lo, hi) => {
                let base = self.array().base;
                let all = self.array_values();
                (all[(lo - base) as usize..=(hi - base) as usize].to_vec(), 0)
            }
            List::Comp(g, body) => (self.gen_ints(g, body)?, 0),
            List::Row(r) => (self.row(*r).to_vec(), self.array().base),
            List::TableRow(k) => (self.table_row(*k).to_vec(), 0),
        })
    }

    fn int(&mut self, e: &Int) -> Option<i64> {
        Some(match e {
            Int::Const(c) => *c,
            Int::Var(pos, _) => self.vals[*pos],
            Int::Hole(_) => unreachable!("holes are substituted"),
            Int::Gen(level) => self.gens[*level],
            Int::Neg(a) => -self.int(a)?,
            Int::Arith(op, a, b) => {
                let (a, b) = (self.int(a)?, self.int(b)?);
                match op {
                    Arith::Add => a + b,
                    Arith::Sub => a - b,
                    Arith::Mul => a * b,
                    Arith::Div => a.checked_div(b)?,
                    Arith::Rem => a.checked_rem(b)?,
                }
            }
            Int::Abs(a) => self.int(a)?.abs(),
            Int::Pow(a, k) => self.int(a)?.checked_pow(*k)?,
            Int::MinMax(agg, xs) => aggregate(*agg, &self.ints(xs)?)?,
            Int::AggList(agg, l) => aggregate(*agg, &self.list(l)?.0)?,
            Int::AggGen(agg, g, body) => aggregate(*agg, &self.gen_ints(g, body)?)?,
            Int::Count(bs) => bs.iter().filter(|b| self.boolean(b)).count() as i64,
            Int::CountOf(xs, v) => {
                let (xs, v) = (self.ints(xs)?, self.int(v)?);
                xs.iter().filter(|&&x| x == v).count() as i64
            }
            Int::CountGen(g, body) => {
                self.gen_bools(g, body).into_iter().filter(|&b| b).count() as i64
            }
            Int::Elem(l, i) => {
                let (items, base) = self.list(l)?;
                let index = self.int(i)?;
                let at = usize::try_from(index - base).ok()?;
                *items.get(at)?
            }
            Int::Cell(r, c) => {
                let (row, column) = (self.int(r)?, self.int(c)?);
                let rb = self.array().rows.expect("a 2-D array");
                if !(rb..rb + 2).contains(&row) {
                    return None;
                }
                let base = self.array().base;
                let at = usize::try_from(column - base).ok()?;
                *self.row(row).get(at)?
            }
            Int::Ite(c, a, b) => {
                if self.boolean(c) {
                    self.int(a)?
                } else {
                    self.int(b)?
                }
            }
            Int::FromBool(b) => i64::from(self.boolean(b)),
            Int::Len(l) => self.list(l)?.0.len() as i64,
            Int::Call(_, expanded) => self.int(expanded)?,
        })
    }

    pub(super) fn boolean(&mut self, e: &Bool) -> bool {
        match e {
            Bool::Const(v) => *v,
            Bool::Cmp(op, a, b) => match (self.int(a), self.int(b)) {
                (Some(a), Some(b)) => compare(*op, a, b),
                _ => false,
            },
            Bool::In(a, c) => self.int(a).is_some_and(|v| match c {
                Coll::Range(lo, hi) => (*lo..=*hi).contains(&v),
                Coll::Set(s) | Coll::Consts(s) => s.contains(&v),
                Coll::Param => self.param().contains(&v),
                Coll::TableRow(k) => self.table_row(*k).contains(&v),
            }),
            Bool::Not(a) => !self.boolean(a),
            Bool::Conn(c, a, b) => {
                let (a, b) = (self.boolean(a), self.boolean(b));
                match c {
                    Conn::And => a && b,
                    Conn::Or => a || b,
                    Conn::Implies => !a || b,
                    Conn::Iff => a == b,
                }
            }
            Bool::Ite(c, a, b) => {
                if self.boolean(c) {
                    self.boolean(a)
                } else {
                    self.boolean(b)
                }
            }
            Bool::AllDiffArgs(xs) => self.ints(xs).is_some_and(|v| all_distinct(&v)),
            Bool::Table(xs, rows) => self.ints(xs).is_some_and(|v| rows.contains(&v)),
            Bool::Gcc(xs, vs, cs) => match (self.ints(xs), self.ints(cs)) {
                (Some(xs), Some(cs)) => vs
                    .iter()
                    .zip(&cs)
                    .all(|(v, &c)| xs.iter().filter(|&x| x == v).count() as i64 == c),
                _ => false,
            },
            Bool::Connected(xs, edges, links) => {
                let links = links.as_ref().map(|ls| self.ints(ls));
                match (self.ints(xs), links) {
                    (Some(on), None) => is_connected(&on, edges, None),
                    (Some(on), Some(Some(ls))) => is_connected(&on, edges, Some(&ls)),
                    _ => false,
                }
            }
            Bool::Way(es, edges, ends) => self
                .ints(es)
                .is_some_and(|taken| is_way(&taken, edges, *ends)),
            Bool::Circuit(sub, l) => self
                .list(l)
                .is_some_and(|(succ, base)| is_circuit(&succ, base, *sub)),
            Bool::Regular(l, transitions, start, accepting, _) => {
                self.list(l).is_some_and(|(word, _)| {
                    // The states reached after each value (possibly several).
                    let mut states = vec![*start];
                    for v in word {
                        states = transitions
                            .iter()
                            .filter(|t| t.1 == v && states.contains(&t.0))
                            .map(|t| t.2)
                            .collect();
                    }
                    states.iter().any(|q| accepting.contains(q))
                })
            }
            Bool::Nonogram(l, clue) => self.list(l).is_some_and(|(line, _)| {
                let mut runs = Vec::new();
                let mut run = 0;
                for v in line.iter().chain([&0]) {
                    match v {
                        1 => run += 1,
                        0 if run > 0 => {
                            runs.push(run);
                            run = 0;
                        }
                        0 => {}
                        _ => return false,
                    }
                }
                runs == *clue || (runs.is_empty() && *clue == [0])
            }),
            Bool::Schedule(starts, durations, resource, strict) => {
                self.ints(starts).is_some_and(|s| {
                    let tasks: Vec<(i64, i64)> = s.into_iter().zip(durations.clone()).collect();
                    is_schedule(&tasks, resource.as_ref(), *strict)
                })
            }
            Bool::AllDiffExcept(xs, except) => self.ints(xs).is_some_and(|mut v| {
                v.retain(|w| !except.contains(w));
                let n = v.len();
                v.sort_unstable();
                v.dedup();
                v.len() == n
            }),
            Bool::Member(xs, y) => match (self.ints(xs), self.int(y)) {
                (Some(xs), Some(y)) => xs.contains(&y),
                _ => false,
            },
            Bool::Monotone(up, xs) => self.ints(xs).is_some_and(|v| {
                v.windows(2)
                    .all(|w| if *up { w[0] <= w[1] } else { w[0] >= w[1] })
            }),
            Bool::AllDiffList(l) => self.list(l).is_some_and(|(v, _)| all_distinct(&v)),
            Bool::AllDiffGen(g, body) => self.gen_ints(g, body).is_some_and(|v| all_distinct(&v)),
            Bool::Lex(strict, a, b) => match (self.list(a), self.list(b)) {
                (Some((a, _)), Some((b, _))) => {
                    assert_eq!(a.len(), b.len(), "lex of lists of the same length");
                    if *strict { a < b } else { a <= b }
                }
                _ => false,
            },
            // Equal lengths and equal items; an undefined item (a variable
            // index out of range) makes the comparison false, either way.
            Bool::ListEq(eq, a, b) => match (self.list(a), self.list(b)) {
                (Some((a, _)), Some((b, _))) => (a == b) == *eq,
                _ => false,
            },
            Bool::Quant(forall, g, body) => {
                let values = self.gen_bools(g, body);
                if *forall {
                    values.iter().all(|&b| b)
                } else {
                    values.iter().any(|&b| b)
                }
            }
            Bool::QuantList(forall, xs) => {
                let values: Vec<bool> = xs.iter().map(|x| self.boolean(x)).collect();
                if *forall {
                    values.iter().all(|&b| b)
                } else {
                    values.iter().any(|&b| b)
                }
            }
            Bool::Call(_, expanded) => self.boolean(expanded),
        }
    }
}

/// Tasks `(start, duration)` on a resource: with `(requirements,
/// capacity)` the use at every time at most the capacity (a task of
/// duration or requirement 0 using nothing; MiniZinc's
/// `fzn_cumulative.mzn`); without, no two overlapping, a task of
/// duration 0 anywhere unless `strict` (`fzn_disjunctive*.mzn`).
fn is_schedule(tasks: &[(i64, i64)], resource: Option<&(Vec<i64>, i64)>, strict: bool) -> bool {
    match resource {
        Some((requirements, capacity)) => {
            let load = |t: i64| -> i64 {
                let running = tasks.iter().zip(requirements);
                running
                    .filter(|((s, d), _)| *s <= t && t < s + d)
                    .map(|(_, r)| r)
                    .sum()
            };
            tasks.is_empty() || (*capacity >= 0 && tasks.iter().all(|&(s, _)| load(s) <= *capacity))
        }
        None => tasks.iter().enumerate().all(|(i, &(si, di))| {
            tasks[i + 1..].iter().all(|&(sj, dj)| {
                (!strict && (di == 0 || dj == 0)) || si + di <= sj || sj + dj <= si
            })
        }),
    }
}
