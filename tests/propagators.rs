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
//!
//! `instance.rs`, `generate.rs` (with `automata.rs`, `regular`'s) and
//! `harness.rs` hold the instances, their generators and the checks; each
//! other file tests one family.

mod all_different;
mod all_different_except;
mod arithmetic;
mod automata;
mod cages;
mod cardinality;
mod check;
mod circuit;
mod connected;
mod element;
mod extensional;
mod generate;
mod generate_scheduling;
mod harness;
mod instance;
mod inverse;
mod lex;
mod linear;
mod member;
mod scheduling;
mod search;
mod selection;
