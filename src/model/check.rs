//! The reference meaning of every constraint: does a full assignment satisfy
//! it? Used as the oracle by propagator tests and by the debug self-check of
//! every solution the search reports.

use crate::model::{Constraint, Lit, View};

fn val(values: &[i64], v: View) -> i64 {
    v.value(values[v.var.index()])
}

fn lit(values: &[i64], l: Lit) -> bool {
    l.holds(values[l.var.index()])
}

impl Constraint {
    /// True when `values` (one per model variable) satisfies the constraint.
    pub fn holds(&self, values: &[i64]) -> bool {
        match self {
            Constraint::Linear {
                terms,
                rel,
                rhs,
                reif,
            } => {
                let sum: i64 = terms.iter().map(|&(a, x)| a * values[x.index()]).sum();
                let truth = rel.holds(sum, *rhs);
                match reif {
                    None => truth,
                    Some(r) => lit(values, *r) == truth,
                }
            }
            Constraint::AllDifferent(views) => {
                let mut seen: Vec<i64> = views.iter().map(|&v| val(values, v)).collect();
                seen.sort_unstable();
                seen.windows(2).all(|w| w[0] != w[1])
            }
            Constraint::ElementConst {
                index,
                values: array,
                result,
            } => {
                let i = val(values, *index);
                i >= 0 && (i as usize) < array.len() && array[i as usize] == val(values, *result)
            }
            Constraint::ElementVar {
                index,
                array,
                result,
            } => {
                let i = val(values, *index);
                i >= 0
                    && (i as usize) < array.len()
                    && val(values, array[i as usize]) == val(values, *result)
            }
            Constraint::Clause { lits, reif } => {
                let truth = lits.iter().any(|&l| lit(values, l));
                match reif {
                    None => truth,
                    Some(r) => lit(values, *r) == truth,
                }
            }
            Constraint::Times { x, y, z } => {
                val(values, *x).checked_mul(val(values, *y)) == Some(val(values, *z))
            }
            Constraint::Div { x, y, z } => {
                let d = val(values, *y);
                d != 0 && val(values, *x).checked_div(d) == Some(val(values, *z))
            }
            Constraint::Rem { x, y, z } => {
                let d = val(values, *y);
                d != 0 && val(values, *x).checked_rem(d) == Some(val(values, *z))
            }
            Constraint::Abs { x, z } => val(values, *x).abs() == val(values, *z),
            Constraint::Max { xs, z } => {
                xs.iter().map(|&v| val(values, v)).max() == Some(val(values, *z))
            }
            Constraint::Lex { xs, ys, strict } => {
                let a: Vec<i64> = xs.iter().map(|&v| val(values, v)).collect();
                let b: Vec<i64> = ys.iter().map(|&v| val(values, v)).collect();
                if *strict { a < b } else { a <= b }
            }
            Constraint::Table { xs, rows } => rows
                .iter()
                .any(|row| xs.iter().zip(row).all(|(&x, &v)| val(values, x) == v)),
            Constraint::Circuit { succ, base, sub } => {
                let next: Vec<i64> = succ.iter().map(|&x| val(values, x) - base).collect();
                is_circuit(&next, *sub)
            }
            Constraint::Connected {
                nodes,
                edges,
                links,
            } => {
                let on: Vec<bool> = nodes.iter().map(|&x| val(values, x) == 1).collect();
                // The edges that join: every one, or those whose link is 1
                // (and such a link's ends must be on).
                let mut joined = Vec::with_capacity(edges.len());
                for (e, &(a, b)) in edges.iter().enumerate() {
                    let ends = on[a as usize] && on[b as usize];
                    match links.get(e).map(|&x| val(values, x) == 1) {
                        Some(true) if !ends => return false,
                        Some(false) => {}
                        Some(true) | None if ends => joined.push((a, b)),
                        _ => {}
                    }
                }
                is_connected(&on, &joined)
            }
            Constraint::Regular { xs, automaton } => {
                automaton.accepts(xs.iter().map(|&x| val(values, x)))
            }
        }
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

/// Whether the nodes that are `on` form one connected piece of the
/// undirected graph of `edges` (none on: true).
fn is_connected(on: &[bool], edges: &[(u32, u32)]) -> bool {
    let Some(first) = on.iter().position(|&o| o) else {
        return true;
    };
    let mut reached = vec![false; on.len()];
    reached[first] = true;
    // Grow the reached set along edges between nodes on until it stops.
    let mut grew = true;
    while grew {
        grew = false;
        for &(a, b) in edges {
            let (a, b) = (a as usize, b as usize);
            if on[a] && on[b] && reached[a] != reached[b] {
                reached[a] = true;
                reached[b] = true;
                grew = true;
            }
        }
    }
    (0..on.len()).all(|i| !on[i] || reached[i])
}
