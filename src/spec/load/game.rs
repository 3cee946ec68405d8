//! Reading `[game]`: the code, the answer function, the win, the opening and `show`.

use super::*;

impl Loader<'_> {
    /// `[game]`: `code`, `answer` and `win` required, `show` and
    /// `opening` optional.
    pub(super) fn game(&mut self, value: &Spanned<DeValue<'_>>) -> Option<GameDecl> {
        let DeValue::Table(table) = value.get_ref() else {
            self.error("expected a table for [game]", value.span());
            return None;
        };
        const KEYS: [&str; 5] = ["code", "answer", "win", "show", "opening"];
        let (mut code, mut answer, mut win, mut show) = (None, None, None, None);
        let mut opening = None;
        for (k, v) in table.iter() {
            match k.get_ref().as_ref() {
                "code" => code = self.expr(v),
                "answer" => {
                    answer = self.function((k, v));
                    if let Some(f) = &answer
                        && f.params.len() != 2
                    {
                        self.errors.push(
                            Diagnostic::new(
                                format!(
                                    "the answer takes 2 parameters (the secret and the guess), found {}",
                                    f.params.len()
                                ),
                                f.name.span,
                            )
                            .with_help("write it as `(secret, guess) => ...`"),
                        );
                    }
                }
                "win" => win = self.expr(v),
                "show" => show = self.template(v),
                "opening" => opening = self.expr(v),
                other => self.unknown(k, "key", other, &KEYS),
            }
        }
        let mut missing = Vec::new();
        for (key, absent) in [
            ("code", !table.contains_key("code")),
            ("answer", !table.contains_key("answer")),
            ("win", !table.contains_key("win")),
        ] {
            if absent {
                missing.push(format!("`{key}`"));
            }
        }
        if !missing.is_empty() {
            self.errors.push(
                Diagnostic::new(format!("[game] needs {}", missing.join(" and ")), self.span(value.span()))
                    .with_help("a game gives `code` (its variables), `answer = \"(secret, guess) => ...\"` and `win` (the answer that ends it)"),
            );
        }
        Some(GameDecl {
            code: code?,
            answer: answer?,
            win: win?,
            show,
            opening,
            span: self.span(value.span()),
        })
    }
}
