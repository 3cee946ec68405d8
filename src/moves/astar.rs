//! A*: the least total cost from a start, the spec's heuristic as the
//! estimate (0 without one: uniform-cost search).

use super::numbering::{Index, Numbering};
use super::target::{Path, Target};
use super::{Puzzle, State};
use crate::diagnostic::Error;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Totals are summed in 128 bits: a move costs at most 2^62, so a sum is
/// exact for any path a search could hold. Every position met is numbered;
/// per number, the least cost found and the move and position it came by.
pub(super) fn astar(
    puzzle: &mut Puzzle,
    start: State,
    target: Target,
) -> Result<Option<Path>, Error> {
    let mut met = Numbering::new("A*", puzzle.max_states);
    let _ = met.insert(start)?;
    let mut best: Vec<i128> = vec![0];
    let mut came: Vec<(u32, Index)> = vec![(u32::MAX, 0)];
    let estimate = |puzzle: &mut Puzzle, s: State| -> Result<i128, Error> {
        Ok(match target {
            Target::Goal => i128::from(puzzle.heuristic(s)?),
            Target::Position(_) => 0,
        })
    };
    let mut open = BinaryHeap::new();
    open.push(Reverse((estimate(puzzle, start)?, 0i128, 0 as Index)));
    let mut succ = Vec::new();
    while let Some(Reverse((_, g, i))) = open.pop() {
        if best[i as usize] < g {
            continue;
        }
        let s = met.state(i);
        if puzzle.reached(s, target)? {
            let mut path = Vec::new();
            let mut j = i;
            while j != 0 {
                let (m, p) = came[j as usize];
                path.push((m as usize, met.state(j)));
                j = p;
            }
            path.reverse();
            return Ok(Some(path));
        }
        puzzle.successors(s, &mut succ)?;
        for &(m, t, cost) in &succ {
            let g2 = g + i128::from(cost);
            let (j, new) = met.insert(t)?;
            if new {
                best.push(g2);
                came.push((m as u32, i));
            } else if best[j as usize] <= g2 {
                continue;
            } else {
                best[j as usize] = g2;
                came[j as usize] = (m as u32, i);
            }
            open.push(Reverse((g2 + estimate(puzzle, t)?, g2, j)));
        }
    }
    Ok(None)
}
