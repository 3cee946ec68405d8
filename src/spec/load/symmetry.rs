//! Reading `[symmetry]`: breaking rules (constraints), declared symmetries (`grid`, `rows`, `columns`, `values`, `reverse`, `map`) and `break`.

use super::*;

impl Loader<'_> {
    /// `[symmetry]`: breaking constraints (`name = "expr"` or a table
    /// with a `rule`), declared symmetries (`name = { grid = "expr" }`)
    /// and `break = "lex-leader"`.
    pub(super) fn symmetry(&mut self, value: &Spanned<DeValue<'_>>, spec: &mut Spec) {
        let DeValue::Table(table) = value.get_ref() else {
            self.error(
                format!("expected a table, found {}", value.get_ref().type_str()),
                value.span(),
            );
            return;
        };
        for (key, value) in table.iter() {
            if key.get_ref() == "break" {
                if let Some(choice) = self.choice("symmetry breaking", value, SYMMETRY_BREAKS) {
                    spec.symmetry_break = Some((choice, self.span(value.span())));
                }
                continue;
            }
            let breaking = matches!(value.get_ref(), DeValue::String(s) if SYMMETRY_BREAKS.iter().any(|(n, _)| n == s));
            if breaking && did_you_mean(key.get_ref(), ["break"]).is_some() {
                self.unknown(key, "key", key.get_ref(), &["break"]);
                continue;
            }
            match value.get_ref() {
                DeValue::Table(t)
                    if t.contains_key("rule")
                        && SYMMETRY_KINDS.iter().any(|(k, _)| t.contains_key(*k)) =>
                {
                    self.error(
                        format!(
                            "`{}` has both a `rule` (a breaking constraint) and a declared symmetry: give each its own name",
                            key.get_ref()
                        ),
                        value.span(),
                    );
                }
                DeValue::Table(t) if !t.contains_key("rule") => {
                    if let Some(d) = self.symmetry_decl(key, value, t) {
                        spec.symmetries.push(d);
                    }
                }
                _ => spec.constraints.extend(self.constraint((key, value), true)),
            }
        }
    }

    /// `name = { grid = "EXPR" }`: exactly one kind of symmetry; `map`
    /// with its `index` and `value` functions (one of them at least).
    pub(super) fn symmetry_decl(
        &mut self,
        key: &Spanned<std::borrow::Cow<'_, str>>,
        value: &Spanned<DeValue<'_>>,
        table: &DeTable<'_>,
    ) -> Option<SymmetryDecl> {
        let name = self.name(key);
        let mut found = None;
        let mut unknown = false;
        let (mut index, mut map_value) = (None, None);
        for (k, v) in table.iter() {
            if MAP_KEYS.contains(&k.get_ref().as_ref()) {
                if !table.contains_key("map") {
                    self.error(
                        format!(
                            "`{}` goes with `map` (a symmetry written as functions)",
                            k.get_ref()
                        ),
                        k.span(),
                    );
                    unknown = true;
                }
                let f = self.function((k, v));
                match k.get_ref().as_ref() {
                    "index" => index = f,
                    _ => map_value = f,
                }
                continue;
            }
            let Some(&(_, kind)) = SYMMETRY_KINDS.iter().find(|(n, _)| *n == k.get_ref()) else {
                let mut known: Vec<&str> = SYMMETRY_KINDS.iter().map(|(n, _)| *n).collect();
                known.push("rule");
                known.extend(MAP_KEYS);
                self.unknown(k, "key", k.get_ref(), &known);
                unknown = true;
                continue;
            };
            if found.is_some() {
                self.error(
                    format!(
                        "symmetry `{}` declares two groups: give each its own name",
                        name.text
                    ),
                    k.span(),
                );
                continue;
            }
            found = Some((kind, self.expr(v)));
        }
        let Some((kind, expr)) = found else {
            if unknown {
                return None;
            }
            let names: Vec<&str> = SYMMETRY_KINDS.iter().map(|(n, _)| *n).collect();
            self.errors.push(
                Diagnostic::new(
                    format!("symmetry `{}` declares nothing", name.text),
                    self.span(value.span()),
                )
                .with_help(format!(
                    "a breaking constraint has a `rule`; a declared symmetry one of: {}",
                    names.join(", ")
                )),
            );
            return None;
        };
        if kind == SymmetryKind::Map && !self.map_functions(&name, map_value.as_ref(), value, table)
        {
            return None;
        }
        Some(SymmetryDecl {
            name,
            kind,
            expr: expr?,
            index,
            value: map_value,
        })
    }

    /// A `map` symmetry's functions: `value` takes one parameter, and at
    /// least one of `index` and `value` is given.
    fn map_functions(
        &mut self,
        name: &Name,
        map_value: Option<&Function>,
        value: &Spanned<DeValue<'_>>,
        table: &DeTable<'_>,
    ) -> bool {
        if let Some(f) = map_value
            && f.params.len() != 1
        {
            self.errors.push(
                Diagnostic::new(
                    format!(
                        "`value` takes 1 parameter (a value), found {}",
                        f.params.len()
                    ),
                    f.name.span,
                )
                .with_help("write it as `(v) => ...`"),
            );
        }
        if !table.contains_key("index") && !table.contains_key("value") {
            self.errors.push(
                    Diagnostic::new(
                        format!("symmetry `{}` maps nothing", name.text),
                        self.span(value.span()),
                    )
                    .with_help("give `index = \"(i) => ...\"` (where the cell at index i goes) and/or `value = \"(v) => ...\"` (what a value becomes)"),
                );
            return false;
        }
        true
    }
}
