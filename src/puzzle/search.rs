//! The shortest solution of a puzzle from a start position: breadth-first
//! (fewest moves, the default), iterative deepening (the same answer in
//! memory proportional to the depth: the Flip It article's method) or A*
//! (least total cost, guided by the spec's heuristic, which must never
//! overestimate). Also every shortest solution and their number.

use super::count::Count;
use super::{Puzzle, State, Successor};
use crate::diagnostic::Error;
use std::collections::{BinaryHeap, HashMap};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Bfs,
    Iddfs,
    Astar,
}

pub const METHODS: &[(&str, Method)] = &[
    ("bfs", Method::Bfs),
    ("iddfs", Method::Iddfs),
    ("astar", Method::Astar),
];

/// What ends a solution: the spec's goal or one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Goal,
    Position(State),
}

/// A solution: the moves (instance, state after it) from the start.
pub type Path = Vec<(usize, State)>;

impl Puzzle {
    fn reached(&mut self, s: State, target: Target) -> Result<bool, Error> {
        match target {
            Target::Goal => self.is_goal(s),
            Target::Position(p) => Ok(s == p),
        }
    }
}

/// The shortest solution from `start`, or `None` when no goal is reachable
/// (every reachable state was visited: a proof).
pub fn shortest(
    puzzle: &mut Puzzle,
    start: State,
    target: Target,
    method: Method,
) -> Result<Option<Path>, Error> {
    match method {
        Method::Bfs => Ok(shortest_all(puzzle, start, target, Some(1))?
            .into_iter()
            .next()),
        Method::Iddfs => Ok(iddfs_all(puzzle, start, target, Some(1))?
            .into_iter()
            .next()),
        Method::Astar => astar(puzzle, start, target),
    }
}

/// Breadth-first layers from `start` until a layer holds a goal: the
/// distance of every state met and its predecessors one layer closer (all
/// of them, or only the first when `all` is false: one solution needs no
/// more, and a state then costs a map entry, no allocation).
struct Layers {
    preds: HashMap<State, Preds>,
    goals: Vec<State>,
}

/// A state's predecessors one layer closer: the first, then the others.
struct Preds {
    first: (usize, State),
    more: Vec<(usize, State)>,
}

impl Preds {
    fn iter(&self) -> impl Iterator<Item = &(usize, State)> {
        std::iter::once(&self.first).chain(&self.more)
    }
}

fn layers(puzzle: &mut Puzzle, start: State, target: Target, all: bool) -> Result<Layers, Error> {
    let mut dist: HashMap<State, u32> = HashMap::from([(start, 0)]);
    let mut preds: HashMap<State, Preds> = HashMap::new();
    if puzzle.reached(start, target)? {
        return Ok(Layers {
            preds,
            goals: vec![start],
        });
    }
    let cap = super::max_states();
    let mut layer = vec![start];
    let mut next_layer = Vec::new();
    let mut succ: Vec<Successor> = Vec::new();
    let mut depth = 0;
    while !layer.is_empty() {
        depth += 1;
        let mut goals = Vec::new();
        for &s in &layer {
            puzzle.successors(s, &mut succ)?;
            for &(m, t, _) in &succ {
                match dist.get(&t) {
                    Some(&d) if d < depth => continue,
                    Some(_) => {}
                    None => {
                        if dist.len() >= cap {
                            return Err(super::too_many_states("the breadth-first search"));
                        }
                        let _ = dist.insert(t, depth);
                        next_layer.push(t);
                        if puzzle.reached(t, target)? {
                            goals.push(t);
                        }
                    }
                }
                match preds.entry(t) {
                    std::collections::hash_map::Entry::Vacant(v) => {
                        let _ = v.insert(Preds {
                            first: (m, s),
                            more: Vec::new(),
                        });
                    }
                    std::collections::hash_map::Entry::Occupied(mut o) if all => {
                        o.get_mut().more.push((m, s));
                    }
                    std::collections::hash_map::Entry::Occupied(_) => {}
                }
            }
        }
        if !goals.is_empty() {
            return Ok(Layers { preds, goals });
        }
        layer = std::mem::take(&mut next_layer);
    }
    Ok(Layers {
        preds,
        goals: Vec::new(),
    })
}

/// Every shortest solution (at most `limit` of them), breadth-first.
pub fn shortest_all(
    puzzle: &mut Puzzle,
    start: State,
    target: Target,
    limit: Option<usize>,
) -> Result<Vec<Path>, Error> {
    let l = layers(puzzle, start, target, limit != Some(1))?;
    let mut paths = Vec::new();
    for &g in &l.goals {
        let mut suffix = Vec::new();
        walk_back(&l.preds, start, g, &mut suffix, &mut paths, limit);
        if limit.is_some_and(|n| paths.len() >= n) {
            break;
        }
    }
    Ok(paths)
}

