//! Random small FlatZinc models and their meaning, for the brute-force
//! checks: a seeded generator ([`Rng`]), base variables over small
//! domains, and the many ways FlatZinc may write one argument (a name, an
//! alias `var int: a = x;`, an element of a declared array, a literal, a
//! fixed variable `var 1..3: z = 2;`, a parameter, an element of a
//! parameter array). Each constraint call is written with its meaning as
//! a closure over the base variables' values, so the test's truth shares
//! nothing with the builder.

use crate::join;
use std::collections::BTreeSet;

/// splitmix64: small, seeded, good enough to pick test cases.
#[derive(Clone, Debug)]
pub(super) struct Rng(u64);

impl Rng {
    pub(super) fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub(super) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A number in `lo..=hi`.
    pub(super) fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }

    /// True `percent` times in a hundred.
    pub(super) fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    pub(super) fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// An argument's meaning: a base variable (by position) or a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum T {
    Var(usize),
    Const(i64),
}

impl T {
    /// Its value under the base variables' `values`.
    pub(super) fn at(self, values: &[i64]) -> i64 {
        match self {
            T::Var(i) => values[i],
            T::Const(v) => v,
        }
    }
}

/// The values of `ts`.
pub(super) fn all(ts: &[T], values: &[i64]) -> Vec<i64> {
    ts.iter().map(|t| t.at(values)).collect()
}

/// How a comparison is asserted: as is, reified or half-reified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    Hold,
    Reif,
    Imp,
}

pub(super) const MODES: [Mode; 3] = [Mode::Hold, Mode::Reif, Mode::Imp];

impl Mode {
    pub(super) fn suffix(self) -> &'static str {
        match self {
            Mode::Hold => "",
            Mode::Reif => "_reif",
            Mode::Imp => "_imp",
        }
    }

    /// Whether the call holds: `c`, `r <-> c` or `r -> c`.
    pub(super) fn holds(self, r: Option<T>, c: bool, values: &[i64]) -> bool {
        let r = r.map(|r| r.at(values) != 0);
        match (self, r) {
            (Mode::Hold, _) => c,
            (Mode::Reif, Some(r)) => r == c,
            (Mode::Imp, Some(r)) => !r || c,
            (_, None) => unreachable!("a reified call has its literal"),
        }
    }
}

type Check = Box<dyn Fn(&[i64]) -> bool>;

/// A base variable: what the brute force enumerates.
struct Base {
    name: String,
    domain: Vec<i64>,
    boolean: bool,
}

/// A random model being written, with its meaning.
pub(super) struct Gen {
    pub(super) rng: Rng,
    bases: Vec<Base>,
    /// Declarations after the base variables (aliases, fixed variables,
    /// parameters, arrays).
    decls: Vec<String>,
    pub(super) calls: Vec<String>,
    checks: Vec<Check>,
    fresh: usize,
    /// At most this many base variables of each type.
    pub(super) most: usize,
}

impl Gen {
    pub(super) fn new(seed: u64) -> Gen {
        Gen {
            rng: Rng::new(seed),
            bases: Vec::new(),
            decls: Vec::new(),
            calls: Vec::new(),
            checks: Vec::new(),
            fresh: 0,
            most: 3,
        }
    }

    /// A name not used yet, starting with `prefix`.
    pub(super) fn name(&mut self, prefix: &str) -> String {
        self.fresh += 1;
        format!("{prefix}{}", self.fresh)
    }

    /// A new integer variable over `domain`, written as a range when it
    /// is one (an empty `domain` is written `1..0`).
    pub(super) fn int_var_in(&mut self, domain: &[i64]) -> T {
        let name = self.name("x");
        let mut domain = domain.to_vec();
        domain.sort_unstable();
        domain.dedup();
        let contiguous = domain.windows(2).all(|w| w[1] == w[0] + 1);
        let written = match (domain.first(), domain.last()) {
            (Some(lo), Some(hi)) if contiguous && self.rng.chance(70) => format!("{lo}..{hi}"),
            (None, _) => "1..0".to_string(),
            _ => format!("{{{}}}", join(&domain)),
        };
        let annotations = self.annotations();
        self.decls
            .push(format!("var {written}: {name}{annotations};"));
        self.bases.push(Base {
            name,
            domain,
            boolean: false,
        });
        T::Var(self.bases.len() - 1)
    }

