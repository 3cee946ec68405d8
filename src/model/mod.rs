//! The flat model: integer variables with domains and a list of primitive
//! constraints over them. Plain data, no names in constraints (only `VarId`s),
//! printed as a spec by `--dump-model` (the `export` module, which sits
//! above this one).
//!
//! Lowering builds it from a spec; the engine posts it as propagators. The
//! constraint kinds it holds, each with its meaning, posting and exports,
//! live in [`crate::constraints`] (one home per kind, below this module);
//! the words they are written in in `crate::vocab`, re-exported here.

pub(crate) mod infer;
pub(crate) mod network;
pub mod plan;
pub(crate) mod program;
pub(crate) mod texts;

pub use crate::constraints::{Constraint, Posted};
pub use crate::vocab::{Automaton, IntervalSet, Lit, Rel, VarId, View};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarInfo {
    pub name: String,
    pub domain: IntervalSet,
    /// Introduced by lowering (not declared in the spec).
    pub aux: bool,
    /// Declared with `define`: a definition ties it to other variables.
    pub derived: bool,
    /// Declared but not the player's (`shown = false`, or beside a board
    /// of other cells): steps, hints and candidates never show it.
    pub hidden: bool,
    /// Its values are numbers of [`Model::texts`] (an enum domain): it is
    /// printed as text.
    pub text: bool,
    /// Declared `bool`: 0/1 written as `false`/`true`.
    pub boolean: bool,
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
            hidden: false,
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

impl crate::constraints::post::Network for Model {
    fn domains(&self) -> impl Iterator<Item = &IntervalSet> {
        self.vars.iter().map(|v| &v.domain)
    }

    fn posted(&self) -> &[Posted] {
        &self.constraints
    }
}
