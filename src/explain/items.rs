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
use crate::union_find::root;
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
        let (scope, links) = reach.declared(vars);
        item.scope = scope;
        item.links = links;
    }
}

/// Which declared variables an auxiliary or derived variable stands for:
/// those its definitions mention, through other such variables too. The
/// auxiliary and derived variables that share a definition reach the
/// same ones: each such group (a union-find over the definitions) is
/// worked out once, not once per item that meets it.
struct AuxReach<'m> {
    model: &'m Model,
    /// Per variable: its group's root (auxiliary and derived variables).
    group: Vec<usize>,
    /// Per group root: the declared variables its definitions mention, and
    /// its auxiliary variables (each sorted).
    declared: HashMap<usize, Vec<VarId>>,
    aux: HashMap<usize, Vec<VarId>>,
}

impl<'m> AuxReach<'m> {
    fn new(model: &'m Model) -> AuxReach<'m> {
        let expands = |var: VarId| {
            let info = &model.vars[var.index()];
            info.aux || info.derived
        };
        let mut group: Vec<usize> = (0..model.vars.len()).collect();
        let definitions = || (model.constraints.iter()).filter(|posted| posted.definition);
        for posted in definitions() {
            let mut joined = posted.constraint.vars().into_iter().filter(|&x| expands(x));
            if let Some(first) = joined.next() {
                for var in joined {
                    let (a, b) = (
                        root(&mut group, first.index()),
                        root(&mut group, var.index()),
                    );
                    group[a] = b;
                }
            }
        }
        let (mut declared, mut aux): (HashMap<usize, Vec<VarId>>, HashMap<usize, Vec<VarId>>) =
            Default::default();
        for posted in definitions() {
            let vars = posted.constraint.vars();
            let Some(first) = vars.iter().copied().find(|&x| expands(x)) else {
                continue;
            };
            let r = root(&mut group, first.index());
            for var in vars {
                let into = if model.vars[var.index()].aux {
                    &mut aux
                } else {
                    &mut declared
                };
                into.entry(r).or_default().push(var);
            }
        }
        for list in declared.values_mut().chain(aux.values_mut()) {
            list.sort_unstable();
            list.dedup();
        }
        for i in 0..group.len() {
            group[i] = root(&mut group, i);
        }
        AuxReach {
            model,
            group,
            declared,
            aux,
        }
    }

    /// The declared variables among `vars` and behind their auxiliaries,
    /// and the auxiliary variables met on the way (each sorted, once).
    fn declared(&self, vars: impl Iterator<Item = VarId>) -> (Vec<VarId>, Vec<VarId>) {
        let (mut out, mut links) = (Vec::new(), Vec::new());
        let mut groups: HashSet<usize> = HashSet::new();
        for var in vars {
            let info = &self.model.vars[var.index()];
            if info.aux {
                links.push(var);
            } else {
                out.push(var);
            }
            if (info.aux || info.derived) && groups.insert(self.group[var.index()]) {
                let g = self.group[var.index()];
                out.extend(self.declared.get(&g).into_iter().flatten());
                links.extend(self.aux.get(&g).into_iter().flatten());
            }
        }
        for list in [&mut out, &mut links] {
            list.sort_unstable();
            list.dedup();
        }
        (out, links)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Session;

    /// The scope and links of an item the plain way: a walk from its
    /// variables through every definition (`mentions`: by the auxiliary
    /// or derived variables they mention) of each such variable met.
    fn walked(
        model: &Model,
        mentions: &HashMap<VarId, Vec<usize>>,
        item: &Item,
    ) -> (Vec<VarId>, Vec<VarId>) {
        let mut todo: Vec<VarId> = (item.constraints.iter())
            .flat_map(|&c| model.constraints[c].constraint.vars())
            .collect();
        let (mut out, mut links, mut seen) = (Vec::new(), Vec::new(), HashSet::new());
        while let Some(var) = todo.pop() {
            let info = &model.vars[var.index()];
            if !info.aux {
                out.push(var);
            }
            if !(info.aux || info.derived) || !seen.insert(var) {
                continue;
            }
            if info.aux {
                links.push(var);
            }
            for &d in mentions.get(&var).into_iter().flatten() {
                todo.extend(model.constraints[d].constraint.vars());
            }
        }
        for list in [&mut out, &mut links] {
            list.sort_unstable();
            list.dedup();
        }
        (out, links)
    }

    #[test]
    fn every_shipped_specs_scopes_are_what_a_walk_finds() {
        let mut specs: Vec<_> = std::fs::read_dir("specs")
            .expect("the specs folder")
            .map(|entry| entry.expect("an entry").path())
            .filter(|path| path.extension().is_some_and(|e| e == "toml"))
            .collect();
        specs.sort();
        assert!(specs.len() > 20, "{specs:?}");
        for path in specs {
            let text = std::fs::read_to_string(&path).expect("a spec");
            let name = path.display().to_string();
            let session = Session::from_text(&name, &text, &[]).expect("a shipped spec");
            let model = session.lowered().model();
            let mut all = items(model);
            fill_scopes(model, &mut all);
            let mut mentions: HashMap<VarId, Vec<usize>> = HashMap::new();
            for (d, posted) in model.constraints.iter().enumerate() {
                for var in posted
                    .constraint
                    .vars()
                    .into_iter()
                    .filter(|_| posted.definition)
                {
                    let info = &model.vars[var.index()];
                    if info.aux || info.derived {
                        mentions.entry(var).or_default().push(d);
                    }
                }
            }
            for item in &all {
                let (scope, links) = walked(model, &mentions, item);
                assert_eq!(
                    (&item.scope, &item.links),
                    (&scope, &links),
                    "{name}: {}",
                    item.name
                );
            }
        }
    }
}
