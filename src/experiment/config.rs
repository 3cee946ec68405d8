//! Configurations for `solve compare`: an `[experiments]` entry or a
//! `--try` text (`var=first-fail consistency=rows=domain no-symmetry`) read
//! into plain [`Setting`]s, each name with its span, so that a bad item is
//! reported at its line and column by `solve check` as well as by
//! `solve compare`. References between entries are resolved here, and a
//! cycle is named.

use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::model::plan::{
    CONSISTENCIES, Consistency, RESTARTS, RestartPolicy, VALUE_ORDERS, VAR_ORDERS, ValueOrder,
    VarOrder,
};
use crate::source::Span;
use crate::spec::ast::Name;
use crate::spec::parser::Origin;

/// Names a configuration item may take without `=`: an entry may not be
/// called so (it would be shadowed by the builtin).
pub const RESERVED: &[&str] = &["default", "no-symmetry"];

/// What every configuration item is, for messages.
pub const ITEMS: &str = "default, no-symmetry, var=NAME, value=NAME, consistency=[NAME=]LEVEL[,...], restart=NAME, seed=N, order=A,B, phase=A,B[:VAR[:VALUE]] (repeatable), or a name from [experiments]";

/// One item of a configuration.
#[derive(Clone, Debug, PartialEq)]
pub enum Setting {
    /// `default`: the spec as written (changes nothing).
    Default,
    NoSymmetry,
    Var(VarOrder),
    Value(ValueOrder),
    Restart(RestartPolicy),
    Seed(u64),
    /// `consistency=LEVEL` (every constraint, as `all=LEVEL`) or
    /// `consistency=NAME=LEVEL` (one constraint).
    Consistency(Option<Name>, Consistency),
    /// `order=A,B`: the search order's names.
    Order(Vec<Name>),
    /// `phase=A,B:VAR:VALUE`: one more search phase (the first replaces
    /// the spec's phases and order, as `--phase` does).
    Phase(crate::spec::ast::PhaseDecl),
    /// The name of another `[experiments]` entry: its settings.
    Use(Name),
}

/// A named `[experiments]` entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Experiment {
    pub name: Name,
    pub settings: Vec<Setting>,
}

/// Reads a configuration's text; `origin` maps it onto its source.
pub fn parse(text: &str, origin: Origin) -> Result<Vec<Setting>, Diagnostic> {
    let mut settings = Vec::new();
    let mut offset = 0;
    for item in text.split(' ') {
        let start = offset;
        offset += item.len() + 1;
        let item_start = start + (item.len() - item.trim_start().len());
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        let name = |from: usize, part: &str| Name {
            text: part.to_string(),
            span: origin.span(from, from + part.len()),
        };
        let Some((key, value)) = item.split_once('=') else {
            settings.push(match item {
                "default" => Setting::Default,
                "no-symmetry" => Setting::NoSymmetry,
                _ => Setting::Use(name(item_start, item)),
            });
            continue;
        };
        let value_start = item_start + key.len() + 1;
        let value_name = name(value_start, value);
        let setting = match key {
            "var" => Setting::Var(choice(VAR_ORDERS, "variable order", &value_name)?),
            "value" => Setting::Value(choice(VALUE_ORDERS, "value order", &value_name)?),
            "restart" => Setting::Restart(choice(RESTARTS, "restart policy", &value_name)?),
            "seed" => Setting::Seed(value.parse().ok().filter(|&s| s > 0).ok_or_else(|| {
                Diagnostic::new(
                    format!("`seed={value}`: the seed is not a positive integer"),
                    value_name.span,
                )
            })?),
            "consistency" => {
                levels(value, value_start, &origin, &mut settings)?;
                continue;
            }
            "order" => Setting::Order(list(value, value_start, &origin)),
            "phase" => {
                let mut parts = value.splitn(3, ':');
                let vars = parts.next().unwrap_or_default();
                let mut at = value_start + vars.len() + 1;
                let mut order = |table_var: bool, part: Option<&str>| -> Result<_, Diagnostic> {
                    let Some(part) = part.filter(|p| !p.is_empty()) else {
                        return Ok((None, None));
                    };
                    let n = name(at, part);
                    at += part.len() + 1;
                    Ok(if table_var {
                        (Some(choice(VAR_ORDERS, "variable order", &n)?), None)
                    } else {
                        (None, Some(choice(VALUE_ORDERS, "value order", &n)?))
                    })
                };
                let (var, _) = order(true, parts.next())?;
                let (_, value_order) = order(false, parts.next())?;
                let vars = list(vars, value_start, &origin);
                if vars.is_empty() {
                    return Err(Diagnostic::new(
                        format!("`{item}`: a phase needs its variables: `phase=x:first-fail:min`"),
                        value_name.span,
                    ));
                }
                Setting::Phase(crate::spec::ast::PhaseDecl {
                    vars,
                    var,
                    value: value_order,
                })
            }
            _ => {
                return Err(Diagnostic::new(
                    format!("unknown key `{key}` in `{item}`"),
                    name(item_start, key).span,
                )
                .with_help(format!("expected {ITEMS}")));
            }
        };
        settings.push(setting);
    }
    Ok(settings)
}

