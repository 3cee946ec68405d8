//! Lowering: a checked spec to a flat [`Model`], by partial evaluation.
//!
//! Expressions are evaluated with params as constants and declared variables
//! as symbolic values; whatever is known folds to a constant, whatever
//! depends on variables becomes model constraints, with auxiliary variables
//! where a primitive needs one (`x * y`, `a[i]` with a variable `i`, a
//! reified comparison inside `count`, ...). Offsets and scales stay views.
//!
//! The passes of the pipeline (`src/compile.rs`, above) that belong to
//! the language:
//! - `params.rs`: `[params]` to constants; `vars.rs`: `[vars]` to model
//!   variables; `constraints.rs`: posts `[constraints]`; `plan.rs`: the
//!   search plan and the objective.
//!
//! The evaluator they and the extensions' passes use:
//! - `eval.rs`: expressions to values (value context: reify what must be).
//! - `post.rs`: constraints at the root (no reification needed).
//! - `call.rs`: builtins and user functions (memoised on constants).
//! - `globals.rs`: table, global_cardinality, circuit, increasing,
//!   decreasing, count of a value.
//! - `automaton.rs`: regular, nonogram_line; `scheduling.rs`: cumulative, disjunctive.
//! - `grid.rs`: `m[r][c]` with a variable row, as one element.
//! - `sums.rs`: a named sum's linear constraint, posted on its variable.
//! - `scope.rs`: the context (origin, item, locals, ...) for one call.
//! - `index.rs`: an `index` declaration as a range of positions.
//! - `network.rs`: a scratch lowering over input variables as a network.
//! - `later.rs`: what constraints added later need; marks to retract them.
//! - `budget.rs`: the items, model size and time lowering may spend.
//! - `options.rs`: the command line's overrides.
//!
//! The extensions' passes (in `src/symmetry/`, `src/game/`, `src/moves/`)
//! are free functions over this API, the Lowerer's contract with them:
//! - evaluate and post: `eval`, `eval_bool`, `lin`, `int`, `items`, `flat_items`, `index`,
//!   `post`, `at_root`, `linear`, `post_constraint`, `post_false`, `reify_compare`, `and`,
//!   `view`: each records what it posts under the current origin and item;
//! - the context: [`Lowerer::scoped`] with a [`Scope`] (origin, item,
//!   locals, consistency), `with_defining`; never set by hand;
//! - names: `lookup`, `globals`, `define_global`, `functions`;
//! - scratch networks: `scratch` (a lowering of its own over the params),
//!   `input_var`, `guards_mark`, `network`;
//! - the budget: `tick`, `check_budget`, `spend_symmetry`,
//!   `model_and_budget`, `stop`; marks: `mark`, `truncate`;
//! - the caches read by symmetry: `reified`.

mod automaton;
mod budget;
pub(crate) mod cages;
mod call;
pub(crate) mod constraints;
pub(crate) mod eval;
mod globals;
mod graphs;
mod grid;
mod index;
pub(crate) mod later;
mod lists;
mod loops;
pub(crate) mod network;
mod options;
pub(crate) mod params;
pub(crate) mod plan;
mod post;
mod scheduling;
mod scope;
pub(crate) mod sums;
pub(crate) mod value;
pub(crate) mod vars;

pub(crate) use budget::{MAX_RANGE_ITEMS, is_limit};
pub use later::{Later, ModelMark};
pub use options::Options;
pub use scope::Scope;

use crate::constraints::{Clause, Linear};
use crate::diagnostic::Diagnostic;
use crate::model::{Constraint, IntervalSet, Lit, Model, Posted, Rel, VarId, View};
use crate::source::Span;
use crate::spec::ast::{Expr, Function};
use crate::stop::Stop;
pub(crate) use budget::Budget;
use std::collections::HashMap;
use std::sync::Arc;
use value::{BoolVal, LinExpr, R, Value, out_of_range, overflow};

