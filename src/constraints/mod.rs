//! The primitive constraint kinds, one home each: a kind's file holds its
//! data, its reference meaning (`holds`, the oracle of the tests and of the
//! debug self-check), its inference (values forward through a network,
//! `model::infer`), the levels it supports, its posting (the engine's
//! propagators it creates) and its two exports (to a spec and to MiniZinc),
//! all behind the one trait [`Primitive`]. The list at the end of this
//! file (`kinds!`) makes the enum [`Constraint`] and every dispatch over
//! it: adding a kind is one new file, its `mod` line and one line in the
//! list.
//!
//! Layering: this module sits above the engine (a home posts its
//! propagators) and below the flat model (`model::Model` holds
//! [`Constraint`]s); the words both speak are in `crate::vocab`. The
//! exports call the homes through small traits for names
//! (`text::SpecNames`, `text::MiniZincNames`): a home writes its own
//! text, the export module decides what a variable is called. So
//! `vocab <- engine <- constraints <- model <- export`, with no edge back.
//!
//! As in huub (a file per constraint with its lowering to the solver) and
//! Gecode (a folder per constraint, a file per consistency), a family of
//! kinds sharing code may share a file (`arithmetic`, `element`). The
//! propagators stay in `engine::propagators`, where the propagator tests
//! and the kernel they use live, and several kinds share them (circuit
//! posts alldifferent's); a kind whose propagator is its own alone may keep
//! it in its home (`inverse`), which then is the whole of the kind.

pub(crate) mod all_different;
pub(crate) mod all_different_except;
pub(crate) mod arithmetic;
pub(crate) mod circuit;
pub(crate) mod clause;
pub(crate) mod connected;
pub(crate) mod count;
pub(crate) mod cumulative;
pub(crate) mod disjunctive;
pub(crate) mod element;
pub(crate) mod global_cardinality;
pub(crate) mod inverse;
pub(crate) mod known;
pub(crate) mod lex;
pub(crate) mod linear;
pub(crate) mod member;
pub(crate) mod post;
pub(crate) mod regular;
pub(crate) mod table;
pub(crate) mod text;

use crate::engine::propagator::Propagator;
use crate::engine::store::Conflict;
use crate::vocab::{Consistency, VarId};
use known::{Known, Step};
use text::{MiniZincNames, SpecNames};

/// What every constraint kind says about itself.
pub trait Primitive {
    /// The MiniZinc files its export needs (`include "circuit.mzn";`).
    const MINIZINC_INCLUDES: &'static [&'static str] = &[];

    /// What kind of constraint it is, for messages (`a linear constraint`).
    fn kind(&self) -> &'static str;

    /// Every variable it mentions (with repeats).
    fn vars(&self) -> Vec<VarId>;

    /// How many terms, views, values and literals it holds.
    fn size(&self) -> usize;

    /// Its reference meaning: true when `values` (one per model variable)
    /// satisfies it.
    fn holds(&self, values: &[i64]) -> bool;

    /// Fixes what it determines from the known values (see
    /// `model::infer`). A global only holds or not once every variable is
    /// known.
    fn infer(&self, k: &mut Known<'_>) -> Step {
        if self.vars().into_iter().any(|x| !k.known[x.index()]) {
            return Step::Waiting;
        }
        known::checked(self.holds(k.values))
    }

    /// When every input is known: `Some(Some(x))` if it then fixes the
    /// unknown variable `x`, `Some(None)` if it is then only checked;
    /// `None` while it waits (see `model::program`).
    fn ready(&self, known: &[bool]) -> Option<Option<VarId>> {
        self.vars().iter().all(|x| known[x.index()]).then_some(None)
    }

    /// Whether it can work at `level`: `check`, `propagate`, `bounds` and
    /// `probing` apply to every kind (the propagators reason on bounds at
    /// least; probing tries values through any propagator).
    fn supports(&self, level: Consistency) -> bool {
        matches!(
            level,
            Consistency::Check
                | Consistency::Propagate
                | Consistency::Bounds
                | Consistency::Probing
        )
    }

    /// Its propagators reason on bounds only, so that a table of an
    /// item's allowed combinations can remove more (see `lower::cages`).
    fn bounds_only(&self) -> bool {
        false
    }

    /// Its propagator at `level` (the kinds with levels of their own pick
    /// by it; `post::create` wraps it for `check` and `probing`), or
    /// `Ok(None)` when it always holds, `Err` when it never does.
    fn propagator(&self, level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict>;

    /// Itself as a constraint of the spec language.
    fn spec(&self, names: &dyn SpecNames) -> String;

    /// Itself as a MiniZinc constraint.
    fn minizinc(&self, names: &dyn MiniZincNames) -> String;

    /// When it defines an auxiliary variable as a total function of the
    /// others: that variable, the expression it stands for and whether
    /// that is a boolean (the spec export then writes the expression in
    /// place of the variable).
    fn spec_definition(&self, _names: &dyn SpecNames) -> Option<(VarId, String, bool)> {
        None
    }
}

