//! What the searches of one run's threads share: a stop flag, who waits
//! for nodes of the run's node budget (the stop token's), and the best
//! objective value found so far (branch and bound across parts).
//!
//! The incumbent is ordered by (objective value, part): a part before the
//! one holding the best may still find a solution of equal value, a part
//! after it must do better. Each part's search finds the depth-first first
//! of its best solutions, so the best of all is the solution one thread
//! would end with, whatever the number of threads.

use crate::engine::Learned;
use crate::model::plan::Sense;
use crate::stop::Stop;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Shared between the threads of one run; cloned into each.
#[derive(Clone, Debug, Default)]
pub struct Shared {
    /// Set to stop every search of the run (a limit, an answer complete).
    pub stop: Arc<AtomicBool>,
    pub incumbent: Arc<Incumbent>,
    /// The searches alive (each may hold nodes of the budget), and those
    /// of them waiting for nodes another may give back.
    pub holders: Arc<AtomicUsize>,
    pub starved: Arc<AtomicUsize>,
    /// What the run's first nodes learned (dom/wdeg's weights,
    /// activities): each thread starts from it and carries what it learns
    /// from part to part, so a learning order does not start over per part.
    pub learned: Option<Arc<Learned>>,
}

impl Shared {
    /// Stops every search of the run.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// A search starts (and may hold nodes of the budget).
    pub fn enter(&self) {
        let _ = self.holders.fetch_add(1, Ordering::AcqRel);
    }

    /// A search holding nodes waits for something other than nodes (its
    /// turn to print), or stops waiting: it counts as starved meanwhile.
    pub fn blocked(&self, waiting: bool) {
        if waiting {
            let _ = self.starved.fetch_add(1, Ordering::AcqRel);
        } else {
            let _ = self.starved.fetch_sub(1, Ordering::AcqRel);
        }
    }

    /// A search ends (its unused nodes given back first).
    pub fn leave(&self) {
        let _ = self.holders.fetch_sub(1, Ordering::AcqRel);
    }

    /// Up to `wanted` nodes of `stop`'s budget once it is spent: other searches may
    /// still hold nodes they will not use, and give them back as they end;
    /// 0 when every search holding nodes waits too (the budget is spent
    /// indeed), or `stopped` says so. A limit large enough for the whole
    /// search is then enough whatever the threads hold at a moment.
    pub fn wait_for_nodes(
        &self,
        stop: &Stop,
        wanted: u64,
        stopped: &mut dyn FnMut() -> bool,
    ) -> u64 {
        let _ = self.starved.fetch_add(1, Ordering::AcqRel);
        let got = loop {
            let got = stop.claim_nodes(wanted);
            if got > 0 || stopped() || self.stopped() {
                break got;
            }
            if self.starved.load(Ordering::Acquire) >= self.holders.load(Ordering::Acquire) {
                break stop.claim_nodes(wanted);
            }
            std::thread::sleep(std::time::Duration::from_micros(50));
        };
        let _ = self.starved.fetch_sub(1, Ordering::AcqRel);
        got
    }
}

/// The best (objective value, part) found by any thread.
#[derive(Debug, Default)]
pub struct Incumbent {
    /// Bumped at every improvement: a search rereads the best only when
    /// this has moved (one relaxed load per node).
    generation: AtomicU64,
    best: Mutex<Option<(i64, usize)>>,
}

impl Incumbent {
    /// Offers a solution of `value` found in `part`; true when it is the
    /// new best.
    pub fn offer(&self, sense: Sense, value: i64, part: usize) -> bool {
        let mut best = self.best.lock().unwrap_or_else(|e| e.into_inner());
        let better = match *best {
            None => true,
            Some((v, p)) => match sense {
                Sense::Minimize => (value, part) < (v, p),
                Sense::Maximize => (-(value as i128), part) < (-(v as i128), p),
            },
        };
        if better {
            *best = Some((value, part));
            let _ = self.generation.fetch_add(1, Ordering::Release);
        }
        better
    }

    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// The best so far.
    pub fn best(&self) -> Option<(i64, usize)> {
        *self.best.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The value a solution of `part` must improve on (strictly), given
    /// the best so far: a part before the best's may equal its value.
    pub fn bound_for(&self, sense: Sense, part: usize) -> Option<i64> {
        let (value, at) = self.best()?;
        if part < at {
            Some(match sense {
                Sense::Minimize => value.saturating_add(1),
                Sense::Maximize => value.saturating_sub(1),
            })
        } else {
            Some(value)
        }
    }
}
