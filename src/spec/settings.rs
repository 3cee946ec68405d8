//! How to search, as the spec's `[search]`, the command line's flags, a
//! `--try` configuration or an `[experiments]` entry says it: one type,
//! every field optional, merged in one place ([`SearchSettings::then`]:
//! the later word wins) and resolved into a `SearchPlan` by lowering.

use super::ast::Name;
use crate::model::plan::{Consistency, RestartPolicy, ValueOrder, VarOrder};

/// Search settings; `None` (or empty) where they say nothing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchSettings {
    /// `phases = [{ vars = "x", var = "first-fail", value = "min" }, ...]`.
    pub phases: Option<Vec<PhaseDecl>>,
    /// `order = ["a", "x"]`: one phase in input order.
    pub order: Option<Vec<Name>>,
    pub var: Option<VarOrder>,
    pub value: Option<ValueOrder>,
    /// The level of every constraint (from the command line: overriding
    /// the levels the spec gives single constraints too).
    pub consistency: Option<Consistency>,
    /// `--consistency NAME=LEVEL`: one named constraint (the last wins).
    pub consistency_for: Vec<(Name, Consistency)>,
    pub restart: Option<RestartPolicy>,
    pub restart_scale: Option<u64>,
    pub seed: Option<u64>,
    /// `threads = N`: how many threads search (see [`crate::parallel`]).
    pub threads: Option<u64>,
}

/// One search phase as written: its variables (each a name or an
/// expression, as in `order`) and, optionally, its own orders.
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseDecl {
    pub vars: Vec<Name>,
    pub var: Option<VarOrder>,
    pub value: Option<ValueOrder>,
}

impl SearchSettings {
    /// These settings, then `over`'s: each field `over` gives replaces
    /// this one's; phases or an order given by `over` replace both of
    /// these (an order is one phase); levels of named constraints add up.
    pub fn then(&self, over: &SearchSettings) -> SearchSettings {
        let (phases, order) = if over.phases.is_some() || over.order.is_some() {
            (over.phases.clone(), over.order.clone())
        } else {
            (self.phases.clone(), self.order.clone())
        };
        SearchSettings {
            phases,
            order,
            var: over.var.or(self.var),
            value: over.value.or(self.value),
            consistency: over.consistency.or(self.consistency),
            consistency_for: [&self.consistency_for[..], &over.consistency_for[..]].concat(),
            restart: over.restart.or(self.restart),
            restart_scale: over.restart_scale.or(self.restart_scale),
            seed: over.seed.or(self.seed),
            threads: over.threads.or(self.threads),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Span;

    fn names(texts: &[&str]) -> Vec<Name> {
        texts
            .iter()
            .map(|t| Name {
                text: t.to_string(),
                span: Span::new(crate::source::SourceId(0), 0, 0),
            })
            .collect()
    }

    /// The later word wins field by field; an order replaces the phases
    /// too (it is one phase); levels of named constraints add up.
    #[test]
    fn later_settings_win_and_an_order_replaces_the_phases() {
        let spec = SearchSettings {
            phases: Some(vec![PhaseDecl {
                vars: names(&["x"]),
                var: Some(VarOrder::FirstFail),
                value: None,
            }]),
            var: Some(VarOrder::FirstFail),
            seed: Some(7),
            consistency_for: vec![(names(&["a"]).remove(0), Consistency::Check)],
            ..SearchSettings::default()
        };
        let flags = SearchSettings {
            order: Some(names(&["y"])),
            value: Some(ValueOrder::Max),
            seed: Some(3),
            consistency_for: vec![(names(&["b"]).remove(0), Consistency::Domain)],
            ..SearchSettings::default()
        };
        let merged = spec.then(&flags);
        assert_eq!(merged.phases, None);
        assert_eq!(merged.order, Some(names(&["y"])));
        assert_eq!(merged.var, Some(VarOrder::FirstFail));
        assert_eq!(merged.value, Some(ValueOrder::Max));
        assert_eq!(merged.seed, Some(3));
        let levels: Vec<&str> = merged
            .consistency_for
            .iter()
            .map(|(n, _)| n.text.as_str())
            .collect();
        assert_eq!(levels, ["a", "b"]);
        // Settings that say nothing keep everything.
        assert_eq!(spec.then(&SearchSettings::default()), spec);
    }
}
