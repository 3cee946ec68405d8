//! Brute-force oracle tests for every propagator of the engine, in the style
//! of Gecode's test/int and Pumpkin: many random small instances of one
//! constraint kind (at most about 4 variables, values within -2..=3, random
//! sub-domains, views, literal polarities, relations and reifications), each
//! posted alone into a fresh [`Engine`] and compared against the reference
//! meaning [`Constraint::holds`] over every full assignment of the original
//! domains:
//!
//! 1. soundness: no value that belongs to some solution is removed;
//! 2. propagation fails only when there is no solution;
//! 3. a full assignment is accepted exactly when `holds` says so, both by a
//!    fresh engine whose domains are fixed to it and by assigning it variable
//!    by variable below the propagated root (checkpoint, restore);
//! 4. a second `propagate()` is still `Ok` and changes nothing, and
//!    re-running every propagator on the narrowed domains stays sound;
//! 5. at every fixpoint reached incrementally (the root, and each step of a
//!    descent that removes values without assigning them), running every
//!    propagator again from scratch changes nothing: a propagator that
//!    misses a change it needs (a wrong subscription: element listening to
//!    fixed events instead of domain events, say) fails here.
//!
//! Instances respect what lowering produces: linear terms have distinct
//! variables and non-zero coefficients, reification literals are not among
//! the terms, literals are over 0/1 variables, and the result of `Times`,
//! `Div`, `Rem`, `Abs`, `Max` and element is a variable of its own; inputs
//! may share variables (`x * x`, `alldifferent([x, x + 1])`).
//!
//! A failing instance is first shrunk (values removed from its domains while
//! it still fails) and printed with its constraints and domains.

use crate::Rng;
use solve::engine::Engine;
use solve::model::plan::{Consistency, Restarts, SearchPlan, ValueOrder, VarOrder};
use solve::model::{Automaton, Constraint, IntervalSet, Lit, Model, Posted, Rel, VarId, View};
use solve::search::{Limits, Outcome, Search};

/// The values every generated domain is drawn from.
const LO: i64 = -2;
const HI: i64 = 3;
/// Sometimes added to a domain, so that its span needs interval storage
/// (more than `BITSET_LIMIT` values).
const FAR: i64 = 5000;

/// A set of constraints over variables with explicit small domains.
#[derive(Clone, Debug)]
struct Instance {
    domains: Vec<Vec<i64>>,
    constraints: Vec<Constraint>,
    /// Each constraint's own consistency (`Posted::consistency`), if any.
    levels: Vec<Option<Consistency>>,
}

impl Instance {
    fn model_with(&self, domains: &[Vec<i64>]) -> Model {
        let mut model = Model::default();
        for (i, d) in domains.iter().enumerate() {
            let _ = model.new_var(format!("x{i}"), IntervalSet::from_values(d.clone()), false);
        }
        for (c, &level) in self.constraints.iter().zip(&self.levels) {
            model.constraints.push(Posted {
                constraint: c.clone(),
                origin: "propagator test".to_string(),
                item: String::new(),
                definition: false,
                consistency: level,
            });
        }
        model
    }

    fn model(&self) -> Model {
        self.model_with(&self.domains)
    }

    /// The model with every variable fixed to `values`.
    fn fixed_model(&self, values: &[i64]) -> Model {
        let fixed: Vec<Vec<i64>> = values.iter().map(|&v| vec![v]).collect();
        self.model_with(&fixed)
    }

    fn holds(&self, values: &[i64]) -> bool {
        self.constraints.iter().all(|c| c.holds(values))
    }

    /// Every full assignment of the domains, in lexicographic order.
    fn assignments(&self) -> Vec<Vec<i64>> {
        let mut out = vec![Vec::new()];
        for d in &self.domains {
            let mut next = Vec::with_capacity(out.len() * d.len());
            for prefix in &out {
                for &v in d {
                    let mut a = prefix.clone();
                    a.push(v);
                    next.push(a);
                }
            }
            out = next;
        }
        out
    }

    fn solutions(&self) -> Vec<Vec<i64>> {
        self.assignments()
            .into_iter()
            .filter(|a| self.holds(a))
            .collect()
    }

    /// How big the instance is, to keep the smallest failing one.
    fn weight(&self) -> usize {
        self.domains.iter().map(Vec::len).sum::<usize>() + 4 * self.domains.len()
    }

    fn describe(&self) -> String {
        let mut s = String::new();
        for (i, d) in self.domains.iter().enumerate() {
            s.push_str(&format!("  x{i} (VarId({i})) in {d:?}\n"));
        }
        for (c, level) in self.constraints.iter().zip(&self.levels) {
            s.push_str(&format!("  {c:?}"));
            if let Some(level) = level {
                s.push_str(&format!(" (consistency {level:?})"));
            }
            s.push('\n');
        }
        s
    }
}

/// Random constraints over a growing (or, for mixed instances, fixed) pool
/// of variables.
struct Gen {
    rng: Rng,
    domains: Vec<Vec<i64>>,
    /// Pick from the existing variables instead of creating new ones.
    shared: bool,
    /// Reuse variables once this many exist.
    max_vars: usize,
}

impl Gen {
    fn new(seed: u64, max_vars: usize) -> Gen {
        Gen {
            rng: Rng::new(seed),
            domains: Vec::new(),
            shared: false,
            max_vars,
        }
    }

    /// Starts a new instance: no variables yet.
    fn reset(&mut self, shared: bool) {
        self.domains.clear();
        self.shared = shared;
    }

