//! The state of a walk: a session holding only the model's definitions
//! (items are posted and retracted per question), the known domains, the
//! target, the steps found and not yet taken; and the checks every way of
//! finding a step shares (an item group's scope, whether a deduction
//! follows from items and facts, a step made minimal).

use super::say::Words;
use super::technique::{self, Technique};
use super::witness::Witnesses;
use super::{Candidate, Deduction, Settings, Step};
use crate::explain::items::{self, Item};
use crate::facts::Fact;
use crate::facts::candidates;
use crate::facts::values::{self, Values};
use crate::lowered::Lowered;
use crate::model::VarId;
use crate::session::{Session, Solution};
use crate::source::Sources;
use crate::stop::Cause;
use crate::stop::Stop;
use std::collections::{BTreeSet, HashMap, VecDeque};

/// The most nodes one check of a step spends: a check that needs more
/// counts as "has a solution", which may keep an item or fact a step did
/// not need (never one it needs: steps stay sound).
pub(super) const CHECK_NODES: u64 = 300;

/// A solution of what `session` has posted, if any: `None` when the
/// search spent [`CHECK_NODES`] without an answer.
fn solution(session: &mut Session) -> Result<Option<Option<Solution>>, Cause> {
    session.within(CHECK_NODES, Session::first).transpose()
}

/// What a fact on a hidden variable came from: items and shown facts
/// (see `fold`).
#[derive(Clone, Debug, Default)]
pub(super) struct Support {
    pub(super) items: BTreeSet<usize>,
    pub(super) facts: BTreeSet<VarId>,
}

/// The state of a walk.
#[derive(Debug)]
pub struct Stepper {
    /// The model's definitions only.
    pub(super) session: Session,
    pub(super) items: Vec<Item>,
    pub(super) weights: Vec<u64>,
    /// The declared variables, the ones the walk reasons on.
    pub(super) declared: Vec<VarId>,
    /// The player's variables among them, the only ones steps show (see
    /// `fold`), and for each variable whether it is one.
    pub(super) shown: Vec<VarId>,
    pub(super) shown_mask: Vec<bool>,
    /// What each hidden variable's known domain came from.
    pub(super) support: HashMap<VarId, Support>,
    /// Steps shown so far.
    pub(super) told: usize,
    /// Complete searches made by [`Stepper::follows`].
    pub(super) searches: u64,
    /// Counter-examples the checks found, which answer later checks.
    pub(super) witnesses: Witnesses,
    /// Groups of items propagated in the searches for steps.
    pub(super) checks: u64,
    /// Whether the definitions alone (the session's base, left at its
    /// fixpoint) have a solution: with none, every question fails.
    pub(super) base_alive: bool,
    /// Items posted once for a run of checks ([`Stepper::with_posted`]),
    /// and whether they propagate on the definitions without failing.
    posted: Option<(Vec<usize>, bool)>,
    /// Each variable's domain with nothing known (indexed by variable).
    pub(super) initial: Vec<Values>,
    /// What is known now.
    pub(super) known: Vec<Values>,
    /// The values the solutions take.
    pub(super) target: Vec<Values>,
    pub(super) settings: Settings,
    /// What rules on one variable each give with nothing known (a sudoku's
    /// clues): known from the start, as a board shows it.
    pub(super) start: Vec<(usize, Fact)>,
    /// Steps found and not yet taken, cheapest first, settled when
    /// `settled` steps had been taken.
    pub(super) pending: VecDeque<(Candidate, Step)>,
    pub(super) settled: usize,
    /// Steps taken so far.
    pub(super) taken: usize,
    /// For each variable, how many steps had been taken when its known
    /// domain last changed.
    pub(super) changed: Vec<usize>,
    /// Groups of items that deduced nothing, with how many steps had been
    /// taken then: tried again only once a variable of theirs changed.
    pub(super) quiet: HashMap<Vec<usize>, usize>,
    /// What one item alone made of its scope's domains (`None`: known
    /// nothing), during the search for one chain (see `chain`).
    pub(super) alone_memo: HashMap<AloneKey, Option<Vec<Values>>>,
    /// The last answer of [`live_items`]: what was known then and, per
    /// item, whether it was live.
    pub(super) live_memo: Option<(Vec<Values>, Vec<bool>)>,
}

/// An item and its scope's domains as a chain knows them (`None`: as with
/// nothing known).
pub(super) type AloneKey = (usize, Vec<Option<Values>>);