/// `rows=domain,early`: a level for one constraint or for all.
fn levels(
    text: &str,
    at: usize,
    origin: &Origin,
    settings: &mut Vec<Setting>,
) -> Result<(), Diagnostic> {
    let mut offset = at;
    for part in text.split(',') {
        let start = offset;
        offset += part.len() + 1;
        let (constraint, level, level_start) = match part.split_once('=') {
            Some((n, l)) => (Some(n), l, start + n.len() + 1),
            None => (None, part, start),
        };
        let level = Name {
            text: level.to_string(),
            span: origin.span(level_start, level_start + level.len()),
        };
        let c = choice(CONSISTENCIES, "consistency level", &level)?;
        let constraint = constraint.filter(|n| *n != "all").map(|n| Name {
            text: n.to_string(),
            span: origin.span(start, start + n.len()),
        });
        settings.push(Setting::Consistency(constraint, c));
    }
    Ok(())
}

/// `A,B`: comma-separated names.
fn list(text: &str, at: usize, origin: &Origin) -> Vec<Name> {
    let mut names = Vec::new();
    let mut offset = at;
    for part in text.split(',') {
        let start = offset + (part.len() - part.trim_start().len());
        offset += part.len() + 1;
        let trimmed = part.trim();
        if !trimmed.is_empty() {
            names.push(Name {
                text: trimmed.to_string(),
                span: origin.span(start, start + trimmed.len()),
            });
        }
    }
    names
}

fn choice<T: Copy>(table: &[(&str, T)], what: &str, name: &Name) -> Result<T, Diagnostic> {
    if let Some((_, t)) = table.iter().find(|(n, _)| *n == name.text) {
        return Ok(*t);
    }
    let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
    let mut d = Diagnostic::new(format!("unknown {what} `{}`", name.text), name.span);
    d = match did_you_mean(&name.text, names.iter().copied()) {
        Some(s) => d.with_help(format!(
            "did you mean `{s}`? expected one of: {}",
            names.join(", ")
        )),
        None => d.with_help(format!("expected one of: {}", names.join(", "))),
    };
    Err(d)
}

/// The errors of a spec's entries as a whole: a reserved name, a name that
/// is no entry, a cycle, a constraint name that the spec does not declare.
pub fn check(experiments: &[Experiment], constraints: &[&str]) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for e in experiments {
        if RESERVED.contains(&e.name.text.as_str()) {
            errors.push(
                Diagnostic::new(
                    format!("`{}` is a builtin configuration: an entry may not take its name", e.name.text),
                    e.name.span,
                )
                .with_help("give the entry another name; `solve compare` always offers `default`, and `no-symmetry` on request"),
            );
        }
        for s in &e.settings {
            match s {
                Setting::Use(n) if !experiments.iter().any(|x| x.name.text == n.text) => {
                    errors.push(unknown_item(n, experiments));
                }
                Setting::Consistency(Some(n), _) if !constraints.contains(&n.text.as_str()) => {
                    let mut d = Diagnostic::new(
                        format!("unknown constraint `{}` in `consistency=`", n.text),
                        n.span,
                    );
                    if let Some(s) = did_you_mean(&n.text, constraints.iter().copied()) {
                        d = d.with_help(format!("did you mean `{s}`?"));
                    }
                    errors.push(d);
                }
                _ => {}
            }
        }
    }
    if !errors.is_empty() {
        return errors;
    }
    // Each cycle once, at the first of its entries.
    let mut in_cycle: Vec<String> = Vec::new();
    for e in experiments {
        if in_cycle.contains(&e.name.text) {
            continue;
        }
        let found = cycle_from(
            &e.name.text,
            e,
            experiments,
            &mut Vec::new(),
            &mut Vec::new(),
        );
        if let Some(cycle) = found {
            errors.push(
                Diagnostic::new(
                    format!(
                        "the entry `{}` uses itself: {}",
                        e.name.text,
                        cycle.join(" -> ")
                    ),
                    e.name.span,
                )
                .with_help("an entry may name other entries, but never one that leads back to it"),
            );
            in_cycle.extend(cycle);
        }
    }
    if !errors.is_empty() {
        return errors;
    }
    let mut memo = Vec::new();
    for e in experiments {
        if expanded_len(e, experiments, &mut memo) > MAX_SETTINGS {
            errors.push(Diagnostic::new(
                format!(
                    "the entry `{}` expands to more than {MAX_SETTINGS} items",
                    e.name.text
                ),
                e.name.span,
            ));
        }
    }
    errors
}