    /// A random non-empty subset of `values`.
    fn subset(&mut self, values: &[i64]) -> Vec<i64> {
        loop {
            // Sometimes dense (intervals), sometimes sparse.
            let keep = if self.rng.one_in(3) { 4 } else { 2 };
            let d: Vec<i64> = values
                .iter()
                .copied()
                .filter(|_| self.rng.below(keep) != 0)
                .collect();
            if !d.is_empty() {
                return d;
            }
        }
    }

    fn new_var(&mut self, domain: Vec<i64>) -> VarId {
        self.domains.push(domain);
        VarId(self.domains.len() as u32 - 1)
    }

    fn new_int(&mut self) -> VarId {
        let mut d = if self.rng.one_in(6) {
            self.subset(&[0, 1])
        } else {
            let all: Vec<i64> = (LO..=HI).collect();
            self.subset(&all)
        };
        if self.rng.one_in(10) {
            // A far value: the store keeps the domain as intervals, not bits.
            d.push(self.rng.pick(&[-FAR, FAR]));
            d.sort_unstable();
        }
        self.new_var(d)
    }

    fn new_bool(&mut self) -> VarId {
        let d = self.subset(&[0, 1]);
        self.new_var(d)
    }

    fn is_bool(&self, x: VarId) -> bool {
        self.domains[x.index()].iter().all(|&v| v == 0 || v == 1)
    }

    fn reuse(&mut self, candidates: &[VarId]) -> bool {
        !candidates.is_empty()
            && (self.shared || self.domains.len() >= self.max_vars || self.rng.one_in(4))
    }

    /// An integer variable not in `avoid`: an existing one or a new one.
    fn int(&mut self, avoid: &[VarId]) -> VarId {
        let candidates: Vec<VarId> = (0..self.domains.len() as u32)
            .map(VarId)
            .filter(|x| !avoid.contains(x))
            .collect();
        if self.reuse(&candidates) {
            self.rng.pick(&candidates)
        } else {
            self.new_int()
        }
    }

    /// A 0/1 variable not in `avoid`: an existing one or a new one.
    fn boolean(&mut self, avoid: &[VarId]) -> VarId {
        let candidates: Vec<VarId> = (0..self.domains.len() as u32)
            .map(VarId)
            .filter(|&x| !avoid.contains(&x) && self.is_bool(x))
            .collect();
        if self.reuse(&candidates) {
            self.rng.pick(&candidates)
        } else {
            self.new_bool()
        }
    }

    fn view_of(&mut self, var: VarId) -> View {
        if self.rng.one_in(3) {
            return View::of(var);
        }
        View {
            var,
            scale: self.rng.pick(&[-2, -1, 1, 2]),
            offset: self.rng.range(-2, 2),
        }
    }

    /// A random view of an input variable (not one of `avoid`).
    fn view(&mut self, avoid: &[VarId]) -> View {
        let x = self.int(avoid);
        self.view_of(x)
    }

    fn lit(&mut self, avoid: &[VarId]) -> Lit {
        Lit {
            var: self.boolean(avoid),
            positive: self.rng.one_in(2) || self.rng.one_in(3),
        }
    }

    fn linear(&mut self) -> Constraint {
        let n = 1 + self.rng.below(3);
        let mut vars = Vec::new();
        let mut terms = Vec::new();
        for _ in 0..n {
            let x = self.int(&vars);
            vars.push(x);
            let a = self.rng.pick(&[-3, -2, -1, -1, 1, 1, 2, 3]);
            terms.push((a, x));
        }
        let reif = if self.rng.one_in(2) {
            Some(self.lit(&vars))
        } else {
            None
        };
        Constraint::Linear {
            terms,
            rel: self.rng.pick(&[Rel::Le, Rel::Eq, Rel::Ne]),
            rhs: self.rng.range(-4, 4),
            reif,
        }
    }

    /// [`Gen::linear`] with a variable named twice (e.g. `x + 2y - x`),
    /// which the propagator merges.
    fn linear_repeating(&mut self) -> Constraint {
        let mut c = self.linear();
        if let Constraint::Linear { terms, .. } = &mut c {
            let (_, x) = terms[self.rng.below(terms.len())];
            terms.push((self.rng.pick(&[-2, -1, 1, 2]), x));
        }
        c
    }

    fn all_different(&mut self) -> Constraint {
        let n = 2 + self.rng.below(3);
        Constraint::AllDifferent((0..n).map(|_| self.view(&[])).collect())
    }

    /// 2 or 3 alldifferents over shifts (`x + c`, `-x + c`) of the same 2-4
    /// distinct variables, each in its own order: what posting runs as one
    /// group (the queens' rows and diagonals); sometimes a fourth over
    /// other views of them, which stays apart.
    fn shifted_all_different(&mut self) -> Vec<Constraint> {
        let n = 2 + self.rng.below(3);
        let mut vars: Vec<VarId> = Vec::new();
        for _ in 0..n {
            let x = self.int(&vars);
            vars.push(x);
        }
        let members = 2 + self.rng.below(2);
        let mut out: Vec<Constraint> = (0..members)
            .map(|_| {
                let mut order = vars.clone();
                for i in (1..order.len()).rev() {
                    order.swap(i, self.rng.below(i + 1));
                }
                let views = order
                    .iter()
                    .map(|&var| View {
                        var,
                        scale: self.rng.pick(&[-1, 1, 1]),
                        offset: self.rng.range(-3, 3),
                    })
                    .collect();
                Constraint::AllDifferent(views)
            })
            .collect();
        if self.rng.one_in(4) {
            out.push(self.all_different());
        }
        out
    }

