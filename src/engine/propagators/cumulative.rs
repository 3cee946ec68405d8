//! `cumulative(s, d, r, b)`: task `i` runs over `[s_i, s_i + d_i)` using
//! `r_i` units of a resource of capacity `b`, and at every time the tasks
//! running use at most `b` (MiniZinc's `std/fzn_cumulative.mzn`: a task
//! of duration or requirement 0 uses nothing; `d_i >= 0`, `r_i >= 0`, and
//! `b >= 0` once there is a task).
//!
//! Time-tabling, where Pumpkin's and Chuffed's cumulative start (here
//! without explanations). Durations, requirements and the capacity may be
//! variables: the reasoning uses the least duration and requirement and
//! the greatest capacity, which every solution respects. Each run:
//! 1. a task that must run (least duration > 0) asks at most the
//!    capacity, and one asking more than the capacity has duration 0;
//! 2. the compulsory part of each task, `[lst, est + d)` when its latest
//!    start comes before its earliest end, is used in every solution: the
//!    profile of these parts is built by sweeping their sorted ends, a
//!    peak above the capacity fails and the capacity is at least the
//!    highest peak;
//! 3. each task's earliest start is pushed past every part of the profile
//!    where, with the task itself over it (its own compulsory part taken
//!    out of the profile first), the use would exceed the capacity; and
//!    its latest start back before such parts, symmetrically.
//!
//! O(n log n) for the profile and O(n·p) for the pushes (p parts of the
//! profile, at most 2n). Not idempotent: a pushed start makes a larger
//! compulsory part, and the engine runs it again. Once every variable is
//! fixed every task is its compulsory part, so the profile check fails
//! exactly on a violated assignment.
//!
//! Not here, measured: an energetic overload check (for every interval
//! from an earliest start to a latest end, the least energy the tasks
//! must spend inside it against the capacity times its length) failed no
//! node the profile had not on the suite's rcpsp instances (the same
//! nodes on rcpsp 00, four times the time; bench/README.md, "Scheduling").
//! Energetic reasoning and time-table edge finding wait for an instance
//! where the profile is seen to miss failures.

use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::vocab::{VarId, View};

#[derive(Debug)]
pub(crate) struct Cumulative {
    starts: Vec<View>,
    durations: Vec<View>,
    requirements: Vec<View>,
    capacity: View,
    scratch: Scratch,
}

/// One task as the reasoning reads it.
#[derive(Clone, Copy, Debug)]
struct Task {
    est: i128,
    lst: i128,
    duration: i128,
    requirement: i128,
}

impl Task {
    /// Its compulsory part `[lst, est + duration)`, if not empty.
    fn compulsory(&self) -> Option<(i128, i128)> {
        (self.lst < self.est + self.duration).then_some((self.lst, self.est + self.duration))
    }
}

/// A part of the profile: over `[start, end)` the compulsory parts use
/// `height`.
#[derive(Clone, Copy, Debug)]
struct Part {
    start: i128,
    end: i128,
    height: i128,
}

#[derive(Debug, Default)]
struct Scratch {
    tasks: Vec<Task>,
    /// (time, change of height) at each end of a compulsory part.
    events: Vec<(i128, i128)>,
    profile: Vec<Part>,
}

impl Cumulative {
    pub(crate) fn new(
        starts: Vec<View>,
        durations: Vec<View>,
        requirements: Vec<View>,
        capacity: View,
    ) -> Cumulative {
        Cumulative {
            starts,
            durations,
            requirements,
            capacity,
            scratch: Scratch::default(),
        }
    }

    /// Step 1, and the tasks read (those of duration or requirement 0 kept
    /// with 0: they take part in nothing).
    fn read_tasks(&mut self, store: &mut Store, capacity: i64) -> Result<(), Conflict> {
        self.scratch.tasks.clear();
        for i in 0..self.starts.len() {
            let (d, r) = (self.durations[i], self.requirements[i]);
            let _ = store.vset_min(d, 0)?;
            let _ = store.vset_min(r, 0)?;
            if store.vmin(d) > 0 {
                let _ = store.vset_max(r, capacity)?;
            }
            if store.vmin(r) > capacity {
                let _ = store.vset_max(d, 0)?;
            }
            let s = self.starts[i];
            self.scratch.tasks.push(Task {
                est: i128::from(store.vmin(s)),
                lst: i128::from(store.vmax(s)),
                duration: i128::from(store.vmin(d)),
                requirement: i128::from(store.vmin(r)),
            });
        }
        Ok(())
    }

