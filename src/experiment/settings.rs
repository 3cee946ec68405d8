//! A configuration's settings applied to the lowering options: what the
//! command line chose, changed item by item (the last word wins, and
//! `phase=` items add up).

use super::config::Setting;
use crate::lower::Options;

/// The lowering options of `base` changed by `settings` (expanded).
pub fn apply(base: &Options, settings: &[Setting]) -> Options {
    let mut options = base.clone();
    for s in settings {
        match s {
            Setting::Default | Setting::Use(_) => {}
            Setting::NoSymmetry => options.no_symmetry = true,
            Setting::Var(v) => options.search.var = Some(*v),
            Setting::Value(v) => options.search.value = Some(*v),
            Setting::Restart(r) => options.search.restart = Some(*r),
            Setting::Seed(n) => options.search.seed = Some(*n),
            Setting::Consistency(None, c) => options.search.consistency = Some(*c),
            Setting::Consistency(Some(n), c) => {
                options.search.consistency_for.push((n.clone(), *c))
            }
            Setting::Order(names) => options.search.order = Some(names.clone()),
            Setting::Phase(p) => options
                .search
                .phases
                .get_or_insert_with(Vec::new)
                .push(p.clone()),
        }
    }
    options
}
