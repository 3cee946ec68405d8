//! Cutting a search into parts by its own decisions (embarrassingly
//! parallel search: Régin, Rezgui and Malapert, CP 2013).
//!
//! The part that looks largest (the most open search space: the sum of
//! log2 of its variables' domain sizes after propagation) is replaced by
//! its two children, the left and the right branch of the choice the
//! search would make there, until there are enough parts or none is open.
//! Splitting the largest first keeps the parts even: a right branch
//! (`x != v`) is nearly as large as its parent, and is split again. A
//! part that fails is dropped; a part that is a solution stays as it is.
//! The parts are returned in depth-first order, so solving them in order
//! meets the solutions in the order of the search from the root. Each part
//! is the list of decisions that leads to it: the split depends only on
//! the spec, its `--set` values and the search settings, so every machine
//! computes the same.

use crate::model::VarId;
use crate::search::branch::Choice;
use crate::search::{Decision, Opening, Stats};
use crate::session::Session;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// The decisions a split may replay in all (each part it looks at is
/// reached from the root, decision by decision). A search whose right
/// branches barely shrink it (`x != v` on a variable of thousands of
/// values that nothing propagates) splits into a chain of parts one value
/// apart, each a decision longer than the last: the budget ends such a
/// split with the parts it has, which still cover the search (fewer, less
/// even), instead of replaying a quadratic number of decisions. About
/// five times the nodes a search runs alone before it is split
/// (`ALONE_NODES`): a split costs about what a search of its decisions
/// would, so on a model whose propagation is dear (Nurikabe's
/// connectivity, the first solution without its [search]) 200,000
/// replayed decisions made the split 1.4 s of a search one thread ends in
/// 0.04 s; at 5,000, 0.08 s, while queens n = 12 and Langford n = 11
/// still split into their 200 parts.
pub(crate) const REPLAY_BUDGET: usize = 5_000;

/// The parts of a search, in depth-first order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Split {
    pub parts: Vec<Vec<Decision>>,
    /// The nodes the split branched and the parts it found failed: added
    /// to the parts' own, they are the nodes of the whole search.
    pub stats: Stats,
    /// A limit stopped the split: the parts do not cover the search.
    pub stopped: bool,
}

/// An open part in the queue of parts to split: the largest first, then
/// the one made first; with the choice the search makes there.
struct Open {
    space: f64,
    made: u64,
    path: Vec<Decision>,
    var: VarId,
    choice: Choice,
}

impl PartialEq for Open {
    fn eq(&self, other: &Open) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Open {}

impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Open) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Open {
    fn cmp(&self, other: &Open) -> Ordering {
        self.space
            .total_cmp(&other.space)
            .then(other.made.cmp(&self.made))
    }
}

/// Splits the parts `from` (in depth-first order; `[[]]` is the whole
/// search) until there are at least `target` of them, none is open, the
/// split has branched `most_nodes` nodes (the run's node limit) or it has
/// replayed [`REPLAY_BUDGET`] decisions.
pub(crate) fn split(
    session: &mut Session,
    from: Vec<Vec<Decision>>,
    target: usize,
    most_nodes: Option<u64>,
) -> Split {
    session.openings(|open| split_with(open, from, target, most_nodes))
}

fn split_with(
    open_at: &mut dyn FnMut(&[Decision]) -> Opening,
    from: Vec<Vec<Decision>>,
    target: usize,
    most_nodes: Option<u64>,
) -> Split {
    let mut stats = Stats::default();
    let mut open = BinaryHeap::new();
    let mut leaves = Vec::new();
    let mut made = 0;
    let mut replayed = 0;
    // Looks at a part: dropped when it fails, kept as a leaf when it is a
    // solution, queued when open; false when a limit stopped propagation.
    let mut look = |path: Vec<Decision>,
                    stats: &mut Stats,
                    open: &mut BinaryHeap<Open>,
                    leaves: &mut Vec<Vec<Decision>>| {
        match open_at(&path) {
            Opening::Failed => stats.failures += 1,
            Opening::Solution => leaves.push(path),
            Opening::Branch { space, var, choice } => {
                made += 1;
                open.push(Open {
                    space,
                    made,
                    path,
                    var,
                    choice,
                });
            }
            Opening::Stopped(_) => return false,
        }
        true
    };
    let stopped = |stats| Split {
        parts: Vec::new(),
        stats,
        stopped: true,
    };
    for path in from {
        if !look(path, &mut stats, &mut open, &mut leaves) {
            return stopped(stats);
        }
    }
    let within = |stats: &Stats, replayed: usize| {
        most_nodes.is_none_or(|m| stats.nodes < m) && replayed < REPLAY_BUDGET
    };
    while open.len() + leaves.len() < target && within(&stats, replayed) {
        let Some(part) = open.pop() else { break };
        stats.nodes += 1;
        replayed += 2 * (part.path.len() + 1);
        for left in [true, false] {
            let mut path = part.path.clone();
            path.push(Decision {
                var: part.var,
                choice: part.choice,
                left,
            });
            if !look(path, &mut stats, &mut open, &mut leaves) {
                return stopped(stats);
            }
        }
    }
    let mut parts: Vec<Vec<Decision>> = open.into_iter().map(|o| o.path).chain(leaves).collect();
    parts.sort_by(|a, b| depth_first(a, b));
    Split {
        parts,
        stats,
        stopped: false,
    }
}

/// The order of two parts of one split in the depth-first search: at the
/// first decision where they part, the left branch comes first.
fn depth_first(a: &[Decision], b: &[Decision]) -> Ordering {
    a.iter()
        .zip(b)
        .find(|(x, y)| x != y)
        .map_or(a.len().cmp(&b.len()), |(x, y)| y.left.cmp(&x.left))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search of one variable of many values where every left branch
    /// fails and every right branch leaves one value fewer: the split
    /// stops within its budget of replayed decisions, and its parts
    /// (the open right branch at the end of the chain) still cover
    /// the values not tried.
    #[test]
    fn a_chain_of_right_branches_stops_at_the_budget() {
        let values = 3_000;
        let mut replayed = 0;
        let mut open_at = |path: &[Decision]| {
            replayed += path.len();
            match path.last() {
                Some(d) if d.left => Opening::Failed,
                _ if path.len() >= values => Opening::Failed,
                _ => Opening::Branch {
                    space: (values - path.len()) as f64,
                    var: VarId(0),
                    choice: Choice::Assign(path.len() as i64),
                },
            }
        };
        let split = split_with(&mut open_at, vec![Vec::new()], 200, None);
        assert!(!split.stopped);
        assert!(
            replayed <= REPLAY_BUDGET + 2 * values,
            "{replayed} decisions replayed"
        );
        assert_eq!(split.parts.len(), 1, "the chain's last right branch");
        let tried = split.parts[0].len();
        assert!(split.parts[0].iter().all(|d| !d.left));
        assert_eq!(
            split.stats.failures as usize, tried,
            "each left branch failed"
        );
    }
}
