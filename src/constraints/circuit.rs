//! The successors `succ` form one cycle through every node (`circuit`),
//! or through the nodes that are not their own successor (`subcircuit`,
//! MiniZinc's). Lowering posts an alldifferent beside it; at `domain` its
//! propagator also reasons on the graph's components.

use super::Primitive;
use super::text::{MiniZincNames, SpecNames};
use crate::engine::propagator::Propagator;
use crate::engine::propagators::circuit;
use crate::engine::store::Conflict;
use crate::vocab::{Consistency, VarId, View};

/// The successors `succ` form one cycle through every node: node `i`'s
/// successor is node `succ[i] - base`. With `sub` (`subcircuit`), the
/// nodes that are not their own successor form one cycle, or none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Circuit {
    pub succ: Vec<View>,
    pub base: i64,
    pub sub: bool,
}

impl Circuit {
    fn name(&self) -> &'static str {
        if self.sub { "subcircuit" } else { "circuit" }
    }
}

impl Primitive for Circuit {
    const MINIZINC_INCLUDES: &'static [&'static str] = &["circuit", "subcircuit"];

    fn kind(&self) -> &'static str {
        self.name()
    }

    fn vars(&self) -> Vec<VarId> {
        self.succ.iter().map(|v| v.var).collect()
    }

    fn size(&self) -> usize {
        self.succ.len()
    }

    fn holds(&self, values: &[i64]) -> bool {
        let next: Vec<i64> = self
            .succ
            .iter()
            .map(|x| x.value(values[x.var.index()]) - self.base)
            .collect();
        is_circuit(&next, self.sub)
    }

    fn supports(&self, level: Consistency) -> bool {
        level != Consistency::Early
    }

    /// At `domain`, the propagator reasons on the graph's components.
    fn propagator(&self, level: Consistency) -> Result<Option<Box<dyn Propagator>>, Conflict> {
        let components = matches!(level, Consistency::Domain | Consistency::Probing);
        Ok(Some(Box::new(circuit::Circuit::new(
            self.succ.clone(),
            self.base,
            self.sub,
            components,
        ))))
    }

    /// A list written out is indexed from 0: successors shift to it.
    fn spec(&self, names: &dyn SpecNames) -> String {
        let shifted: Vec<View> = self
            .succ
            .iter()
            .map(|v| View {
                offset: v.offset - self.base,
                ..*v
            })
            .collect();
        format!("{}({})", self.name(), names.views(&shifted))
    }

    /// MiniZinc's circuit numbers nodes from 1.
    fn minizinc(&self, names: &dyn MiniZincNames) -> String {
        let shifted: Vec<String> = self
            .succ
            .iter()
            .map(|&x| format!("{} - {}", names.view(x), self.base - 1))
            .collect();
        format!("{}([{}])", self.name(), shifted.join(", "))
    }
}

/// Whether successors `next` (node numbers from 0) form one cycle through
/// every node, or, with `sub`, through the nodes that are not their own
/// successor (none such is a solution too).
fn is_circuit(next: &[i64], sub: bool) -> bool {
    let n = next.len();
    if next.iter().any(|&j| j < 0 || j >= n as i64) {
        return false;
    }
    let on: Vec<usize> = (0..n).filter(|&i| !sub || next[i] != i as i64).collect();
    let Some(&first) = on.first() else {
        return true;
    };
    // From the first node on it, as many steps as nodes lead back to it
    // through distinct nodes.
    let mut seen = vec![false; n];
    let mut node = first;
    for _ in 0..on.len() {
        let j = next[node] as usize;
        if seen[j] || (sub && j == node) {
            return false;
        }
        seen[j] = true;
        node = j;
    }
    node == first
}
