//! The flat model: integer variables with domains and a list of primitive
//! constraints over them. Plain data, no names in constraints (only `VarId`s),
//! printed as a spec by `--dump-model` ([`crate::export::spec`]).
//!
//! Lowering builds it from a spec; the engine posts it as propagators;
//! [`check`] gives each constraint its reference meaning.

pub mod check;
pub mod infer;
pub mod network;
pub mod plan;
pub mod program;
pub mod texts;

/// A variable of the model: an index into [`Model::vars`].
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

impl Constraint {
    /// What kind of constraint it is, for messages (`a linear constraint`).
    pub fn kind(&self) -> &'static str {
        match self {
            Constraint::Linear { reif: None, .. } => "a linear constraint",
            Constraint::Linear { .. } => "a reified linear constraint",
            Constraint::AllDifferent(_) => "alldifferent",
            Constraint::ElementConst { .. } | Constraint::ElementVar { .. } => "element",
            Constraint::Clause { .. } => "a clause",
            Constraint::Times { .. } => "a product",
            Constraint::Div { .. } => "a division",
            Constraint::Rem { .. } => "a remainder",
            Constraint::Abs { .. } => "abs",
            Constraint::Max { .. } => "max",
            Constraint::Lex { .. } => "lex",
            Constraint::Table { .. } => "table",
            Constraint::Circuit { sub: false, .. } => "circuit",
            Constraint::Circuit { sub: true, .. } => "subcircuit",
            Constraint::Connected { .. } => "connected",
            Constraint::Regular { .. } => "regular",
        }
    }

    /// Every variable it mentions (with repeats).
    pub fn vars(&self) -> Vec<VarId> {
        let views = |vs: &[View]| vs.iter().map(|v| v.var).collect::<Vec<_>>();
        match self {
            Constraint::Linear { terms, reif, .. } => terms
                .iter()
                .map(|t| t.1)
                .chain(reif.iter().map(|r| r.var))
                .collect(),
            Constraint::Clause { lits, reif } => {
                lits.iter().chain(reif.iter()).map(|l| l.var).collect()
            }
            Constraint::AllDifferent(vs)
            | Constraint::Table { xs: vs, .. }
            | Constraint::Circuit { succ: vs, .. }
            | Constraint::Regular { xs: vs, .. } => views(vs),
            Constraint::Connected { nodes, links, .. } => {
                views(nodes).into_iter().chain(views(links)).collect()
            }
            Constraint::ElementConst { index, result, .. } => vec![index.var, result.var],
            Constraint::ElementVar {
                index,
                array,
                result,
            } => [index.var, result.var]
                .into_iter()
                .chain(views(array))
                .collect(),
            Constraint::Times { x, y, z }
            | Constraint::Div { x, y, z }
            | Constraint::Rem { x, y, z } => vec![x.var, y.var, z.var],
            Constraint::Abs { x, z } => vec![x.var, z.var],
            Constraint::Max { xs, z } => views(xs).into_iter().chain([z.var]).collect(),
            Constraint::Lex { xs, ys, .. } => views(xs).into_iter().chain(views(ys)).collect(),
        }
    }

    /// How many terms, views, values and literals it holds.
    pub fn size(&self) -> usize {
        match self {
            Constraint::Linear { terms, .. } => terms.len() + 1,
            Constraint::AllDifferent(views) => views.len(),
            Constraint::ElementConst { values, .. } => values.len() + 2,
            Constraint::ElementVar { array, .. } => array.len() + 2,
            Constraint::Clause { lits, .. } => lits.len() + 1,
            Constraint::Times { .. } | Constraint::Div { .. } | Constraint::Rem { .. } => 3,
            Constraint::Abs { .. } => 2,
            Constraint::Max { xs, .. } => xs.len() + 1,
            Constraint::Lex { xs, ys, .. } => xs.len() + ys.len(),
            Constraint::Table { xs, rows } => xs.len() * (rows.len() + 1),
            Constraint::Circuit { succ, .. } => succ.len(),
            Constraint::Connected {
                nodes,
                edges,
                links,
            } => nodes.len() + 2 * edges.len() + links.len(),
            Constraint::Regular { xs, automaton } => {
                xs.len() + 3 * automaton.transitions.len() + automaton.accepting.len() + 1
            }
        }
    }
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
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarInfo {
    pub name: String,
    pub domain: IntervalSet,
    /// Introduced by lowering (not declared in the spec).
    pub aux: bool,
    /// Declared with `define`: a definition ties it to other variables.
    pub derived: bool,
    /// Its values are numbers of [`Model::texts`] (an enum domain): it is
    /// printed as text.
    pub text: bool,
    /// Declared `bool`: 0/1 written as `false`/`true`.
    pub boolean: bool,
}

