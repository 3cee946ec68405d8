//! Whether some of a puzzle's clues force its solution: the rules (every
//! item outside the clue group) and "differs from the solution somewhere"
//! posted once, each question a push, the clues kept, one search and a
//! pop. The clues force the solution exactly when that search finds
//! nothing. [`Forcing`] is also QuickXplain's [`Conflicts`] over the clue
//! classes: a minimal set of classes that forces the solution.

use crate::engine::stop::Stop;
use crate::explain::items::{self, Item};
use crate::explain::quickxplain::Conflicts;
use crate::lowered::Lowered;
use crate::session::{Session, Solution, Stopped};
use crate::setter::Unanswered;
use crate::setter::unique::assignment;
use crate::source::Sources;

/// The name of the constraint that asks for another solution.
pub const DIFFERS: &str = "differs from the solution";

/// A session that asks which clues force one solution.
#[derive(Debug)]
pub struct Forcing {
    session: Session,
    /// The clue items: the group's items, in spec order.
    pub clues: Vec<Item>,
    /// The classes QuickXplain keeps or drops whole (indices into
    /// `clues`); one clue each unless a symmetry pairs them.
    pub classes: Vec<Vec<usize>>,
}

impl Forcing {
    /// The rules of `lowered` posted (the items `is_clue` rejects) with
    /// `solution` forbidden; `is_clue` picks the clues among the items.
    pub fn new(
        lowered: Lowered,
        sources: Sources,
        is_clue: impl Fn(&Item) -> bool,
        solution: &Solution,
        stop: &Stop,
    ) -> Result<Forcing, Unanswered> {
        let mut session = Session::with_constraints(lowered, sources, |p| p.definition);
        session.set_stop(stop.clone());
        let mut all = items::items(session.lowered().model());
        items::fill_scopes(session.lowered().model(), &mut all);
        let (clues, rules): (Vec<Item>, Vec<Item>) = all.into_iter().partition(&is_clue);
        for rule in &rules {
            session.post_model_constraints(&rule.constraints);
        }
        let assignment = assignment(session.lowered().model(), solution);
        session.forbid(DIFFERS, &assignment)?;
        let classes = (0..clues.len()).map(|c| vec![c]).collect();
        Ok(Forcing {
            session,
            clues,
            classes,
        })
    }

    /// Whether the clues `kept` (indices into `clues`) force the solution.
    pub fn forces(&mut self, kept: &[usize]) -> Result<bool, Stopped> {
        self.session.push();
        for &c in kept {
            self.session
                .post_model_constraints(&self.clues[c].constraints);
        }
        let other = self.session.first();
        let _ = self.session.pop();
        Ok(other?.is_none())
    }
}

impl Conflicts for Forcing {
    fn push(&mut self) {
        self.session.push();
    }

    fn pop(&mut self) {
        let _ = self.session.pop();
    }

    fn post(&mut self, class: usize) {
        for &c in &self.classes[class] {
            self.session
                .post_model_constraints(&self.clues[c].constraints);
        }
    }

    fn satisfiable(&mut self) -> Result<bool, Stopped> {
        Ok(self.session.first()?.is_some())
    }
}
