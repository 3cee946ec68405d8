//! The values of `xs`, in order, take a finite automaton from its start
//! to an accepting state (`regular`, and the lines of `nonogram_line`).

use super::Primitive;
use super::text::{MiniZincNames, SpecNames, number};
use crate::engine::propagator::Propagator;
use crate::engine::propagators::regular;
use crate::engine::store::Conflict;
use crate::vocab::{Automaton, Consistency, VarId, View};

/// The values of `xs`, in order, take the automaton with these
/// transitions `(from, value, to)` (deterministic or not; states are
/// any integers) from `start` to one of the `accepting` states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regular {
    pub xs: Vec<View>,
    pub automaton: Automaton,
}

impl Primitive for Regular {
    const MINIZINC_INCLUDES: &'static [&'static str] = &["regular", "regular_nfa"];

    fn kind(&self) -> &'static str {
        "regular"
    }

    fn vars(&self) -> Vec<VarId> {
        self.xs.iter().map(|v| v.var).collect()
    }

    fn size(&self) -> usize {
        let a = &self.automaton;
        self.xs.len() + 3 * a.transitions.len() + a.accepting.len() + 1
    }

    fn holds(&self, values: &[i64]) -> bool {
        self.automaton
            .accepts(self.xs.iter().map(|x| x.value(values[x.var.index()])))
    }

    fn propagator(&self, _level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        Ok(Some(Box::new(regular::Regular::new(
            self.xs.clone(),
            &self.automaton,
        ))))
    }

    fn spec(&self, names: &dyn SpecNames) -> String {
        let Automaton {
            transitions,
            start,
            accepting,
        } = &self.automaton;
        let moves: Vec<String> = transitions
            .iter()
            .map(|&(q, v, to)| format!("[{}, {}, {}]", number(q), number(v), number(to)))
            .collect();
        let accepting: Vec<String> = accepting.iter().map(|&q| number(q)).collect();
        format!(
            "regular({}, [{}], {}, [{}])",
            names.views(&self.xs),
            moves.join(", "),
            number(*start),
            accepting.join(", ")
        )
    }

    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        minizinc_regular(names, &self.xs, &self.automaton)
    }
}

/// MiniZinc's `regular` (or `regular_nfa` when a state has two moves on
/// one value), whose states are 1..Q and whose values are 1..S: states
/// renumbered, values shifted from the least one a transition reads.
fn minizinc_regular(names: &dyn MiniZincNames, xs: &[View], automaton: &Automaton) -> String {
    let Automaton {
        transitions,
        start,
        accepting,
    } = automaton;
    let start = *start;
    let mut states: Vec<i64> = transitions
        .iter()
        .flat_map(|t| [t.0, t.2])
        .chain([start])
        .collect();
    states.sort_unstable();
    states.dedup();
    let number = |q: i64| states.binary_search(&q).map_or(0, |k| k + 1);
    let (Some(lo), Some(hi)) = (
        transitions.iter().map(|t| t.1).min(),
        transitions.iter().map(|t| t.1).max(),
    ) else {
        // No transitions: only the empty sequence from an accepting start.
        return if xs.is_empty() && accepting.contains(&start) {
            "true".to_string()
        } else {
            "false".to_string()
        };
    };
    let width = (hi - lo + 1) as usize;
    let mut moves = vec![vec![Vec::new(); width]; states.len()];
    for &(q, v, to) in transitions {
        moves[number(q) - 1][(v - lo) as usize].push(number(to));
    }
    for m in moves.iter_mut().flatten() {
        m.sort_unstable();
        m.dedup();
    }
    let deterministic = moves.iter().flatten().all(|m| m.len() <= 1);
    let rows: Vec<String> = moves
        .iter()
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|m| {
                    if deterministic {
                        m.first().map_or("0".to_string(), usize::to_string)
                    } else {
                        let items: Vec<String> = m.iter().map(usize::to_string).collect();
                        format!("{{{}}}", items.join(", "))
                    }
                })
                .collect();
            cells.join(", ")
        })
        .collect();
    let shifted: Vec<String> = xs
        .iter()
        .map(|&x| match lo - 1 {
            0 => names.view(x),
            s if s < 0 => format!("{} + {}", names.view(x), -s),
            s => format!("{} - {s}", names.view(x)),
        })
        .collect();
    let finals: Vec<String> = accepting
        .iter()
        .filter(|q| states.binary_search(q).is_ok())
        .map(|&q| number(q).to_string())
        .collect();
    format!(
        "{}([{}], {}, {width}, [| {} |], {}, {{{}}})",
        if deterministic {
            "regular"
        } else {
            "regular_nfa"
        },
        shifted.join(", "),
        states.len(),
        rows.join(" | "),
        number(start),
        finals.join(", ")
    )
}
