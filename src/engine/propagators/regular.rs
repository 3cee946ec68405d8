//! `regular(xs, automaton)`: the values of `xs`, read in order, take a
//! finite automaton (deterministic or not) from its start state to an
//! accepting state. Domain consistent, after Pesant (CP 2004): the layered
//! graph of states before each `x[i]` is swept forward (states reachable
//! from the start) and backward (states from which an accepting state is
//! reachable); a value of `x[i]` stays while some transition on it joins a
//! live state of layer `i` to one of layer `i + 1`. A run recomputes a
//! layer only where the values under it changed or the layer before it
//! came out different; Gecode's propagator instead counts edges per layer
//! and updates them on each removal. A layer is a bitset of states, and
//! the transitions on a symbol are grouped by how far they move the state
//! number: one layer's successors are a few masked shifts of its words, not
//! a walk over its states' edges (a nonogram clue's automaton has at most
//! two moves per symbol, stay or step on), so a layer costs O(moves x
//! words) instead of O(transitions).

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::vocab::{Automaton, VarId, View};

/// Word operations of a sweep between two looks at the deadline.
const LAYER_WORK_PER_LOOK: usize = 1 << 12;

/// The transitions on one symbol that add `delta` to the state number; the
/// states they leave are the bits of `masks[mask..mask + words]`.
#[derive(Debug)]
struct Move {
    delta: isize,
    mask: usize,
}

#[derive(Debug)]
pub(crate) struct Regular {
    xs: Vec<View>,
    /// The values transitions read, sorted; a transition reads its index.
    symbols: Vec<i64>,
    /// The transitions (states numbered from 0), per symbol `k` in
    /// `moves[first_move[k]..first_move[k + 1]]`: on the symbol, each state
    /// of a move's mask goes to the state `delta` further on.
    moves: Vec<Move>,
    first_move: Vec<usize>,
    start: usize,
    /// The accepting states, a layer.
    accepting: Vec<u64>,
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
    /// Per position: its domain holds values no transition reads (read
    /// each run, not remembered: backtracking past the run that removed
    /// them brings them back, as when a parallel part is replayed from
    /// a root this propagator saw before).
    foreign: Vec<bool>,
    supported: Vec<bool>,
    /// No run yet: everything is computed.
    fresh: bool,
    /// A sweep asks the deadline every this many layers (a layer costs
    /// about `moves x words` word operations).
    look_every: usize,
    /// Scratch: per position, its domain changed; per layer, it changed.
    changed: Vec<bool>,
    layer_changed: Vec<bool>,
    /// Per position: the values read there when its supports were last
    /// computed include unsupported ones. A position whose values and
    /// layers read as before needs no new supports, but may need these
    /// removed again (after backtracking to values read before).
    unsupported: Vec<bool>,
    /// The moves' masks, `words` u64s each.
    masks: Vec<u64>,
    row: Vec<u64>,
    values: Vec<i64>,
}

