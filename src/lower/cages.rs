//! Lowering pass: a *cage*, an item (a spec constraint, or one item of a
//! constraint written as a top-level `forall`) that does arithmetic over
//! few variables, gets its allowed combinations as a table when it works
//! at `domain` (or `probing`), so that the item alone is domain
//! consistent: a KenKen cage `a * b * c == 24`, a Kakuro run `sum(r) ==
//! 23 and alldifferent(r)`, a difference `max(a, b) - min(a, b) == 2`.
//!
//! Sums, products, differences and quotients are lowered to primitives
//! (a linear sum, `times` with an auxiliary variable per factor, `max`,
//! reified comparisons) that each reason on bounds, so a cage alone
//! narrows little: `a * b == 6` over `1..6` keeps 4 and 5, and a
//! person's "6 in two cells is 1x6 or 2x3" came out as a step by
//! contradiction. Here the item's assertions and the definitions that
//! mention its auxiliary variables (and theirs, in turn; a definition
//! holds for some value of its auxiliary variable whatever the others
//! are, so one another item shares changes nothing) are enumerated
//! together, by a search on an engine of their own, and the combinations
//! of the item's
//! variables that some assignment of the auxiliary ones completes become
//! a `table` posted as part of the item (its origin, its label, its
//! level). The table is what the item means on those variables, so
//! adding it changes no solution; its propagator keeps exactly the values
//! of some allowed combination left whole by the domains (generalised arc
//! consistency). `solve steps` posts an item's constraints together, so a
//! step from a cage cites the cage.
//!
//! Size bounds: a cage is enumerated only when the product of its
//! variables' domain sizes is at most [`MOST_COMBINATIONS`] (2^20: a
//! 6-cell cage over 1..9 is 531,441; beyond that even an enumeration
//! that fails spends too long), and kept only with at most [`MOST_ROWS`]
//! combinations (1,024), found within [`MOST_NODES`] search nodes. The
//! bound was set when the table's propagator scanned its rows at each
//! wake: the lines of a 4x4 magic square (2,064 rows each) made
//! `--consistency domain --count` 5.8x slower (13.8 s against 2.4 s, for
//! a third of the nodes). Compact-Table (`engine::propagators::table`)
//! costs about what the primitives alone do there (26.6 G instructions
//! against 26.4 G under callgrind, the bound raised to 4,096 for the
//! measure), so the bound could grow; as it stands a table is kept to
//! 1,024 rows: any sum cage of up to 4 cells over 1..9 (6,561 tuples, of which a sum
//! keeps at most 489), the Kakuro runs of up to 4 cells (at most 288
//! rows) and those of 5 with a sum up to 21 or from 29 (at most 960). A
//! larger cage keeps its primitives alone, at their own levels.

use crate::constraints::Table;
use crate::engine::Engine;
use crate::model::plan::Consistency;
use crate::model::{Constraint, Model, Posted, VarId, View};
use std::collections::{BTreeSet, HashMap};

/// The most tuples (the product of the domain sizes of a cage's
/// variables) a cage may have to be enumerated.
pub(crate) const MOST_COMBINATIONS: u64 = 1 << 20;

/// The most allowed combinations a cage's table keeps.
pub(crate) const MOST_ROWS: usize = 1024;

/// The most search nodes one cage's enumeration spends.
pub(crate) const MOST_NODES: u64 = 1 << 16;

/// The most model constraints (assertions and definitions) of one cage.
const MOST_CONSTRAINTS: usize = 64;

/// One cage: an item, its level, its model constraints (assertions and
/// the definitions behind them) and its variables (the inputs, sorted).
#[derive(Debug)]
struct Cage {
    origin: String,
    item: String,
    consistency: Option<Consistency>,
    network: Vec<usize>,
    inputs: Vec<VarId>,
    aux: Vec<VarId>,
}

