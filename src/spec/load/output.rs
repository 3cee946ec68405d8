//! Reading `[output]`: the template and the board, and templates in
//! general (`text {expr} text`).

use super::*;

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
                "board" => output.board = self.expr(v),
                other => self.unknown(k, "key", other, &["template", "board"]),
            }
        }
        output
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
