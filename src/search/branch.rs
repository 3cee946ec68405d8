//! Which variable to try next and which value first: the search phases
//! first (each a list of variables with its own variable and value
//! orders), then an explicit order list, then the spec's heuristic over the
//! declared variables, then any auxiliary variable lowering introduced.
//!
//! A variable fixed stays fixed down a branch, so each list keeps a cursor
//! before which every variable is fixed: choosing costs no rescan of the
//! fixed prefix (the first solution of n free variables takes n steps, not
//! n^2). The search saves the cursors with each node and puts them back on
//! backtracking. A long phase of a dynamic order (first-fail, dom/wdeg)
//! would still read every open variable at every node: it is ranked by a
//! tournament instead (`ranking`), which chooses exactly what the scan
//! chooses. With `first-fail-random` both draw once below the number of
//! variables tied for the smallest domain and take that one in list order
//! (uniform among them, as reservoir sampling was, with one draw instead
//! of one per tie).
//!
//! With last-conflict reasoning (Lecoutre, Saïs, Tabary and Vidal, 2009)
//! the variable whose assignment failed last is chosen again, while it is
//! open, before any list is consulted: the search keeps at the variable
//! that is hard to place until it is placed or its branch fails above.

use super::ranking::{Rankings, Tournament, by_ratio, compare};
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
    /// Phases of a dynamic order at least this long get a tournament.
    rank_from: usize,
    rankings: Ranked,
    /// Variables read by scans so far.
    scanned: u64,
    /// Last-conflict reasoning is on.
    last_conflict: bool,
    /// The variable whose assignment failed last, and its phase's value
    /// order.
    conflict: Option<(VarId, ValueOrder)>,
}

/// The phase being decided (every variable of the earlier ones is fixed)
/// and the position in it before which every variable is fixed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Cursor {
    phase: u32,
    at: u32,
}

/// Phases of a dynamic order at least this long are ranked by a
/// tournament (`ranking`); shorter ones are scanned, which costs less
/// there: a node that changes a good part of the model replays many
/// matches, where a scan reads a short list in order (magic n = 12, 144
/// cells: 213 M instructions scanned, 278 M ranked from 64 variables on;
/// bench/README.md).
const RANK_FROM: usize = 1024;

/// The tournaments, once the first choice built them.
#[derive(Clone, Debug)]
enum Ranked {
    NotYet,
    /// No phase is long enough, or of a dynamic order.
    No,
    Yes(Box<Rankings>),
}

/// The first open variable of `list` from `*from` on; moves `*from` to it.
fn first_open(list: &[VarId], from: &mut u32, engine: &Engine, steps: &mut u64) -> Option<VarId> {
    let store = engine.store();
    let skip = list[*from as usize..]
        .iter()
        .take_while(|&&x| store.is_fixed(x))
        .count();
    *from += skip as u32;
    *steps += skip as u64 + 1;
    list.get(*from as usize).copied()
}

/// The phase's choice by a scan of its open variables from the cursor
/// `*at` on (the reference the tournaments must agree with).
fn scan(
    phase: &Phase,
    at: &mut u32,
    engine: &Engine,
    rng: &mut Rng,
    steps: &mut u64,
) -> Option<VarId> {
    let first = first_open(&phase.vars, at, engine, steps)?;
    let order = phase.var;
    if order == VarOrder::Input {
        return Some(first);
    }
    let store = engine.store();
    let rest = &phase.vars[*at as usize..];
    *steps += rest.len() as u64;
    let mut best = first;
    if order == VarOrder::DomWdeg {
        // The best's key read once, not once per comparison.
        let mut key = (store.size(first), engine.weight(first));
        for &x in rest {
            let size = store.size(x);
            if size > 1 {
                let weight = engine.weight(x);
                if by_ratio(size, weight, key.0, key.1).is_lt() {
                    (best, key) = (x, (size, weight));
                }
            }
        }
        return Some(best);
    }
    if matches!(order, VarOrder::Activity | VarOrder::Afc) {
        for &x in rest {
            if !store.is_fixed(x) && compare(order, engine, x, best).is_lt() {
                best = x;
            }
        }
        return Some(best);
    }
    // The smallest domain, read once per variable (a fixed one has size 1).
    let mut smallest = store.size(first);
    for &x in rest {
        let size = store.size(x);
        if size > 1 && size < smallest {
            (best, smallest) = (x, size);
        }
    }
    if order != VarOrder::FirstFailRandom {
        return Some(best);
    }
    // Uniform among the smallest domains: one draw below their number.
    let mut ties = rest.iter().copied().filter(|&x| store.size(x) == smallest);
    let k = draw(rng, ties.clone().count() as u64);
    *steps += rest.len() as u64;
    ties.nth(k as usize)
}