impl Stepper {
    /// A stepper over the items `keep` accepts, with what rules on one
    /// variable give known, and no target yet.
    pub(super) fn new(
        lowered: Lowered,
        sources: Sources,
        settings: Settings,
        stop: &Stop,
        keep: impl Fn(&Item) -> bool,
    ) -> Stepper {
        let declared = candidates::declared(lowered.model());
        let shown = candidates::shown(lowered.model());
        let mut shown_mask = vec![false; lowered.model().vars.len()];
        for x in &shown {
            shown_mask[x.index()] = true;
        }
        let mut session = Session::with_constraints(lowered, sources, |p| p.definition);
        session.set_stop(stop.clone());
        let vars = session.lowered().model().vars.len();
        let initial: Vec<Values> = session
            .root_domains()
            .unwrap_or_else(|| vec![Vec::new(); vars]);
        // The definitions propagated once and left so: every question then
        // propagates only what it posts and narrows (`with`).
        let base_alive = session.propagate_root();
        let mut items = items::items(session.lowered().model());
        items.retain(|item| keep(item));
        items::fill_scopes(session.lowered().model(), &mut items);
        let (known, start) = read_off(&mut session, &items, &initial, base_alive);
        // A clue on a hidden variable: its items (every rule on it alone)
        // are its support.
        let mut support: HashMap<VarId, Support> = HashMap::new();
        for (i, fact) in start.iter().filter(|(_, f)| !shown_mask[f.var.index()]) {
            let _ = support.entry(fact.var).or_default().items.insert(*i);
        }
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
            shown,
            shown_mask,
            support,
            told: 0,
            searches: 0,
            witnesses: Witnesses::default(),
            checks: 0,
            base_alive,
            posted: None,
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
            alone_memo: HashMap::new(),
            live_memo: None,
        }
    }
}

