//! A step's technique, named from the structure of the step, for any
//! spec: what its items are (their constraint kinds), what its facts
//! show inside them, and how it was found; never from the genre.
//!
//! Within one `alldifferent` item (a sudoku's row, a KenKen's column) the
//! names a sudoku book uses, each checked on the step's own facts (a
//! variable the step does not know keeps every value it has with nothing
//! known): an *elimination* (each value removed is placed in another
//! variable of the item), a *naked single* (an elimination that leaves a
//! variable one value), a *hidden single* (the value fixed has no other
//! place in the item), a *naked pair/triple/quad* (k other variables with
//! k values between them, which the rest lose) and a *hidden
//! pair/triple/quad* (k values with k places, which keep no other value).
//! Two `alldifferent` items sharing variables, where one confines a value
//! to the shared ones and the other loses it elsewhere, are a *pointing /
//! box-line* step (found by contradiction: with the value there, the first
//! item has no place left for it). Any other item is named by its kind (a
//! `sum`, a `table`, a `loop`, `connectivity`...), several items together
//! by theirs, and any other step by contradiction a `contradiction`.
//!
//! A step may be explained by several patterns; it is named by the
//! simplest that explains each of its deductions, the hardest of those
//! naming the step.

use super::{Method, Step};
use crate::explain::items::Item;
use crate::facts::values::{self, Values};
use crate::model::{Constraint, Model, VarId};
use std::collections::BTreeSet;

/// The most variables, or values, an item may have for the subset
/// patterns to be looked for (enumerating subsets of at most four).
const MOST_FOR_SUBSETS: usize = 16;

/// What a step uses, by structure.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// Values placed in an alldifferent item removed from its others.
    Elimination,
    /// An elimination that leaves a variable one value.
    NakedSingle,
    /// The one place left for a value in an alldifferent item.
    HiddenSingle,
    /// k variables of an alldifferent item with k values between them.
    NakedSubset(usize),
    /// k values of an alldifferent item with k places between them.
    HiddenSubset(usize),
    /// One item of a kind (`sum`, `table`, `loop`...), or an alldifferent
    /// by a matching argument beyond the patterns above.
    Kind(&'static str),
    /// Several items propagated together (sharing auxiliary variables).
    Together(Vec<&'static str>),
    /// Two alldifferent items sharing variables: a value confined to the
    /// shared ones in one leaves the rest of the other.
    Intersection,
    /// A failed value: with it, the items and facts have no solution.
    Contradiction,
}

impl Technique {
    /// Its name, as a step's head and `--techniques` print it.
    pub fn name(&self) -> String {
        match self {
            Technique::Elimination => "elimination".into(),
            Technique::NakedSingle => "naked single".into(),
            Technique::HiddenSingle => "hidden single".into(),
            Technique::NakedSubset(k) => format!("naked {}", subset(*k)),
            Technique::HiddenSubset(k) => format!("hidden {}", subset(*k)),
            Technique::Kind(kind) => (*kind).into(),
            Technique::Together(kinds) => kinds.join(" + "),
            Technique::Intersection => "pointing / box-line".into(),
            Technique::Contradiction => "contradiction".into(),
        }
    }

    /// How hard it is, for naming a step by its hardest deduction.
    fn rank(&self) -> usize {
        match self {
            Technique::Elimination => 0,
            Technique::NakedSingle => 1,
            Technique::HiddenSingle => 2,
            Technique::NakedSubset(k) => 2 * k - 1,
            Technique::HiddenSubset(k) => 2 * k,
            Technique::Kind(_) => 9,
            Technique::Together(_) => 10,
            Technique::Intersection => 11,
            Technique::Contradiction => 12,
        }
    }
}

fn subset(k: usize) -> &'static str {
    match k {
        2 => "pair",
        3 => "triple",
        _ => "quad",
    }
}

