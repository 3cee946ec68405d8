//! Reading `[search]` (orders, phases, restarts, seed, consistency) and `[objective]`.

use super::*;
use crate::spec::setting::{self, Setting};
use crate::spec::settings::{RunSettings, check_threads};

/// The keys of `[search]`: a setting's, and the run's `threads`.
fn search_keys() -> Vec<&'static str> {
    let mut keys = setting::table_keys();
    keys.push("threads");
    keys
}

impl Loader<'_> {
    /// One of the names in `options`, for the key `key`.
    pub(super) fn choice<T: Copy>(
        &mut self,
        key: &str,
        value: &Spanned<DeValue<'_>>,
        options: &[(&str, T)],
    ) -> Option<T> {
        let (text, _) = self.string(value)?;
        if let Some((_, t)) = options.iter().find(|(name, _)| *name == text) {
            return Some(*t);
        }
        let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
        self.errors.push(
            Diagnostic::new(format!("unknown {key} `{text}`"), self.span(value.span()))
                .with_help(format!("expected one of: {}", names.join(", "))),
        );
        None
    }

    pub(super) fn positive(&mut self, value: &Spanned<DeValue<'_>>) -> Option<u64> {
        let parsed = match value.get_ref() {
            DeValue::Integer(i) => {
                u64::from_str_radix(&i.as_str().replace('_', ""), i.radix()).ok()
            }
            _ => None,
        };
        match parsed {
            Some(n) if n > 0 => Some(n),
            _ => {
                self.error("expected a positive integer", value.span());
                None
            }
        }
    }

    /// `phases = [{ vars = "x" | ["x", "y[0]"], var = "...", value = "..." }]`.
    pub(super) fn phases(&mut self, value: &Spanned<DeValue<'_>>) -> Vec<PhaseDecl> {
        let DeValue::Array(items) = value.get_ref() else {
            self.error(
                "expected a list of phases: `phases = [{ vars = \"x\", var = \"first-fail\" }]`",
                value.span(),
            );
            return Vec::new();
        };
        let mut phases = Vec::new();
        for item in items.iter() {
            let DeValue::Table(table) = item.get_ref() else {
                self.error(
                    "expected a phase: `{ vars = \"x\", var = \"first-fail\", value = \"min\" }`",
                    item.span(),
                );
                continue;
            };
            let mut phase = PhaseDecl {
                vars: Vec::new(),
                var: None,
                value: None,
            };
            for (k, v) in table.iter() {
                match k.get_ref().as_ref() {
                    "vars" => match v.get_ref() {
                        DeValue::String(s) => phase.vars.push(Name {
                            text: s.to_string(),
                            span: self.span(v.span()),
                        }),
                        DeValue::Array(names) => {
                            for n in names.iter() {
                                match n.get_ref() {
                                    DeValue::String(s) => phase.vars.push(Name {
                                        text: s.to_string(),
                                        span: self.span(n.span()),
                                    }),
                                    _ => self.error("expected a variable (a string)", n.span()),
                                }
                            }
                        }
                        _ => self.error(
                            "expected the phase's variables: a string or a list of strings",
                            v.span(),
                        ),
                    },
                    "var" => phase.var = self.choice("variable order", v, VAR_ORDERS),
                    "value" => phase.value = self.choice("value order", v, VALUE_ORDERS),
                    other => self.unknown(k, "key", other, &["vars", "var", "value"]),
                }
            }
            if phase.vars.is_empty() {
                self.error(
                    "a phase needs `vars`: the variables it decides",
                    item.span(),
                );
            }
            phases.push(phase);
        }
        phases
    }

    /// `[search]`: its keys as settings (strings read by the one parser
    /// of settings, at the string), and the run's `threads` (checked as
    /// every face's are).
    pub(super) fn search(&mut self, value: &Spanned<DeValue<'_>>) -> (SearchSettings, RunSettings) {
        let mut items = Vec::new();
        let mut run = RunSettings::default();
        let DeValue::Table(table) = value.get_ref() else {
            self.error("expected a table for [search]", value.span());
            return (SearchSettings::default(), run);
        };
        for (k, v) in table.iter() {
            let key = k.get_ref().as_ref();
            match key {
                "order" => items.push(Setting::Order(self.order(v))),
                "phases" => items.extend(self.phases(v).into_iter().map(Setting::Phase)),
                "restart_scale" => items.extend(self.positive(v).map(Setting::RestartScale)),
                "seed" => items.extend(self.positive(v).map(Setting::Seed)),
                "last_conflict" if !matches!(v.get_ref(), DeValue::String(_)) => {
                    match v.get_ref() {
                        DeValue::Boolean(on) => items.push(Setting::LastConflict(*on)),
                        _ => self.error("expected `true` or `false` for `last_conflict`", v.span()),
                    }
                }
                "interleave" if !matches!(v.get_ref(), DeValue::String(_)) => match v.get_ref() {
                    DeValue::Boolean(on) => {
                        items.push(Setting::Interleave(setting::switched_arm(*on)));
                    }
                    _ => self.error(
                        "expected `true`, `false` or a string of the second search's items for `interleave`",
                        v.span(),
                    ),
                },
                "threads" => {
                    run.threads = match self.positive(v).map(check_threads) {
                        Some(Err(message)) => {
                            self.error(message, v.span());
                            None
                        }
                        checked => checked.and_then(Result::ok),
                    }
                }
                "var" | "value" | "consistency" | "restart" | "last_conflict" | "interleave" => {
                    let Some((text, _)) = self.string(v) else {
                        continue;
                    };
                    // A message points at the whole string.
                    let origin = Origin::whole(self.span(v.span()));
                    let key = Name {
                        text: key.to_string(),
                        span: self.span(k.span()),
                    };
                    match setting::read(&key, &text, 0, &origin) {
                        Ok(read) => items.extend(read),
                        Err(d) => self.errors.push(d),
                    }
                }
                goal @ ("maximize" | "minimize" | "maximise" | "minimise" | "objective") => {
                    self.errors.push(
                        Diagnostic::new(
                            format!("there is no `{goal}` key in [search]"),
                            self.span(k.span()),
                        )
                        .with_help(
                            "the best solution is asked for in an [objective] section: `[objective]` then `maximize = \"EXPR\"` (or `minimize`)",
                        ),
                    );
                }
                other => self.unknown(k, "key", other, &search_keys()),
            }
        }
        let search = SearchSettings::of(&items);
        let given = |v: Option<usize>| v.is_some_and(|n| n > 0);
        if given(search.phases.as_ref().map(Vec::len)) && given(search.order.as_ref().map(Vec::len))
        {
            self.error(
                "[search] gives both `phases` and `order`: `order = [...]` is one phase in input order; write it as a phase",
                value.span(),
            );
        }
        (search, run)
    }

    /// `order = ["a", "x"]`: the names of one phase in input order.
    fn order(&mut self, value: &Spanned<DeValue<'_>>) -> Vec<Name> {
        let DeValue::Array(items) = value.get_ref() else {
            self.error("expected an array of variable names", value.span());
            return Vec::new();
        };
        let mut names = Vec::new();
        for item in items.iter() {
            if let DeValue::String(s) = item.get_ref() {
                names.push(Name {
                    text: s.to_string(),
                    span: self.span(item.span()),
                });
            } else {
                self.error("expected a variable name (string)", item.span());
            }
        }
        names
    }

    /// `[objective]`: exactly one of `minimize` and `maximize`.
    pub(super) fn objective(&mut self, value: &Spanned<DeValue<'_>>) -> Option<ObjectiveDecl> {
        let DeValue::Table(table) = value.get_ref() else {
            self.error("expected a table for [objective]", value.span());
            return None;
        };
        let mut found: Option<ObjectiveDecl> = None;
        for (k, v) in table.iter() {
            let sense = match k.get_ref().as_ref() {
                "minimize" => Sense::Minimize,
                "maximize" => Sense::Maximize,
                other => {
                    self.unknown(k, "key", other, &["minimize", "maximize"]);
                    continue;
                }
            };
            if found.is_some() {
                self.errors.push(
                    Diagnostic::new(
                        "[objective] has both `minimize` and `maximize`",
                        self.span(k.span()),
                    )
                    .with_help("give exactly one of them"),
                );
                continue;
            }
            if let Some(expr) = self.expr(v) {
                found = Some(ObjectiveDecl { sense, expr });
            }
        }
        if found.is_none() && table.is_empty() {
            self.error(
                "[objective] needs `minimize = \"EXPR\"` or `maximize = \"EXPR\"`",
                value.span(),
            );
        }
        found
    }
}
