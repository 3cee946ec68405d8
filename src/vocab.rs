//! The vocabulary every layer shares: variables (`VarId`), views of them
//! (`View`, `scale * x + offset`), literals (`Lit`), the relations of linear
//! constraints (`Rel`), domains as intervals (`IntervalSet`), automata
//! (`Automaton`) and the consistency levels (`Consistency`). Plain data
//! that imports nothing of this crate: the engine, the constraint kinds of
//! `constraints` and the flat model all speak it, so none of them has to
//! import another one for its words (the engine sits below the constraint
//! kinds, which post its propagators, and those below the model, which
//! holds them).

/// A variable of the model: an index into `Model::vars` (and the
/// engine's store).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

impl VarId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// `scale * var + offset`: lets `q[c] + c` or `-x` use `q[c]`, `x` directly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    pub var: VarId,
    pub scale: i64,
    pub offset: i64,
}

impl View {
    pub fn of(var: VarId) -> View {
        View {
            var,
            scale: 1,
            offset: 0,
        }
    }

    pub fn value(&self, x: i64) -> i64 {
        self.scale * x + self.offset
    }
}

/// A boolean literal: a 0/1 variable, or its negation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lit {
    pub var: VarId,
    pub positive: bool,
}

impl Lit {
    pub fn negate(self) -> Lit {
        Lit {
            var: self.var,
            positive: !self.positive,
        }
    }

    /// The literal as a 0/1 view: `x` or `1 - x`.
    pub fn view(self) -> View {
        if self.positive {
            View::of(self.var)
        } else {
            View {
                var: self.var,
                scale: -1,
                offset: 1,
            }
        }
    }

    pub fn holds(&self, x: i64) -> bool {
        (x == 1) == self.positive
    }
}

/// Relation of a linear constraint: `sum <= rhs`, `sum == rhs`, `sum != rhs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rel {
    Le,
    Eq,
    Ne,
}

impl Rel {
    /// The truth of `lhs rel rhs`: the one table every stage uses.
    pub fn holds(self, lhs: i64, rhs: i64) -> bool {
        match self {
            Rel::Le => lhs <= rhs,
            Rel::Eq => lhs == rhs,
            Rel::Ne => lhs != rhs,
        }
    }
}

/// A domain as sorted, disjoint, non-adjacent closed intervals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntervalSet(pub Vec<(i64, i64)>);

impl IntervalSet {
    pub fn range(lo: i64, hi: i64) -> IntervalSet {
        IntervalSet(if lo <= hi { vec![(lo, hi)] } else { Vec::new() })
    }

    pub fn from_values(mut values: Vec<i64>) -> IntervalSet {
        values.sort_unstable();
        values.dedup();
        let mut out: Vec<(i64, i64)> = Vec::new();
        for v in values {
            match out.last_mut() {
                Some((_, hi)) if *hi + 1 == v => *hi = v,
                _ => out.push((v, v)),
            }
        }
        IntervalSet(out)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn min(&self) -> Option<i64> {
        self.0.first().map(|r| r.0)
    }

    pub fn max(&self) -> Option<i64> {
        self.0.last().map(|r| r.1)
    }

    pub fn contains(&self, v: i64) -> bool {
        self.0.iter().any(|&(lo, hi)| lo <= v && v <= hi)
    }

    pub fn size(&self) -> u64 {
        self.0
            .iter()
            .map(|&(lo, hi)| hi.abs_diff(lo).saturating_add(1))
            .fold(0, u64::saturating_add)
    }

    pub fn values(&self) -> impl Iterator<Item = i64> + '_ {
        self.0.iter().flat_map(|&(lo, hi)| lo..=hi)
    }

    /// The values in both, interval by interval (never value by value).
    pub fn intersect(&self, other: &IntervalSet) -> IntervalSet {
        let mut out = Vec::new();
        let (mut i, mut j) = (0, 0);
        while i < self.0.len() && j < other.0.len() {
            let (a, b) = (self.0[i], other.0[j]);
            let (lo, hi) = (a.0.max(b.0), a.1.min(b.1));
            if lo <= hi {
                out.push((lo, hi));
            }
            if a.1 < b.1 {
                i += 1;
            } else {
                j += 1;
            }
        }
        IntervalSet(out)
    }
}

/// A finite automaton over integers: transitions `(from, value, to)`
/// (deterministic or not; states are any integers), a start state and the
/// accepting states (sorted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Automaton {
    pub transitions: Vec<(i64, i64, i64)>,
    pub start: i64,
    pub accepting: Vec<i64>,
}

impl Automaton {
    /// Does some run on `word` end in an accepting state?
    pub fn accepts(&self, word: impl IntoIterator<Item = i64>) -> bool {
        // The states reached after each value (possibly several).
        let mut states = vec![self.start];
        for v in word {
            let mut next: Vec<i64> = self
                .transitions
                .iter()
                .filter(|t| t.1 == v && states.contains(&t.0))
                .map(|t| t.2)
                .collect();
            next.sort_unstable();
            next.dedup();
            states = next;
        }
        states.iter().any(|q| self.accepting.contains(q))
    }
}

/// How hard constraints work before all their variables are fixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Consistency {
    /// Test a constraint only once all its variables are fixed (generate-and-test).
    Check,
    /// Fail as soon as the fixed variables violate it, prune nothing
    /// (alldifferent: two fixed views equal).
    Early,
    /// Run the constraint's propagator (the default).
    Propagate,
    /// Like `Propagate`, and alldifferent also prunes bounds by Hall intervals.
    Bounds,
    /// Alldifferent: domain consistency (Régin's matching algorithm).
    Domain,
    /// Singleton tests on top of `Domain`: each value of each variable is
    /// tried, propagated, and removed when that fails. On one constraint,
    /// its own propagators alone are tried (one item of a `forall` at a
    /// time); spec-wide, every constraint takes `Domain` and the whole
    /// network is tried at every node (singleton arc consistency).
    Probing,
}
