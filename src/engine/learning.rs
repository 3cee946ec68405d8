//! What searches learn about the variables and what the learning orders
//! read: dom/wdeg's failure weights, activities and accumulated failure
//! counts (AFC), each started afresh by a new search or carried from one
//! search to the next (a thread of a parallel run, from part to part).

use super::Engine;
use super::decaying::Decaying;
use crate::vocab::VarId;

/// What searches learned about the variables, handed from one engine to
/// another (a parallel run's first nodes to its threads).
#[derive(Clone, Debug)]
pub struct Learned {
    failures: Vec<u64>,
    activity: Decaying,
    afc: Decaying,
}

impl Engine {
    /// Whether failures should raise dom/wdeg weights; a new search starts
    /// with none counted.
    pub fn track_weights(&mut self, on: bool) {
        self.track_weights = on;
        if !self.carry_learning {
            self.failures.fill(0);
        }
        self.reweighted.clear();
    }

    /// What the searches so far learned: failure weights and activities.
    pub fn learned(&self) -> Learned {
        Learned {
            failures: self.failures.clone(),
            activity: self.activity.clone(),
            afc: self.afc.clone(),
        }
    }

    /// From now on every search starts from what `learned` holds, and
    /// the next from what this one learned in turn (weights and
    /// activities are carried, not reset).
    pub fn carry_learning(&mut self, learned: &Learned) {
        if learned.failures.len() == self.failures.len() {
            self.failures.clone_from(&learned.failures);
            self.activity = learned.activity.clone();
            self.afc = learned.afc.clone();
        }
        self.carry_learning = true;
    }

    /// Whether propagation should raise activities; a new search starts
    /// with none.
    pub fn track_activity(&mut self, on: bool) {
        if self.carry_learning {
            self.activity.switch(on);
        } else {
            self.activity.reset(on, |_| 0.0);
        }
    }

    /// Whether failures should raise the decayed failure counts; a new
    /// search starts them at the degrees.
    pub fn track_afc(&mut self, on: bool) {
        if self.carry_learning {
            self.afc.switch(on);
        } else {
            let degrees = &self.degrees;
            self.afc.reset(on, |var| degrees[var] as f64);
        }
    }

    /// A variable's accumulated failure count: its degree and the failures
    /// of its propagators, each older failure worth 0.99 of the next.
    pub fn afc(&self, var: VarId) -> f64 {
        self.afc.score(var.index())
    }

    /// One more node: activities seen before it count for less.
    pub(crate) fn age_activity(&mut self) {
        if self.activity.is_on() {
            self.activity.age();
        }
    }

    /// A variable's activity (0 until propagation first narrows it).
    pub fn activity(&self, var: VarId) -> f64 {
        self.activity.score(var.index())
    }

    /// The variables whose weights rose since [`Engine::clear_reweighted`]
    /// (a variable once per failure).
    pub(crate) fn reweighted(&self) -> &[VarId] {
        &self.reweighted
    }

    pub(crate) fn clear_reweighted(&mut self) {
        self.reweighted.clear();
    }
    /// A variable's weight for dom/wdeg: its degree plus the failures of the
    /// propagators it is in.
    pub fn weight(&self, var: VarId) -> u64 {
        self.degrees[var.index()] + self.failures[var.index()]
    }
}
