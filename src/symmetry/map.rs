//! A symmetry written as functions: `name = { map = "STRUCTURE", index =
//! "(i, ...) => ...", value = "(v) => ..." }`. The structure is a list (of
//! lists, for several dimensions) of cells, each a declared variable or a
//! constant; the cell at index `I` goes to the cell at `index(I)` and its
//! value `v` becomes `value(v)`. That is one group element: the literal
//! `x = v` goes to `y = value(v)`; the declaration stands for the group it
//! generates (a hexagon's rotation, a value complement `v -> n + 1 - v`, a
//! ruler's mirror `x[i] -> L - x[m - 1 - i]`).
//!
//! A literal whose image lies outside the target's domain has no image
//! (such a value can then be in no solution if the map is a symmetry:
//! `check-symmetry` says whether it is).

use super::element::{Cell, MAX_MOVES, too_large};
use crate::diagnostic::Diagnostic;
use crate::lower::Lowerer;
use crate::lower::Scope;
use crate::lower::value::{R, Value};
use crate::model::VarId;
use crate::plans::symmetry::{Element, Move};
use crate::source::Span;
use crate::spec::ast::{Function, SymmetryDecl};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Largest group of a map whose every element is listed (each one is a
/// lex-leader constraint, and a generator of the orbit walk); a larger one
/// is listed by its generator alone.
const MAX_POWERS: u64 = 64;

/// The elements `decl` stands for (the map and, for a group of at most
/// [`MAX_POWERS`], its powers) and the order of the group. `cells` are
/// the structure's cells with their indices.
pub(crate) fn map_element(
    l: &mut Lowerer,
    decl: &SymmetryDecl,
    cells: &[(Vec<i64>, Cell)],
    key: &[VarId],
) -> R<(Vec<Element>, u64)> {
    let name = &decl.name.text;
    let span = decl.expr.span;
    let error = |what: String| Diagnostic::new(format!("symmetry `{name}`: {what}"), span);
    // What `index` gets wrong points at it.
    let index_span = decl.index.as_ref().map_or(span, |f| f.body.span);
    let index_error =
        |what: String| Diagnostic::new(format!("symmetry `{name}`: {what}"), index_span);
    let depth = cells.first().map_or(0, |(i, _)| i.len());
    let at: HashMap<&[i64], usize> = cells
        .iter()
        .enumerate()
        .map(|(n, (i, _))| (i.as_slice(), n))
        .collect();
    if let Some(f) = &decl.index
        && f.params.len() != depth
    {
        return Err(Diagnostic::new(
            format!(
                "`index` takes {}, one per dimension of the structure, found {}",
                crate::diagnostic::counted(depth as u64, "parameter"),
                f.params.len()
            ),
            f.name.span,
        ));
    }
    let mut values: HashMap<i64, i64> = HashMap::new();
    let mut moves: BTreeMap<u32, Move> = BTreeMap::new();
    let mut hit: HashMap<usize, usize> = HashMap::new();
    let mut moved = 0u64;
    for (n, (index, cell)) in cells.iter().enumerate() {
        l.tick()?;
        let target = match &decl.index {
            None => n,
            Some(f) => {
                let image = index_image(l, f, index, depth)?;
                *at.get(image.as_slice()).ok_or_else(|| {
                    index_error(format!(
                        "`index` sends {} to {}, which is no cell of the structure",
                        show(index),
                        show(&image)
                    ))
                })?
            }
        };
        if let Some(&other) = hit.get(&target) {
            return Err(index_error(format!(
                "`index` sends {} and {} both to {}: it must be a permutation of the cells",
                show(&cells[other].0),
                show(index),
                show(&cells[target].0)
            )));
        }
        let _ = hit.insert(target, n);
        match (*cell, cells[target].1) {
            (Cell::Const(a), Cell::Const(b)) => {
                let image = value_image(l, decl.value.as_ref(), a, &mut values)?;
                if image != b {
                    return Err(error(format!(
                        "it maps the constant {a} at {} to {image}, where the cell at {} is the constant {b}",
                        show(index),
                        show(&cells[target].0)
                    )));
                }
            }
            (Cell::Var(p), Cell::Var(q)) => {
                if let Some(m) = literal_moves(l, decl, p, q, key, &mut values, &mut moved)? {
                    let _ = moves.insert(p, m);
                }
            }
            (from, to) => {
                let what = |c: Cell| match c {
                    Cell::Var(p) | Cell::Lit(p, _) => {
                        format!(
                            "the variable `{}`",
                            l.model.vars[key[p as usize].index()].name
                        )
                    }
                    Cell::Const(c) => format!("the constant {c}"),
                };
                return Err(index_error(format!(
                    "`index` moves {} onto {}, which is not a symmetry of the structure",
                    what(from),
                    what(to)
                )));
            }
        }
    }
    powers(l, Element(moves.into_iter().collect()), key, span)
}

/// The map's element and, for a small group, its powers; and the order
/// of the group it generates.
fn powers(l: &mut Lowerer, element: Element, key: &[VarId], span: Span) -> R<(Vec<Element>, u64)> {
    l.spend_symmetry(element.size(), span)?;
    let order = order(l, &element, key)?;
    if element.0.is_empty() {
        return Ok((Vec::new(), 1));
    }
    // Every power of a small group: its lex-leader constraints then
    // keep exactly one solution per class, as a grid's seven do.
    let mut elements = vec![element];
    if order <= MAX_POWERS {
        for _ in 2..order {
            let next = compose(l, elements.last().expect("one"), &elements[0], key)?;
            l.spend_symmetry(next.size(), span)?;
            elements.push(next);
        }
    }
    Ok((elements, order))
}

/// `first` then `then`, as one element (a position's values each go
/// where the two send them in turn).
fn compose(l: &mut Lowerer, first: &Element, then: &Element, key: &[VarId]) -> R<Element> {
    let mut positions: Vec<u32> = first.0.iter().chain(&then.0).map(|m| m.0).collect();
    positions.sort_unstable();
    positions.dedup();
    let whole = |e: &Element, p: u32| match e.0.binary_search_by_key(&p, |m| m.0) {
        Err(_) => Some(p),
        Ok(i) => match e.0[i].1 {
            Move::To(q) => Some(q),
            _ => None,
        },
    };
    let mut moves = Vec::new();
    for p in positions {
        l.tick()?;
        // The variable moves whole through both: it moves whole.
        if let Some(q) = whole(first, p)
            && let Some(r) = whole(then, q)
        {
            if r != p {
                moves.push((p, Move::To(r)));
            }
            continue;
        }
        let mut table = Vec::new();
        for v in l.model.domain(key[p as usize]).values() {
            if let Some((r, u)) = first.literal(p, v).and_then(|(q, w)| then.literal(q, w)) {
                table.push((v, r, u));
            }
        }
        let identity = table.len() as u64 == l.model.domain(key[p as usize]).size()
            && table.iter().all(|&(v, r, u)| r == p && u == v);
        if !identity {
            moves.push((p, Move::Table(table)));
        }
    }
    Ok(Element(moves))
}

/// Where the literals of the variable at key position `p` go, as the
/// cell moves to position `q`: `None` for the identity.
fn literal_moves(
    l: &mut Lowerer,
    decl: &SymmetryDecl,
    p: u32,
    q: u32,
    key: &[VarId],
    values: &mut HashMap<i64, i64>,
    moved: &mut u64,
) -> R<Option<Move>> {
    let Some(f) = &decl.value else {
        return Ok((p != q).then_some(Move::To(q)));
    };
    // One literal per value: within the moves' cap and the lowering
    // budget before any is made (a domain may hold 2^40 values).
    let size = l.model.domain(key[p as usize]).size();
    *moved = moved.saturating_add(size);
    if *moved > MAX_MOVES as u64 {
        return Err(too_large(&decl.name.text, decl.expr.span));
    }
    l.spend_symmetry(size as usize, decl.expr.span)?;
    let from: Vec<i64> = l.model.domain(key[p as usize]).values().collect();
    let mut table = Vec::with_capacity(from.len());
    let mut seen: HashMap<i64, i64> = HashMap::new();
    for v in from {
        l.tick()?;
        let w = value_image(l, Some(f), v, values)?;
        if let Some(u) = seen.insert(w, v) {
            return Err(Diagnostic::new(
                format!(
                    "symmetry `{}`: `value` sends {u} and {v} both to {w}: it must be one-to-one",
                    decl.name.text
                ),
                f.body.span,
            ));
        }
        if l.model.domain(key[q as usize]).contains(w) {
            table.push((v, q, w));
        }
    }
    let identity = p == q
        && table.len() as u64 == l.model.domain(key[p as usize]).size()
        && table.iter().all(|&(v, _, w)| v == w);
    Ok((!identity).then_some(Move::Table(table)))
}

/// `index(I)` as a list of indices (an integer for one dimension).
fn index_image(l: &mut Lowerer, f: &Function, index: &[i64], depth: usize) -> R<Vec<i64>> {
    let args = index.iter().map(|&i| Value::Int(i)).collect();
    let value = call_with(l, f, args)?;
    let span = f.body.span;
    match &value {
        Value::List(a) if a.items.len() == depth => {
            a.items.iter().map(|v| l.int(v, span)).collect()
        }
        v if depth == 1 && !matches!(v, Value::List(_)) => Ok(vec![l.int(v, span)?]),
        v => Err(Diagnostic::new(
            format!(
                "`index` must give an index of {}, found {}",
                crate::diagnostic::counted(depth as u64, "integer"),
                v.describe()
            ),
            span,
        )),
    }
}

/// `value(v)`, remembered in `values`; `v` itself without a `value`.
fn value_image(
    l: &mut Lowerer,
    f: Option<&Function>,
    v: i64,
    values: &mut HashMap<i64, i64>,
) -> R<i64> {
    let Some(f) = f else { return Ok(v) };
    if let Some(&w) = values.get(&v) {
        return Ok(w);
    }
    let w = call_with(l, f, vec![Value::Int(v)])?;
    let w = l.int(&w, f.body.span)?;
    let _ = values.insert(v, w);
    Ok(w)
}

/// `f(args)`: its body with the parameters bound, nothing else local.
fn call_with(l: &mut Lowerer, f: &Function, args: Vec<Value>) -> R<Value> {
    let locals = f.params.iter().map(|p| p.text.clone()).zip(args).collect();
    l.scoped(Scope::keep().locals(locals), |l| l.eval(&f.body))
}

/// The order of the cyclic group `element` generates: the least common
/// multiple of its cycles on the literals (a chain that does not close,
/// where a literal has no image, counts its length).
fn order(l: &mut Lowerer, element: &Element, key: &[VarId]) -> R<u64> {
    let (model, budget) = l.model_and_budget();
    let mut order = 1u64;
    let mut seen: HashSet<(u32, i64)> = HashSet::new();
    // Whole variables moved: their cycles, with any one value.
    let whole = element.0.iter().all(|(_, m)| matches!(m, Move::To(_)));
    for (p, _) in &element.0 {
        let values: Box<dyn Iterator<Item = i64>> = if whole {
            Box::new(std::iter::once(0))
        } else {
            Box::new(model.domain(key[*p as usize]).values())
        };
        for v in values {
            if seen.contains(&(*p, v)) {
                continue;
            }
            budget.tick()?;
            let start = (*p, v);
            let mut at = start;
            let mut length = 0u64;
            loop {
                let _ = seen.insert(at);
                length += 1;
                match element.literal(at.0, at.1) {
                    Some(next) if next == start => break,
                    Some(next) if !seen.contains(&next) => at = next,
                    _ => break,
                }
            }
            order = lcm(order, length);
        }
    }
    Ok(order)
}

/// An index as written: `3`, `[1, 2]`.
fn show(index: &[i64]) -> String {
    match index {
        [one] => one.to_string(),
        many => format!(
            "[{}]",
            many.iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn lcm(a: u64, b: u64) -> u64 {
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    (a / gcd(a, b).max(1)).saturating_mul(b)
}
