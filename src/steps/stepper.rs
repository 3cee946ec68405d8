//! The walk from the known domains to the values the solutions take: a
//! session holding only the model's definitions (items are posted and
//! retracted per question), the known domains, the target, and the queue of
//! steps found by the last search for them.

use super::say::Words;
use super::values::{self, Values};
use super::{Fact, Settings, Step, fallback, finder};
use crate::explain::items::{self, Item};
use crate::lowered::Lowered;
use crate::model::VarId;
use crate::session::{Session, Stopped};
use crate::setter::candidates;
use crate::source::Sources;
use crate::stop::Stop;
use std::collections::{HashMap, VecDeque};

/// Where a walk ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Every declared variable's value was derived.
    Solved,
    /// Every value common to all solutions was derived; the solutions
    /// differ on these variables, each of which keeps these values.
    Open(Vec<(VarId, Values)>),
    /// No step within the bound on items (`--max-items`) was left: these
    /// variables keep values that no solution takes.
    Stuck(Vec<(VarId, Values)>),
    /// A walk to a conflict: this variable has no value left.
    Conflict(VarId),
}

/// The most nodes one check of a step spends: a check that needs more
/// counts as "has a solution", which may keep an item or fact a step did
/// not need (never one it needs: steps stay sound).
pub(super) const CHECK_NODES: u64 = 300;

/// Whether what `session` has posted has a solution: `None` when the
/// search spent [`CHECK_NODES`] without an answer.
pub(super) fn satisfiable(session: &mut Session) -> Result<Option<bool>, Stopped> {
    session.satisfiable_within(CHECK_NODES)
}

/// How a walk starts.
#[derive(Debug)]
pub enum Walk {
    Ready(Box<Stepper>),
    /// The spec with the givens has no solution: why, and the walk as it
    /// would have started (what the givens make known, for a board).
    NoSolution(fallback::WhyNone, Box<Stepper>),
    /// A declared variable has too many values (see
    /// [`candidates::too_wide`]): what the message says.
    TooWide(String),
}

/// The state of a walk.
#[derive(Debug)]
pub struct Stepper {
    /// The model's definitions only.
    pub(super) session: Session,
    pub(super) items: Vec<Item>,
    pub(super) weights: Vec<u64>,
    /// The declared variables, the only ones steps speak of.
    pub(super) declared: Vec<VarId>,
    /// Each variable's domain with nothing known (indexed by variable).
    pub(super) initial: Vec<Values>,
    /// What is known now.
    pub(super) known: Vec<Values>,
    /// The values the solutions take.
    pub(super) target: Vec<Values>,
    pub(super) settings: Settings,
    /// What rules on one variable each give with nothing known (a sudoku's
    /// clues): known from the start, as a board shows it.
    start: Vec<(usize, Fact)>,
    /// Steps found and not yet taken, cheapest first, settled when
    /// `settled` steps had been taken.
    pub(super) pending: VecDeque<(finder::Candidate, Step)>,
    settled: usize,
    /// Steps taken so far.
    pub(super) taken: usize,
    /// For each variable, how many steps had been taken when its known
    /// domain last changed.
    pub(super) changed: Vec<usize>,
    /// Groups of items that deduced nothing, with how many steps had been
    /// taken then: tried again only once a variable of theirs changed.
    pub(super) quiet: HashMap<Vec<usize>, usize>,
}

/// Starts a walk over `lowered` from `givens` (facts a player knows).
pub fn walk(
    lowered: Lowered,
    sources: Sources,
    givens: Vec<Fact>,
    settings: Settings,
    stop: &Stop,
) -> Result<Walk, Stopped> {
    if let Some(message) = candidates::too_wide(lowered.model(), "steps explain") {
        return Ok(Walk::TooWide(message));
    }
    let mut full = Session::new(lowered.clone(), sources.clone());
    full.set_stop(stop.clone());
    let mut stepper = Stepper::new(lowered, sources, settings, stop, |_| true);
    for g in &givens {
        let known = &mut stepper.known[g.var.index()];
        *known = values::both(known, &g.values);
    }
    match candidates::candidates(&mut full, &stepper.declared, &stepper.known)? {
        Some(target) => {
            stepper.target = target;
            Ok(Walk::Ready(Box::new(stepper)))
        }
        None => {
            let s = &mut stepper;
            let why = fallback::why_none(&mut s.session, &s.items, &s.initial, &givens)?;
            Ok(Walk::NoSolution(why, Box::new(stepper)))
        }
    }
}

/// A walk over the items named `conflict` (a minimal set with no
/// solution, as `solve explain` finds it) that ends when a variable has
/// no value left: the conflict derived step by step.
pub fn walk_to_conflict(
    lowered: Lowered,
    sources: Sources,
    conflict: &[String],
    settings: Settings,
    stop: &Stop,
) -> Stepper {
    let mut stepper = Stepper::new(lowered, sources, settings, stop, |item| {
        conflict.contains(&item.name)
    });
    // No solution takes any value: every value is to be removed.
    stepper.target = vec![Vec::new(); stepper.known.len()];
    stepper
}

