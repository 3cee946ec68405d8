//! The store: every variable's domain, the trail that undoes changes on
//! backtracking, and the list of changes not yet seen by the propagation loop.
//!
//! Trail entries are small and proportional to the change: a variable's
//! bounds are saved once per search level (a stamp says whether they
//! already were), a value removed from the inside of a bitset domain saves
//! only its word, and one removed from the inside of an interval domain
//! saves the one interval it changed (undo adds one to the size: the bounds
//! did not move).

use crate::engine::clock::Clock;
use crate::engine::domain::{BitsRemoved, Domain, IntervalEdit};
use crate::vocab::{IntervalSet, VarId};

/// Propagation found an empty domain (or a violated constraint).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict;

/// What happened to a domain, weakest first: a subscriber to `Bounds` also
/// hears of `Fixed`, a subscriber to `Domain` hears of everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Change {
    Domain,
    Bounds,
    Fixed,
}

/// A trailed integer in the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellId(pub u32);

/// A position in the trail to come back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checkpoint(usize);

impl Checkpoint {
    /// Its position in the trail: the entries from there on name every
    /// variable changed since.
    pub(crate) fn position(self) -> usize {
        self.0
    }
}

#[derive(Clone, Debug)]
enum Entry {
    Bounds {
        var: VarId,
        min: i64,
        max: i64,
        size: u64,
    },
    /// Values removed from one word of a bitset domain: undoing puts the
    /// word back and adds `count` to the size (where the bounds moved too,
    /// a `Bounds` entry saved before this one restores them).
    Removal {
        var: VarId,
        index: u32,
        count: u32,
        old: u64,
    },
    /// One value removed from the inside of an interval domain.
    Interval {
        var: VarId,
        edit: IntervalEdit,
    },
    Cell {
        index: u32,
        old: i64,
    },
}

#[derive(Clone, Debug, Default)]
pub struct Store {
    domains: Vec<Domain>,
    stamps: Vec<u64>,
    level: u64,
    trail: Vec<Entry>,
    cells: Vec<i64>,
    pub(crate) changes: Vec<(VarId, Change)>,
    /// Per variable: the weakest change any propagator listens to (`None`:
    /// nobody listens). Weaker changes are not reported at all.
    listened: Vec<Option<Change>>,
    /// When propagation must stop (the run's deadline, a signal, another
    /// thread's stop), for the long loops of a single propagator run.
    pub(crate) clock: Clock,
    /// A propagator saw `deadline` pass: its conflict is an interruption.
    pub(crate) stop_seen: bool,
    /// The shortest the trail has been since [`Store::take_low_water`]
    /// (a restore cuts it): the brancher re-reads what lies beyond.
    low_water: usize,
}

pub(crate) type Result<T> = std::result::Result<T, Conflict>;

impl Store {
    /// Whether the run must stop now: for a propagator whose single run
    /// can be long (a loop over thousands of variables, values or states),
    /// asked once per step of such a loop (cheap: the clock is read now
    /// and then). When it says so the propagator returns a conflict at
    /// once, leaving its own state to be recomputed, and the engine
    /// reports an interruption, not a failure.
    #[inline]
    pub fn must_stop(&mut self) -> bool {
        if self.clock.passed() {
            self.stop_seen = true;
        }
        self.stop_seen
    }

    pub fn add_var(&mut self, domain: &IntervalSet) -> VarId {
        self.domains.push(Domain::new(domain));
        self.stamps.push(0);
        self.listened.push(None);
        VarId(self.domains.len() as u32 - 1)
    }

    pub fn num_vars(&self) -> usize {
        self.domains.len()
    }

    pub fn domain(&self, x: VarId) -> &Domain {
        &self.domains[x.index()]
    }

    #[inline]
    pub fn min(&self, x: VarId) -> i64 {
        self.domains[x.index()].min
    }

    #[inline]
    pub fn max(&self, x: VarId) -> i64 {
        self.domains[x.index()].max
    }

    /// `(min, max)` at one lookup.
    #[inline]
    pub fn bounds(&self, x: VarId) -> (i64, i64) {
        let d = &self.domains[x.index()];
        (d.min, d.max)
    }

    #[inline]
    pub fn size(&self, x: VarId) -> u64 {
        self.domains[x.index()].size
    }

    #[inline]
    pub fn is_fixed(&self, x: VarId) -> bool {
        self.domains[x.index()].size == 1
    }