/// The class a constraint kind names, and how specific it is (the most
/// specific of an item's constraints names it).
fn class(c: &Constraint) -> (&'static str, u8) {
    match c {
        Constraint::Circuit(_) => ("loop", 9),
        Constraint::Connected(_) => ("connectivity", 9),
        Constraint::Regular(_) => ("pattern", 8),
        // A cage's table (see `lower::cages`) says more than the
        // alldifferent beside it, less than its sum when that is posted.
        Constraint::Table(_) => ("table", 7),
        Constraint::Cumulative(_) | Constraint::Disjunctive(_) => ("scheduling", 8),
        Constraint::AllDifferent(_) | Constraint::AllDifferentExcept(_) => ("alldifferent", 6),
        Constraint::GlobalCardinality(_) => ("cardinality", 6),
        Constraint::Count(_) => ("count", 6),
        Constraint::Inverse(_) => ("inverse", 6),
        Constraint::Lex(_) => ("order", 6),
        Constraint::Linear(l) if l.reif.is_some() => ("logic", 1),
        // One term, or two of opposite signs (`x <= y`, `x - y == 2`).
        Constraint::Linear(l)
            if l.terms.len() == 1 || (l.terms.len() == 2 && l.terms[0].0 * l.terms[1].0 < 0) =>
        {
            ("comparison", 3)
        }
        Constraint::Linear(_) => ("sum", 8),
        Constraint::Times(_)
        | Constraint::Div(_)
        | Constraint::Rem(_)
        | Constraint::Abs(_)
        | Constraint::Max(_) => ("arithmetic", 8),
        Constraint::ElementConst(_) | Constraint::ElementVar(_) => ("element", 3),
        Constraint::Member(_) => ("member", 2),
        Constraint::Clause(_) => ("logic", 1),
    }
}

/// The kind an item is named by: its most specific constraint's.
pub(super) fn item_kind(model: &Model, item: &Item) -> &'static str {
    (item.constraints.iter())
        .map(|&c| class(&model.constraints[c].constraint))
        .max_by_key(|&(_, specific)| specific)
        .map_or("rule", |(name, _)| name)
}

/// The variables of each alldifferent the item is made of, when it is
/// made of alldifferents alone (a row; the zebra's "each house has its
/// own colour, nation..."): the patterns of a sudoku book apply to each.
fn all_different(model: &Model, item: &Item) -> Option<Vec<Vec<VarId>>> {
    (item.constraints.iter())
        .map(|&c| match &model.constraints[c].constraint {
            c @ Constraint::AllDifferent(_) => Some(c.vars()),
            _ => None,
        })
        .collect()
}

/// The step's technique: `initial` is each variable's domain with
/// nothing known, which a variable the step has no fact on keeps.
pub(super) fn classify(
    model: &Model,
    items: &[Item],
    initial: &[Values],
    step: &Step,
) -> Technique {
    let known = |x: VarId| -> Values {
        (step.facts.iter())
            .find(|f| f.var == x)
            .map_or_else(|| initial[x.index()].clone(), |f| f.values.clone())
    };
    match (step.method, &step.uses[..]) {
        (Method::Conflict, &[a, b]) => {
            let one = |i: usize| match all_different(model, &items[i]).as_deref() {
                Some([vars]) => Some(vars.clone()),
                _ => None,
            };
            match (one(a), one(b)) {
                (Some(a), Some(b)) if intersection(&a, &b, step, &known) => Technique::Intersection,
                _ => Technique::Contradiction,
            }
        }
        (Method::Conflict, _) => Technique::Contradiction,
        (Method::Propagation, &[one]) => {
            let item = &items[one];
            let Some(groups) = all_different(model, item) else {
                return Technique::Kind(item_kind(model, item));
            };
            let pattern = |d: &super::Deduction| -> Technique {
                let Some(vars) = groups.iter().find(|vars| vars.contains(&d.var)) else {
                    return Technique::Kind("alldifferent");
                };
                let domains: Vec<(VarId, Vec<i64>)> =
                    vars.iter().map(|&y| (y, spread(&known(y)))).collect();
                in_all_different(&domains, d.var, &spread(&d.removed), &spread(&d.left))
            };
            (step.deductions.iter())
                .map(pattern)
                .max_by_key(Technique::rank)
                .unwrap_or(Technique::Kind("alldifferent"))
        }
        (Method::Propagation, several) => {
            let mut kinds: Vec<&'static str> = several
                .iter()
                .map(|&i| item_kind(model, &items[i]))
                .collect();
            kinds.sort_unstable();
            kinds.dedup();
            Technique::Together(kinds)
        }
    }
}

