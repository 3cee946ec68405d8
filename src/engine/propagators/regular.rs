//! `regular(xs, automaton)`: the values of `xs`, read in order, take a
//! finite automaton (deterministic or not) from its start state to an
//! accepting state. Domain consistent, after Pesant (CP 2004): the layered
//! graph of states before each `x[i]` is swept forward (states reachable
//! from the start) and backward (states from which an accepting state is
//! reachable); a value of `x[i]` stays while some transition on it joins a
//! live state of layer `i` to one of layer `i + 1`. A run recomputes a
//! layer only where the values under it changed or the layer before it
//! came out different (O(n x transitions) at worst); Gecode's propagator
//! instead counts edges per layer and updates them on each removal.

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::model::{Automaton, VarId, View};

#[derive(Debug)]
pub struct Regular {
    xs: Vec<View>,
    /// The values transitions read, sorted; a transition reads its index.
    symbols: Vec<i64>,
    /// Per state (numbered from 0): its transitions `(symbol, to)`.
    out: Vec<Vec<(usize, usize)>>,
    start: usize,
    accepting: Vec<bool>,
    /// No variable twice in `xs` (else a removal at one position can take
    /// a support of another, and a run may leave work for the next).
    distinct: bool,
    /// What the last run computed, from the domains it read (`in_domain`),
    /// so that a run recomputes only what those domains' changes reach;
    /// compared by content, so backtracking needs no trail. `words` u64s
    /// per layer of states.
    words: usize,
    /// Layer `i`: the states some values of `x[0..i]` lead to from the start.
    forward: Vec<u64>,
    /// Layer `i`: the states from which some values of `x[i..]` lead to an
    /// accepting state.
    backward: Vec<u64>,
    /// Per position and symbol: in the domain when last read; supported.
    in_domain: Vec<bool>,
    supported: Vec<bool>,
    /// No run yet: everything is computed.
    fresh: bool,
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

impl Regular {
    pub fn new(xs: Vec<View>, automaton: &Automaton) -> Regular {
        let Automaton {
            transitions,
            start,
            accepting,
        } = automaton;
        let (transitions, start) = (transitions.as_slice(), *start);
        let mut states: Vec<i64> = transitions
            .iter()
            .flat_map(|&(from, _, to)| [from, to])
            .chain([start])
            .collect();
        states.sort_unstable();
        states.dedup();
        let mut symbols: Vec<i64> = transitions.iter().map(|t| t.1).collect();
        symbols.sort_unstable();
        symbols.dedup();
        let number = |s: i64| states.binary_search(&s).expect("listed");
        let mut out = vec![Vec::new(); states.len()];
        for &(from, value, to) in transitions {
            let symbol = symbols.binary_search(&value).expect("listed");
            out[number(from)].push((symbol, number(to)));
        }
        for edges in &mut out {
            edges.sort_unstable();
            edges.dedup();
        }
        let accepting_states = states
            .iter()
            .map(|s| accepting.contains(s))
            .collect::<Vec<bool>>();
        let words = states.len().div_ceil(64);
        let mut vars: Vec<VarId> = xs.iter().map(|x| x.var).collect();
        vars.sort_unstable();
        vars.dedup();
        let n = xs.len();
        Regular {
            distinct: vars.len() == xs.len(),
            forward: vec![0; words * (n + 1)],
            backward: vec![0; words * (n + 1)],
            in_domain: vec![false; n * symbols.len()],
            supported: vec![false; n * symbols.len()],
            fresh: true,
            changed: vec![false; n],
            unsupported: vec![true; n],
            layer_changed: vec![false; n + 1],
            row: vec![0; words],
            start: number(start),
            xs,
            symbols,
            out,
            accepting: accepting_states,
            words,
            values: Vec::new(),
        }
    }

    fn has(layers: &[u64], words: usize, layer: usize, q: usize) -> bool {
        layers[layer * words + q / 64] >> (q % 64) & 1 == 1
    }

    /// Reads the domains; marks the positions whose values changed.
    fn read_domains(&mut self, store: &Store) {
        let s = self.symbols.len();
        for i in 0..self.xs.len() {
            let mut changed = self.fresh;
            for k in 0..s {
                let now = store.vcontains(self.xs[i], self.symbols[k]);
                changed |= now != self.in_domain[i * s + k];
                self.in_domain[i * s + k] = now;
            }
            self.changed[i] = changed;
        }
    }

