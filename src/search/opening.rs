//! Openings: the first node below a path of decisions, for splitting a
//! search into parts (`src/parallel/split.rs`) and for finding where a
//! solution lies in the tree. Nothing is decided and no node is counted.

use super::branch::Cursor;
use super::space::Space;
use super::{Decision, Search, State, Step};
use crate::model::VarId;
use crate::search::branch::Choice;
use crate::stop::Cause;

/// The first node of a search (at the root, or below its path).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Opening {
    /// Propagation fails: the subtree holds nothing.
    Failed,
    /// Every variable is fixed: the node is a solution.
    Solution,
    /// The search would branch on this variable and choice; `space` is the
    /// log2 of the product of the open variables' domain sizes there (a
    /// guess at the size of the subtree).
    Branch {
        var: VarId,
        choice: Choice,
        space: f64,
    },
    /// A limit stopped propagation: this one.
    Stopped(Cause),
}

impl Search<'_> {
    /// What the search does first: propagates the root and the path, and
    /// says whether it fails, is a solution, or which choice it would
    /// branch on (nothing is decided; no node is counted).
    pub fn opening(&mut self) -> Opening {
        if self.state == State::Start {
            self.start();
        }
        match self.state {
            State::Done => Opening::Failed,
            State::Interrupted => Opening::Stopped(self.limits.stop.fired()),
            _ => self.branch_here(),
        }
    }

    /// The opening below `path` from the root this search propagated once
    /// (its own path must be empty). The decisions `path` shares with the
    /// path opened last stay applied; the engine goes back to where they
    /// part and applies the rest: the root is propagated once, and a
    /// split, which opens the two children of the part it opened last,
    /// applies a decision or two per part.
    pub fn open(&mut self, path: &[Decision]) -> Opening {
        match self.opening() {
            Opening::Failed => return Opening::Failed,
            stopped @ Opening::Stopped(_) => return stopped,
            _ => {}
        }
        let common = self
            .opened
            .iter()
            .zip(path)
            .take_while(|((done, _), d)| done == *d)
            .count();
        if let Some(&(_, checkpoint)) = self.opened.get(common) {
            self.engine.store_mut().restore(checkpoint);
            self.opened.truncate(common);
        }
        self.brancher.cursor = Cursor::default();
        for d in &path[common..] {
            let checkpoint = self.engine.store_mut().checkpoint();
            self.opened.push((*d, checkpoint));
            let step = self.apply(d.var, d.choice, d.left);
            if step != Step::Fixpoint {
                // Back to a propagated node: the next path starts there.
                self.engine.store_mut().restore(checkpoint);
                let _ = self.opened.pop();
                if step == Step::Interrupted {
                    self.state = State::Interrupted;
                    return Opening::Stopped(self.limits.stop.fired());
                }
                return Opening::Failed;
            }
        }
        self.branch_here()
    }

    /// At a propagated node: a solution, or the choice to branch on.
    fn branch_here(&mut self) -> Opening {
        match self.brancher.select(self.engine) {
            None => Opening::Solution,
            Some(var) => {
                let store = self.engine.store();
                let root = self.propagated_root.expect("openings come after the root");
                // Built at the first opening, which is the propagated root.
                let space = self
                    .space
                    .get_or_insert_with(|| Space::at_root(store, root))
                    .now(store);
                let choice = self.brancher.choice(self.engine, var);
                Opening::Branch { var, choice, space }
            }
        }
    }
}
