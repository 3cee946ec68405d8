//! The generator's booleans: comparisons, `in`, connectives, the global
//! constraints, quantifiers, `circuit`, `regular`, `nonogram_line`,
//! `cumulative`, `disjunctive`, `member` and `alldifferent_except`.

use std::collections::BTreeSet;

use super::Builder;
use crate::differential::ast::{Bool, Coll, Conn, Int, List};
use crate::differential::expand::subst_bool;

impl Builder<'_> {
    fn coll(&mut self) -> Coll {
        match self.rng.below(7) {
            0..=2 => {
                let lo = self.rng.range(-3, 2);
                Coll::Range(lo, lo + self.rng.range(-1, 3))
            }
            3 | 4 => {
                let n = self.rng.range(1, 3) as usize;
                let mut set = BTreeSet::new();
                while set.len() < n {
                    let _ = set.insert(self.rng.range(-3, 4));
                }
                let mut values: Vec<i64> = set.into_iter().collect();
                if self.rng.one_in(2) {
                    values.reverse();
                }
                Coll::Set(values)
            }
            5 if self.has_param_list() => match self.param_list() {
                List::TableRow(k) => Coll::TableRow(k),
                _ => Coll::Param,
            },
            _ => {
                let n = self.rng.range(1, 3);
                Coll::Consts((0..n).map(|_| self.rng.range(-3, 4)).collect())
            }
        }
    }

    /// A comparison of two operands that are not the same leaf (`b >= b`).
    fn cmp(&mut self, d: u32) -> Bool {
        let left = self.int(d);
        let mut right = self.int(d);
        for _ in 0..3 {
            let same = match (&left, &right) {
                (Int::Var(p, _), Int::Var(q, _)) => p == q,
                (Int::Const(_), Int::Const(_)) => true,
                (Int::Gen(p), Int::Gen(q)) | (Int::Hole(p), Int::Hole(q)) => p == q,
                _ => false,
            };
            if !same {
                break;
            }
            right = self.int(d);
        }
        Bool::Cmp(self.rng.below(6), left, right)
    }

    /// A boolean in a conjunctive position (`root`) or not.
    pub(in crate::differential) fn boolean_at(&mut self, d: u32, root: bool) -> Bool {
        let saved = std::mem::replace(&mut self.root, root);
        let b = self.boolean(d);
        self.root = saved;
        b
    }

    pub(in crate::differential) fn boolean(&mut self, d: u32) -> Bool {
        let root = std::mem::replace(&mut self.root, false);
        let b = self.boolean_inner(d, root);
        self.root = root;
        b
    }

    fn boolean_inner(&mut self, d: u32, root: bool) -> Bool {
        if d == 0 {
            return self.cmp(0);
        }
        let b = Box::new;
        let call = self.shape.bool_fn.is_some() && self.holes == 0 && self.rng.one_in(6);
        match if call { 20 } else { self.rng.below(29) } {
            0..=5 => self.cmp(d - 1),
            6 | 7 => Bool::In(self.int(d - 1), self.coll()),
            8 => Bool::Not(b(self.boolean(d - 1))),
            9..=11 => {
                let conn = self
                    .rng
                    .pick(&[Conn::And, Conn::Or, Conn::Implies, Conn::Iff]);
                let root = root && conn == Conn::And;
                Bool::Conn(
                    conn,
                    b(self.boolean_at(d - 1, root)),
                    b(self.boolean_at(d - 1, root)),
                )
            }
            12 => Bool::Ite(
                b(self.boolean(d - 1)),
                b(self.boolean(d - 1)),
                b(self.boolean(d - 1)),
            ),
            13 | 14 => match self.rng.below(6) {
                5 => {
                    let n = self.rng.range(1, 3);
                    let items = (0..n).map(|_| self.int(d - 1)).collect();
                    let k = self.rng.range(1, 2);
                    let values = (0..k).map(|_| self.small()).collect();
                    let counts = (0..k).map(|_| self.int(d - 1)).collect();
                    Bool::Gcc(items, values, counts)
                }
                3 => {
                    let n = self.rng.range(1, 3) as usize;
                    let items = (0..n).map(|_| self.int(d - 1)).collect();
                    let rows = (0..self.rng.below(4))
                        .map(|_| (0..n).map(|_| self.small()).collect())
                        .collect();
                    Bool::Table(items, rows)
                }
                4 => {
                    // Two items at least: one alone must be a list.
                    let n = self.rng.range(2, 4);
                    let up = self.rng.one_in(2);
                    Bool::Monotone(up, (0..n).map(|_| self.int(d - 1)).collect())
                }
                0 => {
                    let n = self.rng.range(2, 3);
                    Bool::AllDiffArgs((0..n).map(|_| self.int(d - 1)).collect())
                }
                1 if self.can_gen() => {
                    let generator = self.gen_start(false);
                    let body = self.int(d - 1);
                    self.end(&generator);
                    Bool::AllDiffGen(generator, Box::new(body))
                }
                _ => Bool::AllDiffList(self.list(d - 1, false)),
            },
            15 | 16 if root => {
                let len = self.rng.range(1, 3) as usize;
                let strict = self.rng.one_in(2);
                Bool::Lex(
                    strict,
                    self.list_of_len(d - 1, len),
                    self.list_of_len(d - 1, len),
                )
            }
            17 | 18 if self.can_gen() => {
                let forall = self.rng.one_in(2);
                let generator = self.gen_start(false);
                let body = self.boolean_at(d - 1, root && forall);
                self.end(&generator);
                Bool::Quant(forall, generator, b(body))
            }
            19 => {
                let n = self.rng.range(1, 3);
                let forall = self.rng.one_in(2);
                let root = root && forall;
                Bool::QuantList(
                    forall,
                    (0..n).map(|_| self.boolean_at(d - 1, root)).collect(),
                )
            }
            20 => match self.shape.bool_fn.clone() {
                Some((arity, body)) if self.holes == 0 => {
                    let args = self.args(arity);
                    let expanded = subst_bool(&body, &args);
                    Bool::Call(args, b(expanded))
                }
                _ => self.cmp(d - 1),
            },
            21 if self.rng.one_in(3) => Bool::Const(self.rng.one_in(2)),
            22 if self.rng.one_in(2) => {
                let len = self.rng.range(1, 3) as usize;
                let other = if self.rng.one_in(5) { len + 1 } else { len };
                Bool::ListEq(
                    self.rng.one_in(2),
                    self.list_of_len(d - 1, len),
                    self.list_of_len(d - 1, other),
                )
            }
            23 if root => self.circuit(d),
            24 if root => self.automaton(d),
            25 if root => self.graph(d),
            26 if root => self.schedule(d),
            27 if root => {
                let n = self.rng.range(0, 3);
                let items = (0..n).map(|_| self.int(d.saturating_sub(1))).collect();
                Bool::Member(items, self.int(d.saturating_sub(1)))
            }
            28 if root => {
                let n = self.rng.range(2, 4);
                let items = (0..n).map(|_| self.int(d.saturating_sub(1))).collect();
                let except = if self.rng.one_in(2) {
                    vec![0]
                } else {
                    vec![self.small()]
                };
                Bool::AllDiffExcept(items, except)
            }
            _ => self.cmp(d - 1),
        }
    }

    /// `regular(...)` or `nonogram_line(...)` (in a conjunctive position
    /// only) over any non-empty list: an automaton of up to four states
    /// from a random first number, up to eight random transitions on
    /// values near the domains (so sometimes nondeterministic); a clue of
    /// up to two runs (or `[0]`, the empty line).
    fn automaton(&mut self, d: u32) -> Bool {
        let list = self.list(d.saturating_sub(1), true);
        if self.rng.one_in(3) {
            let clue = match self.rng.below(5) {
                0 => vec![0],
                1 => Vec::new(),
                2 | 3 => vec![self.rng.range(1, 2)],
                _ => vec![self.rng.range(1, 2), 1],
            };
            return Bool::Nonogram(list, clue);
        }
        let first = self.rng.pick(&[0, 1, -2]);
        let states = self.rng.range(1, 4);
        let state = |g: &mut Self| first + g.rng.below(states as usize) as i64;
        let transitions = (0..self.rng.range(1, 8))
            .map(|_| (state(self), self.rng.range(-2, 3), state(self)))
            .collect();
        let start = state(self);
        let accepting = (0..self.rng.range(1, 2)).map(|_| state(self)).collect();
        Bool::Regular(list, transitions, start, accepting, self.rng.one_in(3))
    }

    /// `cumulative` or `disjunctive(_strict)` (in a conjunctive position
    /// only) over one to four tasks: starts any items, durations in 0..3
    /// (0 now and then), requirements in 0..2 and a capacity in 0..3.
    fn schedule(&mut self, d: u32) -> Bool {
        let n = self.rng.range(1, 4) as usize;
        let starts = (0..n).map(|_| self.int(d.saturating_sub(1))).collect();
        let durations = (0..n).map(|_| self.rng.range(0, 3)).collect();
        let resource = self.rng.one_in(2).then(|| {
            let requirements = (0..n).map(|_| self.rng.range(0, 2)).collect();
            (requirements, self.rng.range(0, 3))
        });
        Bool::Schedule(starts, durations, resource, self.rng.one_in(2))
    }

    /// `connected`, `single_loop` or `single_path` (in a conjunctive
    /// position only) on a random graph of up to five nodes and six edges
    /// (sometimes an edge twice for `connected`), over 0/1 items: booleans
    /// in arithmetic.
    fn graph(&mut self, d: u32) -> Bool {
        let n = self.rng.range(2, 5) as usize;
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if edges.len() < 6 && self.rng.one_in(2) {
                    edges.push(if self.rng.one_in(2) { (a, b) } else { (b, a) });
                }
            }
        }
        if edges.is_empty() {
            edges.push((0, 1));
        }
        let zero_one = |g: &mut Self, k: usize| -> Vec<Int> {
            (0..k)
                .map(|_| Int::FromBool(Box::new(g.cmp(d.saturating_sub(1)))))
                .collect()
        };
        match self.rng.below(3) {
            0 => {
                let links = self.rng.one_in(2).then(|| zero_one(self, edges.len()));
                if links.is_some() && self.rng.one_in(4) {
                    edges.push(edges[0]);
                    let links = links.map(|mut ls| {
                        ls.push(Int::FromBool(Box::new(self.cmp(d.saturating_sub(1)))));
                        ls
                    });
                    return Bool::Connected(zero_one(self, n), edges, links);
                }
                Bool::Connected(zero_one(self, n), edges, links)
            }
            1 => Bool::Way(zero_one(self, edges.len()), edges, None),
            _ => {
                let (s, t) = (edges[0].0, edges[edges.len() - 1].1);
                let ends = (s != t).then_some((s, t));
                Bool::Way(zero_one(self, edges.len()), edges, ends)
            }
        }
    }

    /// `circuit(list)` (in a conjunctive position only): the array, whose
    /// indices are its declared ones, or a row of a 2-D one (the column
    /// indices), mostly; else a slice, a list of items or a comprehension,
    /// indexed from 0. Never empty.
    pub(in crate::differential) fn circuit(&mut self, d: u32) -> Bool {
        let has_array = self.shape.array.is_some();
        let list = loop {
            match self.rng.below(8) {
                0..=3 if has_array => break self.array_list(),
                4 if has_array && !self.is_2d() => {
                    let a = self.shape.array.as_ref().expect("an array");
                    let hi_all = a.base + a.len as i64 - 1;
                    let lo = self.rng.range(a.base, hi_all);
                    break List::Slice(lo, self.rng.range(lo, hi_all));
                }
                5 if self.can_gen() => {
                    let generator = self.gen_start(true);
                    let body = self.int(d - 1);
                    self.end(&generator);
                    break List::Comp(generator, Box::new(body));
                }
                6 | 7 => {
                    let n = self.rng.range(1, 4);
                    let items = (0..n)
                        .map(|_| {
                            if self.rng.one_in(4) {
                                self.int(d - 1)
                            } else {
                                self.var_form()
                            }
                        })
                        .collect();
                    break List::Items(items);
                }
                _ => {}
            }
        };
        Bool::Circuit(self.rng.one_in(2), list)
    }
}