    fn element_const(&mut self) -> Constraint {
        let result = self.int(&[]);
        let result = self.view_of(result);
        let index = self.view(&[result.var]);
        let n = 1 + self.rng.below(4);
        let values = (0..n).map(|_| self.rng.range(LO, HI)).collect();
        Constraint::ElementConst {
            index,
            values,
            result,
        }
    }

    fn element_var(&mut self) -> Constraint {
        let result = self.int(&[]);
        let result = self.view_of(result);
        let index = self.view(&[result.var]);
        let n = 1 + self.rng.below(3);
        let array = (0..n).map(|_| self.view(&[result.var])).collect();
        Constraint::ElementVar {
            index,
            array,
            result,
        }
    }

    fn clause(&mut self) -> Constraint {
        let n = 1 + self.rng.below(3);
        let lits: Vec<Lit> = (0..n).map(|_| self.lit(&[])).collect();
        let vars: Vec<VarId> = lits.iter().map(|l| l.var).collect();
        let reif = if self.rng.one_in(3) {
            None
        } else {
            Some(self.lit(&vars))
        };
        Constraint::Clause { lits, reif }
    }

    /// `(x, y, z)` with `z` a variable of its own.
    fn ternary(&mut self) -> (View, View, View) {
        let z = self.int(&[]);
        let z = View::of(z);
        let x = self.view(&[z.var]);
        let y = self.view(&[z.var]);
        (x, y, z)
    }

    fn times(&mut self) -> Constraint {
        let (x, y, z) = self.ternary();
        Constraint::Times { x, y, z }
    }

    fn div(&mut self) -> Constraint {
        let (x, y, z) = self.ternary();
        Constraint::Div { x, y, z }
    }

    fn rem(&mut self) -> Constraint {
        let (x, y, z) = self.ternary();
        Constraint::Rem { x, y, z }
    }

    fn abs(&mut self) -> Constraint {
        let z = self.int(&[]);
        let z = View::of(z);
        let x = self.view(&[z.var]);
        Constraint::Abs { x, z }
    }

    fn max(&mut self) -> Constraint {
        let z = self.int(&[]);
        // Lowering gives `z` or `-z` (min is max over negated views).
        let z = View {
            var: z,
            scale: self.rng.pick(&[1, -1]),
            offset: 0,
        };
        let n = 1 + self.rng.below(3);
        let xs = (0..n).map(|_| self.view(&[z.var])).collect();
        Constraint::Max { xs, z }
    }

    /// A table over views, with up to five rows of values near the domains.
    fn table(&mut self) -> Constraint {
        let n = 1 + self.rng.below(3);
        let xs: Vec<View> = (0..n).map(|_| self.view(&[])).collect();
        let rows = (0..self.rng.below(6))
            .map(|_| (0..n).map(|_| self.rng.range(LO - 1, HI + 1)).collect())
            .collect();
        Constraint::Table { xs, rows }
    }

    /// A circuit over up to four successor variables (nodes from `base`).
    fn circuit(&mut self) -> Constraint {
        let n = 1 + self.rng.below(4);
        let base = self.rng.pick(&[0, 0, 1, -1]);
        let succ = (0..n).map(|_| View::of(self.int(&[]))).collect();
        Constraint::Circuit { succ, base }
    }

    /// `regular` over up to four views (which may share variables): an
    /// automaton of up to four states numbered from a random first one,
    /// up to eight random transitions (so sometimes nondeterministic, with
    /// values near the domains), a random start and accepting states.
    fn regular(&mut self) -> Constraint {
        let n = 1 + self.rng.below(4);
        let xs = (0..n).map(|_| self.view(&[])).collect();
        let first = self.rng.pick(&[0, 1, -3, 10]);
        let states = 1 + self.rng.below(4) as i64;
        let state = |g: &mut Gen| first + g.rng.below(states as usize) as i64;
        let transitions = (0..self.rng.below(9))
            .map(|_| (state(self), self.rng.range(LO - 1, HI + 1), state(self)))
            .collect();
        let start = state(self);
        let mut accepting: Vec<i64> = (0..self.rng.below(3)).map(|_| state(self)).collect();
        accepting.sort_unstable();
        Constraint::Regular {
            xs,
            automaton: Automaton {
                transitions,
                start,
                accepting,
            },
        }
    }

    /// `regular` with 65 to 140 states (so layers of two or three words),
    /// each state with two to five transitions to a state up to 70 away in
    /// either direction (moves that cross words), half the states
    /// accepting.
    fn regular_wide(&mut self) -> Constraint {
        let n = 1 + self.rng.below(4);
        let xs = (0..n).map(|_| self.view(&[])).collect();
        let states = 65 + self.rng.below(76) as i64;
        let mut transitions = Vec::new();
        for from in 0..states {
            for _ in 0..2 + self.rng.below(4) {
                let to = (from + self.rng.range(-70, 70)).clamp(0, states - 1);
                transitions.push((from, self.rng.range(LO - 1, HI + 1), to));
            }
        }
        let start = self.rng.below(states as usize) as i64;
        let mut accepting: Vec<i64> = (0..states).filter(|_| self.rng.one_in(2)).collect();
        accepting.sort_unstable();
        Constraint::Regular {
            xs,
            automaton: Automaton {
                transitions,
                start,
                accepting,
            },
        }
    }

    fn lex(&mut self) -> Constraint {
        let n = 1 + self.rng.below(3);
        let xs = (0..n).map(|_| self.view(&[])).collect();
        let ys = (0..n).map(|_| self.view(&[])).collect();
        Constraint::Lex {
            xs,
            ys,
            strict: self.rng.one_in(2),
        }
    }
}

/// One constraint kind: its generator.
type Kind = fn(&mut Gen) -> Constraint;