/// Posts a table beside every cage at `domain` or `probing` (its own
/// level, else `default`, the plan's) that fits the bounds.
pub(crate) fn tabulate(model: &mut Model, default: Consistency) {
    let cages = cages(model, Some(default));
    if cages.is_empty() {
        return;
    }
    let mut engine = Engine::empty(Consistency::Domain);
    for info in &model.vars {
        let _ = engine.add_var(&info.domain);
    }
    let mut tables = Vec::new();
    for cage in cages {
        if let Some(rows) = enumerate(&mut engine, model, &cage) {
            let xs = cage.inputs.iter().map(|&x| View::of(x)).collect();
            tables.push(Posted {
                constraint: Constraint::Table(Table { xs, rows }),
                origin: cage.origin,
                item: cage.item,
                definition: false,
                consistency: cage.consistency,
            });
        }
    }
    model.constraints.extend(tables);
}

/// Whether some item of `model` is a cage that a table could make domain
/// consistent at `domain` (the grade climbs `domain` for it; no
/// enumeration is done).
pub(crate) fn has_cages(model: &Model) -> bool {
    !cages(model, None).is_empty()
}

/// The items that are cages within [`MOST_COMBINATIONS`]; with `level`,
/// only those working at `domain` or `probing` (their own level, else
/// `level`).
fn cages(model: &Model, level: Option<Consistency>) -> Vec<Cage> {
    // The definitions that mention each auxiliary variable. (Which one a
    // definition defines is not written down: the clauses that define a
    // divisor's stand-in mention only the literals that compare it.)
    let mut defining: HashMap<VarId, Vec<usize>> = HashMap::new();
    for (i, posted) in model.constraints.iter().enumerate() {
        if posted.definition {
            let mut vars = posted.constraint.vars();
            vars.sort_unstable();
            vars.dedup();
            for x in vars.into_iter().filter(|x| model.vars[x.index()].aux) {
                defining.entry(x).or_default().push(i);
            }
        }
    }
    let mut items: Vec<(&str, &str, Vec<usize>)> = Vec::new();
    let mut index: HashMap<(&str, &str), usize> = HashMap::new();
    for (i, posted) in model.constraints.iter().enumerate() {
        if posted.definition {
            continue;
        }
        let key = (posted.origin.as_str(), posted.item.as_str());
        let at = *index.entry(key).or_insert_with(|| {
            items.push((key.0, key.1, Vec::new()));
            items.len() - 1
        });
        items[at].2.push(i);
    }
    let mut out = Vec::new();
    for (origin, item, assertions) in items {
        let own = model.constraints[assertions[0]].consistency;
        if let Some(default) = level
            && !matches!(
                own.unwrap_or(default),
                Consistency::Domain | Consistency::Probing
            )
        {
            continue;
        }
        if let Some((network, inputs, aux)) = network(model, &defining, &assertions) {
            out.push(Cage {
                origin: origin.to_string(),
                item: item.to_string(),
                consistency: own,
                network,
                inputs,
                aux,
            });
        }
    }
    out
}

/// The item's assertions and the definitions behind them, its variables
/// and its auxiliary variables, when it is a cage within the bounds.
fn network(
    model: &Model,
    defining: &HashMap<VarId, Vec<usize>>,
    assertions: &[usize],
) -> Option<(Vec<usize>, Vec<VarId>, Vec<VarId>)> {
    let mut network: BTreeSet<usize> = assertions.iter().copied().collect();
    let mut inputs: BTreeSet<VarId> = BTreeSet::new();
    let mut aux: BTreeSet<VarId> = BTreeSet::new();
    let mut todo: Vec<VarId> = (assertions.iter())
        .flat_map(|&c| model.constraints[c].constraint.vars())
        .collect();
    while let Some(x) = todo.pop() {
        if !model.vars[x.index()].aux {
            let _ = inputs.insert(x);
            continue;
        }
        if !aux.insert(x) {
            continue;
        }
        for &d in defining.get(&x).into_iter().flatten() {
            if network.insert(d) {
                todo.extend(model.constraints[d].constraint.vars());
            }
        }
        if network.len() > MOST_CONSTRAINTS {
            return None;
        }
    }
    let constraints = || network.iter().map(|&c| &model.constraints[c].constraint);
    if inputs.len() < 2
        || !constraints().all(allowed)
        || !constraints().any(Constraint::bounds_only)
    {
        return None;
    }
    let tuples = (inputs.iter()).fold(1u64, |p, x| p.saturating_mul(model.domain(*x).size()));
    if tuples > MOST_COMBINATIONS {
        return None;
    }
    Some((
        network.into_iter().collect(),
        inputs.into_iter().collect(),
        aux.into_iter().collect(),
    ))
}