impl Stepper {
    /// A stepper over the items `keep` accepts, with what rules on one
    /// variable give known, and no target yet.
    fn new(
        lowered: Lowered,
        sources: Sources,
        settings: Settings,
        stop: &Stop,
        keep: impl Fn(&Item) -> bool,
    ) -> Stepper {
        let declared = candidates::declared(lowered.model());
        let mut session = Session::with_constraints(lowered, sources, |p| p.definition);
        session.set_stop(stop.clone());
        let vars = session.lowered().model().vars.len();
        let initial: Vec<Values> = session
            .root_domains()
            .unwrap_or_else(|| vec![Vec::new(); vars]);
        let mut items = items::items(session.lowered().model());
        items.retain(|item| keep(item));
        items::fill_scopes(session.lowered().model(), &mut items);
        let (known, start) = read_off(&mut session, &items, &initial);
        let weights = items
            .iter()
            .map(|item| {
                let info = session.lowered().constraint_info(&item.origin);
                info.map_or(1, |c| c.weight)
            })
            .collect();
        Stepper {
            session,
            items,
            weights,
            declared,
            initial,
            known,
            target: Vec::new(),
            settings,
            start,
            pending: VecDeque::new(),
            settled: 0,
            taken: 0,
            changed: vec![0; vars],
            quiet: HashMap::new(),
        }
    }
}

/// The known domains once each item on one variable (a clue) narrowed
/// its variable alone, and what each of them gave.
fn read_off(
    session: &mut Session,
    items: &[Item],
    initial: &[Values],
) -> (Vec<Values>, Vec<(usize, Fact)>) {
    let mut known = initial.to_vec();
    let mut start = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let [var] = item.scope[..] else { continue };
        session.push();
        session.post_model_constraints(&item.constraints);
        let values = session.propagate_root().then(|| session.domain_now(var));
        let _ = session.pop();
        let values = values.unwrap_or_default();
        if values != known[var.index()] {
            known[var.index()] = values::both(&known[var.index()], &values);
            start.push((i, Fact { var, values }));
        }
    }
    (known, start)
}

impl Stepper {
    /// What is known from the start: each item on one variable (a clue)
    /// with what it gives that variable alone.
    pub fn start(&self) -> &[(usize, Fact)] {
        &self.start
    }

