//! The best open variable of a long phase without reading every one: a
//! tournament tree per phase under a dynamic order (first-fail, its random
//! ties, dom/wdeg, activity, AFC), kept up to date from the variables whose domains or
//! weights changed.
//!
//! Each leaf is a position of the phase's list; each inner node holds the
//! position of the best variable below it and how many positions below it
//! tie with that one. A fixed variable is worse than any open one, and of
//! two equal ones the earlier position wins, so the root is exactly what a
//! scan of the open variables in list order finds (the first of the
//! smallest keys), at no cost; a changed variable replays its matches up
//! the tree, O(log n), stopping where nothing above can change.
//!
//! Which variables changed comes from the trail: [`Store::take_low_water`]
//! says how far a restore cut it since the last read (what lies beyond
//! was undone: those variables changed back), and every entry from there
//! on names a variable changed since. dom/wdeg weights rise on failures,
//! which the engine lists ([`Engine::reweighted`]). Trees stay sound
//! across backtracking, restarts and the parts a split opens, with no
//! hook in the store beyond the low-water mark. (Gecode and Choco scan
//! the open variables at every node; on a model of 100,000 variables that
//! is 100,000 reads per decision.)
//!
//! [`Store::take_low_water`]: crate::engine::store::Store::take_low_water

use crate::engine::Engine;
use crate::model::VarId;
use crate::model::plan::{Phase, VarOrder};
use std::cmp::Ordering;

/// Past the phase's last position: worse than every variable.
const PAST: u32 = u32::MAX;

/// A node: the best position below it, and how many positions tie with it.
type Best = (u32, u32);

/// Which of two variables a dynamic order takes first: `Less` when `a`.
/// A fixed variable comes after every open one (its key is never read).
#[inline]
pub(crate) fn compare(order: VarOrder, engine: &Engine, a: VarId, b: VarId) -> Ordering {
    let store = engine.store();
    let (size_a, size_b) = (store.size(a), store.size(b));
    match (size_a == 1, size_b == 1) {
        (true, true) => return Ordering::Equal,
        (true, false) => return Ordering::Greater,
        (false, true) => return Ordering::Less,
        (false, false) => {}
    }
    match order {
        // size(a) / w(a) against size(b) / w(b), in integers (a weight of
        // 0 makes the ratio infinite: last, equal to every other such).
        VarOrder::DomWdeg => by_ratio(size_a, engine.weight(a), size_b, engine.weight(b)),
        // size(a) / act(a) against size(b) / act(b); no activity yet is an
        // infinite ratio, and two such go by size (first-fail before any
        // propagation has been seen).
        VarOrder::Activity => {
            let (aa, ab) = (engine.activity(a), engine.activity(b));
            match (aa > 0.0, ab > 0.0) {
                (false, false) => size_a.cmp(&size_b),
                (true, false) => Ordering::Less,
                (false, true) => Ordering::Greater,
                (true, true) => (size_a as f64 * ab).total_cmp(&(size_b as f64 * aa)),
            }
        }
        // size(a) / afc(a) against size(b) / afc(b); every count starts at
        // the degree, so a ratio is infinite only for a variable in no
        // propagator (last).
        VarOrder::Afc => {
            (size_a as f64 * engine.afc(b)).total_cmp(&(size_b as f64 * engine.afc(a)))
        }
        VarOrder::Input | VarOrder::FirstFail | VarOrder::FirstFailRandom => size_a.cmp(&size_b),
    }
}

/// `size_a / weight_a` against `size_b / weight_b`, exactly, by cross
/// products: in 64 bits when every term fits in 32 (a 128-bit product, or
/// a 64-bit one checked for overflow, is a library call in WebAssembly,
/// where it was a sixth of the page's Numberlink hint), else in 128.
#[inline]
pub(crate) fn by_ratio(size_a: u64, weight_a: u64, size_b: u64, weight_b: u64) -> Ordering {
    if (size_a | weight_a | size_b | weight_b) >> 32 == 0 {
        (size_a * weight_b).cmp(&(size_b * weight_a))
    } else {
        (u128::from(size_a) * u128::from(weight_b))
            .cmp(&(u128::from(size_b) * u128::from(weight_a)))
    }
}