    #[inline]
    pub fn contains(&self, x: VarId, v: i64) -> bool {
        self.domains[x.index()].contains(v)
    }

    /// A variable's domain as sorted disjoint intervals (a domain spanning
    /// more than 100,000 values with holes reads as its bounds).
    pub fn intervals(&self, x: VarId) -> Vec<(i64, i64)> {
        let (lo, hi) = (self.min(x), self.max(x));
        if hi - lo > 100_000 || self.size(x) == (hi - lo + 1) as u64 {
            return vec![(lo, hi)];
        }
        let mut out: Vec<(i64, i64)> = Vec::new();
        for v in lo..=hi {
            if self.contains(x, v) {
                match out.last_mut() {
                    Some((_, end)) if *end + 1 == v => *end = v,
                    _ => out.push((v, v)),
                }
            }
        }
        out
    }

    pub fn checkpoint(&mut self) -> Checkpoint {
        self.level += 1;
        Checkpoint(self.trail.len())
    }

    /// Undoes every change made since `checkpoint`.
    pub fn restore(&mut self, checkpoint: Checkpoint) {
        while self.trail.len() > checkpoint.0 {
            match self.trail.pop().expect("entry") {
                Entry::Bounds {
                    var,
                    min,
                    max,
                    size,
                } => {
                    let d = &mut self.domains[var.index()];
                    d.min = min;
                    d.max = max;
                    d.size = size;
                }
                Entry::Removal {
                    var,
                    index,
                    count,
                    old,
                } => {
                    let d = &mut self.domains[var.index()];
                    *d.word(index as usize) = old;
                    d.size += u64::from(count);
                }
                Entry::Interval { var, edit } => self.domains[var.index()].undo(edit),
                Entry::Cell { index, old } => self.cells[index as usize] = old,
            }
        }
        self.level += 1;
        self.low_water = self.low_water.min(checkpoint.0);
        self.changes.clear();
    }

    /// The trail's length now.
    pub(crate) fn trail_len(&self) -> usize {
        self.trail.len()
    }

    /// The shortest the trail has been since the last call (its length
    /// then, if no restore cut it since), and starts a new level: every
    /// domain change from now on adds a trail entry naming its variable.
    /// So the trail from the returned position on names every variable
    /// whose domain changed since the last call, restored ones aside.
    pub(crate) fn take_low_water(&mut self) -> usize {
        let low = self.low_water.min(self.trail.len());
        self.low_water = self.trail.len();
        self.level += 1;
        low
    }

    /// The variable whose domain trail entry `at` saved (`None` for a cell).
    #[inline]
    pub(crate) fn trailed_var(&self, at: usize) -> Option<VarId> {
        match self.trail[at] {
            Entry::Bounds { var, .. }
            | Entry::Removal { var, .. }
            | Entry::Interval { var, .. } => Some(var),
            Entry::Cell { .. } => None,
        }
    }

    /// Saves what a change to `x` at this level could lose.
    #[inline]
    fn save(&mut self, x: VarId) {
        let i = x.index();
        if self.stamps[i] == self.level {
            return;
        }
        self.stamps[i] = self.level;
        let d = &self.domains[i];
        self.trail.push(Entry::Bounds {
            var: x,
            min: d.min,
            max: d.max,
            size: d.size,
        });
    }

    #[inline]
    fn narrow(&mut self, x: VarId, lo: i64, hi: i64) {
        self.save(x);
        self.domains[x.index()].set_bounds(lo, hi);
        let change = if lo == hi {
            Change::Fixed
        } else {
            Change::Bounds
        };
        self.report(x, change);
    }

    /// `x >= v`. Returns whether the domain changed.
    #[inline]
    pub fn set_min(&mut self, x: VarId, v: i64) -> Result<bool> {
        let d = &self.domains[x.index()];
        if v <= d.min {
            return Ok(false);
        }
        let lo = d.next_value(v).ok_or(Conflict)?;
        let hi = d.max;
        self.narrow(x, lo, hi);
        Ok(true)
    }

    /// `x <= v`. Returns whether the domain changed.
    #[inline]
    pub fn set_max(&mut self, x: VarId, v: i64) -> Result<bool> {
        let d = &self.domains[x.index()];
        if v >= d.max {
            return Ok(false);
        }
        let hi = d.prev_value(v).ok_or(Conflict)?;
        let lo = d.min;
        self.narrow(x, lo, hi);
        Ok(true)
    }

