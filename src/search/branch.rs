//! Which variable to try next and which value first: the search phases
//! first (each a list of variables with its own variable and value
//! orders), then an explicit order list, then the spec's heuristic over the
//! declared variables, then any auxiliary variable lowering introduced.
//!
//! A variable fixed stays fixed down a branch, so each list keeps a cursor
//! before which every variable is fixed: choosing costs no rescan of the
//! fixed prefix (the first solution of n free variables takes n steps, not
//! n^2). The search saves the cursors with each node and puts them back on
//! backtracking.

use crate::engine::Engine;
use crate::model::VarId;
use crate::model::plan::{Phase, SearchPlan, ValueOrder, VarOrder};
use crate::random::Rng;

#[derive(Clone, Debug)]
pub(crate) struct Brancher {
    /// The plan's phases, then its `order` (in input order), then the
    /// declared variables by the plan's heuristic, then everything else
    /// (auxiliary variables) in input order: each list is decided before
    /// the next.
    pub phases: Vec<Phase>,
    pub rng: Rng,
    pub cursor: Cursor,
    /// The value order of the phase of the variable `select` chose last.
    chosen_value: ValueOrder,
}

/// The phase being decided (every variable of the earlier ones is fixed)
/// and the position in it before which every variable is fixed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Cursor {
    phase: u32,
    at: u32,
}

/// The first open variable of `list` from `*from` on; moves `*from` to it.
fn first_open(list: &[VarId], from: &mut u32, engine: &Engine) -> Option<VarId> {
    let store = engine.store();
    let skip = list[*from as usize..]
        .iter()
        .take_while(|&&x| store.is_fixed(x))
        .count();
    *from += skip as u32;
    list.get(*from as usize).copied()
}

/// The first choice of a branch; the alternative is its negation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// `x == v`, else `x != v`.
    Assign(i64),
    /// `x <= v`, else `x > v`.
    AtMost(i64),
}

impl Brancher {
    /// The brancher of a plan over an engine with `num_vars` variables:
    /// the plan's phases, its order, its heuristic over the declared
    /// variables, then every other (auxiliary) variable in input order.
    pub(crate) fn new(plan: &SearchPlan, num_vars: usize) -> Brancher {
        let phases = plan.phases_over(num_vars);
        Brancher {
            phases,
            rng: Rng::new(plan.seed),
            cursor: Cursor::default(),
            chosen_value: plan.value,
        }
    }

    /// The next variable to branch on, or `None` when every one is fixed.
    pub(crate) fn select(&mut self, engine: &Engine) -> Option<VarId> {
        while let Some(phase) = self.phases.get(self.cursor.phase as usize) {
            let Some(first) = first_open(&phase.vars, &mut self.cursor.at, engine) else {
                self.cursor = Cursor {
                    phase: self.cursor.phase + 1,
                    at: 0,
                };
                continue;
            };
            let store = engine.store();
            let open = phase.vars[self.cursor.at as usize..]
                .iter()
                .copied()
                .filter(|&x| !store.is_fixed(x));
            let chosen = match phase.var {
                VarOrder::Input => first,
                VarOrder::FirstFail => open.min_by_key(|&x| store.size(x)).unwrap_or(first),
                VarOrder::FirstFailRandom => {
                    // Reservoir sampling among the smallest domains.
                    let (mut best, mut size, mut ties) = (first, u64::MAX, 0);
                    for x in open {
                        let s = store.size(x);
                        if s < size {
                            (best, size, ties) = (x, s, 1);
                        } else if s == size {
                            ties += 1;
                            if self.rng.below(ties) == 0 {
                                best = x;
                            }
                        }
                    }
                    best
                }
                VarOrder::DomWdeg => open
                    .min_by(|&a, &b| {
                        // size(a) / w(a) < size(b) / w(b), in integers.
                        let (wa, wb) = (u128::from(engine.weight(a)), u128::from(engine.weight(b)));
                        (u128::from(store.size(a)) * wb).cmp(&(u128::from(store.size(b)) * wa))
                    })
                    .unwrap_or(first),
            };
            self.chosen_value = phase.value;
            return Some(chosen);
        }
        None
    }

    /// The first choice on `x`, by the value order of its phase.
    pub(crate) fn choice(&mut self, engine: &Engine, x: VarId) -> Choice {
        let store = engine.store();
        match self.chosen_value {
            ValueOrder::Min => Choice::Assign(store.min(x)),
            ValueOrder::Max => Choice::Assign(store.max(x)),
            ValueOrder::Random => {
                let k = self.rng.below(store.size(x));
                let v = store.domain(x).nth_value(k);
                Choice::Assign(v.expect("k < size"))
            }
            ValueOrder::Split => {
                let (lo, hi) = (store.min(x), store.max(x));
                Choice::AtMost(lo + (hi - lo) / 2)
            }
        }
    }
}
