//! Which declared groups are sorted rather than walked: a group with a
//! direct way to its smallest key (rows, columns, values; the rows and the
//! columns of one matrix together) that commutes with every other group,
//! chosen so that the groups left to walk element by element are as small
//! as they can be.

use crate::lower::Lowerer;
use crate::model::VarId;
use crate::plans::symmetry::MatrixSort;
use crate::plans::symmetry::{Element, Factor, Move, Sort};

/// Literals per check of commutation, beyond which a group is walked
/// element by element rather than sorted.
const MAX_COMMUTE_CHECK: u64 = 10_000_000;

/// The factors sorted rather than walked: among each factor with a
/// [`Sort`] and the rows and the columns of one matrix together, the
/// choice that leaves the fewest elements to walk (the first such, so a
/// matrix pair wins a tie). Each factor sorted commutes with every other
/// (so that sorting them and walking the others finds the smallest key of
/// the whole orbit).
pub(super) fn sorter(l: &Lowerer, factors: &[Factor], key: &[VarId]) -> Option<(Vec<usize>, Sort)> {
    let sortable: Vec<usize> = (0..factors.len())
        .filter(|&i| factors[i].sort.is_some() && commutes(l, factors, i, key))
        .collect();
    let mut choices: Vec<(Vec<usize>, Sort)> = Vec::new();
    for (n, &i) in sortable.iter().enumerate() {
        for &j in &sortable[n + 1..] {
            if let (Some(Sort::Lines(a)), Some(Sort::Lines(b))) =
                (&factors[i].sort, &factors[j].sort)
                && let Some(matrix) = MatrixSort::new(a, b)
            {
                choices.push((vec![i, j], Sort::Matrix(matrix)));
            }
        }
    }
    for &i in &sortable {
        choices.extend(factors[i].sort.clone().map(|sort| (vec![i], sort)));
    }
    let walked = |sorted: &[usize]| {
        (0..factors.len())
            .filter(|i| !sorted.contains(i))
            .fold(1u64, |acc, i| acc.saturating_mul(factors[i].order.max(1)))
    };
    let mut best: Option<(Vec<usize>, Sort)> = None;
    for choice in choices {
        if best
            .as_ref()
            .is_none_or(|b| walked(&choice.0) < walked(&b.0))
        {
            best = Some(choice);
        }
    }
    best
}

/// Whether factor `i`'s elements commute with every other factor's, on
/// every literal (then sorting within `i` and walking the others finds
/// the smallest key of the whole orbit). Only positions one of the two
/// changes matter; where both only move values between positions,
/// positions are enough.
fn commutes(l: &Lowerer, factors: &[Factor], i: usize, key: &[VarId]) -> bool {
    let others: Vec<&Element> = factors
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .flat_map(|(_, f)| &f.elements)
        .collect();
    let mut work = 0u64;
    for g in &others {
        for h in &factors[i].elements {
            let mut positions: Vec<u32> = g.0.iter().chain(&h.0).map(|m| m.0).collect();
            positions.sort_unstable();
            positions.dedup();
            let moving = |e: &Element| e.0.iter().all(|(_, m)| matches!(m, Move::To(_)));
            let values_matter = !(moving(g) && moving(h));
            for &p in &positions {
                let values: Vec<i64> = if values_matter {
                    let d = l.model.domain(key[p as usize]);
                    work += d.size();
                    if work > MAX_COMMUTE_CHECK {
                        return false;
                    }
                    d.values().collect()
                } else {
                    vec![0]
                };
                for v in values {
                    let gh = h.literal(p, v).and_then(|(q, w)| g.literal(q, w));
                    let hg = g.literal(p, v).and_then(|(q, w)| h.literal(q, w));
                    if gh != hg {
                        return false;
                    }
                }
            }
        }
    }
    true
}
