//! `break = "lex-leader"`: for every element `g` of every declared group,
//! `key <=lex g(key)` over the positions `g` changes (the others compare
//! equal). Each class then keeps its smallest key, the representative
//! `--unique` prints: complete for one group alone (for rows and columns,
//! when the lines are listed in the order the key reads them, as an
//! array's own rows and columns are); with several groups, sound (no class
//! is lost), and `solve check-symmetry` says how many classes keep more
//! than one solution.

use crate::constraints::Lex;
use crate::lower::Lowerer;
use crate::lower::Scope;
use crate::lower::value::{LinExpr, R};
use crate::model::{Constraint, Rel};
use crate::plans::symmetry::{Element, Move, SymmetryPlan};
use crate::source::Span;
use std::collections::BTreeMap;

pub(crate) fn lex_leader(l: &mut Lowerer, plan: &SymmetryPlan, span: Span) -> R<()> {
    let key: Vec<LinExpr> = plan.key.iter().map(|&x| LinExpr::var(x)).collect();
    for factor in &plan.factors {
        for (k, element) in factor.elements.iter().enumerate() {
            let scope = Scope::origin(&factor.name).item(format!("[{k}]"));
            l.scoped(scope, |l| {
                let (mut xs, mut ys) = (Vec::new(), Vec::new());
                for (q, image) in images(l, element, &key, span)? {
                    xs.push(l.view(&key[q], span)?);
                    ys.push(l.view(&image, span)?);
                }
                if !xs.is_empty() {
                    l.post_constraint(Constraint::Lex(Lex {
                        xs,
                        ys,
                        strict: false,
                    }));
                }
                l.check_budget(span)
            })?;
        }
    }
    Ok(())
}

/// The value at each changed key position after `element`, as an
/// expression over the key: `(position, image)`, in key order.
fn images(
    l: &mut Lowerer,
    element: &Element,
    key: &[LinExpr],
    span: Span,
) -> R<Vec<(usize, LinExpr)>> {
    let mut from: BTreeMap<usize, usize> = BTreeMap::new();
    let mut literals: BTreeMap<usize, Vec<(usize, i64, i64)>> = BTreeMap::new();
    let mut swaps: BTreeMap<usize, (i64, i64)> = BTreeMap::new();
    for (p, m) in &element.0 {
        let p = *p as usize;
        match m {
            Move::To(q) => {
                let _ = from.insert(*q as usize, p);
            }
            Move::Swap(a, b) => {
                let _ = swaps.insert(p, (*a, *b));
            }
            Move::Table(t) => {
                for &(v, q, w) in t {
                    literals.entry(q as usize).or_default().push((p, v, w));
                }
            }
        }
    }
    let mut images = Vec::new();
    for (q, p) in from {
        images.push((q, key[p].clone()));
    }
    for (q, (a, b)) in swaps {
        // x + (b - a) [x == a] + (a - b) [x == b]
        let mut image = key[q].clone();
        for (v, shift) in [(a, b - a), (b, a - b)] {
            let test = key[q].add_scaled(-1, &LinExpr::constant(v), span)?;
            let lit = l.reify_compare(Rel::Eq, test, span)?;
            let lit = l.lin(&crate::lower::eval::bool_value(lit), span)?;
            image = image.add_scaled(shift, &lit, span)?;
        }
        images.push((q, image));
    }
    for (q, lits) in literals {
        if let Some(image) = literal_image(l, q, &lits, key, span)? {
            images.push((q, image));
        }
    }
    images.sort_by_key(|(q, _)| *q);
    Ok(images)
}

/// `sum(w * (key[p] == v))` over the literals landing on position `q`
/// (an affine view of one variable when the values map affinely).
fn literal_image(
    l: &mut Lowerer,
    q: usize,
    lits: &[(usize, i64, i64)],
    key: &[LinExpr],
    span: Span,
) -> R<Option<LinExpr>> {
    let Some(&(p, v0, w0)) = lits.first() else {
        return Ok(None);
    };
    if lits.iter().all(|&(r, _, _)| r == p) {
        let scale = match lits.get(1) {
            Some(&(_, v1, w1)) if v1 != v0 && (w1 - w0) % (v1 - v0) == 0 => (w1 - w0) / (v1 - v0),
            Some(_) => 0,
            None => 1,
        };
        let affine = scale != 0
            && lits
                .iter()
                .all(|&(_, v, w)| Some(w) == scale.checked_mul(v - v0).map(|d| d + w0));
        if affine {
            if p == q && scale == 1 && w0 == v0 {
                return Ok(None);
            }
            let offset = w0 - scale * v0;
            let image =
                key[p]
                    .scale(scale, span)?
                    .add_scaled(1, &LinExpr::constant(offset), span)?;
            return Ok(Some(image));
        }
    }
    let mut sum = LinExpr::constant(0);
    for &(p, v, w) in lits {
        let test = key[p].add_scaled(-1, &LinExpr::constant(v), span)?;
        let lit = match l.reify_compare(Rel::Eq, test, span)? {
            crate::lower::value::BoolVal::Const(true) => LinExpr::constant(1),
            crate::lower::value::BoolVal::Const(false) => continue,
            crate::lower::value::BoolVal::Lit(l) => {
                let view = l.view();
                LinExpr {
                    terms: vec![(view.scale, view.var)],
                    constant: view.offset,
                }
            }
        };
        sum = sum.add_scaled(w, &lit, span)?;
    }
    Ok(Some(sum))
}