/// Values one by one.
fn spread(values: &Values) -> Vec<i64> {
    values.iter().flat_map(|&(lo, hi)| lo..=hi).collect()
}

/// The simplest pattern of one alldifferent item (its variables with
/// what the step knows of them) that removes `removed` from `x`, which
/// keeps `kept`.
fn in_all_different(
    domains: &[(VarId, Vec<i64>)],
    x: VarId,
    removed: &[i64],
    kept: &[i64],
) -> Technique {
    let fixes = kept.len() == 1;
    let others: Vec<&Vec<i64>> = (domains.iter())
        .filter(|(y, _)| *y != x)
        .map(|(_, d)| d)
        .collect();
    let placed: BTreeSet<i64> = (others.iter())
        .filter_map(|d| match d[..] {
            [v] => Some(v),
            _ => None,
        })
        .collect();
    if removed.iter().all(|v| placed.contains(v)) {
        return if fixes {
            Technique::NakedSingle
        } else {
            Technique::Elimination
        };
    }
    if let [v] = kept[..]
        && others.iter().all(|d| !d.contains(&v))
    {
        return Technique::HiddenSingle;
    }
    if others.len() > MOST_FOR_SUBSETS {
        return Technique::Kind("alldifferent");
    }
    for k in 2..=4 {
        let naked = subsets(others.len(), k).into_iter().any(|set| {
            let union: BTreeSet<i64> = set
                .iter()
                .flat_map(|&i| others[i].iter().copied())
                .collect();
            union.len() == k
                && removed
                    .iter()
                    .all(|v| union.contains(v) || placed.contains(v))
        });
        if naked {
            return Technique::NakedSubset(k);
        }
        if hidden(domains, kept, removed, k) {
            return Technique::HiddenSubset(k);
        }
    }
    Technique::Kind("alldifferent")
}

/// Whether k values, among them every value `x` keeps and none it
/// loses, have k places in the item between them (`x` one of them).
fn hidden(domains: &[(VarId, Vec<i64>)], kept: &[i64], removed: &[i64], k: usize) -> bool {
    if kept.len() > k {
        return false;
    }
    let more: Vec<i64> = (domains.iter())
        .flat_map(|(_, d)| d.iter().copied())
        .collect::<BTreeSet<i64>>()
        .into_iter()
        .filter(|v| !kept.contains(v) && !removed.contains(v))
        .collect();
    if more.len() > MOST_FOR_SUBSETS {
        return false;
    }
    subsets(more.len(), k - kept.len())
        .into_iter()
        .any(|extra| {
            let chosen: Vec<i64> = (kept.iter().copied())
                .chain(extra.iter().map(|&i| more[i]))
                .collect();
            let places = (domains.iter())
                .filter(|(_, d)| d.iter().any(|v| chosen.contains(v)))
                .count();
            places == k
        })
}

/// The subsets of `0..n` of size `k`, each ascending.
fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut set: Vec<usize> = (0..k).collect();
    if k > n {
        return out;
    }
    loop {
        out.push(set.clone());
        // The rightmost index that can still move right.
        let Some(i) = (0..k).rev().find(|&i| set[i] < n - k + i) else {
            return out;
        };
        set[i] += 1;
        for j in i + 1..k {
            set[j] = set[j - 1] + 1;
        }
    }
}

/// Whether the one value the step removes, from a variable of one
/// alldifferent only, is confined in the other to the variables the two
/// share.
fn intersection(a: &[VarId], b: &[VarId], step: &Step, known: &dyn Fn(VarId) -> Values) -> bool {
    let [d] = &step.deductions[..] else {
        return false;
    };
    let [(v, w)] = d.removed[..] else {
        return false;
    };
    if v != w {
        return false;
    }
    let (line, confining) = match (a.contains(&d.var), b.contains(&d.var)) {
        (true, false) => (a, b),
        (false, true) => (b, a),
        _ => return false,
    };
    let shared = |y: &VarId| line.contains(y);
    confining.iter().any(shared)
        && (confining.iter())
            .filter(|y| !shared(y))
            .all(|&y| values::both(&known(y), &[(v, v)]).is_empty())
}
