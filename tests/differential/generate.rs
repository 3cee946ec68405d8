//! The generator of random expressions: leaves, indices and divisors that
//! cannot fold to a constant, lists, generators and integer expressions
//! (the booleans are in `generate/boolean.rs`).

use std::collections::BTreeSet;

use super::ast::{Agg, Arith, Bool, Gen, Int, List, Source};
use super::expand::subst_int;
use super::model::Shape;
use crate::Rng;

mod boolean;

/// What a non-constant leaf depends on, to keep an index or a divisor from
/// cancelling to a constant (`a - a`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Pos(usize),
    /// A generator variable over the array: any array element.
    AnyElement,
    Hole(usize),
}

pub(super) struct Builder<'a> {
    pub(super) rng: &'a mut Rng,
    shape: &'a Shape,
    /// The generator variables in scope: their values when constant.
    gens: Vec<Option<Vec<i64>>>,
    /// The number of function parameters; 0 outside a function body.
    holes: usize,
    /// Whether the boolean being built holds wherever it occurs: a
    /// constraint, or a conjunct (`and`, `forall`) of one. `lex_less` and
    /// `lex_lesseq` are accepted only there (the binary says "can only be a
    /// constraint of its own").
    root: bool,
}

impl<'a> Builder<'a> {
    pub(super) fn new(rng: &'a mut Rng, shape: &'a Shape, holes: usize) -> Builder<'a> {
        Builder {
            rng,
            shape,
            gens: Vec::new(),
            holes,
            root: false,
        }
    }

    fn scalar_count(&self) -> usize {
        self.shape.scalars.len()
    }

    fn conflict(&self, a: Class, b: Class) -> bool {
        let ns = self.scalar_count();
        match (a, b) {
            (Class::AnyElement, Class::Pos(p)) | (Class::Pos(p), Class::AnyElement) => p >= ns,
            _ => a == b,
        }
    }

    fn small(&mut self) -> i64 {
        self.rng.range(-3, 3)
    }

    fn nonzero(&mut self) -> i64 {
        self.rng.pick(&[-3, -2, -1, 1, 2, 3])
    }

    fn const_gens(&self) -> Vec<usize> {
        (0..self.gens.len())
            .filter(|&l| self.gens[l].is_some())
            .collect()
    }

    /// A decision variable by one of its names (or a function parameter).
    pub(super) fn position(&mut self, pos: usize) -> Int {
        let ns = self.scalar_count();
        if pos < ns {
            return Int::Var(pos, self.shape.scalars[pos].clone());
        }
        let a = self.shape.array.as_ref().expect("an array element");
        let k = pos - ns;
        let text = match (&a.names, a.rows) {
            (_, Some(rb)) => {
                let cols = a.cols();
                format!(
                    "x[{}][{}]",
                    rb + (k / cols) as i64,
                    a.base + (k % cols) as i64
                )
            }
            (Some(names), None) if self.rng.one_in(2) => names[k].clone(),
            _ => format!("x[{}]", a.base + k as i64),
        };
        Int::Var(pos, text)
    }

    pub(super) fn positions(&self) -> usize {
        self.scalar_count() + self.shape.array.as_ref().map_or(0, |a| a.len)
    }

    /// A leaf that is not a constant.
    fn var_leaf(&mut self) -> (Int, Class) {
        if self.holes > 0 {
            let h = self.rng.below(self.holes);
            return (Int::Hole(h), Class::Hole(h));
        }
        let var_gens: Vec<usize> = (0..self.gens.len())
            .filter(|&l| self.gens[l].is_none())
            .collect();
        if !var_gens.is_empty() && self.rng.one_in(3) {
            return (Int::Gen(self.rng.pick(&var_gens)), Class::AnyElement);
        }
        let pos = self.rng.below(self.positions());
        (self.position(pos), Class::Pos(pos))
    }

    fn leaf(&mut self) -> Int {
        let const_gens = self.const_gens();
        match self.rng.below(10) {
            0 | 1 => Int::Const(self.small()),
            2..=4 if !const_gens.is_empty() => Int::Gen(self.rng.pick(&const_gens)),
            _ => self.var_leaf().0,
        }
    }

    /// An expression over variables that cannot fold to a constant: for a
    /// variable index or a divisor that may be 0.
    fn var_form(&mut self) -> Int {
        let (v, class) = self.var_leaf();
        let b = Box::new;
        match self.rng.below(9) {
            0..=2 => v,
            3 | 4 => {
                let op = self.rng.pick(&[Arith::Add, Arith::Sub]);
                Int::Arith(op, b(v), b(Int::Const(self.rng.range(1, 3))))
            }
            5 => Int::Arith(Arith::Sub, b(Int::Const(self.small())), b(v)),
            6 => {
                let const_gens = self.const_gens();
                let other = if const_gens.is_empty() {
                    Int::Const(self.rng.range(1, 2))
                } else {
                    Int::Gen(self.rng.pick(&const_gens))
                };
                let op = self.rng.pick(&[Arith::Add, Arith::Sub]);
                Int::Arith(op, b(v), b(other))
            }
            _ => {
                for _ in 0..4 {
                    let (w, other) = self.var_leaf();
                    if !self.conflict(class, other) {
                        let op = self.rng.pick(&[Arith::Add, Arith::Sub, Arith::Mul]);
                        return Int::Arith(op, b(v), b(w));
                    }
                }
                v
            }
        }
    }

    /// A constant index in `base..base+len-1` (len > 0): a constant
    /// generator variable shifted into range, or a literal.
    fn const_index(&mut self, base: i64, len: usize) -> Int {
        let hi = base + len as i64 - 1;
        let mut fits = Vec::new();
        for (level, values) in self.gens.iter().enumerate() {
            if let Some(values) = values.as_ref().filter(|v| !v.is_empty()) {
                let (lo_v, hi_v) = (values[0].min(values[values.len() - 1]), 0);
                let lo_v = values.iter().copied().min().unwrap_or(lo_v);
                let hi_v = values.iter().copied().max().unwrap_or(hi_v);
                // c with lo_v + c >= base and hi_v + c <= hi
                if base - lo_v <= hi - hi_v {
                    fits.push((level, base - lo_v, hi - hi_v));
                }
            }
        }
        if !fits.is_empty() && !self.rng.one_in(3) {
            let (level, c_lo, c_hi) = fits[self.rng.below(fits.len())];
            let c = self.rng.range(c_lo, c_hi);
            return match c {
                0 => Int::Gen(level),
                c if c > 0 => Int::Arith(
                    Arith::Add,
                    Box::new(Int::Gen(level)),
                    Box::new(Int::Const(c)),
                ),
                c => Int::Arith(
                    Arith::Sub,
                    Box::new(Int::Gen(level)),
                    Box::new(Int::Const(-c)),
                ),
            };
        }
        Int::Const(self.rng.range(base, hi))
    }

    fn is_2d(&self) -> bool {
        self.shape.array.as_ref().is_some_and(|a| a.rows.is_some())
    }

    /// The array as a list: `x`, or a row `x[r]` of a 2-D array.
    fn array_list(&mut self) -> List {
        let a = self.shape.array.as_ref().expect("an array");
        match a.rows {
            Some(rb) => List::Row(rb + self.rng.below(2) as i64),
            None => List::Array,
        }
    }

    fn has_param_list(&self) -> bool {
        self.shape.param.is_some() || self.shape.table.is_some()
    }

    /// A constant list param: `p` or a row `q[k]`.
    fn param_list(&mut self) -> List {
        match (&self.shape.param, &self.shape.table) {
            (Some(_), Some(t)) if self.rng.one_in(2) => List::TableRow(self.rng.below(t.len())),
            (Some(_), _) => List::Param,
            (None, Some(t)) => List::TableRow(self.rng.below(t.len())),
            (None, None) => unreachable!("no param list"),
        }
    }

    fn can_gen(&self) -> bool {
        self.holes == 0 && self.gens.len() < 4
    }

    /// Starts a generator: its variables are in scope until [`Self::end`].
    /// `nonempty`: every source non-empty and no filter.
    fn gen_start(&mut self, nonempty: bool) -> Gen {
        let level = self.gens.len();
        let n_fors = if self.gens.len() < 3 && self.rng.one_in(4) {
            2
        } else {
            1
        };
        let mut fors = Vec::new();
        for _ in 0..n_fors {
            let (source, values) = self.source(nonempty);
            fors.push(source);
            self.gens.push(values);
        }
        let mine: Vec<usize> = (level..self.gens.len())
            .filter(|&l| self.gens[l].is_some())
            .collect();
        let filter = (!nonempty && !mine.is_empty() && self.rng.one_in(3)).then(|| {
            let g = self.rng.pick(&mine);
            let others: Vec<usize> = self.const_gens().into_iter().filter(|&l| l != g).collect();
            let rhs = if !others.is_empty() && self.rng.one_in(2) {
                Int::Gen(self.rng.pick(&others))
            } else {
                Int::Const(self.rng.range(-1, 2))
            };
            Box::new(Bool::Cmp(self.rng.below(6), Int::Gen(g), rhs))
        });
        Gen {
            level,
            fors,
            filter,
        }
    }

    fn end(&mut self, generator: &Gen) {
        self.gens.truncate(generator.level);
    }

    fn source(&mut self, nonempty: bool) -> (Source, Option<Vec<i64>>) {
        loop {
            match self.rng.below(9) {
                0..=3 => {
                    let lo = self.rng.range(-2, 2);
                    let len = self.rng.range(if nonempty { 1 } else { 0 }, 3);
                    let values: Vec<i64> = (lo..lo + len).collect();
                    return (Source::Range(lo, lo + len - 1), Some(values));
                }
                4 => {
                    let n = self.rng.range(1, 3) as usize;
                    let mut set = BTreeSet::new();
                    while set.len() < n {
                        let _ = set.insert(self.rng.range(-2, 3));
                    }
                    let values: Vec<i64> = set.into_iter().collect();
                    return (Source::Set(values.clone()), Some(values));
                }
                5 => {
                    let n = self.rng.range(1, 3);
                    let values: Vec<i64> = (0..n).map(|_| self.rng.range(-2, 3)).collect();
                    return (Source::Consts(values.clone()), Some(values));
                }
                6 if self.has_param_list() => {
                    return match self.param_list() {
                        List::TableRow(k) => {
                            let table = self.shape.table.as_ref().expect("a table");
                            (Source::TableRow(k), Some(table[k].clone()))
                        }
                        _ => (Source::Param, self.shape.param.clone()),
                    };
                }
                7 | 8 if self.shape.array.is_some() => {
                    return match self.array_list() {
                        List::Row(r) => (Source::Row(r), None),
                        _ => (Source::Array, None),
                    };
                }
                _ => {}
            }
        }
    }

    pub(super) fn int(&mut self, d: u32) -> Int {
        if d == 0 || self.rng.one_in(4) {
            return self.leaf();
        }
        let b = Box::new;
        let call = self.shape.int_fn.is_some() && self.holes == 0 && self.rng.one_in(8);
        match if call { 18 } else { self.rng.below(22) } {
            21 => Int::Pow(b(self.int(d - 1)), self.rng.below(4) as u32),
            0 | 1 => Int::Arith(Arith::Add, b(self.int(d - 1)), b(self.int(d - 1))),
            2 => Int::Arith(Arith::Sub, b(self.int(d - 1)), b(self.int(d - 1))),
            3 | 4 => Int::Arith(Arith::Mul, b(self.int(d - 1)), b(self.int(d - 1))),
            5 => Int::Neg(b(self.int(d - 1))),
            6..=8 => {
                let op = self.rng.pick(&[Arith::Div, Arith::Div, Arith::Rem]);
                let divisor = if self.rng.one_in(3) {
                    Int::Const(self.nonzero())
                } else {
                    self.var_form()
                };
                Int::Arith(op, b(self.int(d - 1)), b(divisor))
            }
            9 => Int::Abs(b(self.int(d - 1))),
            10 => {
                let agg = self.rng.pick(&[Agg::Min, Agg::Max]);
                let n = self.rng.range(2, 3);
                Int::MinMax(agg, (0..n).map(|_| self.int(d - 1)).collect())
            }
            11..=13 => self.elem(d),
            14 => Int::Ite(
                Box::new(self.boolean(d - 1)),
                b(self.int(d - 1)),
                b(self.int(d - 1)),
            ),
            15 => {
                if self.can_gen() && self.rng.one_in(2) {
                    let generator = self.gen_start(false);
                    let body = self.boolean(d - 1);
                    self.end(&generator);
                    Int::CountGen(generator, Box::new(body))
                } else if self.rng.one_in(2) {
                    let n = self.rng.range(1, 3);
                    let items = (0..n).map(|_| self.int(d - 1)).collect();
                    Int::CountOf(items, Box::new(self.int(d - 1)))
                } else {
                    let n = self.rng.range(1, 3);
                    Int::Count((0..n).map(|_| self.boolean(d - 1)).collect())
                }
            }
            16 => {
                let agg = self
                    .rng
                    .pick(&[Agg::Sum, Agg::Sum, Agg::Product, Agg::Min, Agg::Max]);
                let nonempty = agg == Agg::Min || agg == Agg::Max;
                if self.can_gen() && self.rng.one_in(2) {
                    let generator = self.gen_start(nonempty);
                    let body = self.int(d - 1);
                    self.end(&generator);
                    Int::AggGen(agg, generator, b(body))
                } else {
                    Int::AggList(agg, self.list(d - 1, nonempty))
                }
            }
            17 => Int::FromBool(Box::new(self.boolean(d - 1))),
            18 => match self.shape.int_fn.clone() {
                Some((arity, body)) if self.holes == 0 => {
                    let args = self.args(arity);
                    let expanded = subst_int(&body, &args);
                    Int::Call(args, b(expanded))
                }
                _ => self.elem(d),
            },
            19 => {
                let list = match self.rng.below(3) {
                    0 if self.holes == 0 && self.shape.array.is_some() => self.array_list(),
                    1 if self.has_param_list() => self.param_list(),
                    _ => List::Consts((0..self.rng.range(1, 3)).map(|k| k - 1).collect()),
                };
                Int::Len(list)
            }
            _ => self.leaf(),
        }
    }

    /// Arguments of a function call, with pairwise distinct classes so that
    /// a body's `u - v` cannot cancel.
    fn args(&mut self, arity: usize) -> Vec<Int> {
        let mut args = Vec::new();
        let mut classes: Vec<Class> = Vec::new();
        let positions = self.positions();
        let start = self.rng.below(positions);
        for _ in 0..arity {
            let (leaf, class) = if arity == 1 {
                self.var_leaf()
            } else {
                // Positions of pairwise distinct classes (there are at least 2).
                let mut found = None;
                for step in 0..positions {
                    let pos = (start + step) % positions;
                    if classes.iter().all(|&c| !self.conflict(c, Class::Pos(pos))) {
                        found = Some(pos);
                        break;
                    }
                }
                let pos = found.expect("two variables of distinct classes");
                (self.position(pos), Class::Pos(pos))
            };
            classes.push(class);
            let arg = if self.rng.one_in(3) {
                let op = self.rng.pick(&[Arith::Add, Arith::Sub]);
                Int::Arith(
                    op,
                    Box::new(leaf),
                    Box::new(Int::Const(self.rng.range(1, 2))),
                )
            } else {
                leaf
            };
            args.push(arg);
        }
        args
    }

    /// The index base and the length of a list when it does not depend on
    /// generator variables.
    fn static_range(&self, list: &List) -> Option<(i64, usize)> {
        match list {
            List::Consts(v) => Some((0, v.len())),
            List::Param => self.shape.param.as_ref().map(|p| (0, p.len())),
            List::Array => self.shape.array.as_ref().map(|a| (a.base, a.len)),
            List::Items(v) => Some((0, v.len())),
            List::Slice(lo, hi) => Some((0, (hi - lo + 1) as usize)),
            List::Comp(..) => None,
            List::Row(_) => self.shape.array.as_ref().map(|a| (a.base, a.cols())),
            List::TableRow(k) => self.shape.table.as_ref().map(|t| (0, t[*k].len())),
        }
    }

    fn elem(&mut self, d: u32) -> Int {
        if self.is_2d() && self.rng.one_in(2) {
            let a = self.shape.array.as_ref().expect("an array");
            let (rb, base, cols) = (a.rows.expect("2-D"), a.base, a.cols());
            let index = |g: &mut Self, first: i64, len: usize| {
                if g.rng.one_in(4) {
                    g.const_index(first, len)
                } else {
                    g.var_form()
                }
            };
            let row = index(self, rb, 2);
            let column = index(self, base, cols);
            return Int::Cell(Box::new(row), Box::new(column));
        }
        // Indexing an empty list is a spec error ("cannot index an empty
        // list"), even with a variable index.
        let list = self.list(d.saturating_sub(1), true);
        let index = match self.static_range(&list) {
            Some((base, len)) if len > 0 && self.rng.one_in(6) => self.const_index(base, len),
            _ => self.var_form(),
        };
        Int::Elem(list, Box::new(index))
    }

    fn list(&mut self, d: u32, nonempty: bool) -> List {
        let global = self.holes == 0;
        loop {
            match self.rng.below(8) {
                0 => {
                    let n = self.rng.range(2, 4);
                    return List::Consts((0..n).map(|_| self.rng.range(-3, 4)).collect());
                }
                1 if self.has_param_list() => return self.param_list(),
                2 | 3 if global && self.shape.array.is_some() => return self.array_list(),
                4 => {
                    let n = self.rng.range(2, 3);
                    return List::Items((0..n).map(|_| self.int(d)).collect());
                }
                5 if global && self.shape.array.is_some() && !self.is_2d() => {
                    let a = self.shape.array.as_ref().expect("an array");
                    let hi_all = a.base + a.len as i64 - 1;
                    let lo = self.rng.range(a.base, hi_all);
                    let hi = self.rng.range(lo, hi_all);
                    return List::Slice(lo, hi);
                }
                6 | 7 if self.can_gen() => {
                    let generator = self.gen_start(nonempty);
                    let body = self.int(d);
                    self.end(&generator);
                    return List::Comp(generator, Box::new(body));
                }
                _ => {}
            }
        }
    }

    /// A list of exactly `len` items (for `lex_less`).
    fn list_of_len(&mut self, d: u32, len: usize) -> List {
        loop {
            match self.rng.below(6) {
                0 => {
                    return List::Consts((0..len).map(|_| self.rng.range(-3, 4)).collect());
                }
                1 if self.has_param_list() => {
                    let list = self.param_list();
                    if self.static_range(&list).is_some_and(|(_, n)| n == len) {
                        return list;
                    }
                }
                2 if self.holes == 0
                    && self.shape.array.as_ref().is_some_and(|a| a.cols() == len) =>
                {
                    return self.array_list();
                }
                3 if self.holes == 0
                    && !self.is_2d()
                    && self.shape.array.as_ref().is_some_and(|a| a.len >= len) =>
                {
                    let a = self.shape.array.as_ref().expect("an array");
                    let lo = a.base + self.rng.below(a.len - len + 1) as i64;
                    return List::Slice(lo, lo + len as i64 - 1);
                }
                4 if self.can_gen() => {
                    let lo = self.rng.range(-1, 1);
                    let level = self.gens.len();
                    self.gens.push(Some((lo..lo + len as i64).collect()));
                    let generator = Gen {
                        level,
                        fors: vec![Source::Range(lo, lo + len as i64 - 1)],
                        filter: None,
                    };
                    let body = self.int(d);
                    self.end(&generator);
                    return List::Comp(generator, Box::new(body));
                }
                5 => return List::Items((0..len).map(|_| self.int(d)).collect()),
                _ => {}
            }
        }
    }
}