    /// The items steps name by index.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// How the steps read.
    pub fn words(&self) -> Words<'_> {
        Words {
            lowered: self.session.lowered(),
            sources: self.session.sources(),
            items: &self.items,
        }
    }

    /// What is known of `var` now.
    pub fn known(&self, var: VarId) -> &Values {
        &self.known[var.index()]
    }

    /// The declared variables.
    pub fn declared(&self) -> &[VarId] {
        &self.declared
    }

    /// The next step, cheapest first; `None` when no step is left (see
    /// [`Stepper::ending`]).
    pub fn next_step(&mut self) -> Result<Option<Step>, Stopped> {
        if self.settings.most.is_some_and(|most| self.taken >= most) {
            return Ok(None);
        }
        loop {
            if self.done() {
                return Ok(None);
            }
            if self.session.stop().passed() {
                return Err(Stopped);
            }
            if let Some((candidate, step)) = self.pending.pop_front() {
                // Taken as settled while nothing it was found on changed,
                // else settled again on what is known now (or dropped when
                // earlier steps removed its values).
                let step = if finder::stale(self, &candidate, self.settled) {
                    finder::settle(self, candidate)?
                } else {
                    Some(step)
                };
                if let Some(step) = step {
                    self.take(&step);
                    return Ok(Some(step));
                }
                continue;
            }
            let found = finder::propagation_candidates(self)?;
            if !found.is_empty() {
                // Made minimal all at once, then taken cheapest first.
                let mut settled = Vec::new();
                for candidate in found {
                    if let Some(step) = finder::settle(self, candidate.clone())? {
                        settled.push((candidate, step));
                    }
                }
                settled.sort_by_key(|(_, step)| (step.cost, values::size(&step.left) != 1));
                self.pending = settled.into();
                self.settled = self.taken;
                continue;
            }
            let Some(step) = fallback::conflict_step(self)? else {
                return Ok(None);
            };
            self.take(&step);
            return Ok(Some(step));
        }
    }

    /// Where the walk stands: call it once [`Stepper::next_step`] gave
    /// `None`.
    pub fn ending(&self) -> Ending {
        let keeping = |which: &dyn Fn(VarId) -> bool| -> Vec<(VarId, Values)> {
            (self.declared.iter().copied())
                .filter(|&x| which(x))
                .map(|x| (x, self.known[x.index()].clone()))
                .collect()
        };
        if let Some(var) = self.emptied() {
            Ending::Conflict(var)
        } else if !self.done() {
            Ending::Stuck(keeping(&|x| self.open(x)))
        } else if self
            .declared
            .iter()
            .all(|x| values::size(&self.known[x.index()]) == 1)
        {
            Ending::Solved
        } else {
            Ending::Open(keeping(&|x| values::size(&self.known[x.index()]) > 1))
        }
    }

    /// Whether `var` still has values that no solution takes.
    pub(super) fn open(&self, var: VarId) -> bool {
        self.known[var.index()] != self.target[var.index()]
    }

    fn done(&self) -> bool {
        !self.declared.iter().any(|&x| self.open(x)) || self.emptied().is_some()
    }

    /// A variable with no value left: the walk derived a conflict.
    fn emptied(&self) -> Option<VarId> {
        (self.declared.iter().copied()).find(|x| self.known[x.index()].is_empty())
    }

    fn take(&mut self, step: &Step) {
        let known = &self.known[step.var.index()];
        debug_assert!(
            values::minus(&step.removed, known).is_empty() && !step.removed.is_empty(),
            "a step removes values still possible"
        );
        self.known[step.var.index()] = values::minus(known, &step.removed);
        self.taken += 1;
        self.changed[step.var.index()] = self.taken;
    }

    /// The facts among `vars`: those whose known domain is narrower than
    /// with nothing known.
    pub(super) fn facts_among(&self, vars: &[VarId]) -> Vec<VarId> {
        (vars.iter().copied())
            .filter(|x| self.known[x.index()] != self.initial[x.index()])
            .collect()
    }

    /// The cost of a step using `items` and `facts` facts.
    pub(super) fn cost(&self, items: &[usize], facts: usize) -> u64 {
        items.iter().map(|&i| self.weights[i]).sum::<u64>() + facts as u64
    }

    /// Posts `items` and narrows `facts` to their known domains at a new
    /// level, runs `f`, and retracts it all; `f` gets false when narrowing
    /// already empties a domain.
    pub(super) fn with<T>(
        &mut self,
        items: &[usize],
        facts: &[VarId],
        f: impl FnOnce(&mut Session, bool) -> T,
    ) -> T {
        self.session.push();
        for &i in items {
            self.session
                .post_model_constraints(&self.items[i].constraints);
        }
        let mut alive = true;
        for &x in facts {
            alive = alive && self.session.narrow(x, &self.known[x.index()]);
        }
        let result = f(&mut self.session, alive);
        let _ = self.session.pop();
        result
    }

    /// Whether `items` and the known domains of `facts` imply that `var`
    /// takes none of `removed`: a complete search for a solution with `var`
    /// among them (`None`: it ran out of nodes).
    pub(super) fn follows(
        &mut self,
        items: &[usize],
        facts: &[VarId],
        var: VarId,
        removed: &[(i64, i64)],
    ) -> Result<Option<bool>, Stopped> {
        // The items' auxiliary variables too: at `check` a rule fails only
        // once they are fixed as well.
        let mut first = finder::scope_of(self, items);
        first.extend(
            items
                .iter()
                .flat_map(|&i| self.items[i].links.iter().copied()),
        );
        first.push(var);
        self.with(items, facts, |session, alive| {
            if !alive || !session.narrow(var, removed) {
                return Ok(Some(true));
            }
            session.decide_first(first);
            Ok(satisfiable(session)?.map(|solution| !solution))
        })
    }

    /// Whether removing `removed` from `var`'s domain with nothing known
    /// leaves one value.
    pub(super) fn decides(&self, var: VarId, removed: &[(i64, i64)]) -> bool {
        values::size(&values::minus(&self.initial[var.index()], removed)) == 1
    }

    /// `step` less each fact, then each item, without which its deduction
    /// still follows (by complete search): minimal, since what follows
    /// from fewer pieces follows from more.
    pub(super) fn minimal(&mut self, mut step: Step) -> Result<Step, Stopped> {
        let (var, removed) = (step.var, step.removed.clone());
        let mut facts: Vec<VarId> = step.facts.iter().map(|f| f.var).collect();
        for fact in facts.clone() {
            let fewer: Vec<VarId> = facts.iter().copied().filter(|&f| f != fact).collect();
            match self.follows(&step.uses, &fewer, var, &removed)? {
                Some(true) => facts = fewer,
                Some(false) => {}
                None => step.minimal = false,
            }
        }
        // One item alone is needed: facts alone never narrow a variable.
        if step.uses.len() > 1 {
            for item in step.uses.clone() {
                let fewer: Vec<usize> = step.uses.iter().copied().filter(|&i| i != item).collect();
                match self.follows(&fewer, &facts, var, &removed)? {
                    Some(true) => step.uses = fewer,
                    Some(false) => {}
                    None => step.minimal = false,
                }
            }
        }
        step.facts.retain(|f| facts.contains(&f.var));
        step.cost = self.cost(&step.uses, step.facts.len());
        Ok(step)
    }

    /// The step's facts as known now.
    pub(super) fn facts(&self, vars: &[VarId]) -> Vec<Fact> {
        (vars.iter())
            .map(|&var| Fact {
                var,
                values: self.known[var.index()].clone(),
            })
            .collect()
    }
}
