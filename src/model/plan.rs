//! The search plan: plain data saying how a model is to be searched (which
//! variables first, the variable and value heuristics, restarts, the seed,
//! the default consistency level, and the objective, if any). Lowering
//! builds it from the spec and the command line; the search builds its
//! brancher from it. No engine or search types in here.

use crate::model::VarId;
pub use crate::vocab::Consistency;

/// Which open variable to branch on next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarOrder {
    /// The first in declaration order.
    Input,
    /// The smallest domain; ties go to the earlier variable.
    FirstFail,
    /// The smallest domain; ties broken at random (seeded).
    FirstFailRandom,
    /// The smallest domain divided by the failures its constraints caused.
    DomWdeg,
    /// The smallest domain divided by the variable's activity: how often
    /// propagation narrowed it, decaying with every node (Michel and Van
    /// Hentenryck's activity-based search, without its probing start).
    Activity,
    /// The largest accumulated failure count over the domain size: the
    /// failures of the variable's propagators, each older failure worth
    /// 0.99 of the next, from its degree (Gecode's `afc_size_max`, its
    /// default for free search).
    Afc,
}

/// The variable order of a spec that names none (in `[search]`, a phase,
/// or on the command line) and is not a game or a puzzle of moves (whose
/// codes and positions go in input order): the smallest domain first,
/// ties to the earlier variable. Measured over every shipped, test and benchmark spec against
/// `input` (docs/spec-language.md, `[search]`): fewer nodes on most, and static in
/// the sense the threads need (the answers do not depend on them), which
/// `dom-wdeg`, stronger still on some puzzles, is not. A spec's branch and
/// bound that names no search has its own, [`DEFAULT_OPTIMUM_VAR_ORDER`].
pub const DEFAULT_VAR_ORDER: VarOrder = VarOrder::FirstFail;

/// Whether a spec's search that does not say uses last-conflict
/// reasoning: no. Over the shipped, book and benchmark specs it changed
/// nothing measurable (46 of 46 solved either way, geometric mean 0.061 s
/// against 0.060 s; bench/results/20261129-020403-defaults.md), and it
/// would make the order depend on the failures met so far, so that the
/// first solution and the order of `--all` would depend on the threads
/// (docs/parallel.md). FlatZinc's free search, where it pays, has its own
/// default (`flatzinc::search::FREE_LAST_CONFLICT`).
pub const DEFAULT_LAST_CONFLICT: bool = false;

/// The variable order of a spec with an `[objective]` that names no
/// search of its own (the one [`DEFAULT_OPTIMUM_INTERLEAVE`] applies to):
/// dom/wdeg, whose weights learn where branch and bound fails. Over the
/// seven specs with an objective, in turn with [`ROBUST_ARM`], Golomb
/// m=10 without `[search]` took 1.42 s against first-fail's 2.89 s
/// (0.95x Gecode's own default), the warehouse 8% longer on the same
/// nodes, the rest within 1% or less than a millisecond
/// (docs/performance.md, "The order of branch and bound"). The optimal
/// solutions are enumerated, and the one printed found, by first-fail
/// ([`SearchPlan::at_optimum`]).
pub const DEFAULT_OPTIMUM_VAR_ORDER: VarOrder = VarOrder::DomWdeg;

/// Which value to try first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueOrder {
    Min,
    Max,
    /// A value drawn at random (seeded).
    Random,
    /// The lower half of the domain first (`x <= mid`, then `x > mid`).
    Split,
}

/// When to give up on the current tree and start again from the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RestartPolicy {
    None,
    /// After `scale * luby(i)` failures in the i-th run.
    Luby,
    /// After `scale * 1.5^i` failures in the i-th run.
    Geometric,
}

/// The names users write for each choice, in the spec and on the command line.
pub const VAR_ORDERS: &[(&str, VarOrder)] = &[
    ("input", VarOrder::Input),
    ("first-fail", VarOrder::FirstFail),
    ("first-fail-random", VarOrder::FirstFailRandom),
    ("dom-wdeg", VarOrder::DomWdeg),
    ("activity", VarOrder::Activity),
    ("afc", VarOrder::Afc),
];
pub const VALUE_ORDERS: &[(&str, ValueOrder)] = &[
    ("min", ValueOrder::Min),
    ("max", ValueOrder::Max),
    ("random", ValueOrder::Random),
    ("split", ValueOrder::Split),
];
pub const RESTARTS: &[(&str, RestartPolicy)] = &[
    ("none", RestartPolicy::None),
    ("luby", RestartPolicy::Luby),
    ("geometric", RestartPolicy::Geometric),
];
pub const CONSISTENCIES: &[(&str, Consistency)] = &[
    ("propagate", Consistency::Propagate),
    ("check", Consistency::Check),
    ("early", Consistency::Early),
    ("bounds", Consistency::Bounds),
    ("domain", Consistency::Domain),
    ("probing", Consistency::Probing),
];

/// When to restart: a policy and its failure budget scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Restarts {
    pub policy: RestartPolicy,
    pub scale: u64,
}