    /// `lo <= x <= hi` as one change (one trail entry, one event). Returns
    /// whether the domain changed.
    #[inline]
    pub fn set_bounds(&mut self, x: VarId, lo: i64, hi: i64) -> Result<bool> {
        let d = &self.domains[x.index()];
        if lo <= d.min && hi >= d.max {
            return Ok(false);
        }
        let new_lo = if lo > d.min {
            d.next_value(lo).ok_or(Conflict)?
        } else {
            d.min
        };
        let new_hi = if hi < d.max {
            d.prev_value(hi).ok_or(Conflict)?
        } else {
            d.max
        };
        if new_lo > new_hi {
            return Err(Conflict);
        }
        self.narrow(x, new_lo, new_hi);
        Ok(true)
    }

    /// `x != v`. Returns whether the domain changed.
    #[inline]
    pub fn remove(&mut self, x: VarId, v: i64) -> Result<bool> {
        let d = &mut self.domains[x.index()];
        if v < d.min || v > d.max {
            return Ok(false);
        }
        if v == d.min || v == d.max {
            if d.min == d.max {
                return Err(Conflict);
            }
            if d.intervals().is_none() {
                // A bitset losing its bound loses exactly one value: move
                // the bound to the next member, no counting needed.
                let (lo, hi) = if v == d.min {
                    (d.next_value(v + 1).expect("max is a member"), d.max)
                } else {
                    (d.min, d.prev_value(v - 1).expect("min is a member"))
                };
                self.save(x);
                let d = &mut self.domains[x.index()];
                d.min = lo;
                d.max = hi;
                d.size -= 1;
                let change = if lo == hi {
                    Change::Fixed
                } else {
                    Change::Bounds
                };
                self.report(x, change);
                return Ok(true);
            }
            return if v == d.min {
                self.set_min(x, v + 1)
            } else {
                self.set_max(x, v - 1)
            };
        }
        // Strictly inside the bounds: a bitset loses one bit, nothing else.
        if d.intervals().is_none() {
            let Some((index, old)) = d.clear_bit(v) else {
                return Ok(false);
            };
            self.trail.push(Entry::Removal {
                var: x,
                index: index as u32,
                count: 1,
                old,
            });
        } else {
            if !d.contains(v) {
                return Ok(false);
            }
            let edit = d.remove_interval_interior(v);
            self.trail.push(Entry::Interval { var: x, edit });
        }
        self.report(x, Change::Domain);
        Ok(true)
    }

    /// `x` takes none of `values` (a few, in any order). A bitset domain
    /// loses the values of one word in one step (one trail entry, one
    /// report), which is what a group of alldifferents does at every node.
    #[inline]
    pub fn remove_values(&mut self, x: VarId, values: &[i64]) -> Result<bool> {
        let d = &self.domains[x.index()];
        let Some(base) = d.bit_base() else {
            let mut changed = false;
            for &v in values {
                changed |= self.remove(x, v)?;
            }
            return Ok(changed);
        };
        let (min, max) = (d.min, d.max);
        let (mut word, mut mask, mut changed) = (usize::MAX, 0u64, false);
        for &v in values {
            if v < min || v > max {
                continue;
            }
            let i = (v - base) as usize;
            if i / 64 != word {
                if mask != 0 {
                    changed |= self.clear_bits(x, word, mask)?;
                }
                (word, mask) = (i / 64, 0);
            }
            mask |= 1 << (i % 64);
        }
        if mask != 0 {
            changed |= self.clear_bits(x, word, mask)?;
        }
        Ok(changed)
    }

    /// `x` takes none of the values `first + j` for the bits `j` of
    /// `pattern`: at most two words of a bitset domain change.
    #[inline]
    pub fn remove_pattern(&mut self, x: VarId, first: i64, pattern: u64) -> Result<bool> {
        let d = &self.domains[x.index()];
        let Some(base) = d.bit_base() else {
            let mut changed = false;
            for j in (0..64).filter(|j| pattern >> j & 1 == 1) {
                changed |= self.remove(x, first + j)?;
            }
            return Ok(changed);
        };
        if first > d.max || first.saturating_add(63) < d.min {
            return Ok(false);
        }
        let at = first - base;
        if at < 0 {
            return self.clear_bits(x, 0, pattern >> -at);
        }
        let (word, shift) = ((at as u64 / 64) as usize, at as u64 % 64);
        let mut changed = self.clear_bits(x, word, pattern << shift)?;
        if shift > 0 && pattern >> (64 - shift) != 0 {
            // `word + 1` may be past the last word: its values then lie
            // past the maximum, and `remove_bits` answers `Nothing` before
            // it reads the word.
            changed |= self.clear_bits(x, word + 1, pattern >> (64 - shift))?;
        }
        Ok(changed)
    }