fn walk_back(
    preds: &HashMap<State, Preds>,
    start: State,
    s: State,
    suffix: &mut Vec<(usize, State)>,
    out: &mut Vec<Path>,
    limit: Option<usize>,
) {
    if limit.is_some_and(|n| out.len() >= n) {
        return;
    }
    if s == start {
        out.push(suffix.iter().rev().copied().collect());
        return;
    }
    for &(m, p) in preds.get(&s).into_iter().flat_map(Preds::iter) {
        suffix.push((m, s));
        walk_back(preds, start, p, suffix, out, limit);
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
    let l = layers(puzzle, start, target, true)?;
    if l.goals.is_empty() {
        return Ok(None);
    }
    let mut memo: HashMap<State, Count> = HashMap::from([(start, Count::one())]);
    let mut total = Count::zero();
    for &g in &l.goals {
        total.add(&paths_to(&l.preds, g, &mut memo));
    }
    let mut length = 0;
    let mut s = l.goals[0];
    while s != start {
        s = l.preds[&s].first.1;
        length += 1;
    }
    Ok(Some((total, length)))
}

fn paths_to(preds: &HashMap<State, Preds>, s: State, memo: &mut HashMap<State, Count>) -> Count {
    if let Some(n) = memo.get(&s) {
        return n.clone();
    }
    // Iteratively: predecessors first (layers can be deep).
    let mut stack = vec![(s, false)];
    while let Some((t, expanded)) = stack.pop() {
        if memo.contains_key(&t) {
            continue;
        }
        let ps = preds.get(&t).into_iter().flat_map(Preds::iter);
        if expanded {
            let mut n = Count::zero();
            for &(_, p) in ps {
                n.add(&memo[&p]);
            }
            let _ = memo.insert(t, n);
        } else {
            stack.push((t, true));
            stack.extend(ps.map(|&(_, p)| (p, false)));
        }
    }
    memo[&s].clone()
}

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
/// table is bounded by the cap on positions; a full table prunes less. Proves "no solution" when a depth adds
/// no position (every position within it was met) or no path reaches the
/// depth at all. Returns the number of shortest solutions and their
/// length.
fn iddfs(
    puzzle: &mut Puzzle,
    start: State,
    target: Target,
    collect: Collect,
    found: &mut Vec<Path>,
) -> Result<Option<(Count, usize)>, Error> {
    let mut met_before = 0;
    let mut d = Deepening {
        puzzle,
        target,
        depth: 0,
        collect,
        path: Vec::new(),
        on_path: vec![start],
        table: HashMap::new(),
        cap: super::max_states(),
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

/// A*: least total cost, the spec's heuristic as the estimate (0 without
/// one: uniform-cost search). Totals are summed in 128 bits: a move costs
/// at most 2^62, so a sum is exact for any path a search could hold.
fn astar(puzzle: &mut Puzzle, start: State, target: Target) -> Result<Option<Path>, Error> {
    use std::cmp::Reverse;
    let cap = super::max_states();
    let mut best: HashMap<State, (i128, Option<(usize, State)>)> =
        HashMap::from([(start, (0, None))]);
    let mut open = BinaryHeap::new();
    let h = match target {
        Target::Goal => puzzle.heuristic(start)?,
        Target::Position(_) => 0,
    };
    open.push(Reverse((i128::from(h), 0i128, start)));
    let mut succ = Vec::new();
    while let Some(Reverse((_, g, s))) = open.pop() {
        if best[&s].0 < g {
            continue;
        }
        if puzzle.reached(s, target)? {
            let mut path = Vec::new();
            let mut t = s;
            while let Some((m, p)) = best[&t].1 {
                path.push((m, t));
                t = p;
            }
            path.reverse();
            return Ok(Some(path));
        }
        puzzle.successors(s, &mut succ)?;
        for &(m, t, cost) in &succ {
            let g2 = g + i128::from(cost);
            if best.get(&t).is_some_and(|&(d, _)| d <= g2) {
                continue;
            }
            if best.len() >= cap && !best.contains_key(&t) {
                return Err(super::too_many_states("A*"));
            }
            let _ = best.insert(t, (g2, Some((m, s))));
            let h = match target {
                Target::Goal => puzzle.heuristic(t)?,
                Target::Position(_) => 0,
            };
            open.push(Reverse((g2 + i128::from(h), g2, t)));
        }
    }
    Ok(None)
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
