//! Reading `[params]`, `[vars]`, `[functions]` and `[constraints]`: one entry each.

use super::*;

impl Loader<'_> {
    /// `name = VALUE`, or `name = { index = "1..5", value = VALUE }` for a
    /// list indexed like a variable array.
    pub(super) fn param(&mut self, (key, value): Item<'_, '_>) -> Option<Param> {
        let name = self.name(key);
        if let DeValue::String(text) = value.get_ref()
            && crate::spec::parser::is_function(text)
        {
            // `f = "(k) => k + 1"` in [params]: a function, in the wrong
            // section.
            let d = Diagnostic::new(
                format!(
                    "`{}` is a function: [params] holds values, functions are declared in [functions]",
                    name.text
                ),
                self.span(value.span()),
            )
            .with_help(format!(
                "move it to [functions]: `[functions]` then `{} = \"{text}\"`; a param may call it (`p = \"{}(n)\"`)",
                name.text, name.text
            ));
            self.errors.push(d);
            return None;
        }
        let DeValue::Table(table) = value.get_ref() else {
            return Some(Param {
                name,
                value: self.literal(value)?,
                index: Vec::new(),
                default: None,
            });
        };
        let (mut list, mut index, mut ok) = (None, Vec::new(), true);
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "value" => list = self.literal(v),
                "index" => ok &= self.index_ranges(v, &mut index),
                other => self.unknown(k, "key", other, &["value", "index"]),
            }
        }
        if list.is_none() && ok && !table.contains_key("value") {
            self.error(
                format!("param `{}` has no `value`", name.text),
                value.span(),
            );
        }
        Some(Param {
            name,
            value: list?,
            index,
            default: None,
        })
    }

    pub(super) fn var(&mut self, (key, value): Item<'_, '_>) -> Option<Var> {
        let name = self.name(key);
        let DeValue::Table(table) = value.get_ref() else {
            return Some(Var {
                name,
                domain: self.literal(value)?,
                index: Vec::new(),
                aliases: Vec::new(),
                derived: false,
                shown: None,
            });
        };
        let shown = table.get("shown").and_then(|v| self.shown(v));
        if let Some(define) = table.get("define") {
            let mut index = Vec::new();
            for (k, v) in table.iter() {
                if k.get_ref() == "index" {
                    let _ = self.index_ranges(v, &mut index);
                } else if !["define", "shown"].contains(&k.get_ref().as_ref()) {
                    self.error(
                        format!(
                            "`{}` is defined by an expression: its domain comes from the expression, and it takes no `{}` (only `index`, for an array, and `shown`)",
                            name.text,
                            k.get_ref()
                        ),
                        k.span(),
                    );
                }
            }
            return Some(Var {
                name,
                domain: self.expr(define)?,
                index,
                aliases: Vec::new(),
                derived: true,
                shown,
            });
        }
        let (mut domain, mut index, mut aliases) = (None, Vec::new(), Vec::new());
        let mut ok = true;
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "domain" => domain = self.literal(v),
                "index" => ok &= self.index_ranges(v, &mut index),
                // Read above.
                "shown" => {}
                "names" => match v.get_ref() {
                    DeValue::Array(names) => {
                        for n in names.iter() {
                            match n.get_ref() {
                                DeValue::String(s) => aliases.push(Name {
                                    text: s.to_string(),
                                    span: self.span(n.span()),
                                }),
                                other => self.error(
                                    format!("expected a name (string), found {}", other.type_str()),
                                    n.span(),
                                ),
                            }
                        }
                    }
                    other => self.error(
                        format!("expected an array of names, found {}", other.type_str()),
                        v.span(),
                    ),
                },
                other => self.unknown(
                    k,
                    "key",
                    other,
                    &["domain", "index", "names", "define", "shown"],
                ),
            }
        }
        let Some(domain) = domain else {
            if ok && !table.contains_key("domain") {
                self.error(
                    format!("variable `{}` has no `domain`", name.text),
                    value.span(),
                );
            }
            return None;
        };
        if !aliases.is_empty() && index.len() != 1 {
            self.error("`names` is only allowed on 1-D arrays", value.span());
        }
        Some(Var {
            name,
            domain,
            index,
            aliases,
            derived: false,
            shown,
        })
    }

    /// `shown = false`: a variable of the model's own, which steps, hints
    /// and candidates never show (`shown = true`: one they show, beside a
    /// board that names other cells).
    fn shown(&mut self, value: &Spanned<DeValue<'_>>) -> Option<bool> {
        match value.get_ref() {
            DeValue::Boolean(b) => Some(*b),
            other => {
                self.error(
                    format!("`shown` is true or false, found {}", other.type_str()),
                    value.span(),
                );
                None
            }
        }
    }

    pub(super) fn function(&mut self, (key, value): Item<'_, '_>) -> Option<Function> {
        if self.out_of_time() {
            return None;
        }
        let name = self.name(key);
        let (text, origin) = self.string(value)?;
        match parse_function(&text, origin) {
            Ok((params, body)) => Some(Function { name, params, body }),
            Err(d) => {
                self.errors.push(d);
                None
            }
        }
    }

    /// `name = "expr"`, or `name = { rule = "expr", consistency = "check",
    /// weight = 2, say = "..." }`.
    pub(super) fn constraint(
        &mut self,
        (key, value): Item<'_, '_>,
        symmetry: bool,
    ) -> Option<ConstraintDecl> {
        let name = self.name(key);
        let DeValue::Table(table) = value.get_ref() else {
            return Some(ConstraintDecl {
                name,
                expr: self.expr(value)?,
                symmetry,
                consistency: None,
                weight: 1,
                say: None,
            });
        };
        let (mut expr, mut consistency, mut weight, mut say) = (None, None, 1, None);
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "rule" => expr = self.expr(v),
                "consistency" => consistency = self.choice("consistency level", v, CONSISTENCIES),
                "weight" => weight = self.positive(v).unwrap_or(1),
                "say" => say = self.sentence(v),
                other => self.unknown(k, "key", other, CONSTRAINT_KEYS),
            }
        }
        if expr.is_none() && !table.contains_key("rule") {
            self.error(
                format!("constraint `{}` has no `rule`", name.text),
                value.span(),
            );
        }
        Some(ConstraintDecl {
            name,
            expr: expr?,
            symmetry,
            consistency,
            weight,
            say,
        })
    }

    /// A `say` template: a text whose `{name}` holes are generator names
    /// (checked when the constraint is lowered).
    fn sentence(&mut self, value: &Spanned<DeValue<'_>>) -> Option<(String, Span)> {
        let (text, _) = self.string(value)?;
        let span = self.span(value.span());
        match crate::spec::sentence::holes(&text) {
            Ok(_) => Some((text, span)),
            Err(message) => {
                self.errors.push(Diagnostic::new(message, span));
                None
            }
        }
    }
}

/// The keys of a constraint written as a table.
const CONSTRAINT_KEYS: &[&str] = &["rule", "consistency", "weight", "say"];
