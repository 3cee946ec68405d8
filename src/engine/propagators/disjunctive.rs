//! `disjunctive(s, d)`: a unary resource. Task `i` runs over
//! `[s_i, s_i + d_i)` and no two tasks overlap; MiniZinc's two meanings
//! (`std/fzn_disjunctive.mzn`, `fzn_disjunctive_strict.mzn`):
//! - strict: for every pair, `s_i + d_i <= s_j` or `s_j + d_j <= s_i`,
//!   so a task of duration 0 may sit at another's start or end, never
//!   strictly inside it;
//! - not strict: the same, except that a pair with a duration 0 always
//!   holds (a task of duration 0 is anywhere).
//!
//! Both ask `d_i >= 0`. The propagator reads each task as its earliest
//! start `est`, its latest completion `lct = max(s) + p` and `p` the least
//! duration (a solution of the longer tasks is one of these shorter ones
//! too, so reasoning on `p` is sound for variable durations); when not
//! strict, a task whose duration may be 0 takes no part until it cannot.
//! Each run, in both directions of time (the latest starts as the
//! earliest starts of the mirrored tasks, `est' = -lct`), as Vilím's
//! O(n log n) algorithms on the Θ-Λ-tree (`theta_tree`):
//! - detectable precedences: when `est_i + p_i > lst_j` task `j` must
//!   come before `i`, so `i` starts after the earliest completion of all
//!   such `j`;
//! - edge finding, with its overload check (the tasks that must finish
//!   by some `lct` cannot all fit since their earliest start: fail):
//!   when a task `i` cannot fit before the end of a set Ω of tasks
//!   (`ECT(Ω ∪ {i}) > lct(Ω)`), `i` comes after all of them and starts
//!   no earlier than `ECT(Ω)`.
//!
//! The new bounds of one pass are computed from the bounds before it and
//! applied together; the propagator is not idempotent (the engine runs it
//! again after its own changes). Once every start and duration is fixed
//! the tasks are checked pair by pair in start order, so a run fails
//! exactly on a violated full assignment, whatever the passes missed.
//! Not-first/not-last is left out (Vilím's third rule; Pumpkin keeps
//! edge finding alone).

use super::theta_tree::ThetaLambdaTree;
use crate::engine::propagator::{Priority, PropResult, Propagator, Status};
use crate::engine::store::{Change, Conflict, Store};
use crate::vocab::{VarId, View};

#[derive(Debug)]
pub(crate) struct Disjunctive {
    starts: Vec<View>,
    durations: Vec<View>,
    strict: bool,
    scratch: Scratch,
}

/// The buffers of a run.
#[derive(Debug, Default)]
struct Scratch {
    /// The tasks taking part: their index, est, p and lct (mirrored in
    /// the second direction), and the new est found.
    task: Vec<usize>,
    est: Vec<i128>,
    p: Vec<i128>,
    lct: Vec<i128>,
    new_est: Vec<i128>,
    /// Task positions by est (the tree's leaf order), and leaf of each.
    by_est: Vec<usize>,
    leaf: Vec<usize>,
    order: Vec<usize>,
    queue: Vec<usize>,
    /// Whether a task is in Θ (detectable precedences).
    inside: Vec<bool>,
    tree: ThetaLambdaTree,
}

impl Disjunctive {
    pub(crate) fn new(starts: Vec<View>, durations: Vec<View>, strict: bool) -> Disjunctive {
        Disjunctive {
            starts,
            durations,
            strict,
            scratch: Scratch::default(),
        }
    }

    /// Reads the tasks taking part, mirrored (`-lct`..`-est`) when asked.
    fn gather(&mut self, store: &Store, mirrored: bool) {
        let s = &mut self.scratch;
        s.task.clear();
        s.est.clear();
        s.p.clear();
        s.lct.clear();
        for (i, (&start, &d)) in self.starts.iter().zip(&self.durations).enumerate() {
            let p = i128::from(store.vmin(d));
            if p == 0 && !self.strict {
                continue;
            }
            let (lo, hi) = (i128::from(store.vmin(start)), i128::from(store.vmax(start)));
            s.task.push(i);
            s.p.push(p);
            if mirrored {
                s.est.push(-(hi + p));
                s.lct.push(-lo);
            } else {
                s.est.push(lo);
                s.lct.push(hi + p);
            }
        }
    }

    /// One direction: the earliest starts pushed, written back as the
    /// starts' least (or, mirrored, greatest) values.
    fn direction(&mut self, store: &mut Store, mirrored: bool) -> Result<(), Conflict> {
        self.gather(store, mirrored);
        let s = &mut self.scratch;
        if s.task.len() < 2 {
            return Ok(());
        }
        s.new_est.clone_from(&s.est);
        s.sort_leaves();
        s.edge_finding()?;
        s.detectable_precedences();
        for k in 0..s.task.len() {
            if s.new_est[k] <= s.est[k] {
                continue;
            }
            let start = self.starts[s.task[k]];
            let _ = if mirrored {
                store.vset_max(start, clamp(-s.new_est[k] - s.p[k]))?
            } else {
                store.vset_min(start, clamp(s.new_est[k]))?
            };
        }
        Ok(())
    }