/// Declared domains must stay within +-2^40; every sum, view and auxiliary
/// variable is then checked against `MAX_SUM` so propagators never overflow.
pub const MAX_DOMAIN: i64 = 1 << 40;
/// Every variable of the model (declared, auxiliary or a constant used as a
/// variable), every view and every linear sum lies strictly within
/// +-`MAX_SUM`, so that a propagator may add two such values in 64 bits.
const MAX_SUM: i64 = 1 << 62;

/// A reified linear constraint: terms, relation, right-hand side.
pub(crate) type ReifKey = (Vec<(i64, VarId)>, Rel, i64);

/// The spec's functions by name, shared (cloned by reference) between
/// the lowering, the output plan and every scratch lowering.
pub type Functions = Arc<HashMap<String, Arc<Function>>>;

/// The evaluation state: the model being built and the names in scope.
#[derive(Clone, Debug, Default)]
pub struct Lowerer {
    pub model: Model,
    /// Params and declared variables by name; shared, copied on the
    /// first write after a clone.
    globals: Arc<HashMap<String, Value>>,
    functions: Functions,
    locals: Vec<(String, Value)>,
    /// Name of the constraint being lowered, recorded on what it posts.
    origin: String,
    /// Which item of it (see [`Posted::item`]).
    item: String,
    /// Inside a value context: what is posted defines an auxiliary
    /// variable (see [`Posted::definition`]).
    defining: bool,
    /// That constraint's own consistency level, if any.
    consistency: Option<crate::model::plan::Consistency>,
    constants: HashMap<i64, VarId>,
    /// Definedness conditions raised by partial operations (a variable
    /// index, a variable divisor) and not yet consumed by the nearest
    /// boolean context, which is false where they are.
    guards: Vec<BoolVal>,
    /// Items, model size and deadline.
    budget: Budget,
    reified: HashMap<ReifKey, Lit>,
    /// Calls of user functions on constant arguments whose value is a
    /// constant: computed once (see `call.rs`).
    memo: HashMap<(String, Vec<call::KeyPart>), Value>,
    /// The last text `chars` split, kept: `chars(row)[c]` over `c`.
    last_chars: Option<(Arc<str>, Value)>,
}

impl Lowerer {
    /// An empty lowering, stopped by `stop` (a time-limit error).
    pub(crate) fn new(stop: &Stop) -> Lowerer {
        Lowerer {
            budget: Budget::new(stop),
            ..Lowerer::default()
        }
    }

    /// The spec's functions, by name.
    pub(crate) fn functions(&self) -> &Functions {
        &self.functions
    }

    /// The deadline alone, for loops that build no model items (cheap to
    /// call often).
    pub(crate) fn tick(&mut self) -> R<()> {
        self.budget.tick()
    }

    /// The model to read and the budget to spend, borrowed together (a
    /// loop over the model that reads the clock).
    pub(crate) fn model_and_budget(&mut self) -> (&Model, &mut Budget) {
        (&self.model, &mut self.budget)
    }

    /// The deadline and the model's size, at `span` (after a batch of
    /// constraints).
    pub(crate) fn check_budget(&mut self, span: Span) -> R<()> {
        self.budget.check(&self.model, span)
    }

    /// A symmetry's group element moving `moves` positions stays in the
    /// plan: it counts against the size budget like a constraint.
    pub(crate) fn spend_symmetry(&mut self, moves: usize, span: Span) -> R<()> {
        self.budget.symmetry(moves, &self.model, span)
    }

    /// The comparisons reified so far, `terms rel rhs`, and their literals.
    pub(crate) fn reified(&self) -> impl Iterator<Item = (&ReifKey, Lit)> {
        self.reified.iter().map(|(k, &lit)| (k, lit))
    }

    /// The names in scope: params, declared variables, and what
    /// [`Lowerer::define_global`] bound.
    pub(crate) fn globals(&self) -> &HashMap<String, Value> {
        &self.globals
    }

