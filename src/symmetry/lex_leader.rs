//! `break = "lex-leader"`: for every element `g` of every declared group,
//! `key <=lex g(key)` over the positions `g` changes (the others compare
//! equal). Each class then keeps its smallest key, the representative
//! `--unique` prints: complete for one group alone (for rows and columns,
//! when the lines are listed in the order the key reads them, as an
//! array's own rows and columns are); with several groups, sound (no class
//! is lost), and `solve check-symmetry` says how many classes keep more
//! than one solution.

use super::group::SymmetryPlan;
use super::lower::images;
use crate::lower::Lowerer;
use crate::lower::Scope;
use crate::lower::value::{LinExpr, R};
use crate::model::Constraint;
use crate::source::Span;

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
                    l.post_constraint(Constraint::Lex {
                        xs,
                        ys,
                        strict: false,
                    });
                }
                l.check_budget(span)
            })?;
        }
    }
    Ok(())
}
