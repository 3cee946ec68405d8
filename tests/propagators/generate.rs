//! The random instances: variables over small domains (sometimes with a
//! far value), views, literals, and a generator for each constraint kind.

use crate::Rng;
use solve::constraints::{
    Abs, AllDifferent, AllDifferentExcept, Circuit, Clause, Connected, Count, Div, ElementConst,
    ElementVar, GlobalCardinality, Inverse, Lex, Linear, Max, Member, Rem, Table, Times,
};
use solve::model::{Constraint, Lit, Rel, VarId, View};

/// The values every generated domain is drawn from.
pub(super) const LO: i64 = -2;
pub(super) const HI: i64 = 3;
/// Sometimes added to a domain, so that its span needs interval storage
/// (more than `BITSET_LIMIT` values).
const FAR: i64 = 5000;

/// Random constraints over a growing (or, for mixed instances, fixed) pool
/// of variables.
pub(super) struct Gen {
    pub(super) rng: Rng,
    pub(super) domains: Vec<Vec<i64>>,
    /// Pick from the existing variables instead of creating new ones.
    pub(super) shared: bool,
    /// Reuse variables once this many exist.
    max_vars: usize,
}

impl Gen {
    pub(super) fn new(seed: u64, max_vars: usize) -> Gen {
        Gen {
            rng: Rng::new(seed),
            domains: Vec::new(),
            shared: false,
            max_vars,
        }
    }

    /// Starts a new instance: no variables yet.
    pub(super) fn reset(&mut self, shared: bool) {
        self.domains.clear();
        self.shared = shared;
    }

    /// A random non-empty subset of `values`.
    fn subset(&mut self, values: &[i64]) -> Vec<i64> {
        loop {
            // Sometimes dense (intervals), sometimes sparse.
            let keep = if self.rng.one_in(3) { 4 } else { 2 };
            let d: Vec<i64> = values
                .iter()
                .copied()
                .filter(|_| self.rng.below(keep) != 0)
                .collect();
            if !d.is_empty() {
                return d;
            }
        }
    }

    fn new_var(&mut self, domain: Vec<i64>) -> VarId {
        self.domains.push(domain);
        VarId(self.domains.len() as u32 - 1)
    }

    pub(super) fn new_int(&mut self) -> VarId {
        let mut d = if self.rng.one_in(6) {
            self.subset(&[0, 1])
        } else {
            let all: Vec<i64> = (LO..=HI).collect();
            self.subset(&all)
        };
        if self.rng.one_in(10) {
            // A far value: the store keeps the domain as intervals, not bits.
            d.push(self.rng.pick(&[-FAR, FAR]));
            d.sort_unstable();
        }
        self.new_var(d)
    }

    pub(super) fn new_bool(&mut self) -> VarId {
        let d = self.subset(&[0, 1]);
        self.new_var(d)
    }

    fn is_bool(&self, x: VarId) -> bool {
        self.domains[x.index()].iter().all(|&v| v == 0 || v == 1)
    }

    fn reuse(&mut self, candidates: &[VarId]) -> bool {
        !candidates.is_empty()
            && (self.shared || self.domains.len() >= self.max_vars || self.rng.one_in(4))
    }

    /// An integer variable not in `avoid`: an existing one or a new one.
    fn int(&mut self, avoid: &[VarId]) -> VarId {
        let candidates: Vec<VarId> = (0..self.domains.len() as u32)
            .map(VarId)
            .filter(|x| !avoid.contains(x))
            .collect();
        if self.reuse(&candidates) {
            self.rng.pick(&candidates)
        } else {
            self.new_int()
        }
    }

    /// A 0/1 variable not in `avoid`: an existing one or a new one.
    fn boolean(&mut self, avoid: &[VarId]) -> VarId {
        let candidates: Vec<VarId> = (0..self.domains.len() as u32)
            .map(VarId)
            .filter(|&x| !avoid.contains(&x) && self.is_bool(x))
            .collect();
        if self.reuse(&candidates) {
            self.rng.pick(&candidates)
        } else {
            self.new_bool()
        }
    }