impl Regular {
    pub(crate) fn new(xs: Vec<View>, automaton: &Automaton) -> Regular {
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
        let words = states.len().div_ceil(64);
        // (symbol, delta) -> the states leaving by it.
        let mut grouped: Vec<((usize, isize), usize)> = transitions
            .iter()
            .map(|&(from, value, to)| {
                let symbol = symbols.binary_search(&value).expect("listed");
                let (from, to) = (number(from), number(to));
                ((symbol, to as isize - from as isize), from)
            })
            .collect();
        grouped.sort_unstable();
        grouped.dedup();
        let (mut moves, mut masks) = (Vec::<Move>::new(), Vec::new());
        let mut first_move = vec![0; symbols.len() + 1];
        let mut last = None;
        for ((symbol, delta), from) in grouped {
            if last != Some((symbol, delta)) {
                last = Some((symbol, delta));
                moves.push(Move {
                    delta,
                    mask: masks.len(),
                });
                masks.resize(masks.len() + words, 0);
                // Every symbol is read by a transition, so each has a move
                // and its entry is set here.
                first_move[symbol + 1] = moves.len();
            }
            let mask = moves.last().expect("pushed").mask;
            masks[mask + from / 64] |= 1 << (from % 64);
        }
        let mut accepting_states = vec![0; words];
        for &q in accepting {
            if let Ok(q) = states.binary_search(&q) {
                accepting_states[q / 64] |= 1 << (q % 64);
            }
        }
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
            foreign: vec![false; n],
            supported: vec![false; n * symbols.len()],
            fresh: true,
            look_every: (LAYER_WORK_PER_LOOK / (moves.len() * words).max(1)).max(1),
            changed: vec![false; n],
            unsupported: vec![true; n],
            layer_changed: vec![false; n + 1],
            row: vec![0; words],
            start: number(start),
            xs,
            symbols,
            moves,
            first_move,
            accepting: accepting_states,
            words,
            masks,
            values: Vec::new(),
        }
    }

    /// Reads the domains; marks the positions whose values changed and
    /// those holding values no transition reads.
    fn read_domains(&mut self, store: &Store) {
        let s = self.symbols.len();
        for i in 0..self.xs.len() {
            let (mut changed, mut read) = (self.fresh, 0);
            for k in 0..s {
                let now = store.vcontains(self.xs[i], self.symbols[k]);
                changed |= now != self.in_domain[i * s + k];
                self.in_domain[i * s + k] = now;
                read += u64::from(now);
            }
            self.changed[i] = changed;
            self.foreign[i] = store.vsize(self.xs[i]) > read;
        }
    }

    /// Forward layers from the first change on, until a layer comes out
    /// as it was (the rest then is too, unless a later position changed).
    /// Returns false when the run must stop (a layer of a large automaton
    /// takes long: the deadline is asked at each).
    fn sweep_forward<const LOOK: bool>(&mut self, store: &mut Store) -> bool {
        let (n, s, w) = (self.xs.len(), self.symbols.len(), self.words);
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
            self.row.fill(0);
            let layer = &self.forward[i * w..(i + 1) * w];
            for k in (0..s).filter(|&k| self.in_domain[i * s + k]) {
                for m in &self.moves[self.first_move[k]..self.first_move[k + 1]] {
                    let mask = &self.masks[m.mask..m.mask + w];
                    for (j, word) in self.row.iter_mut().enumerate() {
                        *word |= shifted_word(w, |t| layer[t] & mask[t], j, m.delta);
                    }
                }
            }
            let next = &mut self.forward[(i + 1) * w..(i + 2) * w];
            self.layer_changed[i + 1] = self.fresh || !same(next, &self.row);
            next.copy_from_slice(&self.row);
        }
        true
    }

    /// Backward layers from the last change down, likewise; then the
    /// supports of each position whose inputs changed. `None` when the run
    /// must stop, else whether some word is accepted.
    fn sweep_backward<const LOOK: bool>(&mut self, store: &mut Store) -> Option<bool> {
        let (n, s, w) = (self.xs.len(), self.symbols.len(), self.words);
        if self.fresh {
            self.backward[n * w..].copy_from_slice(&self.accepting);
        }
        let mut after = self.fresh;
        for i in (0..n).rev() {
            if LOOK && i % self.look_every == 0 && store.must_stop() {
                return None;
            }
            let before = self.changed[i] || after;
            if before {
                self.row.fill(0);
                let next = &self.backward[(i + 1) * w..(i + 2) * w];
                for k in (0..s).filter(|&k| self.in_domain[i * s + k]) {
                    for m in &self.moves[self.first_move[k]..self.first_move[k + 1]] {
                        let mask = &self.masks[m.mask..m.mask + w];
                        for (j, word) in self.row.iter_mut().enumerate() {
                            *word |= mask[j] & shifted_word(w, |t| next[t], j, -m.delta);
                        }
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
        Some(self.backward[self.start / 64] >> (self.start % 64) & 1 == 1)
    }

    /// The symbols of position `i` on some transition from a state the start
    /// reaches to one from which an accepting state is reached.
    fn supports(&mut self, i: usize) {
        let (s, w) = (self.symbols.len(), self.words);
        let layer = &self.forward[i * w..(i + 1) * w];
        let next = &self.backward[(i + 1) * w..(i + 2) * w];
        for k in 0..s {
            self.supported[i * s + k] = self.in_domain[i * s + k]
                && self.moves[self.first_move[k]..self.first_move[k + 1]]
                    .iter()
                    .any(|m| {
                        let mask = &self.masks[m.mask..m.mask + w];
                        (0..w).any(|j| {
                            layer[j] & mask[j] & shifted_word(w, |t| next[t], j, -m.delta) != 0
                        })
                    });
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
        let s = self.symbols.len();
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

/// Word `j` of a bitset of `words` words (word `t` is `bits(t)`) shifted
/// `delta` places toward the higher bits (toward the lower ones when
/// negative); bits shifted in are 0.
#[inline]
fn shifted_word(words: usize, bits: impl Fn(usize) -> u64, j: usize, delta: isize) -> u64 {
    if words == 1 {
        // At most 64 states: every delta is under 64 in size.
        return if delta >= 0 {
            bits(0) << delta
        } else {
            bits(0) >> -delta
        };
    }
    let (whole, part) = (delta.unsigned_abs() / 64, delta.unsigned_abs() % 64);
    let word = |t: Option<usize>| t.filter(|&t| t < words).map_or(0, &bits);
    if delta >= 0 {
        let low = j.checked_sub(whole);
        let carried = if part == 0 {
            0
        } else {
            word(low.and_then(|t| t.checked_sub(1))) >> (64 - part)
        };
        word(low) << part | carried
    } else {
        let high = j.checked_add(whole);
        let carried = if part == 0 {
            0
        } else {
            word(high.and_then(|t| t.checked_add(1))) << (64 - part)
        };
        word(high) >> part | carried
    }
}
