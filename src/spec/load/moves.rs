//! Reading `[puzzle]` and `[moves]`: the goal, the heuristic, the start and each move's parameters, precondition, cost and next state.

use super::*;

impl Loader<'_> {
    /// `[puzzle]`: `goal` required; `alphabet`, `start`, `heuristic` optional.
    pub(super) fn puzzle(&mut self, value: &Spanned<DeValue<'_>>) -> Option<PuzzleDecl> {
        let DeValue::Table(table) = value.get_ref() else {
            self.error("expected a table for [puzzle]", value.span());
            return None;
        };
        let (mut alphabet, mut start, mut goal, mut heuristic) = (None, None, None, None);
        let mut invalid = None;
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "alphabet" => alphabet = self.plain_string(v),
                "start" => start = self.plain_string(v),
                "goal" => goal = self.expr(v),
                "heuristic" => heuristic = self.expr(v),
                "invalid" => invalid = self.choice("`invalid` setting", v, INVALID_MOVES),
                other => self.unknown(
                    k,
                    "key",
                    other,
                    &["alphabet", "start", "goal", "heuristic", "invalid"],
                ),
            }
        }
        if !table.contains_key("goal") {
            self.errors.push(
                Diagnostic::new("[puzzle] needs `goal`", self.span(value.span()))
                    .with_help("the goal is a condition over the state, e.g. `goal = \"forall(c != 1 for c in cell)\"`"),
            );
        }
        Some(PuzzleDecl {
            alphabet,
            start,
            goal: goal?,
            heuristic,
            invalid: invalid.unwrap_or_default(),
            span: self.span(value.span()),
        })
    }

    /// A string taken as it is (not an expression), with its span.
    pub(super) fn plain_string(&mut self, value: &Spanned<DeValue<'_>>) -> Option<(String, Span)> {
        match value.get_ref() {
            DeValue::String(s) => Some((s.to_string(), self.span(value.span()))),
            other => {
                self.error(
                    format!("expected a string, found {}", other.type_str()),
                    value.span(),
                );
                None
            }
        }
    }

    /// `[moves.NAME]`: `for`, `when`, `next`, `cost`, `show`.
    pub(super) fn move_decl(&mut self, (key, value): Item<'_, '_>) -> Option<MoveDecl> {
        let name = self.name(key);
        let DeValue::Table(table) = value.get_ref() else {
            self.error(
                format!("expected a table for the move `{}`", name.text),
                value.span(),
            );
            return None;
        };
        const KEYS: [&str; 5] = ["for", "when", "next", "cost", "show"];
        let mut next_failed = false;
        let mut decl = MoveDecl {
            name,
            params: Vec::new(),
            when: None,
            next: Vec::new(),
            cost: None,
            show: None,
        };
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "for" => {
                    decl.params = self.named_exprs(
                        v,
                        "the move's parameters and their ranges: `for = { p = \"0..n-1\" }`",
                    )
                }
                "when" => decl.when = self.expr(v),
                "next" => {
                    let before = self.errors.len();
                    decl.next = self.assignments(v);
                    next_failed = self.errors.len() > before;
                }
                "cost" => decl.cost = self.expr(v),
                "show" => decl.show = self.template(v),
                other => self.unknown(k, "key", other, &KEYS),
            }
        }
        if decl.next.is_empty() {
            if next_failed {
                // Its entries were refused with their own messages.
                return None;
            }
            self.errors.push(
                Diagnostic::new(
                    format!("the move `{}` has no `next`", decl.name.text),
                    self.span(value.span()),
                )
                .with_help("`next = { VAR = \"EXPR\" }` gives the state after the move"),
            );
            return None;
        }
        Some(decl)
    }

    /// A move's `next`: `{ cell = "EXPR", "peg[d]" = "EXPR", ... }` in
    /// order; a key with brackets is parsed as an indexed variable.
    pub(super) fn assignments(&mut self, value: &Spanned<DeValue<'_>>) -> Vec<Assignment> {
        let DeValue::Table(table) = value.get_ref() else {
            let _ = self.named_exprs(value, NEXT_HELP);
            return Vec::new();
        };
        let mut out = Vec::new();
        for (k, v) in table.iter() {
            let mut name = self.name(k);
            let mut index = Vec::new();
            if name.text.contains('[') {
                let origin = self.origin(k.span(), &name.text);
                let parsed = match parse_expr(&name.text, origin) {
                    Ok(e) => e,
                    Err(d) => {
                        self.errors.push(d);
                        continue;
                    }
                };
                let mut target = parsed;
                while let ExprKind::Index(a, i) = target.kind {
                    index.push(*i);
                    target = *a;
                }
                index.reverse();
                let ExprKind::Name(n) = target.kind else {
                    self.errors.push(
                        Diagnostic::new(
                            "expected a state variable or one element of it",
                            name.span,
                        )
                        .with_help(NEXT_HELP),
                    );
                    continue;
                };
                name.text = n;
            }
            if let Some(value) = self.expr(v) {
                out.push(Assignment { name, index, value });
            }
        }
        out
    }

    /// `{ name = "EXPR", ... }` in order.
    pub(super) fn named_exprs(
        &mut self,
        value: &Spanned<DeValue<'_>>,
        what: &str,
    ) -> Vec<(Name, Expr)> {
        let DeValue::Table(table) = value.get_ref() else {
            self.errors.push(
                Diagnostic::new(
                    format!("expected a table, found {}", value.get_ref().type_str()),
                    self.span(value.span()),
                )
                .with_help(what.to_string()),
            );
            return Vec::new();
        };
        let mut out = Vec::new();
        for (k, v) in table.iter() {
            let name = self.name(k);
            if let Some(e) = self.expr(v) {
                out.push((name, e));
            }
        }
        out
    }
}
