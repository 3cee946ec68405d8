//! `xs <= ys` (or `<`) lexicographically, for symmetry breaking: skip the
//! prefix that is fixed and equal, then the first open position must have
//! `x <= y`; once `x < y` is certain there, the constraint is entailed.

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::vocab::{VarId, View};

#[derive(Debug)]
pub(crate) struct Lex {
    pub xs: Vec<View>,
    pub ys: Vec<View>,
    pub strict: bool,
}

impl Propagator for Lex {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.xs
            .iter()
            .chain(&self.ys)
            .map(|v| (v.var, Change::Bounds))
            .collect()
    }

    fn priority(&self) -> Priority {
        Priority::Linear
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        let n = self.xs.len();
        let mut i = 0;
        loop {
            // Equal at i: fixed to one value, or the very same view (which
            // bounds reasoning alone would narrow one value per round).
            while i < n
                && (self.xs[i] == self.ys[i]
                    || store.vfixed(self.xs[i])
                        && store.vfixed(self.ys[i])
                        && store.vvalue(self.xs[i]) == store.vvalue(self.ys[i]))
            {
                i += 1;
            }
            if i == n {
                return if self.strict {
                    Err(Conflict)
                } else {
                    Ok(Status::Subsumed)
                };
            }
            let (x, y) = (self.xs[i], self.ys[i]);
            if store.vmax(x) < store.vmin(y) {
                return Ok(Status::Subsumed);
            }
            // The last position of a strict order needs x < y.
            let gap = i64::from(self.strict && i == n - 1);
            let mut changed = store.vset_max(x, store.vmax(y) - gap)?;
            changed |= store.vset_min(y, store.vmin(x) + gap)?;
            if store.vmax(x) < store.vmin(y) {
                return Ok(Status::Subsumed);
            }
            if !changed {
                return Ok(Status::Fix);
            }
        }
    }
}