    fn view_of(&mut self, var: VarId) -> View {
        if self.rng.one_in(3) {
            return View::of(var);
        }
        View {
            var,
            scale: self.rng.pick(&[-2, -1, 1, 2]),
            offset: self.rng.range(-2, 2),
        }
    }

    /// A random view of an input variable (not one of `avoid`).
    pub(super) fn view(&mut self, avoid: &[VarId]) -> View {
        let x = self.int(avoid);
        self.view_of(x)
    }

    fn lit(&mut self, avoid: &[VarId]) -> Lit {
        Lit {
            var: self.boolean(avoid),
            positive: self.rng.one_in(2) || self.rng.one_in(3),
        }
    }

    pub(super) fn linear(&mut self) -> Constraint {
        let n = 1 + self.rng.below(3);
        let mut vars = Vec::new();
        let mut terms = Vec::new();
        for _ in 0..n {
            let x = self.int(&vars);
            vars.push(x);
            let a = self.rng.pick(&[-3, -2, -1, -1, 1, 1, 2, 3]);
            terms.push((a, x));
        }
        let reif = if self.rng.one_in(2) {
            Some(self.lit(&vars))
        } else {
            None
        };
        Constraint::Linear(Linear {
            terms,
            rel: self.rng.pick(&[Rel::Le, Rel::Eq, Rel::Ne]),
            rhs: self.rng.range(-4, 4),
            reif,
        })
    }

    /// [`Gen::linear`] with a variable named twice (e.g. `x + 2y - x`),
    /// which the propagator merges.
    pub(super) fn linear_repeating(&mut self) -> Constraint {
        let mut c = self.linear();
        if let Constraint::Linear(Linear { terms, .. }) = &mut c {
            let (_, x) = terms[self.rng.below(terms.len())];
            terms.push((self.rng.pick(&[-2, -1, 1, 2]), x));
        }
        c
    }

    pub(super) fn all_different(&mut self) -> Constraint {
        let n = 2 + self.rng.below(3);
        Constraint::AllDifferent(AllDifferent((0..n).map(|_| self.view(&[])).collect()))
    }

    /// 2 or 3 alldifferents over shifts (`x + c`, `-x + c`) of the same 2-4
    /// distinct variables, each in its own order: what posting runs as one
    /// group (the queens' rows and diagonals); sometimes a fourth over
    /// other views of them, which stays apart.
    pub(super) fn shifted_all_different(&mut self) -> Vec<Constraint> {
        let n = 2 + self.rng.below(3);
        let mut vars: Vec<VarId> = Vec::new();
        for _ in 0..n {
            let x = self.int(&vars);
            vars.push(x);
        }
        let members = 2 + self.rng.below(2);
        let mut out: Vec<Constraint> = (0..members)
            .map(|_| {
                let mut order = vars.clone();
                for i in (1..order.len()).rev() {
                    order.swap(i, self.rng.below(i + 1));
                }
                let views = order
                    .iter()
                    .map(|&var| View {
                        var,
                        scale: self.rng.pick(&[-1, 1, 1]),
                        offset: self.rng.range(-3, 3),
                    })
                    .collect();
                Constraint::AllDifferent(AllDifferent(views))
            })
            .collect();
        if self.rng.one_in(4) {
            out.push(self.all_different());
        }
        out
    }

    /// Reified (dis)equalities of one variable with constants, `lit <->
    /// a * x == c` or `!=`: what posting runs as one value channel when
    /// `a` divides `c`; sometimes over a second variable too (its own
    /// group), or a literal shared by two values.
    pub(super) fn value_literals(&mut self) -> Vec<Constraint> {
        let xs: Vec<VarId> = if self.rng.one_in(3) {
            let x = self.int(&[]);
            vec![x, self.int(&[x])]
        } else {
            vec![self.int(&[])]
        };
        let members = 2 + self.rng.below(3);
        (0..members)
            .map(|_| {
                let x = self.rng.pick(&xs);
                let a = self.rng.pick(&[-2, -1, 1, 1, 1, 2]);
                // Mostly a value of the domains, sometimes one `a` misses.
                let c = a * self.rng.range(LO, HI) + i64::from(self.rng.one_in(6));
                Constraint::Linear(Linear {
                    terms: vec![(a, x)],
                    rel: self.rng.pick(&[Rel::Eq, Rel::Eq, Rel::Ne]),
                    rhs: c,
                    reif: Some(self.lit(&xs)),
                })
            })
            .collect()
    }

