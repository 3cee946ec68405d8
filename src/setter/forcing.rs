//! Whether some of a puzzle's clues force its solution: the rules (every
//! item outside the clue group) and "differs from the solution somewhere"
//! posted once, each question a push, the clues kept, one search and a
//! pop. The clues force the solution exactly when that search finds
//! nothing. [`Forcing`] is also QuickXplain's `Conflicts` over the clue
//! classes: a minimal set of classes that forces the solution.

use crate::diagnostic::did_you_mean;
use crate::explain::items::{self, Item};
use crate::explain::quickxplain::Conflicts;
use crate::lowered::Lowered;
use crate::session::{Session, Solution};
use crate::setter::Unanswered;
use crate::setter::unique::{DIFFERS, Uniqueness, assignment, unique};
use crate::source::Sources;
use crate::stop::Cause;
use crate::stop::Stop;

/// A session that asks which clues force one solution.
#[derive(Debug)]
pub struct Forcing {
    session: Session,
    /// The solution the clues are asked to force.
    pub solution: Solution,
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
            solution: solution.clone(),
            clues,
            classes,
        })
    }

    /// Whether the clues `kept` (indices into `clues`) force the solution.
    pub fn forces(&mut self, kept: &[usize]) -> Result<bool, Cause> {
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

    fn satisfiable(&mut self, nodes: u64) -> Result<Option<bool>, Cause> {
        self.session.satisfiable_within(nodes)
    }

    fn nodes(&self) -> u64 {
        self.session.stats().nodes
    }
}

/// A puzzle ready for the forcing questions, or why it is not: they ask
/// about one solution, so a puzzle with none or several has no answer.
#[derive(Debug)]
pub enum Setup {
    Ready(Box<Forcing>),
    NoSolution,
    /// Two solutions that differ (from `session`, which names them).
    Several(Box<Session>, Solution, Solution),
}

/// Checks that `lowered` has one solution and sets up the questions about
/// the items of the constraint `group` (every item without one).
pub fn setup(
    lowered: Lowered,
    sources: Sources,
    group: Option<&str>,
    stop: &Stop,
) -> Result<Setup, Unanswered> {
    let mut session = Session::new(lowered.clone(), sources.clone());
    session.set_stop(stop.clone());
    let solution = match unique(&mut session)? {
        Uniqueness::Unique(solution) => solution,
        Uniqueness::None => return Ok(Setup::NoSolution),
        Uniqueness::Several(a, b) => return Ok(Setup::Several(Box::new(session), a, b)),
    };
    let is_clue = |item: &Item| group.is_none_or(|g| item.origin == g);
    let forcing = Forcing::new(lowered, sources, is_clue, &solution, stop)?;
    Ok(Setup::Ready(Box::new(forcing)))
}

/// What is wrong with `group` when it names no constraint of `lowered`:
/// the message and a help line.
pub fn unknown_group(lowered: &Lowered, group: &str) -> Option<(String, String)> {
    if lowered.constraint_info(group).is_some() {
        return None;
    }
    let names = lowered.constraints.iter().map(|c| c.name.as_str());
    let help = match did_you_mean(group, names) {
        Some(near) => format!("did you mean `{near}`?"),
        None => "a group of clues is the name of a constraint of the spec's [constraints]".into(),
    };
    Some((format!("no constraint named `{group}`"), help))
}
