//! A layer's neighbours by walking its states' out-arcs: the transitions
//! from one state to another, whatever their symbols, make one arc that
//! carries the set of its symbols (a bitset), in compressed rows per
//! state. A layer costs its live states' arcs, each an intersection of the
//! arc's symbols with the domain's. For automata whose transitions move
//! the state number by many distinct amounts, where `shifts.rs` would pay
//! `moves x words` per layer however few states are live: pentominoes'
//! automata have ~300 states, 13 symbols, ~3,400 transitions, a few
//! hundred moves but only ~1.2 arcs per state (the symbols of the other
//! pieces all lead to one state).

use super::bitset::{each, has, intersects};
use super::kernel::Kernel;

#[derive(Debug)]
pub(super) struct Arcs {
    /// u64 words per set of symbols.
    symbol_words: usize,
    /// The arcs of state `q` are `first[q]..first[q + 1]`; arc `a` goes to
    /// `to[a]` on the symbols of `on[a * symbol_words..][..symbol_words]`.
    first: Vec<u32>,
    to: Vec<u32>,
    on: Vec<u64>,
}

impl Arcs {
    /// The transitions `(from, symbol, to)` (sorted, no duplicates) of an
    /// automaton with `states` states, symbols in sets of `symbol_words`
    /// words.
    pub(super) fn new(
        states: usize,
        symbol_words: usize,
        transitions: &[(usize, usize, usize)],
    ) -> Arcs {
        let mut arcs: Vec<(usize, usize, usize)> = transitions
            .iter()
            .map(|&(from, symbol, to)| (from, to, symbol))
            .collect();
        arcs.sort_unstable();
        let mut first = vec![0u32; states + 1];
        let (mut to, mut on) = (Vec::new(), Vec::new());
        let mut last = None;
        for (from, target, symbol) in arcs {
            if last != Some((from, target)) {
                last = Some((from, target));
                first[from + 1] += 1;
                to.push(target as u32);
                on.resize(on.len() + symbol_words, 0);
            }
            let at = on.len() - symbol_words + symbol / 64;
            on[at] |= 1 << (symbol % 64);
        }
        for q in 1..first.len() {
            first[q] += first[q - 1];
        }
        Arcs {
            symbol_words,
            first,
            to,
            on,
        }
    }

    /// How many arcs (transitions between the same two states count once).
    pub(super) fn arcs(&self) -> usize {
        self.to.len()
    }

    /// The arcs of state `q`: their targets and their symbols.
    fn arcs_of(&self, q: usize) -> impl Iterator<Item = (u32, &[u64])> {
        let (a, b) = (self.first[q] as usize, self.first[q + 1] as usize);
        self.to[a..b]
            .iter()
            .zip(
                self.on[a * self.symbol_words..b * self.symbol_words]
                    .chunks_exact(self.symbol_words),
            )
            .map(|(&t, on)| (t, on))
    }
}

impl Kernel for Arcs {
    const BACKWARD_READS_FORWARD: bool = true;

    fn successors(&self, layer: &[u64], domain: &[u64], row: &mut [u64]) {
        row.fill(0);
        each(layer, |q| {
            for (t, on) in self.arcs_of(q) {
                if intersects(on, domain) {
                    row[t as usize / 64] |= 1 << (t % 64);
                }
            }
        });
    }

    /// One walk over the layer's arcs: a state of `layer` is kept when one
    /// of its arcs on `domain` enters `next` (the other states of the
    /// backward layer would only be read from states no path reaches).
    fn predecessors(
        &self,
        layer: &[u64],
        next: &[u64],
        domain: &[u64],
        row: &mut [u64],
        supported: &mut [u64],
    ) {
        row.fill(0);
        supported.fill(0);
        each(layer, |q| {
            let mut live = false;
            for (t, on) in self.arcs_of(q) {
                if has(next, t as usize) {
                    for ((s, &on), &d) in supported.iter_mut().zip(on).zip(domain) {
                        live |= on & d != 0;
                        *s |= on & d;
                    }
                }
            }
            if live {
                row[q / 64] |= 1 << (q % 64);
            }
        });
    }

    fn supports(&self, layer: &[u64], next: &[u64], domain: &[u64], supported: &mut [u64]) {
        supported.fill(0);
        each(layer, |q| {
            for (t, on) in self.arcs_of(q) {
                if has(next, t as usize) {
                    for ((s, &on), &d) in supported.iter_mut().zip(on).zip(domain) {
                        *s |= on & d;
                    }
                }
            }
        });
    }
}