/// One phase's tournament.
#[derive(Clone, Debug)]
pub(crate) struct Tournament {
    order: VarOrder,
    vars: Vec<VarId>,
    /// Leaves from `width` (a power of two) on; node `i`'s children are
    /// `2i` and `2i + 1`; the root is node 1.
    width: usize,
    nodes: Vec<Best>,
}

impl Tournament {
    /// The tournament of `vars` under `order`, as the domains are now.
    pub(crate) fn new(order: VarOrder, vars: &[VarId], engine: &Engine) -> Tournament {
        let width = vars.len().next_power_of_two();
        let mut nodes = vec![(PAST, 0); 2 * width];
        for (pos, leaf) in nodes[width..width + vars.len()].iter_mut().enumerate() {
            *leaf = (pos as u32, 1);
        }
        let mut tree = Tournament {
            order,
            vars: vars.to_vec(),
            width,
            nodes,
        };
        for i in (1..width).rev() {
            tree.nodes[i] = tree.play(engine, tree.nodes[2 * i], tree.nodes[2 * i + 1]);
        }
        tree
    }

    /// The better of two nodes; the left one on a tie, with both counts.
    #[inline]
    fn play(&self, engine: &Engine, left: Best, right: Best) -> Best {
        if right.0 == PAST {
            return left;
        }
        if left.0 == PAST {
            return right;
        }
        let (a, b) = (self.vars[left.0 as usize], self.vars[right.0 as usize]);
        match compare(self.order, engine, a, b) {
            Ordering::Less => left,
            Ordering::Greater => right,
            Ordering::Equal => (left.0, left.1 + right.1),
        }
    }

    /// Replays the matches above position `pos`, whose key changed;
    /// returns the matches played.
    pub(crate) fn update(&mut self, engine: &Engine, pos: u32) -> u64 {
        let mut i = (self.width + pos as usize) / 2;
        let mut played = 0;
        while i >= 1 {
            let best = self.play(engine, self.nodes[2 * i], self.nodes[2 * i + 1]);
            played += 1;
            let before = std::mem::replace(&mut self.nodes[i], best);
            // Nothing above reads more of this subtree than its winner
            // (unchanged, and not the variable that changed) and its ties.
            if before == best && best.0 != pos {
                break;
            }
            i /= 2;
        }
        played
    }

    /// The best open variable, or `None` when every one is fixed.
    pub(crate) fn best(&self, engine: &Engine) -> Option<VarId> {
        let (pos, _) = self.nodes[1];
        let var = *self.vars.get(pos as usize)?;
        (!engine.store().is_fixed(var)).then_some(var)
    }

    /// How many open variables tie with the best (0 when none is open).
    pub(crate) fn ties(&self, engine: &Engine) -> u64 {
        self.best(engine).map_or(0, |_| u64::from(self.nodes[1].1))
    }

    /// The `k`-th (from 0, in list order) of the variables tied with the
    /// best; `k` below [`Tournament::ties`]. Returns it and the nodes read.
    pub(crate) fn nth_tie(&self, engine: &Engine, mut k: u64) -> (VarId, u64) {
        let best = self.vars[self.nodes[1].0 as usize];
        let (mut i, mut read) = (1, 0);
        while i < self.width {
            let (left, count) = self.nodes[2 * i];
            read += 1;
            if left != PAST
                && compare(self.order, engine, self.vars[left as usize], best) == Ordering::Equal
            {
                if k < u64::from(count) {
                    i *= 2;
                    continue;
                }
                k -= u64::from(count);
            }
            i = 2 * i + 1;
        }
        (self.vars[i - self.width], read)
    }
}

/// The phases' tournaments and what keeps them current.
#[derive(Clone, Debug)]
pub(crate) struct Rankings {
    /// Per phase: its tournament, if it has one.
    trees: Vec<Option<Tournament>>,
    /// Per variable (and one past the last): where its places begin in `places`.
    starts: Vec<u32>,
    /// (phase, position) of each leaf, grouped by variable.
    places: Vec<(u32, u32)>,
    /// The trail entries read that name a ranked variable: (position, variable).
    read: Vec<(usize, VarId)>,
    /// Per variable: the read that last marked it changed (no double work).
    marked: Vec<u64>,
    reads: u64,
    changed: Vec<VarId>,
    /// Work done so far: trail entries read and matches played.
    pub(crate) steps: u64,
}

