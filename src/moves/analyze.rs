//! Every position of a puzzle and its distance to the goal. The positions
//! are the spec's solutions (its variables and constraints, enumerated by
//! the constraint engine); the moves from each give the move graph, which
//! is reversed and searched breadth-first from every goal position at
//! once: one pass finds every position's fewest moves to a goal, whether
//! or not the moves can be undone.
//!
//! With several threads the positions are enumerated by the parallel
//! search (in the sequential order) and the moves from them are found in
//! blocks the threads take in turn, put back in order: the analysis and
//! its first error do not depend on the threads.

use super::numbering::{Index, Numbering};
use super::{ANALYZE, Puzzle, State, bare};
use crate::diagnostic::Error;
use crate::parallel::{self, Seek, Spread};
use crate::session::Session;
use std::ops::ControlFlow;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Every position, in the spec's search order.
    pub positions: Vec<State>,
    /// Fewest moves to a goal, per position (`None`: unsolvable).
    pub distance: Vec<Option<u32>>,
}

impl Analysis {
    /// The figures as one JSON object (`analyze --json`, the playground):
    /// the histogram maps a distance to its positions.
    pub fn json(&self, puzzle: &Puzzle) -> serde_json::Value {
        let histogram: serde_json::Map<String, serde_json::Value> = self
            .histogram()
            .iter()
            .enumerate()
            .map(|(d, &c)| (d.to_string(), serde_json::Value::from(c)))
            .collect();
        let hardest: Vec<String> = self.hardest().iter().map(|&s| puzzle.format(s)).collect();
        serde_json::json!({
            "positions": self.positions.len(),
            "solvable": self.solvable(),
            "longest": self.longest(),
            "hardest": hardest,
            "histogram": histogram,
        })
    }

    pub fn solvable(&self) -> usize {
        self.distance.iter().filter(|d| d.is_some()).count()
    }

    pub fn longest(&self) -> Option<u32> {
        self.distance.iter().flatten().copied().max()
    }

    /// `histogram[d]`: how many positions are `d` moves from a goal.
    pub fn histogram(&self) -> Vec<u64> {
        let mut h = vec![0; self.longest().map_or(0, |l| l as usize + 1)];
        for d in self.distance.iter().flatten() {
            h[*d as usize] += 1;
        }
        h
    }

    /// The positions that need the longest, in order.
    pub fn hardest(&self) -> Vec<State> {
        let longest = self.longest();
        self.positions
            .iter()
            .zip(&self.distance)
            .filter(|(_, d)| d.is_some() && **d == longest)
            .map(|(&p, _)| p)
            .collect()
    }
}

/// Analyses every position of the session's spec on `threads` threads.
pub fn analyze(
    puzzle: &mut Puzzle,
    session: &mut Session,
    spread: &Spread,
) -> Result<Analysis, Error> {
    let met = positions(puzzle, session, spread)?;
    let n = met.len();
    let (goals, edges) = moves(puzzle, &met, spread.threads)?;
    // The numbering's map is not needed any more: only its positions.
    let positions = met.into_states();
    let mut start = vec![0u32; n + 1];
    for &(j, _) in &edges {
        start[j as usize + 1] += 1;
    }
    for k in 0..n {
        start[k + 1] += start[k];
    }
    let mut preds = vec![0u32; edges.len()];
    let mut fill = start.clone();
    for &(j, i) in &edges {
        preds[fill[j as usize] as usize] = i;
        fill[j as usize] += 1;
    }
    drop(edges);
    let mut distance: Vec<Option<u32>> = vec![None; n];
    let mut queue = std::collections::VecDeque::new();
    for &g in &goals {
        distance[g as usize] = Some(0);
        queue.push_back(g);
    }
    while let Some(j) = queue.pop_front() {
        let d = distance[j as usize].expect("queued with a distance") + 1;
        for &i in &preds[start[j as usize] as usize..start[j as usize + 1] as usize] {
            if distance[i as usize].is_none() {
                distance[i as usize] = Some(d);
                queue.push_back(i);
            }
        }
    }
    Ok(Analysis {
        positions,
        distance,
    })
}

/// Every position, numbered in the spec's search order.
fn positions(puzzle: &Puzzle, session: &mut Session, spread: &Spread) -> Result<Numbering, Error> {
    let state = puzzle.plan.state.clone();
    let mut met = Numbering::new(ANALYZE, puzzle.max_states);
    let mut values = Vec::new();
    let mut failed = None;
    let stopped = parallel::solutions(session, spread, Seek::All(u64::MAX), &mut |_, solution| {
        values.clear();
        values.extend(state.iter().map(|x| solution.values()[x.index()]));
        match met.insert(puzzle.pack(&values)) {
            Ok(_) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    if stopped {
        let d = crate::diagnostic::Diagnostic::stopped(
            "while the positions were enumerated",
            session.stop().cause(),
        );
        return Err(Error::new(vec![d], &crate::source::Sources::default()));
    }
    Ok(met)
}

/// Positions per block of moves a thread takes at a time.
const BLOCK: usize = 4096;

/// The goal positions, and the moves as (to, from) pairs in the order of
/// the positions they leave.
type Moves = (Vec<Index>, Vec<(Index, Index)>);

/// The goals and the moves from every position, in blocks spread over
/// the threads; the first error in the positions' order is the one told.
fn moves(puzzle: &mut Puzzle, met: &Numbering, threads: usize) -> Result<Moves, Error> {
    let n = met.len();
    let blocks = n.div_ceil(BLOCK);
    let threads = threads.clamp(1, blocks.max(1));
    if threads == 1 {
        return moves_from(puzzle, met, 0..n);
    }
    // Blocks after a failed one are not needed: the first error wins.
    let done = crate::pool::ordered(
        blocks,
        (0..threads).map(|_| puzzle.clone()).collect(),
        &|puzzle, b| moves_from(puzzle, met, b * BLOCK..((b + 1) * BLOCK).min(n)),
        &Result::is_err,
        None,
    );
    let (mut goals, mut edges) = (Vec::new(), Vec::new());
    for found in done {
        let (g, e) = found?;
        goals.extend(g);
        edges.extend(e);
    }
    Ok((goals, edges))
}

/// The goals among the positions `range` and the moves from them.
fn moves_from(
    puzzle: &mut Puzzle,
    met: &Numbering,
    range: std::ops::Range<usize>,
) -> Result<Moves, Error> {
    let (mut goals, mut edges) = (Vec::new(), Vec::new());
    let mut succ = Vec::new();
    for i in range {
        let p = met.state(i as Index);
        if puzzle.is_goal(p)? {
            goals.push(i as Index);
        }
        puzzle.successors(p, &mut succ)?;
        for &(m, t, _) in &succ {
            let Some(j) = met.get(t) else {
                return Err(bare(format!(
                    "{} from {} leads to {}, which is not a position of the spec (its constraints rule it out)",
                    puzzle.move_text(m, p),
                    puzzle.format(p),
                    puzzle.format(t)
                )));
            };
            edges.push((j, i as Index));
        }
    }
    Ok((goals, edges))
}
