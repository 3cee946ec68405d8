//! One file per constraint propagator.

pub(crate) mod all_different;
pub(crate) mod all_different_bounds;
pub(crate) mod all_different_domain;
pub(crate) mod all_different_early;
pub(crate) mod all_different_except;
pub(crate) mod all_different_group;
pub(crate) mod arithmetic;
pub(crate) mod cardinality;
pub(crate) mod cardinality_flow;
pub(crate) mod channel;
pub(crate) mod circuit;
pub(crate) mod clause;
pub(crate) mod connected;
pub(crate) mod count;
pub(crate) mod cumulative;
pub(crate) mod digraph;
pub(crate) mod disjunctive;
pub(crate) mod element;
pub(crate) mod lex;
pub(crate) mod linear;
pub(crate) mod member;
pub(crate) mod regular;
pub(crate) mod table;
pub(crate) mod theta_tree;
pub(crate) mod value_channel;