    /// Whether the fixed tasks keep the resource's rule (every start and
    /// duration fixed).
    fn fixed_tasks_hold(&mut self, store: &Store) -> bool {
        let s = &mut self.scratch;
        s.order.clear();
        s.order.extend(0..self.starts.len());
        let start = |i: usize| i128::from(store.vvalue(self.starts[i]));
        let duration = |i: usize| i128::from(store.vvalue(self.durations[i]));
        if s.order.iter().any(|&i| duration(i) < 0) {
            return false;
        }
        // Not strict: the tasks of duration 0 are anywhere.
        s.order.retain(|&i| self.strict || duration(i) > 0);
        // By start, then the shorter first: a task of duration 0 may be
        // at another's start (before it) or end, never inside.
        s.order.sort_unstable_by_key(|&i| (start(i), duration(i)));
        let mut end = i128::MIN;
        for &i in &s.order {
            if start(i) < end {
                return false;
            }
            end = start(i) + duration(i);
        }
        true
    }
}

impl Scratch {
    /// The tasks in order of est, and each one's leaf.
    fn sort_leaves(&mut self) {
        let n = self.task.len();
        self.by_est.clear();
        self.by_est.extend(0..n);
        let est = &self.est;
        self.by_est.sort_unstable_by_key(|&k| est[k]);
        self.leaf.resize(n, 0);
        for (leaf, &k) in self.by_est.iter().enumerate() {
            self.leaf[k] = leaf;
        }
    }

    /// Edge finding with the overload check (Vilím's Θ-Λ algorithm):
    /// every task in Θ, then by decreasing lct each is grayed; while a
    /// gray task would end Θ after Θ's lct, it comes after Θ.
    fn edge_finding(&mut self) -> Result<(), Conflict> {
        let n = self.task.len();
        self.tree.reset(n);
        for k in 0..n {
            self.tree.insert(self.leaf[k], self.est[k], self.p[k]);
        }
        self.order.clear();
        self.order.extend(0..n);
        let lct = &self.lct;
        self.order
            .sort_unstable_by_key(|&k| std::cmp::Reverse(lct[k]));
        if self.tree.ect() > self.lct[self.order[0]] {
            return Err(Conflict);
        }
        for w in 0..n - 1 {
            let j = self.order[w];
            self.tree.gray(self.leaf[j], self.est[j], self.p[j]);
            let lct_theta = self.lct[self.order[w + 1]];
            if self.tree.ect() > lct_theta {
                return Err(Conflict);
            }
            while self.tree.ect_bar() > lct_theta {
                let Some(leaf) = self.tree.responsible() else {
                    break;
                };
                let i = self.by_est[leaf];
                self.new_est[i] = self.new_est[i].max(self.tree.ect());
                self.tree.remove(leaf);
            }
        }
        Ok(())
    }

    /// Detectable precedences: by increasing `est + p`, every task `j`
    /// with `lst_j < est_i + p_i` joins Θ, and `i` starts after `ECT(Θ
    /// \ {i})`.
    fn detectable_precedences(&mut self) {
        let n = self.task.len();
        self.tree.reset(n);
        let (est, p, lct) = (&self.est, &self.p, &self.lct);
        self.order.clear();
        self.order.extend(0..n);
        self.order.sort_unstable_by_key(|&k| est[k] + p[k]);
        self.queue.clear();
        self.queue.extend(0..n);
        self.queue.sort_unstable_by_key(|&k| lct[k] - p[k]);
        self.inside.clear();
        self.inside.resize(n, false);
        let inside = &mut self.inside;
        let mut q = 0;
        for &i in &self.order {
            let ect_i = est[i] + p[i];
            while q < n && ect_i > lct[self.queue[q]] - p[self.queue[q]] {
                let j = self.queue[q];
                self.tree.insert(self.leaf[j], est[j], p[j]);
                inside[j] = true;
                q += 1;
            }
            if inside[i] {
                self.tree.remove(self.leaf[i]);
            }
            self.new_est[i] = self.new_est[i].max(self.tree.ect());
            if inside[i] {
                self.tree.insert(self.leaf[i], est[i], p[i]);
            }
        }
    }
}

/// A time as a value of the store (beyond its range the narrowing fails
/// as it should).
fn clamp(t: i128) -> i64 {
    t.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

impl Propagator for Disjunctive {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.starts
            .iter()
            .chain(&self.durations)
            .map(|v| (v.var, Change::Bounds))
            .collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        for &d in &self.durations {
            let _ = store.vset_min(d, 0)?;
        }
        self.direction(store, false)?;
        self.direction(store, true)?;
        let fixed = |v: &View| store.vfixed(*v);
        if self.starts.iter().chain(&self.durations).all(fixed) {
            return if self.fixed_tasks_hold(store) {
                Ok(Status::Subsumed)
            } else {
                Err(Conflict)
            };
        }
        Ok(Status::Fix)
    }
}