/// The phase's choice by its tournament: the root's winner, or with
/// random ties the one a draw picks among those tied with it.
fn ranked_choice(
    tree: &Tournament,
    order: VarOrder,
    engine: &Engine,
    rng: &mut Rng,
    steps: &mut u64,
) -> Option<VarId> {
    let best = tree.best(engine)?;
    if order != VarOrder::FirstFailRandom {
        return Some(best);
    }
    let k = draw(rng, tree.ties(engine));
    let (chosen, read) = tree.nth_tie(engine, k);
    *steps += read;
    Some(chosen)
}

/// A draw below `ties` (none when there is one to choose from).
fn draw(rng: &mut Rng, ties: u64) -> u64 {
    if ties > 1 { rng.below(ties) } else { 0 }
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
            rank_from: RANK_FROM,
            rankings: Ranked::NotYet,
            scanned: 0,
            last_conflict: plan.last_conflict,
            conflict: None,
        }
    }

    /// Ranks every phase of a dynamic order with at least `vars`
    /// variables (`usize::MAX`: none, every choice by a scan). Before the
    /// first [`Brancher::select`].
    pub(crate) fn rank_from(&mut self, vars: usize) {
        self.rank_from = vars;
    }

    /// The work of choosing so far: variables read by scans, trail entries
    /// read and tournament matches played.
    pub(crate) fn steps(&self) -> u64 {
        let ranked = match &self.rankings {
            Ranked::Yes(r) => r.steps,
            Ranked::NotYet | Ranked::No => 0,
        };
        self.scanned + ranked
    }

    /// The assignment of the variable `select` chose last failed.
    pub(crate) fn failed(&mut self, var: VarId) {
        if self.last_conflict {
            self.conflict = Some((var, self.chosen_value));
        }
    }

    /// The next variable to branch on, or `None` when every one is fixed.
    pub(crate) fn select(&mut self, engine: &mut Engine) -> Option<VarId> {
        engine.age_activity();
        match &mut self.rankings {
            Ranked::Yes(rankings) => rankings.catch_up(engine),
            Ranked::No => engine.clear_reweighted(),
            Ranked::NotYet => {
                self.rankings = match Rankings::new(&self.phases, self.rank_from, engine) {
                    Some(rankings) => Ranked::Yes(Box::new(rankings)),
                    None => {
                        engine.clear_reweighted();
                        Ranked::No
                    }
                }
            }
        }
        let engine = &*engine;
        if let Some((x, value)) = self.conflict
            && !engine.store().is_fixed(x)
        {
            self.chosen_value = value;
            return Some(x);
        }
        while let Some(phase) = self.phases.get(self.cursor.phase as usize) {
            let tree = match &self.rankings {
                Ranked::Yes(rankings) => rankings.tree(self.cursor.phase as usize),
                Ranked::NotYet | Ranked::No => None,
            };
            let chosen = match tree {
                Some(tree) => {
                    ranked_choice(tree, phase.var, engine, &mut self.rng, &mut self.scanned)
                }
                None => scan(
                    phase,
                    &mut self.cursor.at,
                    engine,
                    &mut self.rng,
                    &mut self.scanned,
                ),
            };
            let Some(chosen) = chosen else {
                self.cursor = Cursor {
                    phase: self.cursor.phase + 1,
                    at: 0,
                };
                continue;
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
