//! Reading `[search]` (orders, phases, restarts, seed, consistency) and `[objective]`.

use super::*;

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

    pub(super) fn search(&mut self, value: &Spanned<DeValue<'_>>) -> SearchSettings {
        let mut search = SearchSettings::default();
        let DeValue::Table(table) = value.get_ref() else {
            self.error("expected a table for [search]", value.span());
            return search;
        };
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "order" => match v.get_ref() {
                    DeValue::Array(items) => {
                        for item in items.iter() {
                            if let DeValue::String(s) = item.get_ref() {
                                search.order.get_or_insert_with(Vec::new).push(Name {
                                    text: s.to_string(),
                                    span: self.span(item.span()),
                                });
                            } else {
                                self.error("expected a variable name (string)", item.span());
                            }
                        }
                    }
                    _ => self.error("expected an array of variable names", v.span()),
                },
                "phases" => search.phases = Some(self.phases(v)),
                "var" => search.var = self.choice("variable order", v, VAR_ORDERS),
                "value" => search.value = self.choice("value order", v, VALUE_ORDERS),
                "consistency" => {
                    search.consistency = self.choice("consistency level", v, CONSISTENCIES);
                }
                "restart" => search.restart = self.choice("restart policy", v, RESTARTS),
                "restart_scale" => search.restart_scale = self.positive(v),
                "seed" => search.seed = self.positive(v),
                "threads" => {
                    search.threads = self.positive(v);
                    if search.threads.is_some_and(|n| n > 1024) {
                        self.error("expected at most 1024 threads", v.span());
                        search.threads = None;
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
                other => self.unknown(
                    k,
                    "key",
                    other,
                    &[
                        "phases",
                        "order",
                        "var",
                        "value",
                        "consistency",
                        "restart",
                        "restart_scale",
                        "seed",
                        "threads",
                    ],
                ),
            }
        }
        let given = |v: Option<usize>| v.is_some_and(|n| n > 0);
        if given(search.phases.as_ref().map(Vec::len)) && given(search.order.as_ref().map(Vec::len))
        {
            self.error(
                "[search] gives both `phases` and `order`: `order = [...]` is one phase in input order; write it as a phase",
                value.span(),
            );
        }
        search
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