/// The kinds a cage is made of.
fn allowed(c: &Constraint) -> bool {
    matches!(
        c,
        Constraint::Linear(_)
            | Constraint::AllDifferent(_)
            | Constraint::Clause(_)
            | Constraint::Times(_)
            | Constraint::Div(_)
            | Constraint::Rem(_)
            | Constraint::Abs(_)
            | Constraint::Max(_)
    )
}

/// The cage's allowed combinations of its inputs, by a search over its
/// constraints alone on `engine` (which holds every variable of `model`
/// and nothing posted): `None` past [`MOST_ROWS`] or [`MOST_NODES`], or
/// when every tuple is allowed (the table would remove nothing).
fn enumerate(engine: &mut Engine, model: &Model, cage: &Cage) -> Option<Vec<Vec<i64>>> {
    let mark = engine.mark();
    let posted: Vec<Posted> = (cage.network.iter())
        .map(|&c| Posted {
            consistency: None,
            ..model.constraints[c].clone()
        })
        .collect();
    let batch: Vec<(usize, &Posted)> = posted.iter().enumerate().collect();
    engine.post_all(&batch);
    let mut order = cage.inputs.clone();
    order.extend(&cage.aux);
    let mut search = Search {
        order: &order,
        inputs: cage.inputs.len(),
        row: Vec::with_capacity(cage.inputs.len()),
        rows: Vec::new(),
        nodes: 0,
    };
    let found = match engine.propagate() {
        Ok(()) => search.dive(engine, 0).map(|_| search.rows),
        // No combination at all: the item has no solution, which the
        // empty table says at the root.
        Err(_) => Ok(Vec::new()),
    };
    engine.truncate(mark);
    let rows = found.ok()?;
    let tuples = (cage.inputs.iter()).fold(1u64, |p, x| p.saturating_mul(model.domain(*x).size()));
    ((rows.len() as u64) < tuples).then_some(rows)
}

/// An enumeration past its bounds.
#[derive(Debug)]
struct TooLarge;

/// The depth-first enumeration of one cage.
struct Search<'a> {
    /// The inputs, then the auxiliary variables.
    order: &'a [VarId],
    inputs: usize,
    row: Vec<i64>,
    rows: Vec<Vec<i64>>,
    nodes: u64,
}

impl Search<'_> {
    /// Every completion below `depth` of the inputs (each once, with the
    /// first assignment of the auxiliary variables that completes it);
    /// whether one was found.
    fn dive(&mut self, engine: &mut Engine, depth: usize) -> Result<bool, TooLarge> {
        let Some(&x) = self.order.get(depth) else {
            if self.rows.len() >= MOST_ROWS {
                return Err(TooLarge);
            }
            self.rows.push(self.row.clone());
            return Ok(true);
        };
        let values: Vec<i64> = engine.store().domain(x).values().collect();
        let input = depth < self.inputs;
        let mut found = false;
        for v in values {
            self.nodes += 1;
            if self.nodes > MOST_NODES {
                return Err(TooLarge);
            }
            let cp = engine.store_mut().checkpoint();
            let below = if engine.store_mut().assign(x, v).is_ok() && engine.propagate().is_ok() {
                if input {
                    self.row.push(v);
                }
                let below = self.dive(engine, depth + 1);
                if input {
                    let _ = self.row.pop();
                }
                below
            } else {
                Ok(false)
            };
            engine.store_mut().restore(cp);
            found |= below?;
            // An auxiliary variable is only asked whether some value
            // completes the inputs.
            if found && !input {
                break;
            }
        }
        Ok(found)
    }
}
