//! The unit of an explanation: an *item*, a named spec constraint or one
//! item of a constraint written as a top-level `forall` (`no_attack[i=2,
//! j=5]`, `consistent[2]`), with the model constraints it asserts and the
//! declared variables it constrains.
//!
//! Only what an item asserts is ever retracted: the definitions lowering
//! introduced (a reified comparison, a sum's auxiliary variable, a
//! constant), which lowering shares between items and which hold for some
//! value of their auxiliary variable whatever the rest is, stay posted.

use crate::model::{Model, VarId};
use std::collections::{HashMap, HashSet};

/// A named group of assertions.
#[derive(Clone, Debug)]
pub struct Item {
    /// `row[r=3]`: the constraint's name and the item's label.
    pub name: String,
    /// The spec constraint it comes from: `row`.
    pub origin: String,
    /// Which item of it: `[r=3]`, `[2]`, or empty for the whole constraint.
    pub label: String,
    /// Indices of its model constraints (never definitions).
    pub constraints: Vec<usize>,
    /// The declared variables it constrains (sorted), directly or through
    /// the auxiliary variables its definitions tie to them; empty until
    /// [`fill_scopes`].
    pub scope: Vec<VarId>,
    /// The auxiliary variables it reaches (sorted): through them, and only
    /// through them, two items' propagation can tell each other more than
    /// the declared variables' domains do. Empty until [`fill_scopes`].
    pub links: Vec<VarId>,
}

/// The items of `model`, in the order their first constraint was posted.
pub(crate) fn items(model: &Model) -> Vec<Item> {
    let mut items: Vec<Item> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for (i, posted) in model.constraints.iter().enumerate() {
        if posted.definition {
            continue;
        }
        let name = format!("{}{}", posted.origin, posted.item);
        let at = *index.entry(name.clone()).or_insert_with(|| {
            items.push(Item {
                name,
                origin: posted.origin.clone(),
                label: posted.item.clone(),
                constraints: Vec::new(),
                scope: Vec::new(),
                links: Vec::new(),
            });
            items.len() - 1
        });
        items[at].constraints.push(i);
    }
    items
}

/// Fills each item's [`Item::scope`] and [`Item::links`].
pub(crate) fn fill_scopes(model: &Model, items: &mut [Item]) {
    let reach = AuxReach::new(model);
    for item in items {
        let vars = item
            .constraints
            .iter()
            .flat_map(|&c| model.constraints[c].constraint.vars());
        let (mut scope, mut links) = reach.declared(vars.collect());
        scope.sort_unstable();
        scope.dedup();
        links.sort_unstable();
        item.scope = scope;
        item.links = links;
    }
}

/// Which declared variables an auxiliary or derived variable stands for:
/// those its definitions mention, through other such variables too.
struct AuxReach<'m> {
    model: &'m Model,
    /// For each auxiliary variable, the definitions that mention it.
    definitions: HashMap<VarId, Vec<usize>>,
}

impl<'m> AuxReach<'m> {
    fn new(model: &'m Model) -> AuxReach<'m> {
        let mut definitions: HashMap<VarId, Vec<usize>> = HashMap::new();
        for (i, posted) in model.constraints.iter().enumerate() {
            if !posted.definition {
                continue;
            }
            for var in posted.constraint.vars() {
                let info = &model.vars[var.index()];
                if info.aux || info.derived {
                    definitions.entry(var).or_default().push(i);
                }
            }
        }
        AuxReach { model, definitions }
    }

    /// The declared variables among `vars` and behind their auxiliaries,
    /// and the auxiliary variables met on the way.
    fn declared(&self, mut todo: Vec<VarId>) -> (Vec<VarId>, Vec<VarId>) {
        let (mut out, mut links) = (Vec::new(), Vec::new());
        let mut seen: HashSet<VarId> = HashSet::new();
        while let Some(var) = todo.pop() {
            let info = &self.model.vars[var.index()];
            if !info.aux {
                out.push(var);
            }
            if !(info.aux || info.derived) || !seen.insert(var) {
                continue;
            }
            if info.aux {
                links.push(var);
            }
            for &d in self.definitions.get(&var).into_iter().flatten() {
                todo.extend(self.model.constraints[d].constraint.vars());
            }
        }
        (out, links)
    }
}