    /// Step 3 for task `i`: its new earliest and latest starts.
    fn pushed(&self, i: usize, capacity: i128) -> (i128, i128) {
        let task = self.scratch.tasks[i];
        let own = task.compulsory();
        let overloads = |part: &Part| {
            let inside = own.is_some_and(|(a, b)| a <= part.start && part.end <= b);
            let others = part.height - if inside { task.requirement } else { 0 };
            others + task.requirement > capacity
        };
        let profile = &self.scratch.profile;
        let mut est = task.est;
        for part in profile {
            if part.start >= est + task.duration {
                break;
            }
            if part.end > est && overloads(part) {
                est = part.end;
            }
        }
        let mut end = task.lst + task.duration;
        for part in profile.iter().rev() {
            if part.end <= end - task.duration {
                break;
            }
            if part.start < end && overloads(part) {
                end = part.start;
            }
        }
        (est, end - task.duration)
    }
}

impl Scratch {
    /// Step 2: the profile of the compulsory parts (parts of height 0
    /// left out), or a conflict at a peak above `capacity`. Returns the
    /// highest peak.
    fn build_profile(&mut self, capacity: i128) -> Result<i128, Conflict> {
        self.events.clear();
        for t in &self.tasks {
            if t.requirement > 0
                && let Some((a, b)) = t.compulsory()
            {
                self.events.push((a, t.requirement));
                self.events.push((b, -t.requirement));
            }
        }
        self.events.sort_unstable();
        self.profile.clear();
        let (mut height, mut peak) = (0, 0);
        let mut k = 0;
        while k < self.events.len() {
            let time = self.events[k].0;
            while k < self.events.len() && self.events[k].0 == time {
                height += self.events[k].1;
                k += 1;
            }
            if height > capacity {
                return Err(Conflict);
            }
            peak = peak.max(height);
            if height > 0 {
                // Ends at the next event (there is one: every part ends).
                let end = self.events[k].0;
                self.profile.push(Part {
                    start: time,
                    end,
                    height,
                });
            }
        }
        Ok(peak)
    }
}

/// A time as a value of the store (beyond its range the narrowing fails
/// as it should).
fn clamp(t: i128) -> i64 {
    t.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

impl Propagator for Cumulative {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.starts
            .iter()
            .chain(&self.durations)
            .chain(&self.requirements)
            .chain([&self.capacity])
            .map(|v| (v.var, Change::Bounds))
            .collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        if self.starts.is_empty() {
            return Ok(Status::Subsumed);
        }
        let _ = store.vset_min(self.capacity, 0)?;
        let capacity = store.vmax(self.capacity);
        self.read_tasks(store, capacity)?;
        let peak = self.scratch.build_profile(i128::from(capacity))?;
        let _ = store.vset_min(self.capacity, clamp(peak))?;
        for i in 0..self.starts.len() {
            let task = self.scratch.tasks[i];
            if task.duration == 0 || task.requirement == 0 {
                continue;
            }
            let (est, lst) = self.pushed(i, i128::from(capacity));
            if est > task.est {
                let _ = store.vset_min(self.starts[i], clamp(est))?;
            }
            if lst < task.lst {
                let _ = store.vset_max(self.starts[i], clamp(lst))?;
            }
        }
        let all = [&self.starts, &self.durations, &self.requirements];
        if store.vfixed(self.capacity) && all.iter().all(|l| l.iter().all(|&v| store.vfixed(v))) {
            // The pushes above may have fixed what the profile did not
            // see yet: the fixed tasks checked again.
            self.read_tasks(store, capacity)?;
            let _ = self.scratch.build_profile(i128::from(capacity))?;
            return Ok(Status::Subsumed);
        }
        Ok(Status::Fix)
    }
}
