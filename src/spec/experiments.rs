//! `[experiments]`: named configurations for `solve compare`, each a list
//! of [`Setting`]s (read by [`super::setting::configuration`]). The
//! entries are checked as a whole here (a reserved name, a name that is no
//! entry, a cycle, an unknown constraint), and an entry's name is
//! replaced by its settings ([`expand`]).

use super::origin::Name;
use super::setting::{RESERVED, Setting, items};
use crate::diagnostic::{Diagnostic, did_you_mean};

/// A named `[experiments]` entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Experiment {
    pub name: Name,
    pub settings: Vec<Setting>,
}

/// The errors of a spec's entries as a whole: a reserved name, a name that
/// is no entry, a cycle, a constraint name that the spec does not declare.
pub(crate) fn check(experiments: &[Experiment], constraints: &[&str]) -> Vec<Diagnostic> {
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
pub(crate) fn unknown_item(n: &Name, experiments: &[Experiment]) -> Diagnostic {
    let entries = experiments.iter().map(|e| e.name.text.as_str());
    let d = Diagnostic::new(format!("unknown configuration item `{}`", n.text), n.span);
    match did_you_mean(&n.text, entries.chain(RESERVED.iter().copied())) {
        Some(s) => d.with_help(format!("did you mean `{s}`? expected {}", items())),
        None => d.with_help(format!("expected {}", items())),
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
pub(crate) fn expand(settings: &[Setting], experiments: &[Experiment]) -> Vec<Setting> {
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
