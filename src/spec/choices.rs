//! The search choices given as texts, as the command line and the
//! playground take them (`--order`, `--phase`, `--var`, `--value`,
//! `--consistency`, `--restart`, ...), read into [`SearchSettings`]. Each
//! text becomes a source of its own, so a message points into it; an
//! unknown name is an error, never ignored.

use crate::diagnostic::{Diagnostic, Error};
use crate::model::plan::{CONSISTENCIES, Consistency, RESTARTS, VALUE_ORDERS, VAR_ORDERS};
use crate::source::{Sources, Span};
use crate::spec::ast::{Name, PhaseDecl};
use crate::spec::settings::SearchSettings;

/// The search choices as the user typed them; empty where not given.
#[derive(Clone, Debug, Default)]
pub struct SearchChoices {
    /// `--order A,C,F`.
    pub order: Option<String>,
    /// `--phase VARS[:VAR[:VALUE]]`, in order.
    pub phases: Vec<String>,
    pub var: Option<String>,
    pub value: Option<String>,
    /// `--consistency LEVEL` or `NAME=LEVEL,...`.
    pub consistency: Vec<String>,
    pub restart: Option<String>,
    pub restart_scale: Option<u64>,
    pub seed: Option<u64>,
}

impl SearchChoices {
    /// The choices as search settings; their texts are added to `sources`.
    pub fn settings(&self, sources: &mut Sources) -> Result<SearchSettings, Error> {
        let (all, named) = consistency_args(sources, &self.consistency)
            .map_err(|d| Error::new(vec![d], sources))?;
        Ok(SearchSettings {
            order: self.order.as_deref().map(|o| order_names(sources, o)),
            phases: phase_args(sources, &self.phases)?,
            var: named_choice(VAR_ORDERS, self.var.as_deref(), "--var", "variable order")?,
            value: named_choice(
                VALUE_ORDERS,
                self.value.as_deref(),
                "--value",
                "value order",
            )?,
            consistency: all,
            consistency_for: named,
            restart: named_choice(
                RESTARTS,
                self.restart.as_deref(),
                "--restart",
                "restart policy",
            )?,
            restart_scale: self.restart_scale,
            seed: self.seed,
            threads: None,
        })
    }
}

/// The choice called `name` in `table`; an unknown name is an error that
/// lists the known ones.
pub fn named_choice<T: Copy>(
    table: &[(&str, T)],
    name: Option<&str>,
    flag: &str,
    what: &str,
) -> Result<Option<T>, Error> {
    let Some(name) = name else { return Ok(None) };
    match table.iter().find(|(n, _)| *n == name) {
        Some(&(_, t)) => Ok(Some(t)),
        None => {
            let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
            Err(bare(format!(
                "{flag} {name}: unknown {what} (expected one of: {})",
                names.join(", ")
            )))
        }
    }
}

/// An error that points at no source.
fn bare(message: String) -> Error {
    Error::new(vec![Diagnostic::bare(message)], &Sources::default())
}

/// The level for every constraint, and levels for named ones.
type Levels = (Option<Consistency>, Vec<(Name, Consistency)>);

/// `--consistency` values: `LEVEL` or `all=LEVEL` for every constraint,
/// `NAME=LEVEL` for one, comma-separated; each part points into a source of
/// its own for messages.
fn consistency_args(sources: &mut Sources, args: &[String]) -> Result<Levels, Diagnostic> {
    let (mut all, mut named) = (None, Vec::new());
    for text in args {
        let id = sources.add("--consistency", text.clone());
        let mut offset = 0;
        for part in text.split(',') {
            let start = offset + (part.len() - part.trim_start().len());
            offset += part.len() + 1;
            let trimmed = part.trim();
            let (name, level, level_start) = match trimmed.split_once('=') {
                Some((n, l)) => (
                    Some(n.trim()),
                    l.trim(),
                    start + trimmed.len() - l.len() + (l.len() - l.trim_start().len()),
                ),
                None => (None, trimmed, start),
            };
            let span = Span::new(id, level_start, level_start + level.len());
            let Some(&(_, c)) = CONSISTENCIES.iter().find(|(n, _)| *n == level) else {
                let names: Vec<&str> = CONSISTENCIES.iter().map(|(n, _)| *n).collect();
                return Err(
                    Diagnostic::new(format!("unknown consistency level `{level}`"), span)
                        .with_help(format!(
                            "expected LEVEL or NAME=LEVEL, with a level among: {}",
                            names.join(", ")
                        )),
                );
            };
            match name {
                None | Some("all") => all = Some(c),
                Some(n) => named.push((
                    Name {
                        text: n.to_string(),
                        span: Span::new(id, start, start + n.len()),
                    },
                    c,
                )),
            }
        }
    }
    Ok((all, named))
}

/// `--phase VARS[:VAR[:VALUE]]`, each its own source for messages.
fn phase_args(sources: &mut Sources, texts: &[String]) -> Result<Option<Vec<PhaseDecl>>, Error> {
    if texts.is_empty() {
        return Ok(None);
    }
    let mut phases = Vec::new();
    for text in texts {
        let mut parts = text.splitn(3, ':');
        let vars = parts.next().unwrap_or_default();
        let var = phase_order(text, parts.next(), VAR_ORDERS, "variable order")?;
        let value = phase_order(text, parts.next(), VALUE_ORDERS, "value order")?;
        let vars = order_names_in(sources, "--phase", vars);
        if vars.is_empty() {
            return Err(bare(format!(
                "--phase {text}: no variables (write `--phase x:first-fail:min`)"
            )));
        }
        phases.push(PhaseDecl { vars, var, value });
    }
    Ok(Some(phases))
}

/// The order named `part` of `--phase text` (none when not given).
fn phase_order<T: Copy>(
    text: &str,
    part: Option<&str>,
    table: &[(&str, T)],
    what: &str,
) -> Result<Option<T>, Error> {
    match part {
        None | Some("") => Ok(None),
        Some(name) => table
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, t)| Some(t))
            .ok_or_else(|| {
                let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
                bare(format!(
                    "--phase {text}: unknown {what} `{name}` (expected one of: {})",
                    names.join(", ")
                ))
            }),
    }
}

/// `--order A,C,F` as names pointing into their own source.
fn order_names(sources: &mut Sources, text: &str) -> Vec<Name> {
    order_names_in(sources, "--order", text)
}

/// Comma-separated names (brackets may hold commas: `[m[r][0] for r in
/// 0..2]`), in a source of their own called `origin`.
fn order_names_in(sources: &mut Sources, origin: &str, text: &str) -> Vec<Name> {
    let id = sources.add(origin, text.to_string());
    // Split at the commas outside brackets.
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '[' | '(' | '{' => depth += 1,
            ']' | ')' | '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[from..]);
    let mut names = Vec::new();
    let mut offset = 0;
    for part in parts {
        let trimmed = part.trim();
        let start = offset + (part.len() - part.trim_start().len());
        if !trimmed.is_empty() {
            names.push(Name {
                text: trimmed.to_string(),
                span: Span::new(id, start, start + trimmed.len()),
            });
        }
        offset += part.len() + 1;
    }
    names
}
