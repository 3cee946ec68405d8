//! The propagation queue: one FIFO per priority, cheapest first, and never
//! the same propagator twice.

use crate::engine::propagator::Priority;

/// Index of a propagator in the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PropagatorId(pub u32);

#[derive(Debug, Default)]
pub(crate) struct Queue {
    buckets: [std::collections::VecDeque<PropagatorId>; 3],
    queued: Vec<bool>,
}

impl Queue {
    pub(crate) fn grow(&mut self, count: usize) {
        self.queued.resize(count, false);
    }

    pub(crate) fn push(&mut self, id: PropagatorId, priority: Priority) {
        let seen = &mut self.queued[id.0 as usize];
        if !*seen {
            *seen = true;
            self.buckets[priority as usize].push_back(id);
        }
    }

    pub(crate) fn pop(&mut self) -> Option<PropagatorId> {
        let id = self.buckets.iter_mut().find_map(|b| b.pop_front())?;
        self.queued[id.0 as usize] = false;
        Some(id)
    }

    pub(crate) fn clear(&mut self) {
        for bucket in &mut self.buckets {
            for id in bucket.drain(..) {
                self.queued[id.0 as usize] = false;
            }
        }
    }
}
