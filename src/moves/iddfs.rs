//! Iterative deepening: depth-first searches of depth 0, 1, 2, ... with
//! a bounded table of depths that keeps every shortest solution (proof at
//! [`Deepening::dfs`]); every shortest solution, or their number.

use super::count::Count;
use super::target::{Path, Target};
use super::{Puzzle, State};
use crate::diagnostic::Error;
use std::collections::HashMap;

/// What iterative deepening does with the solutions it meets.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Collect {
    /// List them, at most this many (`None`: all).
    List(Option<usize>),
    /// Only count them.
    Count,
}

/// Depth-first searches of depth 0, 1, 2, ... until one has solutions.
/// They prune with a table of the positions met and the least depth each
/// was met at (see [`Deepening::dfs`]), kept from one search to the next:
/// after the search of depth D it holds every position's distance up to D,
/// so the next expands each position only at its distance, once. The
/// table is bounded by the cap on positions; a full table prunes less.
/// Proves "no solution" when a depth adds no position (every position
/// within it was met) or no path reaches the depth at all. Returns the
/// number of shortest solutions and their length.
fn iddfs(
    puzzle: &mut Puzzle,
    start: State,
    target: Target,
    collect: Collect,
    found: &mut Vec<Path>,
) -> Result<Option<(Count, usize)>, Error> {
    let mut met_before = 0;
    let cap = puzzle.max_states;
    let mut d = Deepening {
        puzzle,
        target,
        depth: 0,
        collect,
        path: Vec::new(),
        on_path: vec![start],
        table: HashMap::new(),
        cap,
        full: false,
        reached_depth: false,
        found,
    };
    loop {
        d.reached_depth = false;
        let count = d.dfs(start)?;
        if !count.is_zero() {
            return Ok(Some((count, d.depth)));
        }
        // No path reached this depth: no position is this far from the
        // start, and so none further. Or, with the table complete, this
        // depth met no position the last one had not.
        if !d.reached_depth || (!d.full && d.table.len() == met_before && d.depth > 0) {
            return Ok(None);
        }
        met_before = d.table.len();
        d.depth += 1;
    }
}

/// A position met: the least depth it was met at (in any search), and
/// the number of solutions below it from that depth in the search of
/// depth `round`, once its subtree was searched (`None` while it is being
/// searched).
struct Met {
    depth: usize,
    round: usize,
    solutions: Option<Count>,
}

/// One depth-limited search of iterative deepening.
struct Deepening<'a> {
    puzzle: &'a mut Puzzle,
    target: Target,
    depth: usize,
    collect: Collect,
    path: Path,
    on_path: Vec<State>,
    table: HashMap<State, Met>,
    cap: usize,
    /// The table reached the cap (in any search so far).
    full: bool,
    /// Some path of this search reached its depth.
    reached_depth: bool,
    found: &'a mut Vec<Path>,
}

impl Deepening<'_> {
    /// `s` met now at depth `d`, not searched yet.
    fn meeting(&self, d: usize) -> Met {
        Met {
            depth: d,
            round: self.depth,
            solutions: None,
        }
    }

    fn listed_enough(&self) -> bool {
        matches!(self.collect, Collect::List(Some(n)) if self.found.len() >= n)
    }

    /// The number of solutions of exactly `self.depth` moves that go
    /// through `s` at the current path's length. Why the pruning keeps
    /// every shortest solution (each search runs only after the shallower
    /// ones found none, so no target is closer than `self.depth`):
    /// - `s` met before (in this search or an earlier one) at a smaller
    ///   depth `d' < d`: a solution through `s` at depth `d` would give one
    ///   through the earlier path of length `depth - (d - d')`, shorter
    ///   than any: there is none;
    /// - `s` met before in this search at the same depth and searched: its solutions
    ///   depend only on `s` and the moves left, so the number found then
    ///   is the answer (listing visits them again only when there are
    ///   some: the work follows the output);
    /// - a state already on the path: a solution revisiting it would have
    ///   a shorter one.
    fn dfs(&mut self, s: State) -> Result<Count, Error> {
        let d = self.path.len();
        match self.table.get(&s) {
            Some(met) if met.depth < d => return Ok(Count::zero()),
            Some(Met {
                depth,
                round,
                solutions: Some(n),
            }) if *depth == d && *round == self.depth => {
                if self.collect == Collect::Count || n.is_zero() {
                    return Ok(n.clone());
                }
            }
            Some(_) => {
                let _ = self.table.insert(s, self.meeting(d));
            }
            None if self.table.len() < self.cap => {
                let _ = self.table.insert(s, self.meeting(d));
            }
            None => self.full = true,
        }
        let mut total = Count::zero();
        if d == self.depth {
            self.reached_depth = true;
            if self.puzzle.reached(s, self.target)? {
                total = Count::one();
                if self.collect != Collect::Count {
                    self.found.push(self.path.clone());
                }
            }
        } else {
            let mut succ = Vec::new();
            self.puzzle.successors(s, &mut succ)?;
            for (m, t, _) in succ {
                if self.listed_enough() {
                    break;
                }
                if self.on_path.contains(&t) {
                    continue;
                }
                self.path.push((m, t));
                self.on_path.push(t);
                let result = self.dfs(t);
                let _ = self.on_path.pop();
                let _ = self.path.pop();
                total.add(&result?);
            }
        }
        if let Some(met) = self.table.get_mut(&s)
            && met.depth == d
            && met.round == self.depth
        {
            met.solutions = Some(total.clone());
        }
        Ok(total)
    }
}

/// Every solution of the first depth that has one (at most `limit`), by
/// iterative deepening.
pub fn iddfs_all(
    puzzle: &mut Puzzle,
    start: State,
    target: Target,
    limit: Option<usize>,
) -> Result<Vec<Path>, Error> {
    let mut found = Vec::new();
    let _ = iddfs(puzzle, start, target, Collect::List(limit), &mut found)?;
    Ok(found)
}

/// The number of shortest solutions and their length, by iterative
/// deepening (none listed).
pub fn iddfs_count(
    puzzle: &mut Puzzle,
    start: State,
    target: Target,
) -> Result<Option<(Count, usize)>, Error> {
    iddfs(puzzle, start, target, Collect::Count, &mut Vec::new())
}
