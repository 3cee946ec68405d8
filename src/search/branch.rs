//! Which variable to try next and which value first: an explicit order list
//! first, then the spec's heuristic over the declared variables, then any
//! auxiliary variable lowering introduced.
//!
//! A variable fixed stays fixed down a branch, so each list keeps a cursor
//! before which every variable is fixed: choosing costs no rescan of the
//! fixed prefix (the first solution of n free variables takes n steps, not
//! n^2). The search saves the cursors with each node and puts them back on
//! backtracking.

use crate::engine::Engine;
use crate::model::VarId;
use crate::model::plan::{SearchPlan, ValueOrder, VarOrder};

#[derive(Clone, Debug)]
pub struct Brancher {
    /// Tried first, in this order.
    pub order: Vec<VarId>,
    /// The spec's variables, in declaration order.
    pub decision: Vec<VarId>,
    /// Everything else (auxiliary variables), tried last in input order.
    pub rest: Vec<VarId>,
    pub var: VarOrder,
    pub value: ValueOrder,
    pub rng: Rng,
    pub cursor: Cursor,
}

/// Per list, the position before which every variable is fixed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cursor {
    order: u32,
    decision: u32,
    rest: u32,
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

/// A small seeded generator (xorshift64*): the same seed, the same search.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) % n
    }
}

impl Brancher {
    /// The brancher of a plan over an engine with `num_vars` variables:
    /// the plan's order, its heuristic over the declared variables, then
    /// every other (auxiliary) variable in input order.
    pub fn new(plan: &SearchPlan, num_vars: usize) -> Brancher {
        let mut declared = vec![false; num_vars];
        for x in &plan.decision {
            declared[x.index()] = true;
        }
        let rest = (0..num_vars)
            .filter(|&i| !declared[i])
            .map(|i| VarId(i as u32))
            .collect();
        Brancher {
            order: plan.order.clone(),
            decision: plan.decision.clone(),
            rest,
            var: plan.var,
            value: plan.value,
            rng: Rng::new(plan.seed),
            cursor: Cursor::default(),
        }
    }

    /// The next variable to branch on, or `None` when every one is fixed.
    pub fn select(&mut self, engine: &Engine) -> Option<VarId> {
        if let Some(x) = first_open(&self.order, &mut self.cursor.order, engine) {
            return Some(x);
        }
        let first = first_open(&self.decision, &mut self.cursor.decision, engine);
        let store = engine.store();
        let open = self.decision[self.cursor.decision as usize..]
            .iter()
            .copied()
            .filter(|&x| !store.is_fixed(x));
        let chosen = match self.var {
            VarOrder::Input => first,
            VarOrder::FirstFail => open.min_by_key(|&x| store.size(x)),
            VarOrder::FirstFailRandom => {
                // Reservoir sampling among the smallest domains.
                let (mut best, mut size, mut ties) = (None, u64::MAX, 0);
                for x in open {
                    let s = store.size(x);
                    if s < size {
                        (best, size, ties) = (Some(x), s, 1);
                    } else if s == size {
                        ties += 1;
                        if self.rng.below(ties) == 0 {
                            best = Some(x);
                        }
                    }
                }
                best
            }
            VarOrder::DomWdeg => open.min_by(|&a, &b| {
                // size(a) / w(a) < size(b) / w(b), in integers.
                let (wa, wb) = (u128::from(engine.weight(a)), u128::from(engine.weight(b)));
                (u128::from(store.size(a)) * wb).cmp(&(u128::from(store.size(b)) * wa))
            }),
        };
        chosen.or_else(|| first_open(&self.rest, &mut self.cursor.rest, engine))
    }

    pub fn choice(&mut self, engine: &Engine, x: VarId) -> Choice {
        let store = engine.store();
        match self.value {
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
