//! Reading and narrowing a variable through a view `scale * x + offset`, so
//! propagators work on `q[c] + c` or `-x` without auxiliary variables.

use crate::engine::store::{Result, Store};
use crate::vocab::View;

/// Rounds `a / b` down (b != 0).
pub(crate) fn div_floor(a: i64, b: i64) -> i64 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// Rounds `a / b` up (b != 0).
pub(crate) fn div_ceil(a: i64, b: i64) -> i64 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

/// The variable's value for a view value, if the view can take it at all.
/// Scales of 1 and -1 (the common case) need no division.
#[inline]
fn inverse(v: View, value: i64) -> Option<i64> {
    let d = value - v.offset;
    match v.scale {
        1 => Some(d),
        -1 => Some(-d),
        0 => None,
        s => (d % s == 0).then(|| d / s),
    }
}

impl Store {
    #[inline]
    pub fn vmin(&self, v: View) -> i64 {
        if v.scale >= 0 {
            v.scale * self.min(v.var) + v.offset
        } else {
            v.scale * self.max(v.var) + v.offset
        }
    }

    #[inline]
    pub fn vmax(&self, v: View) -> i64 {
        if v.scale >= 0 {
            v.scale * self.max(v.var) + v.offset
        } else {
            v.scale * self.min(v.var) + v.offset
        }
    }

    #[inline]
    pub fn vfixed(&self, v: View) -> bool {
        v.scale == 0 || self.is_fixed(v.var)
    }

    #[inline]
    pub fn vsize(&self, v: View) -> u64 {
        if v.scale == 0 { 1 } else { self.size(v.var) }
    }

    /// The value of a fixed view.
    #[inline]
    pub fn vvalue(&self, v: View) -> i64 {
        debug_assert!(self.vfixed(v));
        self.vmin(v)
    }

    #[inline]
    pub fn vcontains(&self, v: View, value: i64) -> bool {
        if v.scale == 0 {
            return value == v.offset;
        }
        inverse(v, value).is_some_and(|x| self.contains(v.var, x))
    }

    /// `view >= value`.
    #[inline]
    pub fn vset_min(&mut self, v: View, value: i64) -> Result<bool> {
        match v.scale {
            0 if v.offset >= value => Ok(false),
            0 => Err(crate::engine::store::Conflict),
            s if s > 0 => self.set_min(v.var, div_ceil(value - v.offset, s)),
            s => self.set_max(v.var, div_floor(value - v.offset, s)),
        }
    }

    /// `view <= value`.
    #[inline]
    pub fn vset_max(&mut self, v: View, value: i64) -> Result<bool> {
        match v.scale {
            0 if v.offset <= value => Ok(false),
            0 => Err(crate::engine::store::Conflict),
            s if s > 0 => self.set_max(v.var, div_floor(value - v.offset, s)),
            s => self.set_min(v.var, div_ceil(value - v.offset, s)),
        }
    }

    /// `view != value`.
    #[inline]
    pub fn vremove(&mut self, v: View, value: i64) -> Result<bool> {
        match inverse(v, value) {
            Some(x) => self.remove(v.var, x),
            None if v.scale == 0 && v.offset == value => Err(crate::engine::store::Conflict),
            None => Ok(false),
        }
    }

    /// `view == value`.
    #[inline]
    pub fn vassign(&mut self, v: View, value: i64) -> Result<bool> {
        match inverse(v, value) {
            Some(x) => self.assign(v.var, x),
            None if v.scale == 0 && v.offset == value => Ok(false),
            None => Err(crate::engine::store::Conflict),
        }
    }

    /// Members of the view, in increasing order, into `out` (cleared first).
    #[inline]
    pub fn vvalues(&self, v: View, out: &mut Vec<i64>) {
        out.clear();
        self.vvalues_into(v, out);
    }

    /// Members of the view, in increasing order, appended to `out`.
    #[inline]
    pub fn vvalues_into(&self, v: View, out: &mut Vec<i64>) {
        if v.scale == 0 {
            out.push(v.offset);
            return;
        }
        let start = out.len();
        out.extend(self.domain(v.var).values().map(|x| v.value(x)));
        if v.scale < 0 {
            out[start..].reverse();
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