    /// Binds `name` (a param, a declared variable, an alias) for every
    /// expression lowered after this.
    pub(crate) fn define_global(&mut self, name: String, value: Value) {
        let _ = Arc::make_mut(&mut self.globals).insert(name, value);
    }

    /// When lowering must stop.
    pub(crate) fn stop(&self) -> &Stop {
        self.budget.stop()
    }

    /// An evaluator over constants only (output templates).
    pub(crate) fn for_output(
        texts: crate::model::texts::Texts,
        globals: HashMap<String, Value>,
        functions: Functions,
    ) -> Lowerer {
        let mut l = Lowerer {
            globals: Arc::new(globals),
            functions,
            ..Lowerer::default()
        };
        l.model.texts = texts;
        l
    }

    /// The evaluator bounded as one solution's output is: the run's
    /// stop token, and the items and memory of [`Budget::for_output`].
    pub(crate) fn until(self, stop: &Stop) -> Lowerer {
        self.within(Budget::for_output(stop))
    }

    /// The evaluator bounded by `budget`.
    pub(crate) fn within(mut self, budget: Budget) -> Lowerer {
        self.budget = budget;
        self
    }

    /// Binds names as locals (visible before globals).
    pub(crate) fn bind(&mut self, locals: Vec<(String, Value)>) {
        self.locals = locals;
    }

    pub(crate) fn lookup(&self, name: &str) -> Option<&Value> {
        self.locals
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
            .or_else(|| self.globals.get(name))
    }

    pub(crate) fn post_constraint(&mut self, constraint: Constraint) {
        self.budget.constraint(constraint.size());
        self.model.constraints.push(Posted {
            constraint,
            origin: self.origin.clone(),
            item: self.item.clone(),
            definition: self.defining,
            consistency: self.consistency,
        });
    }

    /// A fresh auxiliary variable; its values must lie within +-`MAX_SUM`.
    fn aux(&mut self, what: &str, domain: IntervalSet, span: Span) -> R<VarId> {
        let (lo, hi) = (domain.min().unwrap_or(0), domain.max().unwrap_or(0));
        if lo <= -MAX_SUM || hi >= MAX_SUM {
            return Err(out_of_range(if hi >= MAX_SUM { hi } else { lo }, span));
        }
        self.budget.grew(&self.model, span)?;
        Ok(self.new_aux(what, domain))
    }

    fn new_aux(&mut self, what: &str, domain: IntervalSet) -> VarId {
        let name = format!("_{what}{}", self.model.vars.len());
        self.model.new_var(name, domain, true)
    }

    fn new_bool(&mut self) -> Lit {
        Lit {
            var: self.new_aux("b", IntervalSet::range(0, 1)),
            positive: true,
        }
    }

    /// A fixed variable holding `c` (shared by every use of `c`).
    fn constant_var(&mut self, c: i64, span: Span) -> R<VarId> {
        if c <= -MAX_SUM || c >= MAX_SUM {
            return Err(out_of_range(c, span));
        }
        if let Some(&x) = self.constants.get(&c) {
            return Ok(x);
        }
        let x = self
            .model
            .new_var(format!("_const{c}"), IntervalSet::range(c, c), true);
        let _ = self.constants.insert(c, x);
        Ok(x)
    }

    /// Bounds of a linear expression over the declared domains.
    pub(crate) fn bounds(&self, e: &LinExpr, span: Span) -> R<(i64, i64)> {
        let (mut lo, mut hi) = (e.constant, e.constant);
        for &(a, x) in &e.terms {
            let d = self.model.domain(x);
            let (p, q) = (
                a.checked_mul(d.min().unwrap_or(0))
                    .ok_or_else(|| overflow(span))?,
                a.checked_mul(d.max().unwrap_or(0))
                    .ok_or_else(|| overflow(span))?,
            );
            lo = lo.checked_add(p.min(q)).ok_or_else(|| overflow(span))?;
            hi = hi.checked_add(p.max(q)).ok_or_else(|| overflow(span))?;
        }
        Ok((lo, hi))
    }