fn domains(engine: &Engine) -> Vec<Vec<i64>> {
    (0..engine.store().num_vars() as u32)
        .map(|i| engine.store().domain(VarId(i)).values().collect())
        .collect()
}

/// Properties 1-5 for one instance; `Err` says which one failed and how.
fn check(inst: &Instance, consistency: Consistency) -> Result<(), String> {
    let solutions = inst.solutions();
    let mut engine = Engine::new(&inst.model(), consistency);
    let root = engine.propagate();
    if root.is_err() {
        if let Some(s) = solutions.first() {
            return Err(format!("root propagation failed, but {s:?} is a solution"));
        }
    } else {
        let after = domains(&engine);
        for (i, d) in after.iter().enumerate() {
            if d.iter().any(|v| !inst.domains[i].contains(v)) {
                return Err(format!("x{i} gained values: {d:?}"));
            }
        }
        for s in &solutions {
            for (i, d) in after.iter().enumerate() {
                if !d.contains(&s[i]) {
                    return Err(format!(
                        "unsound: x{i} = {} removed, but {s:?} is a solution (x{i} left with {d:?})",
                        s[i]
                    ));
                }
            }
        }
        let check_only = inst
            .levels
            .iter()
            .all(|level| level.unwrap_or(consistency) == Consistency::Check);
        if check_only && after != inst.domains {
            return Err(format!("Check consistency pruned the domains to {after:?}"));
        }
        if engine.propagate().is_err() {
            return Err("a second propagate() failed".to_string());
        }
        if domains(&engine) != after {
            return Err(format!(
                "a second propagate() changed the domains from {after:?} to {:?}",
                domains(&engine)
            ));
        }
        // Every propagator again, on the narrowed domains: still sound.
        let cp = engine.store_mut().checkpoint();
        engine.schedule_all();
        let again = engine.propagate();
        if let Some(s) = solutions.first()
            && again.is_err()
        {
            return Err(format!(
                "re-running every propagator failed, but {s:?} is a solution"
            ));
        }
        if again.is_ok() {
            let narrowed = domains(&engine);
            for s in &solutions {
                for (i, d) in narrowed.iter().enumerate() {
                    if !d.contains(&s[i]) {
                        return Err(format!(
                            "unsound on re-run: x{i} = {} removed, but {s:?} is a solution \
                             (x{i} left with {d:?})",
                            s[i]
                        ));
                    }
                }
            }
        }
        engine.store_mut().restore(cp);
        if domains(&engine) != after {
            return Err("restore did not give back the propagated root".to_string());
        }
        from_scratch_changes_nothing(&mut engine, "the propagated root")?;
        removal_descent(inst, &mut engine)?;
    }
    let n = inst.domains.len();
    for (k, a) in inst.assignments().iter().enumerate() {
        let holds = inst.holds(a);
        // A fresh engine over the fixed domains.
        let mut leaf = Engine::new(&inst.fixed_model(a), consistency);
        let accepted = leaf.propagate().is_ok();
        if accepted != holds {
            return Err(format!(
                "leaf {a:?}: holds is {holds}, but a fresh engine with these fixed domains {}",
                if accepted { "accepts it" } else { "rejects it" }
            ));
        }
        // Assigning it variable by variable below the propagated root.
        if root.is_err() {
            continue;
        }
        let cp = engine.store_mut().checkpoint();
        let mut ok = true;
        for j in 0..n {
            let i = if k % 2 == 0 { j } else { n - 1 - j };
            if engine.store_mut().assign(VarId(i as u32), a[i]).is_err()
                || engine.propagate().is_err()
            {
                ok = false;
                break;
            }
        }
        engine.store_mut().restore(cp);
        if ok != holds {
            return Err(format!(
                "leaf {a:?}: holds is {holds}, but assigning it variable by variable at the \
                 propagated root {}",
                if ok { "succeeds" } else { "fails" }
            ));
        }
    }
    Ok(())
}

/// At a fixpoint reached incrementally (each propagator woken only by the
/// changes it subscribed to), running every propagator again from scratch
/// must change nothing: otherwise some propagator missed a change it needed
/// to hear of (a missing subscription).
fn from_scratch_changes_nothing(engine: &mut Engine, at: &str) -> Result<(), String> {
    let before = domains(engine);
    let cp = engine.store_mut().checkpoint();
    engine.schedule_all();
    let again = engine.propagate();
    let after = domains(engine);
    engine.store_mut().restore(cp);
    match again {
        Err(_) => Err(format!(
            "at {at} ({before:?}), a fixpoint, running every propagator from scratch fails"
        )),
        Ok(()) if after != before => Err(format!(
            "at {at}, a fixpoint, running every propagator from scratch narrows {before:?} \
             to {after:?}: a propagator missed a change (a missing subscription?)"
        )),
        Ok(()) => Ok(()),
    }
}

/// Removes values one by one from the inside and the edges of the
/// domains (domain and bounds events, no assignment), propagating after
/// each; at every fixpoint on the way, a from-scratch run changes nothing.
fn removal_descent(inst: &Instance, engine: &mut Engine) -> Result<(), String> {
    let cp = engine.store_mut().checkpoint();
    let mut result = Ok(());
    'descent: for (i, values) in inst.domains.iter().enumerate() {
        for (k, &v) in values.iter().enumerate() {
            let x = VarId(i as u32);
            if k % 2 == 1 || engine.store().size(x) <= 1 || !engine.store().contains(x, v) {
                continue;
            }
            if engine.store_mut().remove(x, v).is_err() || engine.propagate().is_err() {
                break 'descent;
            }
            let at = format!("x{i} != {v} in the removal descent");
            if let Err(e) = from_scratch_changes_nothing(engine, &at) {
                result = Err(e);
                break 'descent;
            }
        }
    }
    engine.store_mut().restore(cp);
    result
}