    /// Clears the bits of `mask` in word `word` of a bitset domain (those
    /// within the bounds; see [`Domain::remove_bits`]) and trails it.
    #[inline]
    fn clear_bits(&mut self, x: VarId, word: usize, mask: u64) -> Result<bool> {
        let i = x.index();
        let (before, old, inner, bounds) = match self.domains[i].remove_bits(word, mask) {
            BitsRemoved::Nothing => return Ok(false),
            BitsRemoved::Emptied => return Err(Conflict),
            BitsRemoved::Removed {
                before,
                old,
                inner,
                bounds,
            } => (before, old, inner, bounds),
        };
        // Saved before the word's entry, so that undoing restores it last.
        if bounds && self.stamps[i] != self.level {
            self.stamps[i] = self.level;
            let (min, max, size) = before;
            self.trail.push(Entry::Bounds {
                var: x,
                min,
                max,
                size,
            });
        }
        if inner != 0 {
            self.trail.push(Entry::Removal {
                var: x,
                index: word as u32,
                count: inner.count_ones(),
                old,
            });
        }
        let change = if self.domains[i].size == 1 {
            Change::Fixed
        } else if bounds {
            Change::Bounds
        } else {
            Change::Domain
        };
        self.report(x, change);
        Ok(true)
    }

    /// Records a change for the propagation loop, if anyone listens to it.
    #[inline]
    fn report(&mut self, x: VarId, change: Change) {
        if self.listened[x.index()].is_some_and(|weakest| change >= weakest) {
            self.changes.push((x, change));
        }
    }

    /// Sets the weakest change reported on `x` (`None`: none is).
    pub(crate) fn set_listened(&mut self, x: VarId, weakest: Option<Change>) {
        self.listened[x.index()] = weakest;
    }

    pub fn num_cells(&self) -> usize {
        self.cells.len()
    }

    /// Drops the variables and cells created after the first `vars` and
    /// `cells` (at the root: the trail holds nothing about them).
    pub(crate) fn truncate(&mut self, vars: usize, cells: usize) {
        debug_assert!(self.trail.iter().all(|e| match e {
            Entry::Bounds { var, .. }
            | Entry::Removal { var, .. }
            | Entry::Interval { var, .. } => var.index() < vars,
            Entry::Cell { index, .. } => (*index as usize) < cells,
        }));
        self.domains.truncate(vars);
        self.stamps.truncate(vars);
        self.listened.truncate(vars);
        self.cells.truncate(cells);
    }

    /// Lets changes of `change` or stronger on `x` be reported.
    pub fn listen(&mut self, x: VarId, change: Change) {
        let l = &mut self.listened[x.index()];
        *l = Some(l.map_or(change, |old| old.min(change)));
    }

    /// `x == v`. Returns whether the domain changed.
    #[inline]
    pub fn assign(&mut self, x: VarId, v: i64) -> Result<bool> {
        let d = &self.domains[x.index()];
        if !d.contains(v) {
            return Err(Conflict);
        }
        if d.size == 1 {
            return Ok(false);
        }
        self.narrow(x, v, v);
        Ok(true)
    }

    /// A new trailed integer (propagator state that backtracking restores).
    pub fn new_cell(&mut self, value: i64) -> CellId {
        self.cells.push(value);
        CellId(self.cells.len() as u32 - 1)
    }

    #[inline]
    pub fn cell(&self, id: CellId) -> i64 {
        self.cells[id.0 as usize]
    }

    #[inline]
    pub fn set_cell(&mut self, id: CellId, value: i64) {
        let old = self.cells[id.0 as usize];
        if old != value {
            self.trail.push(Entry::Cell { index: id.0, old });
            self.cells[id.0 as usize] = value;
        }
    }
}

#[cfg(test)]
mod tests;
