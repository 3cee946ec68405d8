//! The `[generate]` pass: its names checked against the spec (a param
//! for `clues`, a declared array for `fills`, of the same shape where the
//! spec is lowered whole; or `derive`, lowered when a solution is drawn,
//! of the clues' shape), the blank outside the fills' domains, the
//! symmetry and the grade known, every error at its place in the
//! `[generate]` table.

use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::lower::Lowerer;
use crate::lower::Scope;
use crate::lower::value::{LinExpr, R, Value};
use crate::lower::vars::Declared;
use crate::model::plan::CONSISTENCIES;
use crate::model::{Model, VarId};
use crate::plans::generate::{GeneratePlan, Wanted};
use crate::setter::grade::LADDER;
use crate::source::Span;
use crate::spec::ast::{ClueSource, GenerateDecl, Spec};
use crate::spec::origin::Name;
use crate::spec::pattern::{PATTERNS, Pattern};
use std::collections::HashMap;

/// The clues `[generate] derive` computes, lowered: their shape (as
/// [`shape`] gives it) and one expression per clue, row-major.
pub(crate) struct Derived {
    shape: (usize, usize, bool),
    terms: Vec<LinExpr>,
    span: Span,
}

/// Lowers `[generate] derive` over the model's variables (what it posts
/// defines auxiliary variables, under the origin `derive`), when the spec
/// derives its clues.
pub(crate) fn derive_clues(l: &mut Lowerer, spec: &Spec) -> R<Option<Derived>> {
    let Some(ClueSource::Derive(e)) = spec.generate.as_ref().map(|g| &g.source) else {
        return Ok(None);
    };
    let value = l.scoped(Scope::origin("derive"), |l| l.eval(e))?;
    let not_clues = || {
        Diagnostic::new(
            "`derive` gives no list of integers, or of lists of integers of one length",
            e.span,
        )
        .with_help(
            "derive the clues in the clues' shape: `[sum(x[c] for c in cage) for cage in cages]`",
        )
    };
    let (shape, items) = rows_of(&value).ok_or_else(not_clues)?;
    let terms = (items.iter())
        .map(|v| match v {
            Value::Int(c) => Some(LinExpr::constant(*c)),
            Value::Bool(b) => Some(LinExpr::constant(i64::from(*b))),
            Value::Lin(e) => Some((**e).clone()),
            Value::Lit(lit) if lit.positive => Some(LinExpr::var(lit.var)),
            Value::Lit(lit) => Some(LinExpr {
                terms: vec![(-1, lit.var)],
                constant: 1,
            }),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()
        .ok_or_else(not_clues)?;
    // A clue equal to the blank could not be given. The message names
    // the first clue that may be the blank, with its own range, and the
    // range of all the clues, below which a blank fits every one.
    let blank = spec.generate.as_ref().map_or(0, |g| g.blank);
    let mut first = None;
    let (mut least, mut most) = (i64::MAX, i64::MIN);
    for (k, term) in terms.iter().enumerate() {
        let (lo, hi) = l.bounds(term, e.span)?;
        (least, most) = (least.min(lo), most.max(hi));
        if first.is_none() && (lo..=hi).contains(&blank) {
            first = Some((k, lo, hi));
        }
    }
    if let Some((k, lo, hi)) = first {
        let (_, cols, nested) = shape;
        let which = if nested {
            format!("the clue in row {}, column {}", k / cols + 1, k % cols + 1)
        } else {
            format!("clue {}", k + 1)
        };
        let all = if terms.len() == 1 {
            String::new()
        } else {
            format!(", and all {} clues over {least}..{most}", terms.len())
        };
        return Err(Diagnostic::new(
            format!("a derived clue may be {blank}, the blank: it could not be given"),
            e.span,
        )
        .with_help(format!(
            "{which} (counted from 1) ranges over {lo}..{hi}{all}: choose a blank no clue can be, `blank = {}`",
            least.min(0).saturating_sub(1)
        )));
    }
    Ok(Some(Derived {
        shape,
        terms,
        span: e.span,
    }))
}

/// A list's items or a list of lists' items (row-major), and its shape.
fn rows_of(value: &Value) -> Option<((usize, usize, bool), Vec<Value>)> {
    let Value::List(outer) = value else {
        return None;
    };
    if !outer.items.iter().any(|v| matches!(v, Value::List(_))) {
        return Some(((1, outer.items.len(), false), outer.items.clone()));
    }
    let mut items = Vec::new();
    let mut cols = None;
    for row in &outer.items {
        let Value::List(row) = row else {
            return None;
        };
        if *cols.get_or_insert(row.items.len()) != row.items.len() {
            return None;
        }
        items.extend(row.items.iter().cloned());
    }
    Some(((outer.items.len(), cols.unwrap_or(0), true), items))
}

/// `[generate]` checked against the lowered params and variables (the
/// fills of the clues' shape when `same_shape`), with the `derived` clues
/// when they were lowered.
pub(crate) fn lower_generate(
    spec: &Spec,
    params: &HashMap<String, Value>,
    vars: &Declared,
    model: &Model,
    same_shape: bool,
    derived: Option<Derived>,
) -> R<Option<GeneratePlan>> {
    let Some(decl) = &spec.generate else {
        return Ok(None);
    };
    let Some(value) = params.get(&decl.clues.text) else {
        return Err(unknown(
            &decl.clues,
            "param",
            params.keys().map(String::as_str),
        ));
    };
    let not_clues = || {
        Diagnostic::new(
            format!("the clues param `{}` is not a list of integers, or of lists of integers of one length", decl.clues.text),
            decl.clues.span,
        )
        .with_help("a grid of clues, row by row, with a blank value for an empty cell: `puzzle = [[5, 0], [0, 1]]`")
    };
    let clue_shape = shape(value).ok_or_else(not_clues)?;
    // The grid is the fills' (the clue param may be replaced to fit it),
    // or the clues' own when they are derived.
    let ((rows, cols, nested), cells, derived) = match &decl.source {
        ClueSource::Fills(fills) => {
            let (grid, cells) = fill_cells(decl, fills, vars, clue_shape, same_shape)?;
            check_cells(decl, fills, model, &cells)?;
            (grid, cells, Vec::new())
        }
        ClueSource::Derive(_) => match derived {
            Some(derived) if derived.shape != clue_shape => {
                return Err(Diagnostic::new(
                    format!(
                        "`derive` gives {} and the clues `{}` are {}: they should have one shape",
                        says(derived.shape),
                        decl.clues.text,
                        says(clue_shape)
                    ),
                    derived.span,
                ));
            }
            Some(derived) => (clue_shape, Vec::new(), derived.terms),
            None => (clue_shape, Vec::new(), Vec::new()),
        },
    };
    let pattern = pattern(decl, rows, cols)?;
    let grade = wanted(decl)?;
    Ok(Some(GeneratePlan {
        clues: decl.clues.text.clone(),
        rows,
        cols,
        nested,
        cells,
        derives: matches!(decl.source, ClueSource::Derive(_)),
        derived,
        blank: decl.blank,
        pattern,
        grade,
        seed: decl.seed,
        draw: decl.draw.clone(),
    }))
}

/// A shape as a message says it: `4 lists of 5`, `a list of 9`.
fn says((rows, cols, nested): (usize, usize, bool)) -> String {
    if nested {
        format!(
            "{} of {cols}",
            crate::diagnostic::counted(rows as u64, "list")
        )
    } else {
        format!("a list of {cols}")
    }
}

/// The shape of the array `fills` names and its variables, row-major,
/// checked against the clues' shape: the same shape when `same_shape`,
/// else (the clue param is replaced anyway, `solve generate --set r=7`)
/// the same nesting.
fn fill_cells(
    decl: &GenerateDecl,
    fills: &Name,
    vars: &Declared,
    clue_shape: (usize, usize, bool),
    same_shape: bool,
) -> R<((usize, usize, bool), Vec<VarId>)> {
    let declared = (vars.declared.iter()).find(|(n, _)| *n == fills.text);
    let Some((_, declared)) = declared else {
        let names = vars.declared.iter().map(|(n, _)| n.as_str());
        return Err(unknown(fills, "declared variable", names));
    };
    let Some((rows, cols, nested, cells)) = grid(declared) else {
        return Err(Diagnostic::new(
            format!(
                "`{}` is not a list of variables, or of lists of variables of one length",
                fills.text
            ),
            fills.span,
        ));
    };
    let fits = if same_shape {
        clue_shape == (rows, cols, nested)
    } else {
        clue_shape.2 == nested
    };
    if !fits {
        return Err(Diagnostic::new(
            format!(
                "`{}` is {} and the clues `{}` are {}: they should have one shape",
                fills.text,
                says((rows, cols, nested)),
                decl.clues.text,
                says(clue_shape)
            ),
            fills.span,
        )
        .with_help(
            "the clues fill the variables cell by cell: declare them with the same index ranges",
        ));
    }
    if cells.is_empty() {
        return Err(Diagnostic::new(
            format!(
                "`{}` has no variables: there is nothing to fill",
                fills.text
            ),
            fills.span,
        ));
    }
    Ok(((rows, cols, nested), cells))
}

fn unknown<'a>(name: &Name, what: &str, known: impl Iterator<Item = &'a str>) -> Diagnostic {
    let known: Vec<&str> = known.collect();
    let d = Diagnostic::new(
        format!("`{}` is not a {what} of the spec", name.text),
        name.span,
    );
    match did_you_mean(&name.text, known.iter().copied()) {
        Some(near) => d.with_help(format!("did you mean `{near}`?")),
        None => d.with_help(format!("expected one of: {}", known.join(", "))),
    }
}

/// Rows, columns and nesting of a list of integers or of lists of them.
fn shape(value: &Value) -> Option<(usize, usize, bool)> {
    let (shape, items) = rows_of(value)?;
    items
        .iter()
        .all(|v| matches!(v, Value::Int(_)))
        .then_some(shape)
}

/// A declared array's rows, columns, nesting and variables (row-major);
/// `None` unless it is a list of plain variables or of lists of as many.
fn grid(fills: &Value) -> Option<(usize, usize, bool, Vec<VarId>)> {
    let ((rows, cols, nested), items) = rows_of(fills)?;
    let cells = items
        .iter()
        .map(Value::as_variable)
        .collect::<Option<Vec<_>>>()?;
    Some((rows, cols, nested, cells))
}

/// Integer cells, none of which can take the blank.
fn check_cells(decl: &GenerateDecl, fills: &Name, model: &Model, cells: &[VarId]) -> R<()> {
    for &x in cells {
        let info = &model.vars[x.index()];
        if info.text || info.boolean {
            return Err(Diagnostic::new(
                format!(
                    "`{}` is not an integer variable: generate fills integer variables",
                    info.name
                ),
                fills.span,
            ));
        }
        if info.domain.contains(decl.blank) {
            return Err(Diagnostic::new(
                format!(
                    "the blank {} is a value of `{}`: a clue could not say it",
                    decl.blank, info.name
                ),
                decl.span,
            )
            .with_help(
                "choose a blank outside the variables' domain (`blank = 0` is the default)",
            ));
        }
    }
    Ok(())
}

fn pattern(decl: &GenerateDecl, rows: usize, cols: usize) -> R<Pattern> {
    let Some((name, span)) = &decl.symmetry else {
        return Ok(Pattern::None);
    };
    let Some(&(_, pattern)) = PATTERNS.iter().find(|(n, _)| n == name) else {
        let names: Vec<&str> = PATTERNS.iter().map(|(n, _)| *n).collect();
        let d = Diagnostic::new(format!("unknown clue-pattern symmetry `{name}`"), *span);
        return Err(match did_you_mean(name, names.iter().copied()) {
            Some(near) => d.with_help(format!("did you mean `{near}`?")),
            None => d.with_help(format!("expected one of: {}", names.join(", "))),
        });
    };
    if pattern.square_only() && rows != cols {
        return Err(Diagnostic::new(
            format!(
                "`{name}` maps a square grid onto itself, and `{}` is {rows} x {cols}",
                decl.clues.text
            ),
            *span,
        ));
    }
    Ok(pattern)
}

fn wanted(decl: &GenerateDecl) -> R<Option<Wanted>> {
    let Some((name, span)) = &decl.grade else {
        return Ok(None);
    };
    if name == "search" {
        return Ok(Some(Wanted::Search));
    }
    let level = (CONSISTENCIES.iter())
        .find(|(n, _)| n == name)
        .map(|&(_, c)| c);
    match level {
        Some(level) if LADDER.contains(&level) => Ok(Some(Wanted::Level(level))),
        _ => {
            let mut names: Vec<&str> = (LADDER.iter())
                .filter_map(|l| CONSISTENCIES.iter().find(|(_, c)| c == l).map(|(n, _)| *n))
                .collect();
            names.push("search");
            Err(
                Diagnostic::new(format!("unknown grade `{name}`"), *span).with_help(format!(
                    "a grade is a consistency level or `search`: {}",
                    names.join(", ")
                )),
            )
        }
    }
}
