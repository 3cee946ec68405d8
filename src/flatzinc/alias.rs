//! The variables a FlatZinc model equates, found before any is made:
//! `var int: y = x;`, `int_eq(x, y)`, `bool_eq(a, b)` and `bool2int(b, i)`
//! put `x` and `y` (`b` and `i`) in one class, which becomes one model
//! variable over the intersection of their domains, and the call that
//! equated them is not posted. So the integer of a Boolean is the Boolean
//! itself (MiniZinc writes a `bool2int` for every sum over Booleans), and
//! an equality costs no propagator.

use super::ast::{Expr, ExprKind, FznModel};
use std::collections::{HashMap, HashSet};

/// The classes of equated variables.
#[derive(Clone, Debug)]
pub(super) struct Classes {
    /// Union-find parents over the declarations' positions (a parent is
    /// never after its child); once found, each position's class itself.
    parent: Vec<usize>,
    /// The constraint calls (by position) that only equated two variables.
    pub(super) absorbed: HashSet<usize>,
}

impl Classes {
    /// The class of the declaration at position `i`: its first member.
    pub(super) fn class_of(&self, i: usize) -> usize {
        self.parent[i]
    }

    /// The root of `i` while classes are joined (path halving).
    fn find(&mut self, i: usize) -> usize {
        crate::union_find::root(&mut self.parent, i)
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        // The earlier declaration names the class.
        let (keep, join) = if a <= b { (a, b) } else { (b, a) };
        self.parent[join] = keep;
    }
}

/// Finds the classes of `fzn`'s variables.
pub(super) fn classes(fzn: &FznModel) -> Classes {
    let position: HashMap<&str, usize> = (fzn.vars.iter().enumerate())
        .filter(|(_, v)| v.array.is_none())
        .map(|(i, v)| (v.name.as_str(), i))
        .collect();
    let arrays: HashMap<&str, &[Expr]> = (fzn.vars.iter())
        .filter_map(|v| match (&v.value, v.array) {
            (
                Some(Expr {
                    kind: ExprKind::Array(items),
                    ..
                }),
                Some(_),
            ) => Some((v.name.as_str(), items.as_slice())),
            _ => None,
        })
        .collect();
    // The declaration a plain variable argument names, if any.
    let single = |e: &Expr| -> Option<usize> {
        match &e.kind {
            ExprKind::Name(n) => position.get(n.as_str()).copied(),
            ExprKind::Element(n, k) => {
                let items = arrays.get(n.as_str())?;
                let item = items.get(usize::try_from(*k - 1).ok()?)?;
                match &item.kind {
                    ExprKind::Name(m) => position.get(m.as_str()).copied(),
                    _ => None,
                }
            }
            _ => None,
        }
    };
    let mut classes = Classes {
        parent: (0..fzn.vars.len()).collect(),
        absorbed: HashSet::new(),
    };
    for (i, v) in fzn.vars.iter().enumerate() {
        if let (Some(value), None) = (&v.value, v.array)
            && let Some(j) = single(value)
        {
            classes.union(i, j);
        }
    }
    for (k, call) in fzn.constraints.iter().enumerate() {
        let equates = matches!(call.name.as_str(), "int_eq" | "bool_eq" | "bool2int");
        if let (true, [a, b]) = (equates, call.args.as_slice())
            && let (Some(i), Some(j)) = (single(a), single(b))
        {
            classes.union(i, j);
            let _ = classes.absorbed.insert(k);
        }
    }
    // Every parent is before its child: in order, each takes its
    // parent's root, so that `class_of` is one read.
    for i in 0..classes.parent.len() {
        classes.parent[i] = classes.parent[classes.parent[i]];
    }
    classes
}
