//! Vilím's Θ-Λ-tree, the data structure of the unary resource's
//! filtering (`disjunctive`): a balanced binary tree over the tasks in
//! order of earliest start, each leaf a task in Θ (white), in Λ (gray)
//! or in neither. Each node keeps, for the tasks of its subtree,
//!
//! - `sum`: the total processing time of its Θ tasks, and `ect`: their
//!   earliest completion time, `max over Ω ⊆ Θ of est(Ω) + p(Ω)`;
//! - `sum_bar` and `ect_bar`: the same where at most one gray task may
//!   join Θ (the largest such value), and the gray leaf responsible for
//!   each.
//!
//! Inserting, graying or removing one task updates its leaf's path to the
//! root, O(log n); the root answers `ECT(Θ)`, `ECT(Θ, Λ)` and which gray
//! task gives the latter. Times are `i128`: an earliest start plus a sum
//! of durations never overflows there (values are within ±2^62).
//!
//! P. Vilím, "O(n log n) filtering algorithms for unary resource
//! constraint", CPAIOR 2004, and his thesis (2007) for the Λ part; the
//! tree here is an array heap of a power-of-two size, leaves at the end.

/// No task: the completion time of the empty set.
const NONE_TIME: i128 = i128::MIN / 4;
/// No gray task responsible.
const NOBODY: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Node {
    sum: i128,
    ect: i128,
    sum_bar: i128,
    ect_bar: i128,
    /// The gray leaf responsible for `sum_bar`, `ect_bar` (or [`NOBODY`]).
    gray_sum: u32,
    gray_ect: u32,
}

const EMPTY: Node = Node {
    sum: 0,
    ect: NONE_TIME,
    sum_bar: 0,
    ect_bar: NONE_TIME,
    gray_sum: NOBODY,
    gray_ect: NOBODY,
};

/// The tree; leaves are numbered from 0 in order of earliest start.
#[derive(Debug, Default)]
pub(crate) struct ThetaLambdaTree {
    /// Leaves: a power of two, at least the number of tasks.
    leaves: usize,
    nodes: Vec<Node>,
}

impl ThetaLambdaTree {
    /// Empties the tree for `n` leaves (its buffer is reused).
    pub(crate) fn reset(&mut self, n: usize) {
        self.leaves = n.next_power_of_two().max(1);
        self.nodes.clear();
        self.nodes.resize(2 * self.leaves, EMPTY);
    }

    /// Puts leaf `leaf` in Θ: a task that starts at `est` at the
    /// earliest and takes `p`.
    pub(crate) fn insert(&mut self, leaf: usize, est: i128, p: i128) {
        self.set(
            leaf,
            Node {
                sum: p,
                ect: est + p,
                sum_bar: p,
                ect_bar: est + p,
                gray_sum: NOBODY,
                gray_ect: NOBODY,
            },
        );
    }

    /// Moves leaf `leaf` (a task of `est` and `p`) to Λ.
    pub(crate) fn gray(&mut self, leaf: usize, est: i128, p: i128) {
        self.set(
            leaf,
            Node {
                sum: 0,
                ect: NONE_TIME,
                sum_bar: p,
                ect_bar: est + p,
                gray_sum: leaf as u32,
                gray_ect: leaf as u32,
            },
        );
    }

    /// Takes leaf `leaf` out of Θ and Λ.
    pub(crate) fn remove(&mut self, leaf: usize) {
        self.set(leaf, EMPTY);
    }

    /// `ECT(Θ)`: the earliest time the tasks of Θ can all be done (a
    /// very small number when Θ is empty).
    pub(crate) fn ect(&self) -> i128 {
        self.nodes[1].ect
    }

    /// `ECT(Θ, Λ)`: the largest earliest completion time of Θ with at
    /// most one gray task added.
    pub(crate) fn ect_bar(&self) -> i128 {
        self.nodes[1].ect_bar
    }

    /// The gray leaf that gives [`Self::ect_bar`], if one does.
    pub(crate) fn responsible(&self) -> Option<usize> {
        let g = self.nodes[1].gray_ect;
        (g != NOBODY).then_some(g as usize)
    }

    fn set(&mut self, leaf: usize, node: Node) {
        let mut at = self.leaves + leaf;
        self.nodes[at] = node;
        while at > 1 {
            at /= 2;
            self.nodes[at] = combine(&self.nodes[2 * at], &self.nodes[2 * at + 1]);
        }
    }
}

/// A node from its two children: the left one's tasks start no later.
fn combine(l: &Node, r: &Node) -> Node {
    let (sum_bar, gray_sum) = if l.sum_bar + r.sum >= l.sum + r.sum_bar {
        (l.sum_bar + r.sum, l.gray_sum)
    } else {
        (l.sum + r.sum_bar, r.gray_sum)
    };
    let mut ect_bar = (r.ect_bar, r.gray_ect);
    if l.ect + r.sum_bar > ect_bar.0 {
        ect_bar = (l.ect + r.sum_bar, r.gray_sum);
    }
    if l.ect_bar + r.sum > ect_bar.0 {
        ect_bar = (l.ect_bar + r.sum, l.gray_ect);
    }
    Node {
        sum: l.sum + r.sum,
        ect: r.ect.max(l.ect + r.sum),
        sum_bar,
        ect_bar: ect_bar.0,
        gray_sum,
        gray_ect: ect_bar.1,
    }
}

#[cfg(test)]
mod tests {
    use super::ThetaLambdaTree;

    /// `max over Ω ⊆ tasks of est(Ω) + p(Ω)` by brute force.
    fn ect(tasks: &[(i128, i128)]) -> i128 {
        let mut best = super::NONE_TIME;
        for mask in 1u32..(1 << tasks.len()) {
            let chosen = (0..tasks.len()).filter(|&i| mask & (1 << i) != 0);
            let est = chosen.clone().map(|i| tasks[i].0).min().unwrap();
            let p: i128 = chosen.map(|i| tasks[i].1).sum();
            best = best.max(est + p);
        }
        best
    }

    #[test]
    fn the_root_gives_the_earliest_completion_times() {
        // (est, p), sorted by est; leaves 0, 1 and 3 white, 2 and 4 gray.
        let tasks = [(0, 3), (1, 1), (2, 5), (6, 2), (7, 0)];
        let mut tree = ThetaLambdaTree::default();
        tree.reset(tasks.len());
        for (leaf, &(est, p)) in tasks.iter().enumerate() {
            tree.insert(leaf, est, p);
        }
        assert_eq!(tree.ect(), ect(&tasks));
        tree.gray(2, 2, 5);
        tree.gray(4, 7, 0);
        let white = [tasks[0], tasks[1], tasks[3]];
        assert_eq!(tree.ect(), ect(&white));
        // With task 2 added the most is reached.
        let with_2 = [tasks[0], tasks[1], tasks[2], tasks[3]];
        assert_eq!(tree.ect_bar(), ect(&with_2));
        assert_eq!(tree.responsible(), Some(2));
        tree.remove(2);
        assert_eq!(tree.ect_bar(), ect(&white));
        tree.remove(0);
        tree.remove(1);
        tree.remove(3);
        tree.remove(4);
        assert!(tree.ect() < -1_000_000 && tree.responsible().is_none());
    }
}