    /// A base variable's annotations: now and then those of a variable
    /// MiniZinc introduced (which the default search does not branch on:
    /// it is fixed after), or `output_var`.
    fn annotations(&mut self) -> &'static str {
        match self.rng.below(6) {
            0 => " :: var_is_introduced :: is_defined_var",
            1 => " :: output_var",
            _ => "",
        }
    }

    /// A new integer variable over a random small domain (a range within
    /// -3..3 or a set with holes).
    pub(super) fn int_var(&mut self) -> T {
        let domain: Vec<i64> = if self.rng.chance(60) {
            let lo = self.rng.range(-3, 1);
            let hi = self.rng.range(lo, 3);
            (lo..=hi).collect()
        } else {
            let mut d: Vec<i64> = (-3..=3).filter(|_| self.rng.chance(45)).collect();
            if d.is_empty() {
                d.push(self.rng.range(-3, 3));
            }
            d
        };
        self.int_var_in(&domain)
    }

    pub(super) fn bool_var(&mut self) -> T {
        let name = self.name("b");
        let annotations = self.annotations();
        self.decls.push(format!("var bool: {name}{annotations};"));
        self.bases.push(Base {
            name,
            domain: vec![0, 1],
            boolean: true,
        });
        T::Var(self.bases.len() - 1)
    }

    fn existing(&mut self, boolean: bool) -> Option<T> {
        let ids: Vec<usize> = (0..self.bases.len())
            .filter(|&i| self.bases[i].boolean == boolean)
            .collect();
        let fresh = ids.len() < self.most && self.rng.chance(40);
        (!ids.is_empty() && !fresh).then(|| T::Var(self.rng.pick(&ids)))
    }

    /// An integer argument: a value in -3..3 now and then, else a base
    /// variable (often one used already).
    pub(super) fn int_arg(&mut self) -> T {
        if self.rng.chance(20) {
            return T::Const(self.rng.range(-3, 3));
        }
        match self.existing(false) {
            Some(t) => t,
            None => self.int_var(),
        }
    }

    pub(super) fn bool_arg(&mut self) -> T {
        if self.rng.chance(15) {
            return T::Const(self.rng.range(0, 1));
        }
        match self.existing(true) {
            Some(t) => t,
            None => self.bool_var(),
        }
    }

    pub(super) fn int_args(&mut self, lo: usize, hi: usize) -> Vec<T> {
        let n = self.rng.range(lo as i64, hi as i64);
        (0..n).map(|_| self.int_arg()).collect()
    }

    pub(super) fn bool_args(&mut self, lo: usize, hi: usize) -> Vec<T> {
        let n = self.rng.range(lo as i64, hi as i64);
        (0..n).map(|_| self.bool_arg()).collect()
    }

    /// How an integer argument is written here (declaring what it needs).
    pub(super) fn int(&mut self, t: T) -> String {
        self.spell(t, false)
    }

    pub(super) fn boolean(&mut self, t: T) -> String {
        self.spell(t, true)
    }

    fn literal(v: i64, boolean: bool) -> String {
        match (boolean, v) {
            (true, 0) => "false".to_string(),
            (true, _) => "true".to_string(),
            (false, v) => v.to_string(),
        }
    }

    pub(super) fn spell(&mut self, t: T, boolean: bool) -> String {
        let ty = if boolean { "bool" } else { "int" };
        match t {
            T::Var(i) => {
                let base = self.bases[i].name.clone();
                match self.rng.below(6) {
                    0 => {
                        let alias = self.name("a");
                        self.decls.push(format!("var {ty}: {alias} = {base};"));
                        alias
                    }
                    1 => self.element_of_vars(base, boolean),
                    _ => base,
                }
            }
            T::Const(v) => {
                let lit = Self::literal(v, boolean);
                match self.rng.below(6) {
                    0 => {
                        let z = self.name("z");
                        let domain = if boolean {
                            "bool".to_string()
                        } else {
                            format!("{}..{}", v - self.rng.range(0, 2), v + self.rng.range(0, 2))
                        };
                        self.decls.push(format!("var {domain}: {z} = {lit};"));
                        z
                    }
                    1 => self.element_of_vars(lit, boolean),
                    _ => self.par(v, boolean),
                }
            }
        }
    }

    /// `v` where a parameter is wanted: a literal, a parameter or an
    /// element of a parameter array.
    pub(super) fn par(&mut self, v: i64, boolean: bool) -> String {
        let ty = if boolean { "bool" } else { "int" };
        let lit = Self::literal(v, boolean);
        match self.rng.below(5) {
            0 => {
                let p = self.name("p");
                self.decls.push(format!("{ty}: {p} = {lit};"));
                p
            }
            1 => {
                let n = self.rng.range(1, 3);
                let at = self.rng.range(1, n);
                let items: Vec<String> = (1..=n)
                    .map(|k| {
                        if k == at {
                            lit.clone()
                        } else {
                            Self::literal(self.rng.range(-3, 3), boolean)
                        }
                    })
                    .collect();
                let q = self.name("q");
                self.decls.push(format!(
                    "array [1..{n}] of {ty}: {q} = [{}];",
                    items.join(", ")
                ));
                format!("{q}[{at}]")
            }
            _ => lit,
        }
    }

    /// `item` as the element of a declared array of variables, the
    /// other elements base variables or values.
    fn element_of_vars(&mut self, item: String, boolean: bool) -> String {
        let ty = if boolean { "bool" } else { "int" };
        let n = self.rng.range(1, 3);
        let at = self.rng.range(1, n);
        let others: Vec<String> = (0..self.bases.len())
            .filter(|&i| self.bases[i].boolean == boolean)
            .map(|i| self.bases[i].name.clone())
            .collect();
        let items: Vec<String> = (1..=n)
            .map(|k| {
                if k == at {
                    item.clone()
                } else if !others.is_empty() && self.rng.chance(50) {
                    others[self.rng.below(others.len())].clone()
                } else {
                    Self::literal(self.rng.range(-3, 3), boolean)
                }
            })
            .collect();
        let v = self.name("v");
        self.decls.push(format!(
            "array [1..{n}] of var {ty}: {v} = [{}];",
            items.join(", ")
        ));
        format!("{v}[{at}]")
    }

    /// An array argument of variables: a literal `[...]` of spelled
    /// items or a declared array.
    pub(super) fn ints(&mut self, ts: &[T]) -> String {
        self.array(ts, false)
    }

    pub(super) fn bools(&mut self, ts: &[T]) -> String {
        self.array(ts, true)
    }

    fn array(&mut self, ts: &[T], boolean: bool) -> String {
        let items: Vec<String> = ts.iter().map(|&t| self.spell(t, boolean)).collect();
        let literal = format!("[{}]", items.join(", "));
        if self.rng.chance(50) {
            return literal;
        }
        let ty = if boolean { "bool" } else { "int" };
        let v = self.name("v");
        self.decls.push(format!(
            "array [1..{}] of var {ty}: {v} = {literal};",
            ts.len()
        ));
        v
    }

    /// An array of parameters: a literal or a declared parameter array.
    pub(super) fn pars(&mut self, vs: &[i64], boolean: bool) -> String {
        let ty = if boolean { "bool" } else { "int" };
        let items: Vec<String> = vs.iter().map(|&v| Self::literal(v, boolean)).collect();
        if self.rng.chance(50) {
            return format!("[{}]", items.join(", "));
        }
        let q = self.name("q");
        self.decls.push(format!(
            "array [1..{}] of {ty}: {q} = [{}];",
            vs.len(),
            items.join(", ")
        ));
        q
    }

    /// Adds a declaration (a parameter, an array) before the calls.
    pub(super) fn declare(&mut self, line: String) {
        self.decls.push(line);
    }

    /// Adds the constraint `call` (written without `constraint` and `;`),
    /// which holds when `check` does.
    pub(super) fn call(&mut self, call: String, check: impl Fn(&[i64]) -> bool + 'static) {
        let annotation = match self.rng.below(8) {
            0 => " :: domain",
            1 => " :: bounds",
            _ => "",
        };
        self.calls.push(format!("constraint {call}{annotation};"));
        self.checks.push(Box::new(check));
    }

    /// The whole model, with `solve` as its solve item.
    pub(super) fn text(&self, solve: &str) -> String {
        let mut text = String::new();
        for line in self.decls.iter().chain(&self.calls) {
            text.push_str(line);
            text.push('\n');
        }
        text.push_str(solve);
        text.push('\n');
        text
    }

    pub(super) fn names(&self) -> Vec<String> {
        self.bases.iter().map(|b| b.name.clone()).collect()
    }

    /// The base variables of one type, in the order declared.
    pub(super) fn bases(&self, boolean: bool) -> Vec<T> {
        (0..self.bases.len())
            .filter(|&i| self.bases[i].boolean == boolean)
            .map(T::Var)
            .collect()
    }

    pub(super) fn is_bool(&self, i: usize) -> bool {
        self.bases[i].boolean
    }

    /// Whether every call holds of `values`.
    pub(super) fn holds(&self, values: &[i64]) -> bool {
        self.checks.iter().all(|c| c(values))
    }

    /// Every assignment of the base variables that every call holds of.
    pub(super) fn brute(&self) -> BTreeSet<Vec<i64>> {
        let domains: Vec<&[i64]> = self.bases.iter().map(|b| b.domain.as_slice()).collect();
        let mut out = BTreeSet::new();
        let mut values = vec![0; domains.len()];
        enumerate(&domains, 0, &mut values, &mut |v| {
            if self.holds(v) {
                let _ = out.insert(v.to_vec());
            }
        });
        out
    }
}

/// Calls `each` on every assignment of `domains` from position `at` on.
fn enumerate(domains: &[&[i64]], at: usize, values: &mut Vec<i64>, each: &mut dyn FnMut(&[i64])) {
    if at == domains.len() {
        each(values);
        return;
    }
    for &v in domains[at] {
        values[at] = v;
        enumerate(domains, at + 1, values, each);
    }
}
