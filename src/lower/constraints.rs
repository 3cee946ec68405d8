//! Lowering pass that posts the `[constraints]` (and the breaking rules
//! of `[symmetry]` unless `--no-symmetry`), each under its own name and
//! consistency level (`--consistency` overrides the spec's).

use super::options::Options;
use super::value::R;
use super::{Lowerer, Scope};
use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::model::Posted;
use crate::model::plan::Consistency;
use crate::source::Span;
use crate::spec::ast::Spec;
use crate::spec::sentence;

/// Posts every constraint of `spec`.
pub(crate) fn post_constraints(l: &mut Lowerer, spec: &Spec, options: &Options) -> R<()> {
    // The levels of named constraints, `[search]`'s then the flags'.
    let levels = spec.search.then(&options.search).consistency_for;
    for (name, _) in &levels {
        if !spec.constraints.iter().any(|c| c.name.text == name.text) {
            let mut d = Diagnostic::new(
                format!(
                    "unknown constraint `{}` in a consistency setting",
                    name.text
                ),
                name.span,
            );
            let names = spec.constraints.iter().map(|c| c.name.text.as_str());
            if spec.symmetries.iter().any(|s| s.name.text == name.text) {
                d = d.with_help(format!(
                    "`{}` declares a symmetry: it is not a constraint with a level of its own",
                    name.text
                ));
            } else if let Some(s) = did_you_mean(&name.text, names) {
                d = d.with_help(format!("did you mean `{s}`?"));
            }
            return Err(d);
        }
    }
    for c in &spec.constraints {
        if c.symmetry && options.no_symmetry {
            continue;
        }
        // `NAME=LEVEL` (the flags' after `[search]`'s) overrides this
        // constraint's level; `--consistency LEVEL` every spec-given level
        // (a constraint's own and `[search]`'s named ones alike).
        let spec_levels_stand = options.search.consistency.is_none();
        let named_levels = if spec_levels_stand {
            &levels[..]
        } else {
            &options.search.consistency_for[..]
        };
        let named = named_levels
            .iter()
            .rev()
            .find(|(n, _)| n.text == c.name.text);
        let own = c
            .consistency
            .filter(|_| spec_levels_stand)
            .map(|level| (level, c.name.span));
        let level = named.map(|(n, level)| (*level, n.span)).or(own);
        let first = l.model.constraints.len();
        let scope = Scope::origin(&c.name.text).consistency(level.map(|(level, _)| level));
        l.scoped(scope, |l| l.post(&c.expr))?;
        if let Some((level, span)) = level {
            // A level only a global supports (early, domain) is the
            // global's: `alldifferent([q[i] + i ...])` is domain-consistent
            // over the sums, whose definitions keep their own propagation.
            for p in &mut l.model.constraints[first..] {
                if p.definition && !level.supported_by(&p.constraint) {
                    p.consistency = None;
                }
            }
            supported(&l.model.constraints[first..], level, &c.name.text, span)?;
        }
        if let Some((say, span)) = &c.say {
            sentence_fits(&l.model.constraints[first..], say, *span, &c.name.text)?;
        }
        l.budget.check(&l.model, c.name.span)?;
    }
    Ok(())
}

/// Each hole of a `say` template must be a generator value of every item
/// the constraint posted; when one is not, the help says what a hole may
/// name.
fn sentence_fits(posted: &[Posted], say: &str, span: Span, name: &str) -> R<()> {
    let holes = sentence::holes(say).map_err(|m| Diagnostic::new(m, span))?;
    for p in posted.iter().filter(|p| !p.definition) {
        let bound = sentence::bindings(&p.item);
        if let Some(hole) = holes.iter().find(|h| !bound.iter().any(|(n, _)| n == *h)) {
            let names: Vec<String> = bound.iter().map(|(n, _)| format!("`{{{n}}}`")).collect();
            let help = if p.item.is_empty() {
                "a hole names a generator of the constraint's top-level `forall`: `forall(... for r in 1..9)` and `{r}`; this constraint is not one".to_string()
            } else if names.is_empty() {
                "a hole names a generator of the constraint's top-level `forall` whose values are numbers, texts, lists or single variables (printed as written); a generator of this one takes expressions over variables, and its items are numbered".to_string()
            } else {
                format!(
                    "a hole names a generator of the constraint's top-level `forall`: here {}",
                    names.join(", ")
                )
            };
            return Err(Diagnostic::new(
                format!(
                    "`{{{hole}}}` in `say` is not a generator value of `{name}{}`",
                    p.item
                ),
                span,
            )
            .with_help(help));
        }
    }
    Ok(())
}

/// A level given to one constraint must mean something for every
/// primitive it asserts (`early` and `domain` are alldifferent's).
fn supported(posted: &[crate::model::Posted], level: Consistency, name: &str, span: Span) -> R<()> {
    let level_name = crate::model::plan::CONSISTENCIES
        .iter()
        .find(|(_, c)| *c == level)
        .map_or("?", |(n, _)| *n);
    // Every primitive that keeps the level (the definitions of auxiliary
    // variables have dropped one they do not support).
    let mut kept = posted.iter().filter(|p| p.consistency == Some(level));
    if let Some(p) = kept.find(|p| !level.supported_by(&p.constraint)) {
        let supports: Vec<&str> = crate::model::plan::CONSISTENCIES
            .iter()
            .filter(|(_, c)| c.supported_by(&p.constraint))
            .map(|(n, _)| *n)
            .collect();
        return Err(Diagnostic::new(
            format!(
                "constraint `{name}` does not support the level `{level_name}`: it asserts {}, which supports {}",
                p.constraint.kind(),
                supports.join(", ")
            ),
            span,
        )
        .with_help(
            "`early` and `domain` are levels of alldifferent (over variables or expressions), `domain` of circuit and subcircuit too, of arithmetic (an equation, a product, a difference: each item's combinations as a table when small) and of inequalities and disequalities (as they are); the auxiliary variables an expression defines keep their own propagation",
        ));
    }
    Ok(())
}
