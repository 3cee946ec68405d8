//! The layered graph of a `regular` constraint, whatever computes a layer's
//! neighbours (a [`Kernel`]: masked shifts or arcs). It reads the domains,
//! sweeps forward and backward, recomputing a layer only where the values
//! under it changed or the layer next to it came out different, and
//! removes the values no transition between live states reads. Generic in
//! the kernel, so that a layer's loop is compiled for each (the kernel is
//! chosen once per automaton, and asked thousands of times per run).

use super::bitset::{has, same};
use super::kernel::Kernel;
use crate::engine::propagator::{PropResult, Status};
use crate::engine::store::{Conflict, Store};
use crate::vocab::{VarId, View};

/// Word operations of a sweep between two looks at the deadline.
const LAYER_WORK_PER_LOOK: usize = 1 << 12;

/// An automaton numbered: states and symbols from 0.
#[derive(Debug)]
pub(super) struct Numbered {
    pub(super) states: usize,
    /// The values transitions read, sorted; symbol `k` is `symbols[k]`.
    pub(super) symbols: Vec<i64>,
    /// `(from, symbol, to)`, sorted, no duplicates.
    pub(super) transitions: Vec<(usize, usize, usize)>,
    pub(super) start: usize,
    pub(super) accepting: Vec<usize>,
}

#[derive(Debug)]
pub(super) struct Layered<K> {
    kernel: K,
    xs: Vec<View>,
    symbols: Vec<i64>,
    /// u64 words per set of symbols, per layer of states.
    symbol_words: usize,
    words: usize,
    start: usize,
    /// The accepting states, a layer.
    accepting: Vec<u64>,
    /// No variable twice in `xs` (else a removal at one position can take
    /// a support of another, and a run may leave work for the next).
    distinct: bool,
    /// What the last run computed, from the domains it read (`in_domain`),
    /// so that a run recomputes only what those domains' changes reach;
    /// compared by content, so backtracking needs no trail.
    /// Layer `i`: the states some values of `x[0..i]` lead to from the start.
    forward: Vec<u64>,
    /// Layer `i`: the states from which some values of `x[i..]` lead to an
    /// accepting state (only those of `forward[i]` if the kernel says so).
    backward: Vec<u64>,
    /// Per position, sets of symbols: those in its domain when last read;
    /// those supported.
    in_domain: Vec<u64>,
    supported: Vec<u64>,
    /// Per position: its domain holds values no transition reads (read
    /// each run, not remembered: backtracking past the run that removed
    /// them brings them back, as when a parallel part is replayed from
    /// a root this propagator saw before).
    foreign: Vec<bool>,
    /// No run yet: everything is computed.
    fresh: bool,
    /// A sweep asks the deadline every this many layers.
    look_every: usize,
    /// Scratch: per position, its domain changed; per layer, it changed.
    changed: Vec<bool>,
    layer_changed: Vec<bool>,
    /// Per position: the values read there when its supports were last
    /// computed include unsupported ones. A position whose values and
    /// layers read as before needs no new supports, but may need these
    /// removed again (after backtracking to values read before).
    unsupported: Vec<bool>,
    row: Vec<u64>,
    values: Vec<i64>,
}

impl<K: Kernel> Layered<K> {
    /// The graph of `automaton` over `xs`, its layers by `kernel`, which
    /// costs about `layer_work` word operations per layer.
    pub(super) fn new(xs: Vec<View>, automaton: Numbered, kernel: K, layer_work: usize) -> Self {
        let (n, words) = (xs.len(), automaton.states.div_ceil(64));
        let symbol_words = automaton.symbols.len().div_ceil(64);
        let mut accepting = vec![0; words];
        for q in automaton.accepting {
            accepting[q / 64] |= 1 << (q % 64);
        }
        let mut vars: Vec<VarId> = xs.iter().map(|x| x.var).collect();
        vars.sort_unstable();
        vars.dedup();
        Layered {
            kernel,
            distinct: vars.len() == n,
            xs,
            symbols: automaton.symbols,
            symbol_words,
            words,
            start: automaton.start,
            accepting,
            forward: vec![0; words * (n + 1)],
            backward: vec![0; words * (n + 1)],
            in_domain: vec![0; n * symbol_words],
            supported: vec![0; n * symbol_words],
            foreign: vec![false; n],
            fresh: true,
            look_every: (LAYER_WORK_PER_LOOK / layer_work.max(1)).max(1),
            changed: vec![false; n],
            layer_changed: vec![false; n + 1],
            unsupported: vec![true; n],
            row: vec![0; words],
            values: Vec::new(),
        }
    }

    pub(super) fn xs(&self) -> &[View] {
        &self.xs
    }

    pub(super) fn distinct(&self) -> bool {
        self.distinct
    }

    /// Reads the domains; marks the positions whose values changed and
    /// those holding values no transition reads.
    fn read_domains(&mut self, store: &Store) {
        let sw = self.symbol_words;
        for i in 0..self.xs.len() {
            let (x, mut changed, mut read) = (self.xs[i], self.fresh, 0);
            for j in 0..sw {
                let mut word = 0;
                for (b, &v) in self.symbols[j * 64..].iter().take(64).enumerate() {
                    word |= u64::from(store.vcontains(x, v)) << b;
                }
                let before = &mut self.in_domain[i * sw + j];
                changed |= *before != word;
                *before = word;
                read += word.count_ones();
            }
            self.changed[i] = changed;
            self.foreign[i] = store.vsize(x) > u64::from(read);
        }
    }

