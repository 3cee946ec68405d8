//! `lits[0] or lits[1] or ...`, or reified: `reif <-> (or ...)`. Domain
//! consistent alone (a literal is a 0/1 variable).

use super::Primitive;
use super::known::{Known, Step, checked};
use super::text::{MiniZincNames, SpecNames, negated};
use crate::engine::propagator::Propagator;
use crate::engine::propagators::clause;
use crate::engine::store::Conflict;
use crate::vocab::{Consistency, Lit, VarId};

/// `lits[0] or lits[1] or ...`, or with `reif`: `reif <-> (or ...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clause {
    pub lits: Vec<Lit>,
    pub reif: Option<Lit>,
}

impl Primitive for Clause {
    fn kind(&self) -> &'static str {
        "a clause"
    }

    fn vars(&self) -> Vec<VarId> {
        self.lits
            .iter()
            .chain(self.reif.iter())
            .map(|l| l.var)
            .collect()
    }

    fn size(&self) -> usize {
        self.lits.len() + 1
    }

    fn holds(&self, values: &[i64]) -> bool {
        let truth = self.lits.iter().any(|l| l.holds(values[l.var.index()]));
        match self.reif {
            None => truth,
            Some(r) => r.holds(values[r.var.index()]) == truth,
        }
    }

    /// Unit propagation, or its truth once it is decided.
    #[inline]
    fn infer(&self, k: &mut Known<'_>) -> Step {
        let Clause { lits, reif } = self;
        let mut open = None;
        let mut unknown = 0;
        let mut any = false;
        for &l in lits {
            match k.lit(l) {
                Some(true) => any = true,
                Some(false) => {}
                None => {
                    unknown += 1;
                    open = Some(l);
                }
            }
        }
        let required = match reif {
            None => Some(true),
            Some(r) => k.lit(*r),
        };
        if any || unknown == 0 {
            return match reif {
                None => checked(any),
                Some(r) => k.set_lit(*r, any),
            };
        }
        match required {
            // Every literal false.
            Some(false) => {
                for &l in lits {
                    if k.set_lit(l, false) == Step::Violated {
                        return Step::Violated;
                    }
                }
                Step::Fixed
            }
            Some(true) if unknown == 1 => k.set_lit(open.expect("one open"), true),
            _ => Step::Waiting,
        }
    }

    fn ready(&self, known: &[bool]) -> Option<Option<VarId>> {
        let ins = self.lits.iter().all(|l| known[l.var.index()]);
        match self.reif {
            Some(r) if ins => Some((!known[r.var.index()]).then_some(r.var)),
            Some(_) => None,
            None => ins.then_some(None),
        }
    }

    fn supports(&self, level: Consistency) -> bool {
        level != Consistency::Early
    }

    fn propagator(&self, _level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        Ok(Some(Box::new(clause::Clause {
            lits: self.lits.clone(),
            reif: self.reif,
        })))
    }

    fn spec(&self, names: &dyn SpecNames) -> String {
        match self.reif {
            None => names.clause(&self.lits),
            Some(r) => format!("{} <-> ({})", names.lit(r), names.clause(&self.lits)),
        }
    }

    /// A reified clause defines its literal's variable.
    fn spec_definition(&self, names: &dyn SpecNames) -> Option<(VarId, String, bool)> {
        let r = self.reif?;
        Some((r.var, negated(names.clause(&self.lits), r.positive), true))
    }

    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        let items: Vec<String> = self.lits.iter().map(|&l| names.lit(l)).collect();
        let or = if items.is_empty() {
            "false".to_string()
        } else {
            format!("({})", items.join(" \\/ "))
        };
        names.reified(or, self.reif)
    }
}