/// Removes values from the domains while the instance still fails.
fn shrink(mut inst: Instance, consistency: Consistency) -> (Instance, String) {
    let mut message = check(&inst, consistency).expect_err("a failing instance");
    loop {
        let mut smaller = false;
        for i in 0..inst.domains.len() {
            let mut k = 0;
            while k < inst.domains[i].len() {
                if inst.domains[i].len() == 1 {
                    break;
                }
                let mut candidate = inst.clone();
                let _ = candidate.domains[i].remove(k);
                match check(&candidate, consistency) {
                    Err(m) => {
                        inst = candidate;
                        message = m;
                        smaller = true;
                    }
                    Ok(()) => k += 1,
                }
            }
        }
        if !smaller {
            return (inst, message);
        }
    }
}

/// Runs `count` random instances of one kind; panics with the smallest
/// failing instance (shrunk). Also asserts that a fair share of instances
/// have solutions and (with propagation) get pruned, so the instances are
/// not all trivial.
fn run(name: &str, seed: u64, count: usize, max_vars: usize, kind: Kind, consistency: Consistency) {
    run_many(name, seed, count, max_vars, |g| vec![kind(g)], consistency);
}

/// [`run`] for instances of several constraints, made by `kind`.
fn run_many(
    name: &str,
    seed: u64,
    count: usize,
    max_vars: usize,
    kind: impl Fn(&mut Gen) -> Vec<Constraint>,
    consistency: Consistency,
) {
    let mut g = Gen::new(seed, max_vars);
    let mut worst: Option<(Instance, Consistency)> = None;
    let mut failures = 0;
    let (mut satisfiable, mut pruned) = (0, 0);
    for k in 0..count {
        g.reset(false);
        let constraints = kind(&mut g);
        // Check is asked for either for the whole engine or, every other
        // time, for the constraint alone (`Posted::consistency`).
        let (consistency, level) = match consistency {
            Consistency::Check if k % 2 == 1 => (Consistency::Propagate, Some(Consistency::Check)),
            c => (c, None),
        };
        let inst = Instance {
            domains: g.domains.clone(),
            levels: vec![level; constraints.len()],
            constraints,
        };
        if check(&inst, consistency).is_err() {
            failures += 1;
            if worst
                .as_ref()
                .is_none_or(|(w, _)| inst.weight() < w.weight())
            {
                worst = Some((inst, consistency));
            }
            continue;
        }
        if !inst.solutions().is_empty() {
            satisfiable += 1;
            let mut engine = Engine::new(&inst.model(), consistency);
            if engine.propagate().is_ok() && domains(&engine) != inst.domains {
                pruned += 1;
            }
        }
    }
    if let Some((inst, consistency)) = worst {
        let (small, message) = shrink(inst, consistency);
        panic!(
            "{name} ({consistency:?}): {failures} of {count} random instances fail; \
             smallest after shrinking:\n{}=> {message}",
            small.describe()
        );
    }
    assert!(
        satisfiable * 10 >= count,
        "{name}: poor coverage, {satisfiable} of {count} instances have solutions"
    );
    if consistency != Consistency::Check {
        assert!(
            pruned * 20 >= count,
            "{name}: poor coverage, only {pruned} of {count} instances were pruned at all"
        );
    }
}

const N: usize = 1500;

#[test]
fn linear_matches_brute_force() {
    run("linear", 1, N, 4, Gen::linear, Consistency::Propagate);
    run(
        "linear-repeating",
        19,
        N / 2,
        4,
        Gen::linear_repeating,
        Consistency::Propagate,
    );
}

#[test]
fn all_different_matches_brute_force() {
    run(
        "all_different",
        2,
        N,
        4,
        Gen::all_different,
        Consistency::Propagate,
    );
}

/// Alldifferents over shifts of the same variables share one propagator
/// (`engine::post::group`): through the whole harness, and with the same
/// fixpoint as the same constraints posted apart (one batch each), at the
/// root and after each assignment of a random order.
#[test]
fn grouped_all_different_matches_brute_force_and_apart() {
    run_many(
        "grouped all_different",
        22,
        N,
        4,
        Gen::shifted_all_different,
        Consistency::Propagate,
    );
    let mut g = Gen::new(23, 4);
    let mut compared = 0;
    for _ in 0..N {
        g.reset(false);
        let constraints = g.shifted_all_different();
        let inst = Instance {
            domains: g.domains.clone(),
            levels: vec![None; constraints.len()],
            constraints,
        };
        let model = inst.model();
        let mut grouped = Engine::new(&model, Consistency::Propagate);
        let mut apart = Engine::empty(Consistency::Propagate);
        for info in &model.vars {
            let _ = apart.add_var(&info.domain);
        }
        for (i, posted) in model.constraints.iter().enumerate() {
            apart.post_all(&[(i, posted)]);
        }
        let mut steps = vec![(grouped.propagate().is_ok(), apart.propagate().is_ok())];
        let order: Vec<usize> = (0..inst.domains.len()).rev().collect();
        for &i in &order {
            if !(steps.last().expect("root").0) {
                break;
            }
            assert_eq!(domains(&grouped), domains(&apart), "{}", inst.describe());
            let x = VarId(i as u32);
            let v = grouped.store().min(x);
            let a = grouped.store_mut().assign(x, v).is_ok() && grouped.propagate().is_ok();
            let b = apart.store_mut().assign(x, v).is_ok() && apart.propagate().is_ok();
            steps.push((a, b));
        }
        for (a, b) in &steps {
            assert_eq!(
                a,
                b,
                "grouped and apart disagree on failure\n{}",
                inst.describe()
            );
        }
        compared += steps.len();
    }
    assert!(compared > 2 * N, "poor coverage: {compared} steps compared");
}

