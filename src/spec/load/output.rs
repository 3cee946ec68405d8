//! Reading `[output]`: the template and the board, and templates in
//! general (`text {expr} text`).

use super::*;
use crate::spec::ast::{BOARD_LAYERS, BOARD_STYLES, BoardDecl, BoardLayer};

impl Loader<'_> {
    pub(super) fn template(&mut self, v: &Spanned<DeValue<'_>>) -> Option<Vec<TemplatePart>> {
        let (text, origin) = self.string(v)?;
        match parse_template(&text, origin) {
            Ok(parts) => Some(parts),
            Err(d) => {
                self.errors.push(d);
                None
            }
        }
    }

    pub(super) fn output(&mut self, value: &Spanned<DeValue<'_>>) -> OutputDecl {
        let mut output = OutputDecl::default();
        let DeValue::Table(table) = value.get_ref() else {
            self.error("expected a table for [output]", value.span());
            return output;
        };
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "template" => output.template = self.template(v),
                "board" => output.board = self.board(v),
                other => self.unknown(k, "key", other, &["template", "board"]),
            }
        }
        output
    }
}

impl Loader<'_> {
    /// `board = "EXPR"` (the cells alone) or a table of `cells` and
    /// layers; an unknown key, or a style name that is none, is an error
    /// at its place.
    fn board(&mut self, value: &Spanned<DeValue<'_>>) -> Option<BoardDecl> {
        let DeValue::Table(table) = value.get_ref() else {
            return self.expr(value).map(BoardDecl::cells);
        };
        let mut cells = None;
        let mut layers = Vec::new();
        for (k, v) in table.iter() {
            let key = k.get_ref().as_ref();
            if key == "cells" {
                cells = Some(self.expr(v));
                continue;
            }
            let Some(&(_, layer)) = BOARD_LAYERS.iter().find(|(name, _)| *name == key) else {
                let known: Vec<&str> = std::iter::once("cells")
                    .chain(BOARD_LAYERS.iter().map(|(name, _)| *name))
                    .collect();
                self.unknown(k, "board key", key, &known);
                continue;
            };
            if let Some(e) = self.expr(v) {
                if layer == BoardLayer::Style {
                    self.style_names(&e);
                }
                layers.push((layer, e));
            }
        }
        match cells {
            Some(cells) => cells.map(|cells| BoardDecl { cells, layers }),
            None => {
                self.error(
                    "a board table needs `cells`, the rows of cells it draws",
                    value.span(),
                );
                None
            }
        }
    }

    /// Every text the style expression can give as a cell's style (a
    /// branch of an `if`, an item of a list, a comprehension's head) is
    /// a style name or `''`.
    fn style_names(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Str(name) if !name.is_empty() && !BOARD_STYLES.contains(&name.as_str()) => {
                let mut d = Diagnostic::new(format!("unknown style `{name}`"), e.span);
                d = match did_you_mean(name, BOARD_STYLES.iter().copied()) {
                    Some(s) => d.with_help(format!("did you mean `{s}`?")),
                    None => d.with_help(format!(
                        "a style is one of: {}, or '' for none",
                        BOARD_STYLES.join(", ")
                    )),
                };
                self.errors.push(d);
            }
            ExprKind::If(_, a, b) => {
                self.style_names(a);
                self.style_names(b);
            }
            ExprKind::List(items) => items.iter().for_each(|i| self.style_names(i)),
            ExprKind::Comprehension(head, _) => self.style_names(head),
            _ => {}
        }
    }
}

/// Splits `text {expr} text` into parts; `{{` and `}}` are literal braces.
pub fn parse_template(text: &str, origin: Origin) -> Result<Vec<TemplatePart>, Diagnostic> {
    let mut parts = Vec::new();
    let mut literal = String::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' if bytes.get(i + 1) == Some(&b'{') => {
                literal.push('{');
                i += 2;
            }
            b'}' if bytes.get(i + 1) == Some(&b'}') => {
                literal.push('}');
                i += 2;
            }
            b'{' => {
                let start = i + 1;
                let (mut depth, mut j, mut quoted) = (1, start, false);
                while j < bytes.len() && depth > 0 {
                    match bytes[j] {
                        b'\'' => quoted = !quoted,
                        b'{' if !quoted => depth += 1,
                        b'}' if !quoted => depth -= 1,
                        _ => {}
                    }
                    j += 1;
                }
                if depth > 0 {
                    return Err(Diagnostic::new(
                        "unclosed `{` in output template",
                        origin.whole,
                    ));
                }
                if !literal.is_empty() {
                    parts.push(TemplatePart::Text(std::mem::take(&mut literal)));
                }
                parts.push(TemplatePart::Expr(parse_expr(
                    &text[start..j - 1],
                    origin.from(start),
                )?));
                i = j;
            }
            b'}' => {
                return Err(Diagnostic::new(
                    "unmatched `}` in output template",
                    origin.span(i, i + 1),
                )
                .with_help("write `}}` for a literal brace"));
            }
            _ => {
                let ch = text[i..].chars().next().expect("char");
                literal.push(ch);
                i += ch.len_utf8();
            }
        }
    }
    if !literal.is_empty() {
        parts.push(TemplatePart::Text(literal));
    }
    Ok(parts)
}
