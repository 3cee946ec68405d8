//! `regular(xs, automaton)`: the values of `xs`, read in order, take a
//! finite automaton (deterministic or not) from its start state to an
//! accepting state. Domain consistent, after Pesant (CP 2004): the layered
//! graph of states before each `x[i]` is swept forward (states reachable
//! from the start) and backward (states from which an accepting state is
//! reachable); a value of `x[i]` stays while some transition on it joins a
//! live state of layer `i` to one of layer `i + 1`. A run recomputes a
//! layer only where the values under it changed or the layer before it
//! came out different (`layered.rs`); Gecode's propagator instead counts
//! edges per layer and updates them on each removal.
//!
//! A layer is a bitset of states, a position's values a bitset of symbols
//! (`bitset.rs`). How a layer's neighbours are computed (`kernel.rs`) is
//! chosen per automaton when posted, by the cost of a layer with every
//! state live:
//! - masked shifts of its words (`shifts.rs`): the transitions on a symbol
//!   grouped by how far they move the state number, `moves x words` word
//!   operations; a nonogram clue's automaton has two moves per symbol;
//! - its states' out-arcs (`arcs.rs`): the transitions between two states
//!   as one arc carrying its symbols, one test per arc; pentominoes'
//!   automata have ~300 states and a few hundred moves, but ~1.2 arcs per
//!   state, few of them live in a layer. With arcs, the backward layer
//!   holds only the states of the forward one (a walk from the others
//!   would read arcs no path uses), and the supports come out of the same
//!   walk.
//!
//! Measured both ways (callgrind, instructions): pentominoes 05 (FlatZinc)
//! 24.0 G by shifts, 6.0 G by arcs; the 30x30 nonogram of the benchmark
//! (`--count`) 3.83 G by shifts, 6.10 G by arcs. The choice takes the
//! cheaper on both.

mod arcs;
mod bitset;
mod kernel;
mod layered;
mod shifts;

use crate::engine::propagator::{Priority, PropResult, Propagator};
use crate::engine::store::{Change, Store};
use crate::vocab::{Automaton, VarId, View};
use arcs::Arcs;
use layered::{Layered, Numbered};
use shifts::Shifts;

/// The propagator, with the kernel chosen for its automaton (a run
/// dispatches once, then every layer's loop is the kernel's own).
#[derive(Debug)]
pub(crate) struct Regular(Kind);

#[derive(Debug)]
enum Kind {
    Shifts(Layered<Shifts>),
    Arcs(Layered<Arcs>),
}

impl Regular {
    pub(crate) fn new(xs: Vec<View>, automaton: &Automaton) -> Regular {
        let automaton = numbered(automaton);
        let (states, symbol_words) = (automaton.states, automaton.symbols.len().div_ceil(64));
        let transitions = &automaton.transitions;
        // A layer with every state live costs `moves x words` word
        // operations by shifts, one test per arc (and per word of symbols)
        // by arcs.
        let words = states.div_ceil(64);
        let by_shifts = shifts::count_moves(transitions) * words;
        let arcs = Arcs::new(states, symbol_words, transitions);
        let by_arcs = arcs.arcs() * symbol_words;
        if by_arcs < by_shifts {
            Regular(Kind::Arcs(Layered::new(xs, automaton, arcs, by_arcs)))
        } else {
            let shifts = Shifts::new(words, automaton.symbols.len(), transitions);
            Regular(Kind::Shifts(Layered::new(xs, automaton, shifts, by_shifts)))
        }
    }

    fn xs(&self) -> &[View] {
        match &self.0 {
            Kind::Shifts(g) => g.xs(),
            Kind::Arcs(g) => g.xs(),
        }
    }
}

/// The automaton with its states and symbols numbered from 0, its
/// transitions sorted without duplicates.
fn numbered(automaton: &Automaton) -> Numbered {
    let Automaton {
        transitions,
        start,
        accepting,
    } = automaton;
    let mut states: Vec<i64> = transitions
        .iter()
        .flat_map(|&(from, _, to)| [from, to])
        .chain([*start])
        .collect();
    states.sort_unstable();
    states.dedup();
    let mut symbols: Vec<i64> = transitions.iter().map(|t| t.1).collect();
    symbols.sort_unstable();
    symbols.dedup();
    let number = |s: i64| states.binary_search(&s).expect("listed");
    let mut numbered: Vec<(usize, usize, usize)> = transitions
        .iter()
        .map(|&(from, value, to)| {
            let symbol = symbols.binary_search(&value).expect("listed");
            (number(from), symbol, number(to))
        })
        .collect();
    numbered.sort_unstable();
    numbered.dedup();
    Numbered {
        states: states.len(),
        start: number(*start),
        // An accepting state no transition names is never reached.
        accepting: accepting
            .iter()
            .filter_map(|&q| states.binary_search(&q).ok())
            .collect(),
        transitions: numbered,
        symbols,
    }
}

impl Propagator for Regular {
    fn subscriptions(&self) -> Vec<(VarId, Change)> {
        self.xs().iter().map(|x| (x.var, Change::Domain)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Global
    }

    /// Every value left lies on a path through the layers, and removing
    /// values without support breaks none of them (when each variable
    /// stands at one position).
    fn idempotent(&self) -> bool {
        match &self.0 {
            Kind::Shifts(g) => g.distinct(),
            Kind::Arcs(g) => g.distinct(),
        }
    }

    fn propagate(&mut self, store: &mut Store) -> PropResult {
        match &mut self.0 {
            Kind::Shifts(g) => g.propagate(store),
            Kind::Arcs(g) => g.propagate(store),
        }
    }
}