/// `Consistency::Bounds`: alldifferent with Hall intervals on top.
#[test]
fn all_different_bounds_matches_brute_force() {
    run(
        "all_different_bounds",
        12,
        N,
        4,
        Gen::all_different,
        Consistency::Bounds,
    );
}

/// `Consistency::Domain`: alldifferent by Régin's matching, through the
/// whole harness (soundness, checking, incremental fixpoints).
#[test]
fn all_different_domain_matches_brute_force() {
    run(
        "all_different_domain",
        13,
        N,
        4,
        Gen::all_different,
        Consistency::Domain,
    );
}

/// Domain consistency is complete as well as sound: after root
/// propagation, every value left in a domain is taken by that variable in
/// some solution of the alldifferent (brute force); tight random instances
/// (n variables, values among n + 1) make the matching reasoning (Hall
/// sets of values) prune beyond value elimination.
#[test]
fn all_different_domain_leaves_only_supported_values() {
    let mut rng = Rng::new(14);
    let mut beyond_propagate = 0;
    let count = 600;
    for _ in 0..count {
        let n = rng.range(3, 6) as usize;
        let given: Vec<Vec<i64>> = (0..n)
            .map(|_| {
                loop {
                    let d: Vec<i64> = (0..=n as i64).filter(|_| rng.one_in(2)).collect();
                    if !d.is_empty() {
                        break d;
                    }
                }
            })
            .collect();
        let inst = Instance {
            domains: given,
            constraints: vec![Constraint::AllDifferent(
                (0..n).map(|i| View::of(VarId(i as u32))).collect(),
            )],
            levels: vec![None],
        };
        let solutions = inst.solutions();
        let mut engine = Engine::new(&inst.model(), Consistency::Domain);
        let root = engine.propagate();
        if solutions.is_empty() {
            assert!(
                root.is_err(),
                "no solution, but root propagation passed: {}",
                inst.describe()
            );
            continue;
        }
        assert!(root.is_ok(), "{}", inst.describe());
        let after = domains(&engine);
        for (i, d) in after.iter().enumerate() {
            for v in d {
                assert!(
                    solutions.iter().any(|s| s[i] == *v),
                    "x{i} keeps {v}, which no solution gives it: {}",
                    inst.describe()
                );
            }
            for s in &solutions {
                assert!(
                    d.contains(&s[i]),
                    "x{i} lost {}, which a solution gives it: {}",
                    s[i],
                    inst.describe()
                );
            }
        }
        if prunes_beyond_value_elimination(&inst, &after) {
            beyond_propagate += 1;
        }
    }
    assert!(
        beyond_propagate * 30 >= count,
        "only {beyond_propagate} instances pruned beyond value elimination"
    );
}

/// Bounds consistency is complete: after root propagation of an
/// alldifferent over interval domains, each bound of each variable is
/// taken in some assignment of the others, each within its own bounds, all
/// different (found by bipartite matching, not by the propagator's Hall
/// intervals); and an instance with no such assignment fails at the root.
#[test]
fn all_different_bounds_leaves_supported_bounds() {
    let mut rng = Rng::new(18);
    let (count, mut beyond_propagate) = (800, 0);
    for _ in 0..count {
        let n = rng.range(2, 7) as usize;
        let given: Vec<Vec<i64>> = (0..n)
            .map(|_| {
                // Tight: n intervals of up to 4 values among n + 2.
                let lo = rng.range(-1, n as i64 - 1);
                (lo..=(lo + rng.range(0, 3)).min(n as i64)).collect()
            })
            .collect();
        let inst = Instance {
            domains: given.clone(),
            constraints: vec![Constraint::AllDifferent(
                (0..n).map(|i| View::of(VarId(i as u32))).collect(),
            )],
            levels: vec![None],
        };
        let intervals: Vec<(i64, i64)> = given.iter().map(|d| (d[0], d[d.len() - 1])).collect();
        let mut engine = Engine::new(&inst.model(), Consistency::Bounds);
        if engine.propagate().is_err() {
            assert!(
                !distinct_within(&intervals, None),
                "fails at the root, but the intervals have a distinct assignment: {}",
                inst.describe()
            );
            continue;
        }
        let after = domains(&engine);
        let bounds: Vec<(i64, i64)> = after.iter().map(|d| (d[0], d[d.len() - 1])).collect();
        for (i, &(lo, hi)) in bounds.iter().enumerate() {
            for b in [lo, hi] {
                assert!(
                    distinct_within(&bounds, Some((i, b))),
                    "x{i} keeps the bound {b}, which no assignment within the bounds \
                     {bounds:?} gives it: {}",
                    inst.describe()
                );
            }
        }
        if prunes_beyond_value_elimination(&inst, &after) {
            beyond_propagate += 1;
        }
    }
    assert!(
        beyond_propagate * 10 >= count,
        "only {beyond_propagate} instances pruned beyond value elimination"
    );
}

/// Whether `after` (a stronger level's fixpoint) is narrower than value
/// elimination's: the coverage check of the completeness tests.
fn prunes_beyond_value_elimination(inst: &Instance, after: &[Vec<i64>]) -> bool {
    let mut plain = Engine::new(&inst.model(), Consistency::Propagate);
    plain.propagate().is_ok() && domains(&plain) != after
}

