//! A configuration's settings applied to the lowering options: what the
//! command line chose, changed item by item (the last word wins, and
//! `phase=` items add up).

use crate::lower::Options;
use crate::spec::setting::Setting;

/// The lowering options of `base` changed by `settings` (expanded).
pub(crate) fn apply(base: &Options, settings: &[Setting]) -> Options {
    let mut options = base.clone();
    for s in settings {
        match s {
            Setting::NoSymmetry => options.no_symmetry = true,
            search => options.search.apply(search),
        }
    }
    options
}
