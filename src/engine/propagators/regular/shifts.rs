//! A layer's neighbours as masked shifts: the transitions on a symbol are
//! grouped by how far they move the state number (`to - from`), and the
//! successors of a layer on a symbol are its words under each group's
//! mask, shifted by the group's distance. A nonogram clue's automaton has
//! at most two moves per symbol (stay or step on), so a layer costs a few
//! word operations whatever its number of states: `moves x words` word
//! operations per layer, against the live arcs for `arcs.rs`.

use super::bitset::each;
use super::kernel::Kernel;

/// The transitions on one symbol that add `delta` to the state number; the
/// states they leave are the bits of `masks[mask..mask + words]`.
#[derive(Debug)]
struct Move {
    delta: isize,
    mask: usize,
}

#[derive(Debug)]
pub(super) struct Shifts {
    words: usize,
    /// Per symbol `k`, its moves are `moves[first_move[k]..first_move[k + 1]]`.
    moves: Vec<Move>,
    first_move: Vec<usize>,
    /// The moves' masks, `words` u64s each.
    masks: Vec<u64>,
}

/// The moves of `transitions` (`(from, symbol, to)`, states and symbols
/// numbered from 0): how many distinct `(symbol, to - from)` there are.
pub(super) fn count_moves(transitions: &[(usize, usize, usize)]) -> usize {
    let mut grouped: Vec<(usize, isize)> = transitions
        .iter()
        .map(|&(from, symbol, to)| (symbol, to as isize - from as isize))
        .collect();
    grouped.sort_unstable();
    grouped.dedup();
    grouped.len()
}

impl Shifts {
    /// The moves of `transitions` (sorted, no duplicates; every one of the
    /// `symbols` read by one) over layers of `words` words.
    pub(super) fn new(
        words: usize,
        symbols: usize,
        transitions: &[(usize, usize, usize)],
    ) -> Shifts {
        // (symbol, delta) -> the states leaving by it.
        let mut grouped: Vec<((usize, isize), usize)> = transitions
            .iter()
            .map(|&(from, symbol, to)| ((symbol, to as isize - from as isize), from))
            .collect();
        grouped.sort_unstable();
        let (mut moves, mut masks) = (Vec::<Move>::new(), Vec::new());
        let mut first_move = vec![0; symbols + 1];
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
        Shifts {
            words,
            moves,
            first_move,
            masks,
        }
    }

    fn moves_of(&self, k: usize) -> &[Move] {
        &self.moves[self.first_move[k]..self.first_move[k + 1]]
    }

    /// The states leaving by a move.
    fn mask(&self, m: &Move) -> &[u64] {
        &self.masks[m.mask..m.mask + self.words]
    }
}

/// Calls `f` on each symbol of `domain`, its result the symbol's bit in
/// `out` (each word of `out` written once, without clearing first).
#[inline]
fn each_symbol(domain: &[u64], out: &mut [u64], mut f: impl FnMut(usize) -> bool) {
    for (j, (out, &word)) in out.iter_mut().zip(domain).enumerate() {
        let (mut rest, mut bits) = (word, 0);
        while rest != 0 {
            let b = rest.trailing_zeros();
            rest &= rest - 1;
            bits |= u64::from(f(j * 64 + b as usize)) << b;
        }
        *out = bits;
    }
}

impl Kernel for Shifts {
    const BACKWARD_READS_FORWARD: bool = false;

    fn successors(&self, layer: &[u64], domain: &[u64], row: &mut [u64]) {
        let w = self.words;
        if w == 1 {
            // At most 64 states, every delta under 64 in size.
            let (mut next, here) = (0, layer[0]);
            each(domain, |k| {
                for m in self.moves_of(k) {
                    next |= shift(here & self.masks[m.mask], m.delta);
                }
            });
            row[0] = next;
            return;
        }
        row.fill(0);
        each(domain, |k| {
            for m in self.moves_of(k) {
                let mask = self.mask(m);
                for (j, word) in row.iter_mut().enumerate() {
                    *word |= shifted_word(w, |t| layer[t] & mask[t], j, m.delta);
                }
            }
        });
    }

    /// The states a move's reverse reaches from `next`, and among them
    /// those of `layer` (a symbol is supported when one of its moves has
    /// some): one pass for both.
    fn predecessors(
        &self,
        layer: &[u64],
        next: &[u64],
        domain: &[u64],
        row: &mut [u64],
        supported: &mut [u64],
    ) {
        let w = self.words;
        if w == 1 {
            let (mut before, here, after) = (0, layer[0], next[0]);
            each_symbol(domain, supported, |k| {
                let mut joins = 0;
                for m in self.moves_of(k) {
                    let from = self.masks[m.mask] & shift(after, -m.delta);
                    before |= from;
                    joins |= here & from;
                }
                joins != 0
            });
            row[0] = before;
            return;
        }
        row.fill(0);
        each_symbol(domain, supported, |k| {
            let mut joins = false;
            for m in self.moves_of(k) {
                let mask = self.mask(m);
                for (j, word) in row.iter_mut().enumerate() {
                    let from = mask[j] & shifted_word(w, |t| next[t], j, -m.delta);
                    *word |= from;
                    joins |= layer[j] & from != 0;
                }
            }
            joins
        });
    }

    fn supports(&self, layer: &[u64], next: &[u64], domain: &[u64], supported: &mut [u64]) {
        let w = self.words;
        if w == 1 {
            let (here, after) = (layer[0], next[0]);
            each_symbol(domain, supported, |k| {
                self.moves_of(k)
                    .iter()
                    .any(|m| here & self.masks[m.mask] & shift(after, -m.delta) != 0)
            });
            return;
        }
        each_symbol(domain, supported, |k| {
            self.moves_of(k).iter().any(|m| {
                let mask = self.mask(m);
                (0..w).any(|j| layer[j] & mask[j] & shifted_word(w, |t| next[t], j, -m.delta) != 0)
            })
        });
    }
}

/// A one-word layer shifted `delta` places toward the higher bits (toward
/// the lower ones when negative).
#[inline]
fn shift(bits: u64, delta: isize) -> u64 {
    if delta >= 0 {
        bits << delta
    } else {
        bits >> -delta
    }
}

/// Word `j` of a bitset of `words` words (word `t` is `bits(t)`) shifted
/// `delta` places toward the higher bits (toward the lower ones when
/// negative); bits shifted in are 0.
#[inline]
fn shifted_word(words: usize, bits: impl Fn(usize) -> u64, j: usize, delta: isize) -> u64 {
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