/// The list of kinds: the enum and every dispatch over it.
macro_rules! kinds {
    ($($home:ident::$kind:ident,)*) => {
        $(pub use $home::$kind;)*

        /// The primitive constraints the engine propagates: one variant per
        /// kind, each holding its home's data.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Constraint {
            $($kind($kind),)*
        }

        $(impl From<$kind> for Constraint {
            fn from(c: $kind) -> Constraint {
                Constraint::$kind(c)
            }
        })*

        /// The MiniZinc includes of every kind, in the list's order.
        pub const MINIZINC_INCLUDES: &[&[&str]] = &[$(<$kind as Primitive>::MINIZINC_INCLUDES,)*];

        impl Constraint {
            /// What kind of constraint it is, for messages.
            pub fn kind(&self) -> &'static str {
                match self { $(Constraint::$kind(c) => c.kind(),)* }
            }

            /// Every variable it mentions (with repeats).
            pub fn vars(&self) -> Vec<VarId> {
                match self { $(Constraint::$kind(c) => c.vars(),)* }
            }

            /// How many terms, views, values and literals it holds.
            pub fn size(&self) -> usize {
                match self { $(Constraint::$kind(c) => c.size(),)* }
            }

            /// True when `values` (one per model variable) satisfies it.
            pub fn holds(&self, values: &[i64]) -> bool {
                match self { $(Constraint::$kind(c) => c.holds(values),)* }
            }

            /// Fixes what it determines from the known values.
            #[inline]
            pub fn infer(&self, k: &mut Known<'_>) -> Step {
                match self { $(Constraint::$kind(c) => c.infer(k),)* }
            }

            /// See [`Primitive::ready`].
            pub fn ready(&self, known: &[bool]) -> Option<Option<VarId>> {
                match self { $(Constraint::$kind(c) => c.ready(known),)* }
            }

            /// Whether it can work at `level`.
            pub fn supports(&self, level: Consistency) -> bool {
                match self { $(Constraint::$kind(c) => c.supports(level),)* }
            }

            /// See [`Primitive::bounds_only`].
            pub fn bounds_only(&self) -> bool {
                match self { $(Constraint::$kind(c) => c.bounds_only(),)* }
            }

            /// Its propagator at `level`, before `post::create`'s wrapping.
            pub fn propagator(
                &self,
                level: Consistency,
            ) -> Result<Option<Box<dyn Propagator>>, Conflict> {
                match self { $(Constraint::$kind(c) => c.propagator(level),)* }
            }

            /// Itself as a constraint of the spec language.
            pub fn spec(&self, names: &dyn SpecNames) -> String {
                match self { $(Constraint::$kind(c) => c.spec(names),)* }
            }

            /// See [`Primitive::spec_definition`].
            pub fn spec_definition(&self, names: &dyn SpecNames) -> Option<(VarId, String, bool)> {
                match self { $(Constraint::$kind(c) => c.spec_definition(names),)* }
            }

            /// Itself as a MiniZinc constraint.
            pub fn minizinc(&self, names: &dyn MiniZincNames) -> String {
                match self { $(Constraint::$kind(c) => c.minizinc(names),)* }
            }
        }
    };
}

// One line per kind: its home and its type. The order is the MiniZinc
// export's order of includes.
kinds! {
    linear::Linear,
    all_different::AllDifferent,
    element::ElementConst,
    element::ElementVar,
    clause::Clause,
    arithmetic::Times,
    arithmetic::Div,
    arithmetic::Rem,
    arithmetic::Abs,
    arithmetic::Max,
    lex::Lex,
    circuit::Circuit,
    connected::Connected,
    table::Table,
    regular::Regular,
    inverse::Inverse,
    count::Count,
    global_cardinality::GlobalCardinality,
    cumulative::Cumulative,
    disjunctive::Disjunctive,
    member::Member,
    all_different_except::AllDifferentExcept,
}

impl Consistency {
    /// Whether a primitive constraint can work at this level (see each
    /// kind's [`Primitive::supports`]).
    pub fn supported_by(self, c: &Constraint) -> bool {
        c.supports(self)
    }
}

/// Where a constraint came from, for messages, `--dump-model` and
/// explanations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Posted {
    pub constraint: Constraint,
    /// The name of the spec constraint it was lowered from.
    pub origin: String,
    /// Which item of that constraint, for one written as a `forall` at the
    /// top level: `[i=2, j=5]` (generator values) or `[2]` (position);
    /// empty for the whole constraint.
    pub item: String,
    /// True when it defines an auxiliary variable (a reified comparison, a
    /// sum, a product, ...) rather than asserting what the spec says. A
    /// definition holds for some value of its auxiliary variable whatever
    /// the other variables are, and lowering shares it between
    /// constraints: explanations never drop one.
    pub definition: bool,
    /// This constraint's own level, if its spec entry set one.
    pub consistency: Option<Consistency>,
}