    /// The expression as a view, with an auxiliary variable if it has
    /// several terms.
    pub(crate) fn view(&mut self, e: &LinExpr, span: Span) -> R<View> {
        match e.terms[..] {
            [] => Ok(View::of(self.constant_var(e.constant, span)?)),
            [(scale, var)] => {
                // Propagators compute with view values in 64 bits.
                let (lo, hi) = self.bounds(e, span)?;
                if lo <= -MAX_SUM || hi >= MAX_SUM {
                    return Err(overflow(span));
                }
                Ok(View {
                    var,
                    scale,
                    offset: e.constant,
                })
            }
            _ => {
                let (lo, hi) = self.bounds(e, span)?;
                let z = self.aux("sum", IntervalSet::range(lo, hi), span)?;
                let defining = LinExpr::var(z).scale(-1, span)?.add_scaled(1, e, span)?;
                // A definition, also where the view is wanted at the root.
                self.with_defining(true, |l| l.linear(&defining, Rel::Eq, None, span))?;
                Ok(View::of(z))
            }
        }
    }

    /// The objective's expression as one variable (an auxiliary one,
    /// defined by a sum, unless it is a variable already). Where it is
    /// undefined (a variable index out of range), no solution counts.
    fn objective_var(&mut self, e: &Expr) -> R<VarId> {
        let mark = self.guards.len();
        let v = self.eval(e)?;
        let l = self.lin(&v, e.span).map_err(|_| {
            Diagnostic::new(
                format!("the objective must be an integer, found {}", v.describe()),
                e.span,
            )
        })?;
        let raised: Vec<BoolVal> = self.guards.drain(mark..).collect();
        for guard in raised {
            self.assert(guard);
        }
        if let ([(1, x)], 0) = (&l.terms[..], l.constant) {
            return Ok(*x);
        }
        let (lo, hi) = self.bounds(&l, e.span)?;
        let z = self.aux("objective", IntervalSet::range(lo, hi), e.span)?;
        let defining = LinExpr::var(z)
            .scale(-1, e.span)?
            .add_scaled(1, &l, e.span)?;
        self.with_defining(true, |l| l.linear(&defining, Rel::Eq, None, e.span))?;
        Ok(z)
    }

    /// The value of a `define` expression; where it is undefined, no
    /// solution counts (its guards are asserted).
    fn defined(&mut self, e: &Expr) -> R<Value> {
        let mark = self.guards.len();
        let v = self.eval(e)?;
        let raised: Vec<BoolVal> = self.guards.drain(mark..).collect();
        for guard in raised {
            self.assert(guard);
        }
        Ok(v)
    }

    /// A declared variable equal to `v` (the value of the expression at
    /// `span`), with its bounds as the domain.
    fn derived(&mut self, name: String, v: &Value, span: Span) -> R<VarId> {
        let l = self.lin(v, span)?;
        let (lo, hi) = self.bounds(&l, span)?;
        if lo <= -MAX_SUM || hi >= MAX_SUM {
            return Err(out_of_range(if hi >= MAX_SUM { hi } else { lo }, span));
        }
        self.budget.grew(&self.model, span)?;
        let x = self.model.new_var(name, IntervalSet::range(lo, hi), false);
        self.model.vars[x.index()].derived = true;
        // Equal to a variable over texts: printed as text too.
        if let ([(1, y)], 0) = (&l.terms[..], l.constant) {
            self.model.vars[x.index()].text = self.model.vars[y.index()].text;
        }
        let defining = LinExpr::var(x).scale(-1, span)?.add_scaled(1, &l, span)?;
        self.with_defining(true, |l| l.linear(&defining, Rel::Eq, None, span))?;
        Ok(x)
    }