/// Whether each variable can take a different value within its interval
/// (with `fixed = (i, v)`: variable `i` taking `v`), by augmenting paths.
fn distinct_within(intervals: &[(i64, i64)], fixed: Option<(usize, i64)>) -> bool {
    fn augment(
        i: usize,
        options: &[Vec<i64>],
        owner: &mut std::collections::HashMap<i64, usize>,
        seen: &mut Vec<i64>,
    ) -> bool {
        for &v in &options[i] {
            if seen.contains(&v) {
                continue;
            }
            seen.push(v);
            let free = match owner.get(&v) {
                None => true,
                Some(&j) => augment(j, options, owner, seen),
            };
            if free {
                let _ = owner.insert(v, i);
                return true;
            }
        }
        false
    }
    let options: Vec<Vec<i64>> = intervals
        .iter()
        .enumerate()
        .map(|(i, &(lo, hi))| match fixed {
            Some((j, v)) if j == i => vec![v],
            _ => (lo..=hi).collect(),
        })
        .collect();
    let mut owner = std::collections::HashMap::new();
    (0..options.len()).all(|i| augment(i, &options, &mut owner, &mut Vec::new()))
}

#[test]
fn element_const_matches_brute_force() {
    run(
        "element_const",
        3,
        N,
        3,
        Gen::element_const,
        Consistency::Propagate,
    );
}

#[test]
fn element_var_matches_brute_force() {
    run(
        "element_var",
        4,
        N,
        4,
        Gen::element_var,
        Consistency::Propagate,
    );
}

#[test]
fn clause_matches_brute_force() {
    run("clause", 5, N, 4, Gen::clause, Consistency::Propagate);
}

#[test]
fn times_matches_brute_force() {
    run("times", 6, N, 3, Gen::times, Consistency::Propagate);
}

#[test]
fn div_matches_brute_force() {
    run("div", 7, N, 3, Gen::div, Consistency::Propagate);
}

#[test]
fn rem_matches_brute_force() {
    run("rem", 8, N, 3, Gen::rem, Consistency::Propagate);
}

#[test]
fn abs_matches_brute_force() {
    run("abs", 9, N, 2, Gen::abs, Consistency::Propagate);
}

#[test]
fn max_matches_brute_force() {
    run("max", 10, N, 4, Gen::max, Consistency::Propagate);
}

#[test]
fn lex_matches_brute_force() {
    run("lex", 11, N, 4, Gen::lex, Consistency::Propagate);
}

#[test]
fn table_matches_brute_force() {
    run("table", 12, N, 4, Gen::table, Consistency::Propagate);
}

/// Generalised arc consistency: after propagation every value left is
/// used by some row whose values are all left.
#[test]
fn table_leaves_only_supported_values() {
    let mut g = Gen::new(13, 4);
    for _ in 0..N {
        g.reset(false);
        let c = g.table();
        let inst = Instance {
            domains: g.domains.clone(),
            constraints: vec![c.clone()],
            levels: vec![None],
        };
        let mut engine = Engine::new(&inst.model(), Consistency::Propagate);
        if engine.propagate().is_err() {
            continue;
        }
        let left = domains(&engine);
        let Constraint::Table { xs, rows } = &c else {
            unreachable!()
        };
        for (j, x) in xs.iter().enumerate() {
            for &v in &left[x.var.index()] {
                let supported = rows.iter().any(|row| {
                    x.value(v) == row[j]
                        && xs.iter().zip(row).all(|(y, &r)| {
                            left[y.var.index()].iter().any(|&w| y.value(w) == r)
                                && (y.var != x.var || y.value(v) == r)
                        })
                });
                assert!(
                    supported,
                    "{}: value {v} of x{} has no row",
                    inst.describe(),
                    x.var.0
                );
            }
        }
    }
}

#[test]
fn regular_matches_brute_force() {
    run("regular", 15, N, 4, Gen::regular, Consistency::Propagate);
    run(
        "regular-wide",
        17,
        N / 2,
        4,
        Gen::regular_wide,
        Consistency::Propagate,
    );
}

/// Domain consistency: after propagation every value left is part of some
/// word over the values left that the automaton accepts (when no variable
/// stands at two positions: the layered graph then reads each position on
/// its own, as Pesant's algorithm does).
#[test]
fn regular_leaves_only_supported_values() {
    let mut g = Gen::new(16, 4);
    for k in 0..N {
        g.reset(false);
        let c = if k % 2 == 0 {
            g.regular()
        } else {
            g.regular_wide()
        };
        let mut vars = c.vars();
        vars.sort_unstable();
        vars.dedup();
        if vars.len() < c.vars().len() {
            continue;
        }
        let inst = Instance {
            domains: g.domains.clone(),
            constraints: vec![c.clone()],
            levels: vec![None],
        };
        let mut engine = Engine::new(&inst.model(), Consistency::Propagate);
        if engine.propagate().is_err() {
            continue;
        }
        let left = domains(&engine);
        // Every assignment of the values left, by odometer.
        let mut supported: Vec<Vec<i64>> = vec![Vec::new(); left.len()];
        let mut at = vec![0usize; left.len()];
        'all: loop {
            let values: Vec<i64> = at.iter().zip(&left).map(|(&k, d)| d[k]).collect();
            if c.holds(&values) {
                for (var, &v) in values.iter().enumerate() {
                    supported[var].push(v);
                }
            }
            for k in 0..at.len() {
                at[k] += 1;
                if at[k] < left[k].len() {
                    continue 'all;
                }
                at[k] = 0;
            }
            break;
        }
        for x in c.vars() {
            for &v in &left[x.index()] {
                assert!(
                    supported[x.index()].contains(&v),
                    "{}: value {v} of x{} is in no accepted word",
                    inst.describe(),
                    x.0
                );
            }
        }
    }
}