impl Restarts {
    pub const NONE: Restarts = Restarts {
        policy: RestartPolicy::None,
        scale: 100,
    };
}

/// A second search of the same model, run in turn with the plan's own on
/// the same thread for a first solution or an optimum (a portfolio
/// without threads): its own variable and value orders, restarts and
/// last-conflict; the phases, the order and the objective are the plan's.
/// The two searches take turns of `slice` nodes and keep their trees and
/// what they learned between turns: the first solution either meets ends
/// the search, a bound either finds holds in both, and either one
/// exhausting its tree proves there is nothing (more).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arm {
    pub var: VarOrder,
    pub value: ValueOrder,
    pub restarts: Restarts,
    pub last_conflict: bool,
    /// Nodes each search decides in its turn (Gecode's sequential
    /// portfolio has the same knob, counted in failures).
    pub slice: u64,
}

/// Nodes per turn of two interleaved searches unless said otherwise:
/// small enough that neither waits long (a few milliseconds a turn on
/// the suite's models), large enough that a turn's switch costs nothing.
pub const DEFAULT_SLICE: u64 = 1000;

/// The second search `interleave = "on"` names, and `solve fzn`'s own
/// search takes turns with unless told otherwise: AFC/size with
/// last-conflict and geometric restarts (Gecode's default order,
/// restarted). Over the MiniZinc benchmark suite with free search,
/// first-fail with last-conflict and this order each solved about seven
/// instances the other did not; the two in turn solved 71 of 90 within
/// 60 s against 70 for first-fail with last-conflict alone, side by side
/// (docs/performance.md, "The default search";
/// bench/results/20261129-150405-suite-free.md).
pub const ROBUST_ARM: Arm = Arm {
    var: VarOrder::Afc,
    value: ValueOrder::Min,
    restarts: Restarts {
        policy: RestartPolicy::Geometric,
        scale: 100,
    },
    last_conflict: true,
    slice: DEFAULT_SLICE,
};

/// The second search a spec's branch and bound takes turns with when the
/// spec and the command line name no search of their own (no `var`,
/// `value`, `restart`, `last_conflict`, `order`, `phases` or
/// `interleave`): [`ROBUST_ARM`]. First-fail alone never found a
/// solution of the warehouse model in 30 s (bench/specs/warehouse.toml;
/// in turn: the proven optimum in 2.1 s on the host of 2026-11-29, input
/// order 2.7 s) and takes the roster 1.14 s (in turn 0.30 s); the price
/// is at most about twice the nodes of the search that proves the
/// optimum (docs/performance.md, "A model the spec default loses on" and
/// "The order of branch and bound"). The spec's own search is then
/// [`DEFAULT_OPTIMUM_VAR_ORDER`]; the optimum's solution printed is the
/// static order's ([`SearchPlan::at_optimum`]). A first solution, a
/// count, `--all` and every search with the objective fixed search alone.
pub const DEFAULT_OPTIMUM_INTERLEAVE: Option<Arm> = Some(ROBUST_ARM);

/// Minimise or maximise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sense {
    Minimize,
    Maximize,
}

/// What `[objective]` asks for: the best value of one model variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Objective {
    pub sense: Sense,
    pub var: VarId,
}

impl Objective {
    /// Whether `value` is better than `than`.
    pub fn improves(&self, value: i64, than: i64) -> bool {
        match self.sense {
            Sense::Minimize => value < than,
            Sense::Maximize => value > than,
        }
    }
}

/// One search phase: its variables, decided before the next phase's, by
/// its own variable and value orders (MiniZinc's `int_search(x, first_fail,
/// indomain_min)` is one phase).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    pub vars: Vec<VarId>,
    pub var: VarOrder,
    pub value: ValueOrder,
}

/// How to search a lowered model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchPlan {
    /// Decided first, one phase after another (`[search] phases`).
    pub phases: Vec<Phase>,
    /// Tried next, in this order (the spec's or the command line's `order`).
    pub order: Vec<VarId>,
    /// The spec's declared variables, in declaration order; every other
    /// variable is auxiliary and tried last.
    pub decision: Vec<VarId>,
    pub var: VarOrder,
    pub value: ValueOrder,
    /// The restart policy for a search for one solution.
    pub restarts: Restarts,
    /// Last-conflict reasoning (Lecoutre et al.): after `x = v` fails, `x`
    /// is chosen again while it is open, before the order's own choice.
    pub last_conflict: bool,
    pub seed: u64,
    /// The level of every constraint that does not set its own.
    pub consistency: Consistency,
    pub objective: Option<Objective>,
    /// A second search run in turn with this one for a first solution or
    /// an optimum (never for counts and enumerations, which take the
    /// plan's own order alone).
    pub interleave: Option<Arm>,
    /// `interleave = "off"` in so many words: every search runs alone,
    /// even one whose answer any solution gives (the values solutions
    /// take), which otherwise takes turns with [`ROBUST_ARM`]
    /// (`Session::in_turn_with_robust`).
    pub alone: bool,
    /// Whether the optimal solution printed is the first of the static
    /// search with the objective fixed ([`SearchPlan::at_optimum`]), found
    /// again when branch and bound met another one first, so that it does
    /// not depend on the threads: a spec's promise (docs/parallel.md). Not
    /// FlatZinc's: MiniZinc promises no such thing, and the search again
    /// costs time (ghoulomb 4-8-16 0.46 s against 0.63 s).
    pub canonical_optimum: bool,
    /// The search decides the `phases` only: a node where their variables
    /// are fixed, at a fixpoint, is a leaf that counts as a solution with
    /// the other variables still open. Only for a model whose other
    /// constraints hold whatever those variables are (see
    /// `Session::decide_only`).
    pub projected: bool,
}