    pub(super) fn element_const(&mut self) -> Constraint {
        let result = self.int(&[]);
        let result = self.view_of(result);
        let index = self.view(&[result.var]);
        let n = 1 + self.rng.below(4);
        let values = (0..n).map(|_| self.rng.range(LO, HI)).collect();
        Constraint::ElementConst(ElementConst {
            index,
            values,
            result,
        })
    }

    pub(super) fn element_var(&mut self) -> Constraint {
        let result = self.int(&[]);
        let result = self.view_of(result);
        let index = self.view(&[result.var]);
        let n = 1 + self.rng.below(3);
        let array = (0..n).map(|_| self.view(&[result.var])).collect();
        Constraint::ElementVar(ElementVar {
            index,
            array,
            result,
        })
    }

    pub(super) fn clause(&mut self) -> Constraint {
        let n = 1 + self.rng.below(3);
        let lits: Vec<Lit> = (0..n).map(|_| self.lit(&[])).collect();
        let vars: Vec<VarId> = lits.iter().map(|l| l.var).collect();
        let reif = if self.rng.one_in(3) {
            None
        } else {
            Some(self.lit(&vars))
        };
        Constraint::Clause(Clause { lits, reif })
    }

    /// `(x, y, z)` with `z` a variable of its own.
    fn ternary(&mut self) -> (View, View, View) {
        let z = self.int(&[]);
        let z = View::of(z);
        let x = self.view(&[z.var]);
        let y = self.view(&[z.var]);
        (x, y, z)
    }

    pub(super) fn times(&mut self) -> Constraint {
        let (x, y, z) = self.ternary();
        Constraint::Times(Times { x, y, z })
    }

    pub(super) fn div(&mut self) -> Constraint {
        let (x, y, z) = self.ternary();
        Constraint::Div(Div { x, y, z })
    }

    pub(super) fn rem(&mut self) -> Constraint {
        let (x, y, z) = self.ternary();
        Constraint::Rem(Rem { x, y, z })
    }

    pub(super) fn abs(&mut self) -> Constraint {
        let z = self.int(&[]);
        let z = View::of(z);
        let x = self.view(&[z.var]);
        Constraint::Abs(Abs { x, z })
    }

    pub(super) fn max(&mut self) -> Constraint {
        let z = self.int(&[]);
        // Lowering gives `z` or `-z` (min is max over negated views).
        let z = View {
            var: z,
            scale: self.rng.pick(&[1, -1]),
            offset: 0,
        };
        let n = 1 + self.rng.below(3);
        let xs = (0..n).map(|_| self.view(&[z.var])).collect();
        Constraint::Max(Max { xs, z })
    }

    /// A table over views, with up to five rows of values near the domains.
    pub(super) fn table(&mut self) -> Constraint {
        let n = 1 + self.rng.below(3);
        let xs: Vec<View> = (0..n).map(|_| self.view(&[])).collect();
        let rows = (0..self.rng.below(6))
            .map(|_| (0..n).map(|_| self.rng.range(LO - 1, HI + 1)).collect())
            .collect();
        Constraint::Table(Table { xs, rows })
    }

