//! Reading and narrowing a variable through a view `scale * x + offset`, so
//! propagators work on `q[c] + c` or `-x` without auxiliary variables.

use crate::engine::store::{Result, Store};
use crate::model::View;

/// Rounds `a / b` down (b != 0).
pub fn div_floor(a: i64, b: i64) -> i64 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// Rounds `a / b` up (b != 0).
pub fn div_ceil(a: i64, b: i64) -> i64 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

impl Store {
    pub fn vmin(&self, v: View) -> i64 {
        if v.scale >= 0 {
            v.scale * self.min(v.var) + v.offset
        } else {
            v.scale * self.max(v.var) + v.offset
        }
    }

    pub fn vmax(&self, v: View) -> i64 {
        if v.scale >= 0 {
            v.scale * self.max(v.var) + v.offset
        } else {
            v.scale * self.min(v.var) + v.offset
        }
    }

    pub fn vfixed(&self, v: View) -> bool {
        v.scale == 0 || self.is_fixed(v.var)
    }

    pub fn vsize(&self, v: View) -> u64 {
        if v.scale == 0 { 1 } else { self.size(v.var) }
    }

    /// The value of a fixed view.
    pub fn vvalue(&self, v: View) -> i64 {
        debug_assert!(self.vfixed(v));
        self.vmin(v)
    }

    pub fn vcontains(&self, v: View, value: i64) -> bool {
        if v.scale == 0 {
            return value == v.offset;
        }
        let d = value - v.offset;
        d % v.scale == 0 && self.contains(v.var, d / v.scale)
    }

    /// `view >= value`.
    pub fn vset_min(&mut self, v: View, value: i64) -> Result<bool> {
        match v.scale {
            0 if v.offset >= value => Ok(false),
            0 => Err(crate::engine::store::Conflict),
            s if s > 0 => self.set_min(v.var, div_ceil(value - v.offset, s)),
            s => self.set_max(v.var, div_floor(value - v.offset, s)),
        }
    }

    /// `view <= value`.
    pub fn vset_max(&mut self, v: View, value: i64) -> Result<bool> {
        match v.scale {
            0 if v.offset <= value => Ok(false),
            0 => Err(crate::engine::store::Conflict),
            s if s > 0 => self.set_max(v.var, div_floor(value - v.offset, s)),
            s => self.set_min(v.var, div_ceil(value - v.offset, s)),
        }
    }

    /// `view != value`.
    pub fn vremove(&mut self, v: View, value: i64) -> Result<bool> {
        if v.scale == 0 {
            return if v.offset == value {
                Err(crate::engine::store::Conflict)
            } else {
                Ok(false)
            };
        }
        let d = value - v.offset;
        if d % v.scale != 0 {
            return Ok(false);
        }
        self.remove(v.var, d / v.scale)
    }

    /// `view == value`.
    pub fn vassign(&mut self, v: View, value: i64) -> Result<bool> {
        if v.scale == 0 {
            return if v.offset == value {
                Ok(false)
            } else {
                Err(crate::engine::store::Conflict)
            };
        }
        let d = value - v.offset;
        if d % v.scale != 0 {
            return Err(crate::engine::store::Conflict);
        }
        self.assign(v.var, d / v.scale)
    }

    /// Members of the view, in increasing order, into `out` (cleared first).
    pub fn vvalues(&self, v: View, out: &mut Vec<i64>) {
        out.clear();
        if v.scale == 0 {
            out.push(v.offset);
            return;
        }
        out.extend(self.domain(v.var).values().map(|x| v.value(x)));
        if v.scale < 0 {
            out.reverse();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding() {
        assert_eq!(div_floor(7, 2), 3);
        assert_eq!(div_floor(-7, 2), -4);
        assert_eq!(div_ceil(-7, 2), -3);
        assert_eq!(div_ceil(7, -2), -3);
        assert_eq!(div_floor(7, -2), -4);
    }
}