impl SearchPlan {
    /// Whether the variable order reads the domains (first-fail, dom/wdeg):
    /// then the tree's shape, not only its pruning, depends on the bound
    /// an objective's search has met.
    pub fn reads_domains(&self) -> bool {
        self.var != VarOrder::Input || self.phases.iter().any(|p| p.var != VarOrder::Input)
    }

    /// Whether branch and bound may meet the optimal solutions in another
    /// order than the static search with the objective fixed to the
    /// optimum ([`SearchPlan::at_optimum`]): the variable order reads the
    /// domains, so that the tree depends on the bounds met, or the search
    /// is not static (learning, random choices, restarts, a second search
    /// in turn). The optimum's solution is then found by one more search
    /// with the objective fixed, so that it does not depend on the threads
    /// or on what the search met.
    pub fn meets_optima_out_of_order(&self) -> bool {
        self.reads_domains() || !self.is_static()
    }

    /// The plan that enumerates the solutions of a known optimum (and
    /// finds the one printed): this one made static. A learning or random
    /// variable order (dom/wdeg, activity, AFC, first-fail with random
    /// ties) is read as first-fail, random values as the smallest, with
    /// no last-conflict, restarts or second search. They serve branch and
    /// bound to find the bounds sooner, but would make the order of the
    /// optimal solutions depend on what the search met, and so on the
    /// threads.
    pub fn at_optimum(&self) -> SearchPlan {
        let static_var = |var: VarOrder| match var {
            VarOrder::Input => VarOrder::Input,
            _ => VarOrder::FirstFail,
        };
        let static_value = |value: ValueOrder| match value {
            ValueOrder::Random => ValueOrder::Min,
            value => value,
        };
        let mut plan = SearchPlan {
            var: static_var(self.var),
            value: static_value(self.value),
            restarts: Restarts::NONE,
            last_conflict: false,
            interleave: None,
            ..self.clone()
        };
        for phase in &mut plan.phases {
            phase.var = static_var(phase.var);
            phase.value = static_value(phase.value);
        }
        debug_assert!(plan.is_static());
        plan
    }

    /// Whether the search is the same below a node whatever was searched
    /// before it: no learning order (dom/wdeg, activity, last-conflict),
    /// no random choice, no restarts, no second search interleaved. Only
    /// then do the parts of a parallel run meet the solutions in the
    /// sequential search's order.
    pub fn is_static(&self) -> bool {
        let fixed = |var: VarOrder, value: ValueOrder| {
            matches!(var, VarOrder::Input | VarOrder::FirstFail) && value != ValueOrder::Random
        };
        fixed(self.var, self.value)
            && self.phases.iter().all(|p| fixed(p.var, p.value))
            && !self.last_conflict
            && self.restarts.policy == RestartPolicy::None
            && self.interleave.is_none()
    }

    /// This plan searched by `arm`'s orders, restarts and last-conflict
    /// (and interleaving nothing).
    pub fn with_arm(&self, arm: Arm) -> SearchPlan {
        SearchPlan {
            var: arm.var,
            value: arm.value,
            restarts: arm.restarts,
            last_conflict: arm.last_conflict,
            interleave: None,
            ..self.clone()
        }
    }

    /// Every phase the search decides in turn over a model of `num_vars`
    /// variables: the declared phases, the `order` (in input order), the
    /// declared variables by `var`, then every other (auxiliary) variable
    /// in input order; empty phases left out (a projected plan: its
    /// phases only). The brancher and the MiniZinc export both read the
    /// search from here.
    pub fn phases_over(&self, num_vars: usize) -> Vec<Phase> {
        if self.projected {
            let mut phases = self.phases.clone();
            phases.retain(|p| !p.vars.is_empty());
            return phases;
        }
        let mut declared = vec![false; num_vars];
        for x in &self.decision {
            declared[x.index()] = true;
        }
        let rest = (0..num_vars)
            .filter(|&i| !declared[i])
            .map(|i| VarId(i as u32))
            .collect();
        let mut phases = self.phases.clone();
        phases.extend([
            Phase {
                vars: self.order.clone(),
                var: VarOrder::Input,
                value: self.value,
            },
            Phase {
                vars: self.decision.clone(),
                var: self.var,
                value: self.value,
            },
            Phase {
                vars: rest,
                var: VarOrder::Input,
                value: self.value,
            },
        ]);
        phases.retain(|p| !p.vars.is_empty());
        phases
    }
}