/// A name that is neither an item nor an entry.
pub fn unknown_item(n: &Name, experiments: &[Experiment]) -> Diagnostic {
    let entries = experiments.iter().map(|e| e.name.text.as_str());
    let d = Diagnostic::new(format!("unknown configuration item `{}`", n.text), n.span);
    match did_you_mean(&n.text, entries.chain(RESERVED.iter().copied())) {
        Some(s) => d.with_help(format!("did you mean `{s}`? expected {ITEMS}")),
        None => d.with_help(format!("expected {ITEMS}")),
    }
}

/// The path from `start` back to it through the entries it uses, if there
/// is one (`path` is the way from `start` to `e`; `done` holds the entries
/// already known not to lead back).
fn cycle_from<'a>(
    start: &str,
    e: &'a Experiment,
    experiments: &'a [Experiment],
    path: &mut Vec<&'a str>,
    done: &mut Vec<&'a str>,
) -> Option<Vec<String>> {
    path.push(&e.name.text);
    for s in &e.settings {
        let Setting::Use(n) = s else { continue };
        if n.text == start {
            let mut names: Vec<String> = path.iter().map(|s| s.to_string()).collect();
            names.push(n.text.clone());
            return Some(names);
        }
        if path.contains(&n.text.as_str()) || done.contains(&n.text.as_str()) {
            continue;
        }
        if let Some(next) = experiments.iter().find(|x| x.name.text == n.text)
            && let Some(cycle) = cycle_from(start, next, experiments, path, done)
        {
            return Some(cycle);
        }
    }
    let _ = path.pop();
    done.push(&e.name.text);
    None
}

/// How many settings each entry expands to, saturating.
fn expanded_len(
    e: &Experiment,
    experiments: &[Experiment],
    memo: &mut Vec<(String, usize)>,
) -> usize {
    if let Some((_, n)) = memo.iter().find(|(n, _)| *n == e.name.text) {
        return *n;
    }
    let mut total = 0usize;
    for s in &e.settings {
        total = total.saturating_add(match s {
            Setting::Use(n) => experiments
                .iter()
                .find(|x| x.name.text == n.text)
                .map_or(0, |x| expanded_len(x, experiments, memo)),
            _ => 1,
        });
    }
    memo.push((e.name.text.clone(), total));
    total
}

/// Most settings an entry may expand to (entries naming entries twice at
/// every level grow exponentially).
const MAX_SETTINGS: usize = 10_000;

/// `settings` with every entry they use replaced by its own settings, in
/// order (entries are checked: no cycle, every name known).
pub fn expand(settings: &[Setting], experiments: &[Experiment]) -> Vec<Setting> {
    let mut out = Vec::new();
    for s in settings {
        match s {
            Setting::Use(n) => {
                if let Some(e) = experiments.iter().find(|x| x.name.text == n.text) {
                    out.extend(expand(&e.settings, experiments));
                }
            }
            other => out.push(other.clone()),
        }
    }
    out
}

impl Experiment {
    /// Whether only lowering can tell if this entry is right: a level a
    /// constraint may not support, an order's names.
    pub fn needs_lowering(&self, experiments: &[Experiment]) -> bool {
        expand(&self.settings, experiments).iter().any(|s| {
            matches!(
                s,
                Setting::Consistency(..) | Setting::Order(_) | Setting::Phase(_)
            )
        })
    }
}

/// The span of a whole `--try` text, for [`parse`].
pub fn whole(span: Span) -> Origin {
    Origin::exact(span, span.start)
}