    /// A table of 65 to 200 rows (live rows of two to four words) over
    /// three or four views, two of one variable three times in four; a
    /// row mostly gives a variable one value wherever it stands, through
    /// its views (one value in eight is any value near the domains).
    pub(super) fn table_wide(&mut self) -> Constraint {
        let n = 3 + self.rng.below(2);
        let mut xs: Vec<View> = (0..n).map(|_| self.view(&[])).collect();
        if !self.rng.one_in(4) {
            let (i, j) = (self.rng.below(n), (self.rng.below(n - 1) + 1) % n);
            xs[(i + j) % n] = self.view_of(xs[i].var);
        }
        let rows = (0..65 + self.rng.below(136))
            .map(|_| {
                let mut given: Vec<(VarId, i64)> = Vec::new();
                xs.iter()
                    .map(|x| {
                        if self.rng.one_in(8) {
                            return self.rng.range(LO - 1, HI + 1);
                        }
                        let v = match given.iter().find(|(var, _)| *var == x.var) {
                            Some(&(_, v)) => v,
                            None => {
                                let v = self.rng.range(LO - 1, HI + 1);
                                given.push((x.var, v));
                                v
                            }
                        };
                        x.value(v)
                    })
                    .collect()
            })
            .collect();
        Constraint::Table(Table { xs, rows })
    }

    /// A circuit over up to four successor variables (nodes from `base`).
    pub(super) fn circuit(&mut self) -> Constraint {
        let n = 1 + self.rng.below(4);
        let base = self.rng.pick(&[0, 0, 1, -1]);
        let succ = (0..n).map(|_| View::of(self.int(&[]))).collect();
        Constraint::Circuit(Circuit {
            succ,
            base,
            sub: false,
        })
    }

    /// `inverse` over two lists of up to three views each (mostly two;
    /// one time in eight of different lengths), each list from its own
    /// base; the views shifted now and then.
    pub(super) fn inverse(&mut self) -> Constraint {
        let n = if self.rng.one_in(4) {
            3
        } else {
            1 + self.rng.below(2)
        };
        let m = if self.rng.one_in(8) {
            1 + self.rng.below(3)
        } else {
            n
        };
        let list = |g: &mut Gen| -> Vec<View> {
            (0..m)
                .map(|_| {
                    let x = g.int(&[]);
                    if g.rng.one_in(4) {
                        View {
                            var: x,
                            scale: g.rng.pick(&[-1, 1]),
                            offset: g.rng.range(-1, 1),
                        }
                    } else {
                        View::of(x)
                    }
                })
                .collect()
        };
        let invf = list(self);
        let f = (0..n).map(|_| View::of(self.int(&[]))).collect();
        Constraint::Inverse(Inverse {
            f,
            f_base: self.rng.pick(&[0, 0, 1, -1]),
            invf,
            invf_base: self.rng.pick(&[0, 0, 1, -1]),
        })
    }

    /// `count(xs, value) == count` over up to four views; the value a
    /// constant (a fixed variable) or a variable, the count sometimes one
    /// of the items (as in a magic sequence).
    pub(super) fn count(&mut self) -> Constraint {
        let n = 1 + self.rng.below(4);
        let xs: Vec<View> = (0..n).map(|_| self.view(&[])).collect();
        let value = if self.rng.one_in(3) {
            self.view(&[])
        } else {
            let v = self.rng.range(LO, HI);
            View::of(self.new_var(vec![v]))
        };
        let count = if self.rng.one_in(4) {
            xs[self.rng.below(n)]
        } else {
            View::of(self.int(&[]))
        };
        Constraint::Count(Count { xs, value, count })
    }

    /// `alldifferent_except` over two to four views, excepting 0 (as
    /// `alldifferent_except_0`) or up to two values of the domains.
    pub(super) fn all_different_except(&mut self) -> Constraint {
        let n = 2 + self.rng.below(3);
        let xs = (0..n).map(|_| self.view(&[])).collect();
        let except = if self.rng.one_in(2) {
            vec![0]
        } else {
            let k = self.rng.below(3);
            (0..k).map(|_| self.rng.range(LO, HI)).collect()
        };
        Constraint::AllDifferentExcept(AllDifferentExcept::new(xs, except))
    }

    /// `member(xs, y)` over up to four views (now and then none), `y`
    /// sometimes a variable of the items.
    pub(super) fn member(&mut self) -> Constraint {
        let n = if self.rng.one_in(10) {
            0
        } else {
            1 + self.rng.below(4)
        };
        let xs = (0..n).map(|_| self.view(&[])).collect();
        let y = self.view(&[]);
        Constraint::Member(Member { xs, y })
    }