/// The primitive constraints the engine propagates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// `sum(coef * var) rel rhs`, or with `reif`: `reif <-> (sum rel rhs)`.
    Linear {
        terms: Vec<(i64, VarId)>,
        rel: Rel,
        rhs: i64,
        reif: Option<Lit>,
    },
    /// All views take different values.
    AllDifferent(Vec<View>),
    /// `result == values[index]` (index from 0).
    ElementConst {
        index: View,
        values: Vec<i64>,
        result: View,
    },
    /// `result == array[index]` (index from 0).
    ElementVar {
        index: View,
        array: Vec<View>,
        result: View,
    },
    /// `lits[0] or lits[1] or ...`, or with `reif`: `reif <-> (or ...)`.
    Clause { lits: Vec<Lit>, reif: Option<Lit> },
    /// `z == x * y`.
    Times { x: View, y: View, z: View },
    /// `z == x / y`, rounding toward zero; `y != 0`.
    Div { x: View, y: View, z: View },
    /// `z == x % y`, with the sign of `x`; `y != 0`.
    Rem { x: View, y: View, z: View },
    /// `z == abs(x)`.
    Abs { x: View, z: View },
    /// `z == max(xs)` (min is max over negated views).
    Max { xs: Vec<View>, z: View },
    /// `xs` before `ys` lexicographically (`strict`: and not equal).
    Lex {
        xs: Vec<View>,
        ys: Vec<View>,
        strict: bool,
    },
    /// `xs` equals one of the rows (each as long as `xs`).
    Table { xs: Vec<View>, rows: Vec<Vec<i64>> },
    /// The successors `succ` form one cycle through every node: node `i`'s
    /// successor is node `succ[i] - base`. With `sub` (`subcircuit`), the
    /// nodes that are not their own successor form one cycle, or none.
    Circuit {
        succ: Vec<View>,
        base: i64,
        sub: bool,
    },
    /// The nodes whose 0/1 view is 1 form one connected piece of the
    /// undirected graph of `edges` (node numbers, indices into `nodes`);
    /// no node at 1 is connected too. With `links` (one 0/1 view per
    /// edge; empty: every edge between two nodes at 1), only the edges
    /// whose link is 1 join, and such an edge has both ends at 1.
    Connected {
        nodes: Vec<View>,
        edges: Vec<(u32, u32)>,
        links: Vec<View>,
    },
    /// The values of `xs`, in order, take the automaton with these
    /// transitions `(from, value, to)` (deterministic or not; states are
    /// any integers) from `start` to one of the `accepting` states.
    Regular { xs: Vec<View>, automaton: Automaton },
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

/// Where a constraint came from, for messages, `--dump-model` and
/// explanations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Posted {
    pub constraint: Constraint,
    /// The name of the spec constraint it was lowered from.
    pub origin: String,
    /// Which item of that constraint, for one written as a `forall` at the
    /// top level: `[i=2, j=5]` (generator values) or `[2]` (position);
    /// empty for the whole constraint.
    pub item: String,
    /// True when it defines an auxiliary variable (a reified comparison, a
    /// sum, a product, ...) rather than asserting what the spec says. A
    /// definition holds for some value of its auxiliary variable whatever
    /// the other variables are, and lowering shares it between
    /// constraints: explanations never drop one.
    pub definition: bool,
    /// This constraint's own level, if its spec entry set one.
    pub consistency: Option<plan::Consistency>,
}

/// A flat model.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Model {
    pub vars: Vec<VarInfo>,
    pub constraints: Vec<Posted>,
    /// The texts enum domains and indices list, by number.
    pub texts: texts::Texts,
}

impl Model {
    pub fn new_var(&mut self, name: impl Into<String>, domain: IntervalSet, aux: bool) -> VarId {
        self.vars.push(VarInfo {
            name: name.into(),
            domain,
            aux,
            derived: false,
            text: false,
            boolean: false,
        });
        VarId(self.vars.len() as u32 - 1)
    }

    pub fn domain(&self, var: VarId) -> &IntervalSet {
        &self.vars[var.index()].domain
    }

    /// Values of `var` as written: `4` when one, `{1..3, 5}` otherwise; a
    /// variable over texts lists them (`"red"`, `{"red", "blue"}`), a
    /// boolean its truth values (`{false, true}`).
    pub fn values_text(&self, var: VarId, intervals: &[(i64, i64)]) -> String {
        let info = &self.vars[var.index()];
        let text = |v: i64| match self.texts.text(v) {
            Some(t) if info.text => format!("{:?}", &**t),
            _ if info.boolean => (v != 0).to_string(),
            _ => v.to_string(),
        };
        match intervals {
            [(lo, hi)] if lo == hi => text(*lo),
            _ if info.text || info.boolean => {
                let all: Vec<String> = intervals
                    .iter()
                    .flat_map(|&(lo, hi)| lo..=hi)
                    .map(text)
                    .collect();
                format!("{{{}}}", all.join(", "))
            }
            _ => format!("{{{}}}", intervals_text(intervals)),
        }
    }
}

/// Intervals as a domain is written: `1..3, 5`.
pub fn intervals_text(intervals: &[(i64, i64)]) -> String {
    let parts: Vec<String> = intervals
        .iter()
        .map(|&(lo, hi)| {
            if lo == hi {
                lo.to_string()
            } else {
                format!("{lo}..{hi}")
            }
        })
        .collect();
    parts.join(", ")
}