    /// Forward layers from the first change on, until a layer comes out
    /// as it was (the rest then is too, unless a later position changed).
    fn sweep_forward(&mut self) {
        let (n, s, w) = (self.xs.len(), self.symbols.len(), self.words);
        if self.fresh {
            self.forward[..w].fill(0);
            self.forward[self.start / 64] |= 1 << (self.start % 64);
        }
        self.layer_changed[0] = self.fresh;
        for i in 0..n {
            if !(self.changed[i] || self.layer_changed[i]) {
                self.layer_changed[i + 1] = false;
                continue;
            }
            self.row.fill(0);
            for q in members(&self.forward[i * w..(i + 1) * w]) {
                for &(symbol, to) in &self.out[q] {
                    if self.in_domain[i * s + symbol] {
                        self.row[to / 64] |= 1 << (to % 64);
                    }
                }
            }
            let next = &mut self.forward[(i + 1) * w..(i + 2) * w];
            self.layer_changed[i + 1] = self.fresh || !same(next, &self.row);
            next.copy_from_slice(&self.row);
        }
    }

    /// Backward layers from the last change down, likewise; then the
    /// supports of each position whose inputs changed. False when no word
    /// is accepted.
    fn sweep_backward(&mut self) -> bool {
        let (n, s, w) = (self.xs.len(), self.symbols.len(), self.words);
        if self.fresh {
            self.backward[n * w..].fill(0);
            for q in 0..self.out.len() {
                if self.accepting[q] {
                    self.backward[n * w + q / 64] |= 1 << (q % 64);
                }
            }
        }
        let mut after = self.fresh;
        for i in (0..n).rev() {
            let before = self.changed[i] || after;
            if before {
                self.row.fill(0);
                for q in 0..self.out.len() {
                    let alive = self.out[q].iter().any(|&(symbol, to)| {
                        self.in_domain[i * s + symbol] && Self::has(&self.backward, w, i + 1, to)
                    });
                    if alive {
                        self.row[q / 64] |= 1 << (q % 64);
                    }
                }
                let layer = &mut self.backward[i * w..(i + 1) * w];
                let differs = self.fresh || !same(layer, &self.row);
                layer.copy_from_slice(&self.row);
                // Position i's supports read forward[i], backward[i + 1] and
                // its own values.
                self.supports(i);
                after = differs;
            } else {
                if self.layer_changed[i] {
                    self.supports(i);
                }
                after = false;
            }
        }
        Self::has(&self.backward, w, 0, self.start)
    }

    /// The symbols of position `i` on some transition from a state the start
    /// reaches to one from which an accepting state is reached.
    fn supports(&mut self, i: usize) {
        let (s, w) = (self.symbols.len(), self.words);
        self.supported[i * s..(i + 1) * s].fill(false);
        for q in members(&self.forward[i * w..(i + 1) * w]) {
            for &(symbol, to) in &self.out[q] {
                if self.in_domain[i * s + symbol] && Self::has(&self.backward, w, i + 1, to) {
                    self.supported[i * s + symbol] = true;
                }
            }
        }
        self.unsupported[i] = (i * s..(i + 1) * s).any(|k| self.in_domain[k] && !self.supported[k]);
    }
}

impl Propagator for Regular {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.xs.iter().map(|x| (x.var, Change::Domain)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    /// Every value left lies on a path through the layers, and removing
    /// values without support breaks none of them (when each variable
    /// stands at one position).
    fn idempotent(&self) -> bool {
        self.distinct
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        // The first run also removes the values no transition reads.
        let first = self.fresh;
        self.read_domains(store);
        self.sweep_forward();
        let accepted = self.sweep_backward();
        self.fresh = false;
        if !accepted {
            return Err(Conflict);
        }
        let s = self.symbols.len();
        let (Some(&lo), Some(&hi)) = (self.symbols.first(), self.symbols.last()) else {
            return Err(Conflict);
        };
        let (mut all_fixed, mut pruned) = (true, false);
        for i in 0..self.xs.len() {
            let x = self.xs[i];
            if !(first || self.unsupported[i]) {
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
                    .is_ok_and(|symbol| self.supported[i * s + symbol]);
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

/// Two layers of states alike (a loop: layers are a word or two, where a
/// slice comparison calls `memcmp`).
fn same(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x == y)
}

/// The states of a layer, by its set bits.
fn members(layer: &[u64]) -> impl Iterator<Item = usize> + '_ {
    layer.iter().enumerate().flat_map(|(word, &bits)| {
        let mut bits = bits;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let q = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                q
            })
        })
    })
}