    /// A fresh variable with the given bounds, as a view and a value.
    fn result_var(&mut self, what: &str, lo: i64, hi: i64, span: Span) -> R<(View, Value)> {
        let z = self.aux(what, IntervalSet::range(lo, hi), span)?;
        Ok((View::of(z), Value::Lin(Arc::new(LinExpr::var(z)))))
    }

    /// Posts `e rel 0` (or `reif <-> (e rel 0)`).
    pub(crate) fn linear(&mut self, e: &LinExpr, rel: Rel, reif: Option<Lit>, span: Span) -> R<()> {
        self.within_solver_range(e, span)?;
        self.post_constraint(Constraint::Linear(Linear {
            terms: e.terms.clone(),
            rel,
            rhs: -e.constant,
            reif,
        }));
        Ok(())
    }

    /// Checks that `e` stays within +-`MAX_SUM` over its variables' domains
    /// (so its constant, and every partial sum, can be negated and added).
    pub(crate) fn within_solver_range(&self, e: &LinExpr, span: Span) -> R<()> {
        // In unsigned magnitudes: |i64::MIN| fits in u64, not in i64.
        let mut worst = e.constant.unsigned_abs();
        for &(a, x) in &e.terms {
            let d = self.model.domain(x);
            let m = d
                .min()
                .unwrap_or(0)
                .unsigned_abs()
                .max(d.max().unwrap_or(0).unsigned_abs());
            worst = a
                .unsigned_abs()
                .checked_mul(m)
                .and_then(|t| t.checked_add(worst))
                .filter(|&w| w < MAX_SUM as u64)
                .ok_or_else(|| {
                    Diagnostic::new(
                        "value out of range: this sum over variables could reach +-2^62, the solver's limit",
                        span,
                    )
                    .with_help("narrow the domains of its variables, or its constants")
                })?;
        }
        Ok(())
    }

    /// `a op b` as a literal (or a constant when it is decided now).
    pub(crate) fn reify_compare(&mut self, rel: Rel, e: LinExpr, span: Span) -> R<BoolVal> {
        if let Some(c) = e.as_constant() {
            return Ok(BoolVal::Const(rel.holds(c, 0)));
        }
        // `x != c` is the negation of the shared literal for `x == c`.
        let (rel, negated) = match rel {
            Rel::Ne => (Rel::Eq, true),
            r => (r, false),
        };
        self.within_solver_range(&e, span)?;
        let key = (e.terms.clone(), rel, -e.constant);
        let lit = match self.reified.get(&key) {
            Some(&l) => l,
            None => {
                self.budget.grew(&self.model, span)?;
                let l = self.new_bool();
                self.linear(&e, rel, Some(l), span)?;
                let _ = self.reified.insert(key, l);
                l
            }
        };
        Ok(BoolVal::Lit(if negated { lit.negate() } else { lit }))
    }

    /// `lits[0] or lits[1] or ...` at the root.
    pub(crate) fn clause(&mut self, lits: Vec<BoolVal>) {
        let mut open = Vec::new();
        for l in lits {
            match l {
                BoolVal::Const(true) => return,
                BoolVal::Const(false) => {}
                BoolVal::Lit(l) => open.push(l),
            }
        }
        if open.is_empty() {
            self.post_false();
        } else {
            self.post_constraint(Constraint::Clause(Clause {
                lits: open,
                reif: None,
            }));
        }
    }

    /// A total stand-in for a partial argument `x`: equal to `x` where `ok`
    /// holds and to `fallback` elsewhere; raises the guard `ok`.
    fn total(
        &mut self,
        x: &LinExpr,
        ok: BoolVal,
        fallback: i64,
        domain: IntervalSet,
        span: Span,
    ) -> R<LinExpr> {
        let safe = LinExpr::var(self.aux("safe", domain, span)?);
        let same = self.reify_compare(Rel::Eq, safe.add_scaled(-1, x, span)?, span)?;
        let neutral = self.reify_compare(
            Rel::Eq,
            safe.add_scaled(-1, &LinExpr::constant(fallback), span)?,
            span,
        )?;
        self.clause(vec![negate(ok), same]);
        self.clause(vec![ok, neutral]);
        self.guards.push(ok);
        Ok(safe)
    }