impl Rankings {
    /// A tournament for each phase of a dynamic order with at least
    /// `from` variables, as the engine is now; `None` when no phase has one.
    pub(crate) fn new(phases: &[Phase], from: usize, engine: &mut Engine) -> Option<Rankings> {
        let ranked = |p: &Phase| p.var != VarOrder::Input && p.vars.len() >= from.max(1);
        if !phases.iter().any(ranked) {
            return None;
        }
        let num_vars = engine.num_vars();
        let low = engine.store_mut().take_low_water();
        debug_assert!(low <= engine.store().trail_len());
        let mut counts = vec![0u32; num_vars + 1];
        let mut trees = Vec::with_capacity(phases.len());
        for p in phases {
            if ranked(p) {
                for x in &p.vars {
                    counts[x.index() + 1] += 1;
                }
                trees.push(Some(Tournament::new(p.var, &p.vars, engine)));
            } else {
                trees.push(None);
            }
        }
        // Each variable's first place: the places of those before it.
        let mut before = 0;
        for count in &mut counts {
            before += *count;
            *count = before;
        }
        let mut places = vec![(0, 0); counts[num_vars] as usize];
        let mut next = counts.clone();
        for (k, p) in phases.iter().enumerate().filter(|&(_, p)| ranked(p)) {
            for (pos, x) in p.vars.iter().enumerate() {
                places[next[x.index()] as usize] = (k as u32, pos as u32);
                next[x.index()] += 1;
            }
        }
        let mut rankings = Rankings {
            trees,
            starts: counts,
            places,
            read: Vec::new(),
            marked: vec![0; num_vars],
            reads: 0,
            changed: Vec::new(),
            steps: 0,
        };
        // The trees are as the domains are now; what the trail holds is
        // read (not replayed), so that a restore below it replays it.
        let store = engine.store();
        for at in 0..store.trail_len() {
            if let Some(x) = store.trailed_var(at).filter(|&x| rankings.is_ranked(x)) {
                rankings.read.push((at, x));
            }
        }
        engine.clear_reweighted();
        Some(rankings)
    }

    fn is_ranked(&self, x: VarId) -> bool {
        self.starts[x.index()] < self.starts[x.index() + 1]
    }

    /// Phase `phase`'s tournament, if it has one.
    pub(crate) fn tree(&self, phase: usize) -> Option<&Tournament> {
        self.trees.get(phase).and_then(Option::as_ref)
    }

    /// Brings every tournament up to the engine's domains and weights.
    pub(crate) fn catch_up(&mut self, engine: &mut Engine) {
        let low = engine.store_mut().take_low_water();
        self.reads += 1;
        let reads = self.reads;
        let mut changed = std::mem::take(&mut self.changed);
        let mut mark = |x: VarId, marked: &mut [u64]| {
            if marked[x.index()] != reads {
                marked[x.index()] = reads;
                changed.push(x);
            }
        };
        // Undone since the last read: back as they were before.
        while let Some(&(at, x)) = self.read.last()
            && at >= low
        {
            let _ = self.read.pop();
            mark(x, &mut self.marked);
        }
        let store = engine.store();
        let end = store.trail_len();
        self.steps += (end - low) as u64;
        for at in low..end {
            if let Some(x) = store.trailed_var(at).filter(|&x| self.is_ranked(x)) {
                self.read.push((at, x));
                mark(x, &mut self.marked);
            }
        }
        for &x in engine.reweighted() {
            if self.is_ranked(x) {
                mark(x, &mut self.marked);
            }
        }
        for &x in &changed {
            let (from, to) = (self.starts[x.index()], self.starts[x.index() + 1]);
            for &(phase, pos) in &self.places[from as usize..to as usize] {
                let tree = self.trees[phase as usize].as_mut().expect("a ranked phase");
                self.steps += tree.update(engine, pos);
            }
        }
        changed.clear();
        self.changed = changed;
        engine.clear_reweighted();
    }
}

#[cfg(test)]
mod tests;