    /// Forward layers from the first change on, until a layer comes out
    /// as it was (the rest then is too, unless a later position changed).
    /// Returns false when the run must stop (a layer of a large automaton
    /// takes long: the deadline is asked at each).
    fn sweep_forward<const LOOK: bool>(&mut self, store: &mut Store) -> bool {
        let (n, sw, w) = (self.xs.len(), self.symbol_words, self.words);
        if self.fresh {
            self.forward[..w].fill(0);
            self.forward[self.start / 64] |= 1 << (self.start % 64);
        }
        self.layer_changed[0] = self.fresh;
        for i in 0..n {
            if LOOK && i % self.look_every == 0 && store.must_stop() {
                return false;
            }
            if !(self.changed[i] || self.layer_changed[i]) {
                self.layer_changed[i + 1] = false;
                continue;
            }
            self.kernel.successors(
                &self.forward[i * w..(i + 1) * w],
                &self.in_domain[i * sw..(i + 1) * sw],
                &mut self.row,
            );
            let next = &mut self.forward[(i + 1) * w..(i + 2) * w];
            self.layer_changed[i + 1] = self.fresh || !same(next, &self.row);
            next.copy_from_slice(&self.row);
        }
        true
    }

    /// Backward layers from the last change down, likewise, with the
    /// supports of each position whose inputs changed (position `i`'s
    /// read `forward[i]`, `backward[i + 1]` and its own values). `None`
    /// when the run must stop, else whether some word is accepted.
    fn sweep_backward<const LOOK: bool>(&mut self, store: &mut Store) -> Option<bool> {
        let (n, sw, w) = (self.xs.len(), self.symbol_words, self.words);
        if self.fresh {
            self.backward[n * w..].copy_from_slice(&self.accepting);
        }
        let mut after = self.fresh;
        for i in (0..n).rev() {
            if LOOK && i % self.look_every == 0 && store.must_stop() {
                return None;
            }
            let forward = self.layer_changed[i];
            let layer = &self.forward[i * w..(i + 1) * w];
            let next = &self.backward[(i + 1) * w..(i + 2) * w];
            let domain = &self.in_domain[i * sw..(i + 1) * sw];
            let supported = &mut self.supported[i * sw..(i + 1) * sw];
            if self.changed[i] || after || (K::BACKWARD_READS_FORWARD && forward) {
                let row = &mut self.row;
                self.kernel
                    .predecessors(layer, next, domain, row, supported);
                let here = &mut self.backward[i * w..(i + 1) * w];
                after = self.fresh || !same(here, row);
                here.copy_from_slice(row);
            } else if forward {
                self.kernel.supports(layer, next, domain, supported);
                after = false;
            } else {
                after = false;
                continue;
            }
            let supported = &self.supported[i * sw..(i + 1) * sw];
            self.unsupported[i] = domain.iter().zip(supported).any(|(d, s)| d & !s != 0);
        }
        Some(has(&self.backward[..w], self.start))
    }

    /// A run: the sweeps, then the values without support removed.
    pub(super) fn propagate(&mut self, store: &mut Store) -> PropResult {
        self.read_domains(store);
        // Only a large automaton asks the deadline inside its sweeps (a
        // sweep without the looks is compiled apart: a nonogram's layers
        // are a word or two, and asking there would cost more than them).
        let swept = if self.look_every < self.xs.len() {
            if self.sweep_forward::<true>(store) {
                self.sweep_backward::<true>(store)
            } else {
                None
            }
        } else {
            let _ = self.sweep_forward::<false>(store);
            self.sweep_backward::<false>(store)
        };
        // A run cut short leaves layers half computed: the next one
        // computes them all.
        self.fresh = swept.is_none();
        if swept != Some(true) {
            return Err(Conflict);
        }
        self.prune(store)
    }

    /// Removes the values of each position that no transition between
    /// live states reads.
    fn prune(&mut self, store: &mut Store) -> PropResult {
        let sw = self.symbol_words;
        let (Some(&lo), Some(&hi)) = (self.symbols.first(), self.symbols.last()) else {
            return Err(Conflict);
        };
        let (mut all_fixed, mut pruned) = (true, false);
        for i in 0..self.xs.len() {
            let x = self.xs[i];
            if !(self.foreign[i] || self.unsupported[i]) {
                all_fixed &= store.vfixed(x);
                continue;
            }
            pruned |= store.vset_min(x, lo)?;
            pruned |= store.vset_max(x, hi)?;
            store.vvalues(x, &mut self.values);
            for k in 0..self.values.len() {
                let v = self.values[k];
                let kept = self
                    .symbols
                    .binary_search(&v)
                    .is_ok_and(|k| has(&self.supported[i * sw..(i + 1) * sw], k));
                if !kept {
                    pruned |= store.vremove(x, v)?;
                }
            }
            all_fixed &= store.vfixed(x);
        }
        // With a variable at two positions, each position's value may be
        // supported by another path: the word the removals fixed is read
        // again by the next run (the propagator is not idempotent then).
        Ok(if all_fixed && (self.distinct || !pruned) {
            Status::Subsumed
        } else {
            Status::Fix
        })
    }
}