    /// An index `x` that must lie in `lo..=hi`; outside, the nearest boolean
    /// context is false (MiniZinc's relational semantics).
    fn defined_within(&mut self, x: &LinExpr, (lo, hi): (i64, i64), span: Span) -> R<LinExpr> {
        let (xlo, xhi) = self.bounds(x, span)?;
        if xlo >= lo && xhi <= hi {
            return Ok(x.clone());
        }
        if xhi < lo || xlo > hi {
            self.guards.push(BoolVal::Const(false));
            return Ok(LinExpr::constant(lo));
        }
        let above = self.reify_compare(
            Rel::Le,
            LinExpr::constant(lo).add_scaled(-1, x, span)?,
            span,
        )?;
        let below = self.reify_compare(
            Rel::Le,
            x.add_scaled(-1, &LinExpr::constant(hi), span)?,
            span,
        )?;
        let ok = self.and(vec![above, below]);
        // Where x is out of range, the stand-in takes the first valid value.
        let (first, last) = (lo.max(xlo), hi.min(xhi));
        self.total(x, ok, first, IntervalSet::range(first, last), span)
    }

    /// A divisor `y` that must not be 0; where it is, the nearest boolean
    /// context is false.
    fn defined_nonzero(&mut self, y: &LinExpr, span: Span) -> R<LinExpr> {
        let (lo, hi) = self.bounds(y, span)?;
        if lo > 0 || hi < 0 {
            return Ok(y.clone());
        }
        if lo == 0 && hi == 0 {
            self.guards.push(BoolVal::Const(false));
            return Ok(LinExpr::constant(1));
        }
        let ok = self.reify_compare(Rel::Ne, y.clone(), span)?;
        let domain = IntervalSet::range(lo.min(1), hi.max(1));
        self.total(y, ok, 1, domain, span)
    }

    /// Asserts a literal at the root.
    fn post_lit(&mut self, lit: Lit) {
        self.post_constraint(Constraint::Linear(Linear {
            terms: vec![(1, lit.var)],
            rel: Rel::Eq,
            rhs: i64::from(lit.positive),
            reif: None,
        }));
    }

    /// A constraint that can never hold: the model has no solution.
    pub(crate) fn post_false(&mut self) {
        self.post_constraint(Constraint::Linear(Linear {
            terms: Vec::new(),
            rel: Rel::Eq,
            rhs: 1,
            reif: None,
        }));
    }

    /// `r <-> and(lits)` as a literal.
    pub(crate) fn and(&mut self, lits: Vec<BoolVal>) -> BoolVal {
        let negated: Vec<BoolVal> = lits.into_iter().map(negate).collect();
        negate(self.or(negated))
    }

    /// `r <-> or(lits)` as a literal.
    fn or(&mut self, lits: Vec<BoolVal>) -> BoolVal {
        let mut open = Vec::new();
        for l in lits {
            match l {
                BoolVal::Const(true) => return BoolVal::Const(true),
                BoolVal::Const(false) => {}
                BoolVal::Lit(l) => open.push(l),
            }
        }
        match open[..] {
            [] => BoolVal::Const(false),
            [l] => BoolVal::Lit(l),
            _ => {
                let r = self.new_bool();
                self.post_constraint(Constraint::Clause(Clause {
                    lits: open,
                    reif: Some(r),
                }));
                BoolVal::Lit(r)
            }
        }
    }
}

pub fn negate(b: BoolVal) -> BoolVal {
    match b {
        BoolVal::Const(c) => BoolVal::Const(!c),
        BoolVal::Lit(l) => BoolVal::Lit(l.negate()),
    }
}