    /// `global_cardinality` over up to four views and up to three values
    /// (now and then one listed twice), the counts variables or fixed.
    pub(super) fn global_cardinality(&mut self) -> Constraint {
        let n = 1 + self.rng.below(4);
        let xs: Vec<View> = (0..n).map(|_| self.view(&[])).collect();
        let m = 1 + self.rng.below(3);
        let values: Vec<i64> = (0..m).map(|_| self.rng.range(LO, HI)).collect();
        let counts = (0..m)
            .map(|_| {
                if self.rng.one_in(3) {
                    let c = self.rng.range(0, 2);
                    View::of(self.new_var(vec![c]))
                } else {
                    View::of(self.int(&[]))
                }
            })
            .collect();
        Constraint::GlobalCardinality(GlobalCardinality { xs, values, counts })
    }

    /// `connected` over up to six 0/1 nodes (views, sometimes negated)
    /// and a random undirected graph on them; one time in two each edge
    /// has a 0/1 link of its own (then up to five nodes, and an edge
    /// sometimes doubled).
    pub(super) fn connected(&mut self) -> Constraint {
        let linked = self.rng.one_in(2);
        let n = 1 + self.rng.below(if linked { 5 } else { 6 });
        let nodes: Vec<View> = (0..n).map(|_| self.zero_one()).collect();
        let mut edges = Vec::new();
        for a in 0..n as u32 {
            for b in a + 1..n as u32 {
                if self.rng.one_in(2) {
                    edges.push(if self.rng.one_in(2) { (a, b) } else { (b, a) });
                }
            }
        }
        if linked {
            edges.truncate(5);
            // An edge given twice, or an edge from a node to itself.
            if !edges.is_empty() && self.rng.one_in(4) {
                let again = edges[self.rng.below(edges.len())];
                edges.push(again);
            } else if self.rng.one_in(4) {
                let a = self.rng.below(n) as u32;
                edges.push((a, a));
            }
        }
        let links = if linked {
            (0..edges.len()).map(|_| self.zero_one()).collect()
        } else {
            Vec::new()
        };
        // A loop's or a path's rule on cycles, with links (as lowered).
        let whole_cycles = linked && self.rng.one_in(2);
        Constraint::Connected(Connected {
            nodes,
            edges,
            links,
            whole_cycles,
        })
    }

    /// A fresh 0/1 variable's view, sometimes negated.
    fn zero_one(&mut self) -> View {
        let x = self.new_bool();
        if self.rng.one_in(5) {
            View {
                var: x,
                scale: -1,
                offset: 1,
            }
        } else {
            View::of(x)
        }
    }

    /// A subcircuit over up to four successor variables.
    pub(super) fn subcircuit(&mut self) -> Constraint {
        match self.circuit() {
            Constraint::Circuit(Circuit { succ, base, .. }) => Constraint::Circuit(Circuit {
                succ,
                base,
                sub: true,
            }),
            _ => unreachable!("a circuit"),
        }
    }

    /// A circuit or subcircuit on a random graph of up to six nodes: each
    /// node's successors a random subset of the nodes (its own number
    /// mostly in it), so that cycles are common and the components vary.
    pub(super) fn circuit_graph(&mut self) -> Constraint {
        let n = 2 + self.rng.below(5);
        let base = self.rng.pick(&[0, 1]);
        let nodes: Vec<i64> = (base..base + n as i64).collect();
        let succ = (0..n)
            .map(|_| {
                let domain = self.subset(&nodes);
                View::of(self.new_var(domain))
            })
            .collect();
        Constraint::Circuit(Circuit {
            succ,
            base,
            sub: self.rng.one_in(2),
        })
    }

    pub(super) fn lex(&mut self) -> Constraint {
        let n = 1 + self.rng.below(3);
        let xs = (0..n).map(|_| self.view(&[])).collect();
        let ys = (0..n).map(|_| self.view(&[])).collect();
        Constraint::Lex(Lex {
            xs,
            ys,
            strict: self.rng.one_in(2),
        })
    }
}

/// One constraint kind: its generator.
pub(super) type Kind = fn(&mut Gen) -> Constraint;
