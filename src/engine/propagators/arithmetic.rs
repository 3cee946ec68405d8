//! Non-linear arithmetic, each with bounds reasoning where it is simple and
//! an exact check once the inputs are fixed: `z = x * y`, `z = x / y`,
//! `z = x % y`, `z = abs(x)` and `z = max(xs)`.

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::engine::view::{div_ceil, div_floor};
use crate::vocab::{VarId, View};

fn subs(views: &[View]) -> Vec<(VarId, Change)> {
    views.iter().map(|v| (v.var, Change::Bounds)).collect()
}

fn clamp(v: i128) -> i64 {
    v.clamp(i64::MIN as i128 / 2, i64::MAX as i128 / 2) as i64
}

#[derive(Debug)]
pub(crate) struct Times {
    pub x: View,
    pub y: View,
    pub z: View,
}

impl Times {
    /// `other = z / fixed` when `fixed` is a non-zero constant.
    fn divide(store: &mut Store, z: View, fixed: i64, other: View) -> Result<(), Conflict> {
        if fixed == 0 {
            return Ok(());
        }
        let (a, b) = (store.vmin(z), store.vmax(z));
        let (lo, hi) = if fixed > 0 {
            (div_ceil(a, fixed), div_floor(b, fixed))
        } else {
            (div_ceil(b, fixed), div_floor(a, fixed))
        };
        let _ = store.vset_min(other, lo)?;
        let _ = store.vset_max(other, hi)?;
        Ok(())
    }
}

impl Propagator for Times {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        subs(&[self.x, self.y, self.z])
    }

    fn priority(&self) -> Priority {
        Priority::Linear
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        let (x, y, z) = (self.x, self.y, self.z);
        let corners = [
            store.vmin(x) as i128 * store.vmin(y) as i128,
            store.vmin(x) as i128 * store.vmax(y) as i128,
            store.vmax(x) as i128 * store.vmin(y) as i128,
            store.vmax(x) as i128 * store.vmax(y) as i128,
        ];
        let _ = store.vset_min(z, clamp(*corners.iter().min().expect("4")))?;
        let _ = store.vset_max(z, clamp(*corners.iter().max().expect("4")))?;
        if store.vfixed(y) {
            Self::divide(store, z, store.vvalue(y), x)?;
        }
        if store.vfixed(x) {
            Self::divide(store, z, store.vvalue(x), y)?;
        }
        if store.vfixed(x) && store.vfixed(y) {
            let _ = store.vassign(z, store.vvalue(x) * store.vvalue(y))?;
            return Ok(Status::Subsumed);
        }
        Ok(Status::Fix)
    }
}

/// `z = x / y` (`rem: false`) or `z = x % y` (`rem: true`), with `y != 0`.
#[derive(Debug)]
pub(crate) struct DivRem {
    pub x: View,
    pub y: View,
    pub z: View,
    pub rem: bool,
}

impl DivRem {
    pub(crate) fn new(x: View, y: View, z: View, rem: bool) -> DivRem {
        DivRem { x, y, z, rem }
    }
}

impl Propagator for DivRem {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        subs(&[self.x, self.y, self.z])
    }

    fn priority(&self) -> Priority {
        Priority::Linear
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        let (x, y, z) = (self.x, self.y, self.z);
        let _ = store.vremove(y, 0)?;
        // |x / y| <= |x| and |x % y| < |y|.
        let big_x = store.vmin(x).abs().max(store.vmax(x).abs());
        let big_y = store.vmin(y).abs().max(store.vmax(y).abs());
        let bound = if self.rem {
            big_x.min(big_y - 1)
        } else {
            big_x
        };
        let _ = store.vset_min(z, -bound)?;
        let _ = store.vset_max(z, bound)?;
        if store.vfixed(x) && store.vfixed(y) {
            let (a, b) = (store.vvalue(x), store.vvalue(y));
            let v = if self.rem {
                a.checked_rem(b)
            } else {
                a.checked_div(b)
            };
            let _ = store.vassign(z, v.ok_or(Conflict)?)?;
            return Ok(Status::Subsumed);
        }
        Ok(Status::Fix)
    }
}

#[derive(Debug)]
pub(crate) struct Abs {
    pub x: View,
    pub z: View,
}

impl Propagator for Abs {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        subs(&[self.x, self.z])
    }

    fn priority(&self) -> Priority {
        Priority::Cheap
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        let (x, z) = (self.x, self.z);
        loop {
            let (lo, hi) = (store.vmin(x), store.vmax(x));
            let (zlo, zhi) = if lo >= 0 {
                (lo, hi)
            } else if hi <= 0 {
                (-hi, -lo)
            } else {
                (0, hi.max(-lo))
            };
            let mut changed = store.vset_min(z, zlo)?;
            changed |= store.vset_max(z, zhi)?;
            let top = store.vmax(z);
            changed |= store.vset_min(x, -top)?;
            changed |= store.vset_max(x, top)?;
            // Values of x in (-zmin, zmin) are impossible.
            let bottom = store.vmin(z);
            if bottom > 0 {
                if store.vmin(x) > -bottom {
                    changed |= store.vset_min(x, bottom)?;
                }
                if store.vmax(x) < bottom {
                    changed |= store.vset_max(x, -bottom)?;
                }
            }
            if !changed {
                break;
            }
        }
        if store.vfixed(x) {
            let _ = store.vassign(z, store.vvalue(x).abs())?;
            return Ok(Status::Subsumed);
        }
        Ok(Status::Fix)
    }
}

#[derive(Debug)]
pub(crate) struct Max {
    pub xs: Vec<View>,
    pub z: View,
}

impl Propagator for Max {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        let mut s = subs(&self.xs);
        s.push((self.z.var, Change::Bounds));
        s
    }

    fn priority(&self) -> Priority {
        Priority::Linear
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        loop {
            if self.xs.is_empty() {
                return Err(Conflict);
            }
            let (lo, hi) = self.xs.iter().fold((i64::MIN, i64::MIN), |(lo, hi), &x| {
                (lo.max(store.vmin(x)), hi.max(store.vmax(x)))
            });
            let mut changed = store.vset_min(self.z, lo)?;
            changed |= store.vset_max(self.z, hi)?;
            let top = store.vmax(self.z);
            for &x in &self.xs {
                changed |= store.vset_max(x, top)?;
            }
            // If only one x can reach z's minimum, it must.
            let zlo = store.vmin(self.z);
            let mut reaching = self.xs.iter().filter(|&&x| store.vmax(x) >= zlo);
            if let (Some(&only), None) = (reaching.next(), reaching.next()) {
                changed |= store.vset_min(only, zlo)?;
            }
            if !changed {
                break;
            }
        }
        Ok(
            if store.vfixed(self.z) && self.xs.iter().all(|&x| store.vfixed(x)) {
                Status::Subsumed
            } else {
                Status::Fix
            },
        )
    }
}
