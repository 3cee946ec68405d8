//! Every position of a puzzle and its distance to the goal. The positions
//! are the spec's solutions (its variables and constraints, enumerated by
//! the constraint engine); the moves from each give the move graph, which
//! is reversed and searched breadth-first from every goal position at
//! once: one pass finds every position's fewest moves to a goal, whether
//! or not the moves can be undone.

use super::numbering::Numbering;
use super::{ANALYZE, Puzzle, State, bare};
use crate::diagnostic::Error;
use crate::session::Session;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Every position, in the spec's search order.
    pub positions: Vec<State>,
    /// Fewest moves to a goal, per position (`None`: unsolvable).
    pub distance: Vec<Option<u32>>,
}

impl Analysis {
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

/// Analyses every position of the session's spec.
pub fn analyze(puzzle: &mut Puzzle, session: &mut Session) -> Result<Analysis, Error> {
    let state = puzzle.plan.state.clone();
    let mut met = Numbering::new(ANALYZE);
    let mut values = Vec::new();
    let mut solutions = session.solutions();
    for solution in solutions.by_ref() {
        values.clear();
        values.extend(state.iter().map(|x| solution.values()[x.index()]));
        let _ = met.insert(puzzle.pack(&values))?;
    }
    if solutions.stopped() {
        let d = crate::diagnostic::Diagnostic::stopped("while the positions were enumerated");
        return Err(Error::new(vec![d], &crate::source::Sources::default()));
    }
    drop(solutions);
    // The reversed move graph, as lists of predecessors (compressed rows).
    let n = met.len();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut goals = Vec::new();
    let mut succ = Vec::new();
    for i in 0..n {
        let p = met.state(i as u32);
        if puzzle.is_goal(p)? {
            goals.push(i as u32);
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
            edges.push((j, i as u32));
        }
    }
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
