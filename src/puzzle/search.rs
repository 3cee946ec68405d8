//! The shortest solution of a puzzle from a start position: breadth-first
//! (fewest moves, the default), iterative deepening (the same answer in
//! memory proportional to the depth: the Flip It article's method) or A*
//! (least total cost, guided by the spec's heuristic, which must never
//! overestimate). Also every shortest solution and their number.

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
        Method::Iddfs => {
            let mut found = Vec::new();
            iddfs(puzzle, start, target, Some(1), &mut found)?;
            Ok(found.into_iter().next())
        }
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
) -> Result<Option<(u128, usize)>, Error> {
    let l = layers(puzzle, start, target, true)?;
    if l.goals.is_empty() {
        return Ok(None);
    }
    let mut memo: HashMap<State, u128> = HashMap::from([(start, 1)]);
    let mut total: u128 = 0;
    for &g in &l.goals {
        total = total.saturating_add(paths_to(&l.preds, g, &mut memo));
    }
    let mut length = 0;
    let mut s = l.goals[0];
    while s != start {
        s = l.preds[&s].first.1;
        length += 1;
    }
    Ok(Some((total, length)))
}

fn paths_to(preds: &HashMap<State, Preds>, s: State, memo: &mut HashMap<State, u128>) -> u128 {
    if let Some(&n) = memo.get(&s) {
        return n;
    }
    // Iteratively: predecessors first (layers can be deep).
    let mut stack = vec![(s, false)];
    while let Some((t, expanded)) = stack.pop() {
        if memo.contains_key(&t) {
            continue;
        }
        let ps = preds.get(&t).into_iter().flat_map(Preds::iter);
        if expanded {
            let n = ps.fold(0u128, |a, &(_, p)| a.saturating_add(memo[&p]));
            let _ = memo.insert(t, n);
        } else {
            stack.push((t, true));
            stack.extend(ps.map(|&(_, p)| (p, false)));
        }
    }
    memo[&s]
}

/// Depth-first searches of depth 0, 1, 2, ... never revisiting a state of
/// the current path; collects the solutions of the first depth that has
/// any (at most `limit`). Proves "no solution" when a depth adds no new
/// state to those met so far.
fn iddfs(
    puzzle: &mut Puzzle,
    start: State,
    target: Target,
    limit: Option<usize>,
    found: &mut Vec<Path>,
) -> Result<(), Error> {
    let mut seen_before = 0;
    let mut d = Deepening {
        puzzle,
        target,
        depth: 0,
        limit,
        path: Vec::new(),
        on_path: vec![start],
        seen: HashMap::new(),
        found,
    };
    loop {
        d.seen.clear();
        d.dfs(start)?;
        if !d.found.is_empty() {
            return Ok(());
        }
        // Every state within `depth` moves was met: one more level adds
        // nothing when this one added nothing.
        if d.seen.len() == seen_before && d.depth > 0 {
            return Ok(());
        }
        seen_before = d.seen.len();
        d.depth += 1;
    }
}

/// One depth-limited search of iterative deepening.
struct Deepening<'a> {
    puzzle: &'a mut Puzzle,
    target: Target,
    depth: usize,
    limit: Option<usize>,
    path: Path,
    on_path: Vec<State>,
    /// Every state met at this depth.
    seen: HashMap<State, ()>,
    found: &'a mut Vec<Path>,
}

impl Deepening<'_> {
    fn dfs(&mut self, s: State) -> Result<(), Error> {
        let _ = self.seen.insert(s, ());
        if self.path.len() == self.depth {
            if self.puzzle.reached(s, self.target)? {
                self.found.push(self.path.clone());
            }
            return Ok(());
        }
        let mut succ = Vec::new();
        self.puzzle.successors(s, &mut succ)?;
        for (m, t, _) in succ {
            if self.limit.is_some_and(|n| self.found.len() >= n) {
                return Ok(());
            }
            if self.on_path.contains(&t) {
                continue;
            }
            self.path.push((m, t));
            self.on_path.push(t);
            let result = self.dfs(t);
            let _ = self.on_path.pop();
            let _ = self.path.pop();
            result?;
        }
        Ok(())
    }
}

/// A*: least total cost, the spec's heuristic as the estimate.
fn astar(puzzle: &mut Puzzle, start: State, target: Target) -> Result<Option<Path>, Error> {
    use std::cmp::Reverse;
    let mut best: HashMap<State, (i64, Option<(usize, State)>)> =
        HashMap::from([(start, (0, None))]);
    let mut open = BinaryHeap::new();
    let h = match target {
        Target::Goal => puzzle.heuristic(start)?,
        Target::Position(_) => 0,
    };
    open.push(Reverse((h, 0i64, start)));
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
            let g2 = g.saturating_add(cost);
            if best.get(&t).is_some_and(|&(d, _)| d <= g2) {
                continue;
            }
            let _ = best.insert(t, (g2, Some((m, s))));
            let h = match target {
                Target::Goal => puzzle.heuristic(t)?,
                Target::Position(_) => 0,
            };
            open.push(Reverse((g2.saturating_add(h), g2, t)));
        }
    }
    Ok(None)
}

/// Every solution of the first depth that has one, by iterative deepening.
pub fn iddfs_all(
    puzzle: &mut Puzzle,
    start: State,
    target: Target,
    limit: Option<usize>,
) -> Result<Vec<Path>, Error> {
    let mut found = Vec::new();
    iddfs(puzzle, start, target, limit, &mut found)?;
    Ok(found)
}
