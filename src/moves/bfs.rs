//! Breadth-first search: the fewest moves from a start, every shortest
//! solution and their number (counted through the layers, none listed).
//! Every position met is numbered (`numbering.rs`); per number, its depth
//! and its first predecessor one layer closer, the others apart when every
//! solution is listed, or instead the number of shortest paths to it when
//! they are only counted.

use super::count::Count;
use super::numbering::{Index, Numbering};
use super::target::{Path, Target};
use super::{Puzzle, State, Successor};
use crate::diagnostic::Error;

/// A predecessor: the move instance and the position's number.
type Pred = (u32, Index);

/// What the layers keep beside each position's first predecessor.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    /// Nothing more: one solution.
    First,
    /// Every predecessor one layer closer: every solution.
    All,
    /// The number of shortest paths to each position.
    Count,
}

/// Breadth-first layers from the start (number 0) until a layer holds a
/// target.
struct Layers {
    met: Numbering,
    depth: Vec<u32>,
    /// Per position, its first predecessor one layer closer (none for the
    /// start).
    first: Vec<Pred>,
    /// The others (with `Keep::All`), as (position, predecessor), sorted
    /// by position at the end.
    more: Vec<(Index, Pred)>,
    /// Per position, the number of shortest paths to it (`Keep::Count`).
    paths: Vec<Count>,
    goals: Vec<Index>,
}

impl Layers {
    fn preds(&self, i: Index) -> impl Iterator<Item = Pred> + '_ {
        let first = (i != 0).then(|| self.first[i as usize]);
        let from = self.more.partition_point(|&(j, _)| j < i);
        let to = self.more.partition_point(|&(j, _)| j <= i);
        first
            .into_iter()
            .chain(self.more[from..to].iter().map(|&(_, p)| p))
    }
}

fn layers(puzzle: &mut Puzzle, start: State, target: Target, keep: Keep) -> Result<Layers, Error> {
    let mut l = Layers {
        met: Numbering::new("the breadth-first search", puzzle.max_states),
        depth: vec![0],
        first: vec![(u32::MAX, 0)],
        more: Vec::new(),
        paths: if keep == Keep::Count {
            vec![Count::one()]
        } else {
            Vec::new()
        },
        goals: Vec::new(),
    };
    let _ = l.met.insert(start)?;
    if puzzle.reached(start, target)? {
        l.goals.push(0);
        return Ok(l);
    }
    let mut layer: Vec<Index> = vec![0];
    let mut next_layer = Vec::new();
    let mut succ: Vec<Successor> = Vec::new();
    let mut depth = 0;
    while !layer.is_empty() && l.goals.is_empty() {
        depth += 1;
        for &i in &layer {
            puzzle.successors(l.met.state(i), &mut succ)?;
            for &(m, t, _) in &succ {
                let (j, new) = l.met.insert(t)?;
                let pred = (m as u32, i);
                if new {
                    l.depth.push(depth);
                    l.first.push(pred);
                    next_layer.push(j);
                    if keep == Keep::Count {
                        l.paths.push(Count::zero());
                    }
                    if puzzle.reached(t, target)? {
                        l.goals.push(j);
                    }
                } else if l.depth[j as usize] != depth {
                    continue;
                } else if keep == Keep::All {
                    l.more.push((j, pred));
                }
                if keep == Keep::Count {
                    // `i` is in the layer before `j`'s: numbered before it,
                    // and its count is final.
                    let (before, from_j) = l.paths.split_at_mut(j as usize);
                    from_j[0].add(&before[i as usize]);
                }
            }
        }
        layer = std::mem::take(&mut next_layer);
    }
    l.more.sort_by_key(|&(j, _)| j);
    Ok(l)
}

/// Every shortest solution (at most `limit` of them), breadth-first.
pub fn shortest_all(
    puzzle: &mut Puzzle,
    start: State,
    target: Target,
    limit: Option<usize>,
) -> Result<Vec<Path>, Error> {
    let keep = if limit == Some(1) {
        Keep::First
    } else {
        Keep::All
    };
    let l = layers(puzzle, start, target, keep)?;
    let mut paths = Vec::new();
    for &g in &l.goals {
        let mut suffix = Vec::new();
        walk_back(&l, g, &mut suffix, &mut paths, limit);
        if limit.is_some_and(|n| paths.len() >= n) {
            break;
        }
    }
    Ok(paths)
}

fn walk_back(
    l: &Layers,
    i: Index,
    suffix: &mut Vec<(usize, State)>,
    out: &mut Vec<Path>,
    limit: Option<usize>,
) {
    if limit.is_some_and(|n| out.len() >= n) {
        return;
    }
    if i == 0 {
        out.push(suffix.iter().rev().copied().collect());
        return;
    }
    for (m, p) in l.preds(i) {
        suffix.push((m as usize, l.met.state(i)));
        walk_back(l, p, suffix, out, limit);
        let _ = suffix.pop();
    }
}

/// The number of shortest solutions (and their length), breadth-first:
/// paths counted through the layers, none of them listed.
pub fn count_shortest(
    puzzle: &mut Puzzle,
    start: State,
    target: Target,
) -> Result<Option<(Count, usize)>, Error> {
    let l = layers(puzzle, start, target, Keep::Count)?;
    let Some(&g) = l.goals.first() else {
        return Ok(None);
    };
    let mut total = Count::zero();
    for &g in &l.goals {
        total.add(&l.paths[g as usize]);
    }
    Ok(Some((total, l.depth[g as usize] as usize)))
}
