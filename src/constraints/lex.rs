//! `xs` before `ys` lexicographically (`strict`: and not equal): the
//! symmetry breaking constraint of lex-leader.

use super::Primitive;
use super::text::{MiniZincNames, SpecNames};
use crate::engine::propagator::Propagator;
use crate::engine::propagators::lex;
use crate::engine::store::Conflict;
use crate::vocab::{Consistency, VarId, View};

/// `xs` before `ys` lexicographically (`strict`: and not equal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lex {
    pub xs: Vec<View>,
    pub ys: Vec<View>,
    pub strict: bool,
}

impl Lex {
    fn name(&self) -> &'static str {
        if self.strict {
            "lex_less"
        } else {
            "lex_lesseq"
        }
    }
}

impl Primitive for Lex {
    const MINIZINC_INCLUDES: &'static [&'static str] = &["lex_less", "lex_lesseq"];

    fn kind(&self) -> &'static str {
        "lex"
    }

    fn vars(&self) -> Vec<VarId> {
        self.xs.iter().chain(&self.ys).map(|v| v.var).collect()
    }

    fn size(&self) -> usize {
        self.xs.len() + self.ys.len()
    }

    fn holds(&self, values: &[i64]) -> bool {
        let val = |vs: &[View]| -> Vec<i64> {
            vs.iter().map(|v| v.value(values[v.var.index()])).collect()
        };
        let (a, b) = (val(&self.xs), val(&self.ys));
        if self.strict { a < b } else { a <= b }
    }

    fn propagator(&self, _level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        Ok(Some(Box::new(lex::Lex {
            xs: self.xs.clone(),
            ys: self.ys.clone(),
            strict: self.strict,
        })))
    }

    fn spec(&self, names: &dyn SpecNames) -> String {
        format!(
            "{}({}, {})",
            self.name(),
            names.views(&self.xs),
            names.views(&self.ys)
        )
    }

    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        format!(
            "{}({}, {})",
            self.name(),
            names.views(&self.xs),
            names.views(&self.ys)
        )
    }
}
