//! `--set NAME=VALUE`: a param's value replaced from the command line.

use super::*;

/// Applies `--set NAME=VALUE` overrides: each is its own source named `--set`.
pub fn apply_overrides(
    spec: &mut Spec,
    sources: &mut Sources,
    overrides: &[String],
) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    for text in overrides {
        let id = sources.add("--set", text.clone());
        let Some((name, value)) = text.split_once('=') else {
            errors.push(
                Diagnostic::new("expected NAME=VALUE", Span::new(id, 0, text.len().max(1)))
                    .with_help("for example `--set n=12`"),
            );
            continue;
        };
        let name_span = Span::new(id, 0, name.len().max(1));
        let name = name.trim();
        if name.is_empty() {
            errors.push(
                Diagnostic::new("missing param name before `=`", name_span)
                    .with_help("for example `--set n=12`"),
            );
            continue;
        }
        let Some(param) = spec.params.iter_mut().find(|p| p.name.text == name) else {
            let known: Vec<&str> = spec.params.iter().map(|p| p.name.text.as_str()).collect();
            let mut d = Diagnostic::new(format!("unknown param `{name}`"), name_span);
            d = match did_you_mean(name, known.iter().copied()) {
                Some(s) => d.with_help(format!("did you mean `{s}`?")),
                None if known.is_empty() => d.with_help("this spec has no params"),
                None => d.with_help(format!("the params are: {}", known.join(", "))),
            };
            errors.push(d);
            continue;
        };
        let start = text.len() - value.len();
        let origin = Origin::exact(Span::new(id, start, text.len()), start);
        if value.trim().is_empty() {
            errors.push(Diagnostic::new(
                format!("missing value for `{name}`"),
                Span::new(id, start.saturating_sub(1), start),
            ));
            continue;
        }
        match parse_expr(value, origin) {
            Ok(e) => {
                let default = std::mem::replace(&mut param.value, e);
                let _ = param.default.get_or_insert(default);
            }
            Err(d) => errors.push(d),
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
