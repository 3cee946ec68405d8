//! The search choices given as texts, as the command line and the
//! playground take them (`--order`, `--phase`, `--var`, `--value`,
//! `--consistency`, `--restart`, ...), read into [`SearchSettings`]. Each
//! text becomes a source of its own, so a message points into it; an
//! unknown name is an error, never ignored.

use crate::diagnostic::{Diagnostic, Error};
use crate::source::{Sources, Span};
use crate::spec::origin::{Name, Origin};
use crate::spec::setting;
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
    /// `--last-conflict on|off`.
    pub last_conflict: Option<String>,
    pub seed: Option<u64>,
    /// `--interleave on|off|ITEMS`.
    pub interleave: Option<String>,
}

impl SearchChoices {
    /// The choices as search settings, each text read by the one parser
    /// of settings ([`setting::read`]) in a source of its own named after
    /// its flag, so that a message points into it.
    pub fn settings(&self, sources: &mut Sources) -> Result<SearchSettings, Error> {
        let mut texts: Vec<(&str, String)> = Vec::new();
        let mut one = |key, text: Option<String>| texts.extend(text.map(|t| (key, t)));
        one("order", self.order.clone());
        one("var", self.var.clone());
        one("value", self.value.clone());
        one("restart", self.restart.clone());
        one("restart_scale", self.restart_scale.map(|n| n.to_string()));
        one("last_conflict", self.last_conflict.clone());
        one("seed", self.seed.map(|n| n.to_string()));
        one("interleave", self.interleave.clone());
        texts.extend(self.phases.iter().map(|t| ("phase", t.clone())));
        texts.extend(self.consistency.iter().map(|t| ("consistency", t.clone())));
        let mut settings = SearchSettings::default();
        for (key, text) in texts {
            let flag = format!("--{}", key.replace('_', "-"));
            let id = sources.add(&flag, text.clone());
            let whole = Span::new(id, 0, text.len());
            let key = Name {
                text: key.to_string(),
                span: whole,
            };
            let read = setting::read(&key, &text, 0, &Origin::exact(whole, 0))
                .map_err(|d| Error::new(vec![d], sources))?;
            for s in &read {
                settings.apply(s);
            }
        }
        Ok(settings)
    }
}

/// A whole configuration text (`var=dom-wdeg restart=luby`, as `--try`
/// takes one) given to the flag `flag`, read as search settings in a
/// source of its own; the names of `[experiments]` entries, `default` and
/// `no-symmetry` mean nothing there and are errors.
pub fn configuration(
    text: &str,
    flag: &str,
    sources: &mut Sources,
) -> Result<SearchSettings, Error> {
    let id = sources.add(flag, text.to_string());
    let whole = Span::new(id, 0, text.len());
    let items = setting::configuration(text, &Origin::exact(whole, 0))
        .map_err(|d| Error::new(vec![d], sources))?;
    if items.iter().any(|s| {
        matches!(
            s,
            setting::Setting::Use(_) | setting::Setting::Default | setting::Setting::NoSymmetry
        )
    }) {
        let d = Diagnostic::new(format!("`{flag}` takes KEY=VALUE items only"), whole)
            .with_help(format!("expected {}", setting::items()));
        return Err(Error::new(vec![d], sources));
    }
    Ok(SearchSettings::of(&items))
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