/// The known domains once each item on one variable (a clue) narrowed
/// its variable alone, and what each of them gave.
fn read_off(
    session: &mut Session,
    items: &[Item],
    initial: &[Values],
    base_alive: bool,
) -> (Vec<Values>, Vec<(usize, Fact)>) {
    let mut known = initial.to_vec();
    let mut start = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let [var] = item.scope[..] else { continue };
        session.push();
        session.post_model_constraints(&item.constraints);
        let values = (base_alive && session.propagate_level()).then(|| session.domain_now(var));
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
    /// What is known from the start of the shown variables: each item on
    /// one variable (a clue) with what it gives that variable alone.
    pub fn start(&self) -> Vec<(usize, Fact)> {
        (self.start.iter())
            .filter(|(_, fact)| self.is_shown(fact.var))
            .cloned()
            .collect()
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

    /// Propagator runs of the walk's questions so far (its searches'
    /// too; not those of the search for the values the solutions take).
    pub fn propagations(&self) -> u64 {
        self.session.propagations()
    }

    /// Complete searches the walk's checks of steps made so far (each
    /// runs every propagator posted at least once).
    pub fn searches(&self) -> u64 {
        self.searches
    }

    /// Checks a counter-example found earlier answered, with no search.
    pub fn answered_by_witnesses(&self) -> u64 {
        self.witnesses.answered
    }

    /// Groups of items (one, two or three) propagated on what is known
    /// in the walk's searches for steps so far.
    pub fn group_checks(&self) -> u64 {
        self.checks
    }

    /// The variables steps show: the player's.
    pub fn shown(&self) -> &[VarId] {
        &self.shown
    }
}

impl Stepper {
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
    /// already empties a domain (or the definitions alone fail). The
    /// level below is the definitions at their fixpoint: `f` propagates
    /// with [`Session::propagate_level`].
    pub(super) fn with<T>(
        &mut self,
        items: &[usize],
        facts: &[VarId],
        f: impl FnOnce(&mut Session, bool) -> T,
    ) -> T {
        self.session.push();
        let mut alive = self.base_alive;
        match &self.posted {
            Some((posted, propagates)) => {
                // Posting other items on top would check them all.
                assert_eq!(posted.as_slice(), items, "checks of other items");
                alive = alive && *propagates;
            }
            None => {
                for &i in items {
                    self.session
                        .post_model_constraints(&self.items[i].constraints);
                }
            }
        }
        for &x in facts {
            alive = alive && self.session.narrow(x, &self.known[x.index()]);
        }
        let result = f(&mut self.session, alive);
        let _ = self.session.pop();
        result
    }

    /// Runs `f` with `items` posted (and propagated on the definitions)
    /// at a new level, so that each check `f` makes of these items, on
    /// facts of its own, posts them no more (a search's propagators are
    /// the same: posted in the same order, on the same domains); then
    /// retracts them. Every check inside must be of these items.
    pub(super) fn with_posted<T>(&mut self, items: &[usize], f: impl FnOnce(&mut Self) -> T) -> T {
        debug_assert!(self.posted.is_none(), "items posted twice");
        self.session.push();
        for &i in items {
            self.session
                .post_model_constraints(&self.items[i].constraints);
        }
        let propagates = self.base_alive && self.session.propagate_level();
        self.posted = Some((items.to_vec(), propagates));
        let result = f(self);
        self.posted = None;
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
    ) -> Result<Option<bool>, Cause> {
        self.fails(items, facts, Some((var, removed)))
    }

    /// Whether `items` and the known domains of `facts` (and `var` within
    /// `values`, when given) have no solution: a complete search over the
    /// items' variables (`None`: it ran out of nodes), unless a
    /// counter-example an earlier search found already shows one
    /// (`witness`).
    pub(super) fn fails(
        &mut self,
        items: &[usize],
        facts: &[VarId],
        within: Option<(VarId, &[(i64, i64)])>,
    ) -> Result<Option<bool>, Cause> {
        if (self.witnesses).answer(items, facts, &self.known, within) {
            return Ok(Some(false));
        }
        // The items' auxiliary variables too: at `check` a rule fails only
        // once they are fixed as well.
        let mut first = scope_of(self, items);
        first.extend(
            items
                .iter()
                .flat_map(|&i| self.items[i].links.iter().copied()),
        );
        first.extend(within.map(|(var, _)| var));
        let (searched, answer) = self.with(items, facts, |session, alive| {
            // Propagation first: a search is needed only when it does not
            // fail (and would start by propagating the same way).
            let narrowed = within.is_none_or(|(var, values)| session.narrow(var, values));
            if !alive || !narrowed || !session.propagate_level() {
                return (false, Ok(Some(None)));
            }
            session.decide_only(first.clone());
            (true, solution(session))
        });
        self.searches += u64::from(searched);
        Ok(match answer? {
            None => None,
            Some(None) => Some(true),
            Some(Some(found)) => {
                self.witnesses.keep(items, &first, found.values());
                Some(false)
            }
        })
    }

    /// What removing `removed` (values still known) from `var` shows.
    pub(super) fn deduction(&self, var: VarId, removed: Values) -> Deduction {
        let initial = &self.initial[var.index()];
        Deduction {
            var,
            decides: values::size(&values::minus(initial, &removed)) == 1,
            left: values::minus(self.known(var), &removed),
            removed,
        }
    }

    /// `step` with every removal its items make from its facts (the
    /// values still known that propagating them on those facts alone
    /// removes): one step, each variable once, in order. Its own
    /// deductions stay (one found by complete search may be more than
    /// propagation finds).
    pub(super) fn merged(&mut self, mut step: Step) -> Step {
        let scope = scope_of(self, &step.uses);
        let facts: Vec<VarId> = step.facts.iter().map(|f| f.var).collect();
        let now = self.with(&step.uses, &facts, |session, alive| {
            (alive && session.propagate_level()).then(|| {
                scope
                    .iter()
                    .map(|&x| session.domain_now(x))
                    .collect::<Vec<_>>()
            })
        });
        for (&var, domain) in scope.iter().zip(now.into_iter().flatten()) {
            let removed = values::minus(self.known(var), &domain);
            if removed.is_empty() {
                continue;
            }
            match step.deductions.iter_mut().find(|d| d.var == var) {
                Some(d) => {
                    let all = values::of(
                        (d.removed.iter().chain(&removed))
                            .flat_map(|&(lo, hi)| lo..=hi)
                            .collect(),
                    );
                    *d = self.deduction(var, all);
                }
                None => step.deductions.push(self.deduction(var, removed)),
            }
        }
        step.deductions.sort_by_key(|d| d.var);
        step
    }

    /// The step named by its structure.
    pub(super) fn named(&self, mut step: Step) -> Step {
        let model = self.session.lowered().model();
        step.technique = technique::classify(model, &self.items, &self.initial, &step);
        step
    }

    /// A step of `items` and `facts` (known now) showing `var` takes none
    /// of `removed`, its cost counted, not yet named.
    pub(super) fn step(
        &self,
        items: Vec<usize>,
        facts: &[VarId],
        var: VarId,
        removed: Values,
        method: super::Method,
    ) -> Step {
        Step {
            cost: self.cost(&items, facts.len()),
            facts: self.facts(facts),
            uses: items,
            deductions: vec![self.deduction(var, removed)],
            method,
            minimal: true,
            technique: Technique::Contradiction,
            chain: None,
        }
    }

    /// `step` less each fact, then each item, without which each of its
    /// deductions still follows (by complete search): minimal, since what
    /// follows from fewer pieces follows from more.
    pub(super) fn minimal(&mut self, mut step: Step) -> Result<Step, Cause> {
        let deductions: Vec<(VarId, Values)> = (step.deductions.iter())
            .map(|d| (d.var, d.removed.clone()))
            .collect();
        let mut facts: Vec<VarId> = step.facts.iter().map(|f| f.var).collect();
        let mut minimal = step.minimal;
        let uses = step.uses.clone();
        if !facts.is_empty() {
            self.with_posted(&uses, |s| {
                drop_unneeded(&mut facts, &mut minimal, |fewer| {
                    s.all_follow(&uses, fewer, &deductions)
                })
            })?;
        }
        // One item alone is needed: facts alone never narrow a variable.
        if step.uses.len() > 1 {
            drop_unneeded(&mut step.uses, &mut minimal, |fewer| {
                self.all_follow(fewer, &facts, &deductions)
            })?;
        }
        step.minimal = minimal;
        step.facts.retain(|f| facts.contains(&f.var));
        step.cost = self.cost(&step.uses, step.facts.len());
        Ok(step)
    }

    /// Whether every one of `deductions` follows from `items` and `facts`
    /// (`None`: none failed, and some check ran out of nodes).
    fn all_follow(
        &mut self,
        items: &[usize],
        facts: &[VarId],
        deductions: &[(VarId, Values)],
    ) -> Result<Option<bool>, Cause> {
        let mut settled = true;
        for (var, removed) in deductions {
            match self.follows(items, facts, *var, removed)? {
                Some(true) => {}
                Some(false) => return Ok(Some(false)),
                None => settled = false,
            }
        }
        Ok(settled.then_some(true))
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

/// `pieces` less each one without which `follows` still holds: a step's
/// facts or items made minimal (a check that runs out keeps its piece
/// and clears `minimal`).
pub(super) fn drop_unneeded<T: Copy + PartialEq>(
    pieces: &mut Vec<T>,
    minimal: &mut bool,
    mut follows: impl FnMut(&[T]) -> Result<Option<bool>, Cause>,
) -> Result<(), Cause> {
    for piece in pieces.clone() {
        let fewer: Vec<T> = pieces.iter().copied().filter(|&p| p != piece).collect();
        match follows(&fewer)? {
            Some(true) => *pieces = fewer,
            Some(false) => {}
            None => *minimal = false,
        }
    }
    Ok(())
}

/// The items that can still tell something: some variable of theirs is
/// not fixed, or the fixed values break it (on a walk to a conflict). An
/// item whose variables are all fixed is propagated to tell, once for
/// their values: the last answer stands while they keep them (a step
/// asks several times for the same known domains).
pub(super) fn live_items(s: &mut Stepper) -> Vec<usize> {
    let memo = s.live_memo.take();
    let mut flags = Vec::with_capacity(s.items.len());
    for i in 0..s.items.len() {
        let scope = s.items[i].scope.clone();
        let open = scope.iter().any(|x| values::size(s.known(*x)) > 1);
        let unchanged = |(known, _): &(Vec<Values>, Vec<bool>)| {
            (scope.iter()).all(|x| known[x.index()] == s.known[x.index()])
        };
        let live = match &memo {
            _ if open => true,
            Some(memo) if unchanged(memo) => memo.1[i],
            _ => s.with(&[i], &scope, |session, alive| {
                !alive || !session.propagate_level()
            }),
        };
        flags.push(live);
    }
    let live = (0..flags.len()).filter(|&i| flags[i]).collect();
    s.live_memo = Some((s.known.clone(), flags));
    live
}

/// The declared variables of a group of items.
pub(super) fn scope_of(s: &Stepper, items: &[usize]) -> Vec<VarId> {
    if let [item] = items {
        return s.items[*item].scope.clone();
    }
    let mut scope: Vec<VarId> = (items.iter())
        .flat_map(|&i| s.items[i].scope.iter().copied())
        .collect();
    scope.sort_unstable();
    scope.dedup();
    scope
}