#[test]
fn circuit_matches_brute_force() {
    run("circuit", 14, N, 4, Gen::circuit, Consistency::Propagate);
}

/// `Consistency::Check`: no pruning, and leaves accepted exactly when the
/// constraint holds.
#[test]
fn check_consistency_matches_brute_force() {
    let kinds: [(&str, Kind, usize); 14] = [
        ("linear", Gen::linear, 4),
        ("all_different", Gen::all_different, 4),
        ("element_const", Gen::element_const, 3),
        ("element_var", Gen::element_var, 4),
        ("clause", Gen::clause, 4),
        ("times", Gen::times, 3),
        ("div", Gen::div, 3),
        ("rem", Gen::rem, 3),
        ("abs", Gen::abs, 2),
        ("max", Gen::max, 4),
        ("lex", Gen::lex, 4),
        ("table", Gen::table, 4),
        ("circuit", Gen::circuit, 4),
        ("regular", Gen::regular, 4),
    ];
    for (k, (name, kind, max_vars)) in kinds.into_iter().enumerate() {
        run(
            name,
            100 + k as u64,
            300,
            max_vars,
            kind,
            Consistency::Check,
        );
    }
}

/// Every kind at once, for the search test.
const KINDS: [Kind; 14] = [
    Gen::linear,
    Gen::all_different,
    Gen::element_const,
    Gen::element_var,
    Gen::clause,
    Gen::times,
    Gen::div,
    Gen::rem,
    Gen::abs,
    Gen::max,
    Gen::lex,
    Gen::table,
    Gen::circuit,
    Gen::regular,
];

/// All solutions found by a search over every variable.
fn search_all(
    engine: &mut Engine,
    num_vars: usize,
    var: VarOrder,
    value: ValueOrder,
) -> Vec<Vec<i64>> {
    let plan = SearchPlan {
        phases: Vec::new(),
        order: vec![],
        decision: (0..num_vars as u32).map(VarId).collect(),
        var,
        value,
        restarts: Restarts::NONE,
        seed: 7,
        consistency: Consistency::Propagate,
        objective: None,
    };
    let mut search = Search::new(engine, &plan, Limits::default(), Restarts::NONE);
    let mut found = Vec::new();
    loop {
        match search.next() {
            Outcome::Solution => found.push(search.values()),
            Outcome::Exhausted => return found,
            Outcome::LimitReached => panic!("no limit was set, but one was reached"),
        }
    }
}

/// 2-3 constraints of mixed kinds over 3-4 shared variables: the search
/// finds exactly the brute-force solutions, each once, and finds them again
/// after returning to the root.
#[test]
fn search_agrees_with_brute_force() {
    let mut g = Gen::new(99, 4);
    let (mut satisfiable, mut count) = (0, 0);
    for round in 0..1500 {
        g.reset(false);
        let n = 3 + g.rng.below(2);
        let booleans = 1 + g.rng.below(2);
        for i in 0..n {
            let _ = if i < booleans {
                g.new_bool()
            } else {
                g.new_int()
            };
        }
        g.shared = true;
        let m = 2 + g.rng.below(2);
        let constraints: Vec<Constraint> = (0..m)
            .map(|_| {
                let kind = g.rng.pick(&KINDS);
                kind(&mut g)
            })
            .collect();
        let levels: Vec<Option<Consistency>> = (0..m)
            .map(|_| match g.rng.below(7) {
                0 => Some(Consistency::Check),
                1 => Some(Consistency::Propagate),
                2 => Some(Consistency::Bounds),
                _ => None,
            })
            .collect();
        let consistency = if g.rng.one_in(4) {
            Consistency::Check
        } else {
            Consistency::Propagate
        };
        let var = g.rng.pick(&[
            VarOrder::Input,
            VarOrder::FirstFail,
            VarOrder::FirstFailRandom,
            VarOrder::DomWdeg,
        ]);
        let value = g.rng.pick(&[
            ValueOrder::Min,
            ValueOrder::Max,
            ValueOrder::Random,
            ValueOrder::Split,
        ]);
        let inst = Instance {
            domains: g.domains.clone(),
            constraints,
            levels,
        };
        let expected = inst.solutions();
        let mut engine = Engine::new(&inst.model(), consistency);
        let nv = inst.domains.len();
        let mut found = search_all(&mut engine, nv, var, value);
        let context = || {
            format!(
                "round {round}, {consistency:?}, {var:?}, {value:?}:\n{}",
                inst.describe()
            )
        };
        for s in &found {
            assert!(
                inst.holds(s),
                "search returned {s:?}, which violates a constraint\n{}",
                context()
            );
        }
        found.sort();
        let before = found.len();
        found.dedup();
        assert_eq!(
            before,
            found.len(),
            "search returned a solution twice\n{}",
            context()
        );
        assert_eq!(
            found,
            expected,
            "search and brute force disagree ({} vs {} solutions)\n{}",
            found.len(),
            expected.len(),
            context()
        );
        // Back at the root, a second search finds the same solutions.
        let mut again = search_all(&mut engine, nv, VarOrder::Input, ValueOrder::Min);
        again.sort();
        assert_eq!(again, expected, "a second search disagrees\n{}", context());
        count += 1;
        if !expected.is_empty() {
            satisfiable += 1;
        }
    }
    assert!(
        satisfiable * 10 >= count,
        "poor coverage: {satisfiable} of {count} mixed instances have solutions"
    );
}
