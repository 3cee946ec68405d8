//! `l1 or l2 or ...`, and its reified form `r <-> (l1 or l2 or ...)`, which
//! also gives `and` (`not r <-> (not l1 or not l2 ...)`), `->` and `not`.

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::vocab::{Lit, VarId};

#[derive(Debug)]
pub(crate) struct Clause {
    pub lits: Vec<Lit>,
    pub reif: Option<Lit>,
}

fn value(store: &Store, l: Lit) -> Option<bool> {
    store.is_fixed(l.var).then(|| l.holds(store.min(l.var)))
}

fn make_true(store: &mut Store, l: Lit) -> Result<bool, Conflict> {
    store.assign(l.var, i64::from(l.positive))
}

impl Propagator for Clause {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.lits
            .iter()
            .chain(&self.reif)
            .map(|l| (l.var, Change::Fixed))
            .collect()
    }

    fn priority(&self) -> Priority {
        Priority::Cheap
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        let mut open = None;
        let mut open_count = 0;
        for &l in &self.lits {
            match value(store, l) {
                Some(true) => {
                    if let Some(r) = self.reif {
                        let _ = make_true(store, r)?;
                    }
                    return Ok(Status::Subsumed);
                }
                Some(false) => {}
                None => {
                    open = Some(l);
                    open_count += 1;
                }
            }
        }
        let required = match self.reif {
            None => true,
            Some(r) => match value(store, r) {
                Some(t) => t,
                None if open_count == 0 => {
                    let _ = make_true(store, r.negate())?;
                    return Ok(Status::Subsumed);
                }
                None => return Ok(Status::Fix),
            },
        };
        if !required {
            for &l in &self.lits {
                let _ = make_true(store, l.negate())?;
            }
            return Ok(Status::Subsumed);
        }
        match (open_count, open) {
            (0, _) => Err(Conflict),
            (1, Some(l)) => {
                let _ = make_true(store, l)?;
                Ok(Status::Subsumed)
            }
            _ => Ok(Status::Fix),
        }
    }
}
