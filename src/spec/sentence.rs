//! A constraint's `say` template: text with `{name}` holes that an item's
//! generator values fill (`"row {r} holds each digit once"` for the item
//! `row[r=3]`). `{{` and `}}` stand for braces.

/// The names of the holes in `template`, in order; an error message when a
/// brace is unmatched or a hole is not a name.
pub(crate) fn holes(template: &str) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    pieces(template, |piece| {
        if let Piece::Hole(name) = piece {
            names.push(name.to_string());
        }
    })?;
    Ok(names)
}

/// `template` with each hole replaced by its value in `bindings`; a hole
/// with no binding stays as written. A text value is said without its
/// quotes (`house {h}` with `h="red"` is "house red"); a list as the
/// language writes it (`cage [[1, 1], [1, 2]]`).
pub(crate) fn fill(template: &str, bindings: &[(String, String)]) -> String {
    let mut out = String::new();
    let filled = pieces(template, |piece| match piece {
        Piece::Text(t) => out.push_str(t),
        Piece::Hole(name) => match bindings.iter().find(|(n, _)| n == name) {
            Some((_, value)) => out.push_str(said(value)),
            None => out.push_str(&format!("{{{name}}}")),
        },
    });
    match filled {
        Ok(()) => out,
        Err(_) => template.to_string(),
    }
}

/// A value as a sentence says it: a text without its quotes.
fn said(value: &str) -> &str {
    ['"', '\'']
        .into_iter()
        .find_map(|q| {
            let inner = value.strip_prefix(q)?.strip_suffix(q)?;
            (!inner.contains(q)).then_some(inner)
        })
        .unwrap_or(value)
}

/// The generator values in an item's label: `[r=3, c=5]` (or nested,
/// `[r=3][c=5]`) gives r = 3 and c = 5, `[k=[[1, 1], [1, 2]], h="a, b"]`
/// gives k = `[[1, 1], [1, 2]]` and h = `"a, b"` (brackets, commas and
/// quotes inside a value are its own); a position (`[2]`) gives none.
pub(crate) fn bindings(label: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut part_start = 0;
    let mut push = |part: &str| {
        if let Some((name, value)) = part.split_once('=') {
            out.push((name.trim().to_string(), value.trim().to_string()));
        }
    };
    for (i, c) in label.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '[' | '{') => {
                depth += 1;
                if depth == 1 {
                    part_start = i + 1;
                }
            }
            (None, ']' | '}') if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    push(&label[part_start..i]);
                }
            }
            (None, ',') if depth == 1 => {
                push(&label[part_start..i]);
                part_start = i + 1;
            }
            _ => {}
        }
    }
    out
}

enum Piece<'t> {
    Text(&'t str),
    Hole(&'t str),
}

fn pieces<'t>(template: &'t str, mut each: impl FnMut(Piece<'t>)) -> Result<(), String> {
    let mut rest = template;
    while !rest.is_empty() {
        let Some(at) = rest.find(['{', '}']) else {
            each(Piece::Text(rest));
            break;
        };
        each(Piece::Text(&rest[..at]));
        let brace = &rest[at..];
        if brace.starts_with("{{") || brace.starts_with("}}") {
            each(Piece::Text(&brace[..1]));
            rest = &brace[2..];
            continue;
        }
        if brace.starts_with('}') {
            return Err("a `}` with no `{` before it (write `}}` for a brace)".to_string());
        }
        let Some(end) = brace.find('}') else {
            return Err("a `{` with no `}` after it (write `{{` for a brace)".to_string());
        };
        let name = brace[1..end].trim();
        let is_name = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !is_name {
            return Err(format!(
                "`{{{}}}` is not a hole: a hole names a generator, as in `{{r}}`",
                &brace[1..end]
            ));
        }
        each(Piece::Hole(name));
        rest = &brace[end + 1..];
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_are_read_and_filled() {
        assert_eq!(holes("row {r}, column {c}").unwrap(), ["r", "c"]);
        let row = [("r".to_string(), "3".to_string())];
        assert_eq!(fill("row {r} {{sic}} {c}", &row), "row 3 {sic} {c}");
        assert!(holes("row {r").is_err());
        assert!(holes("row r}").is_err());
        assert!(holes("row {1}").is_err());
        let label = bindings("[r=3, c=-5][k=2]");
        assert_eq!(fill("{r} {c} {k}", &label), "3 -5 2");
        assert!(bindings("[2]").is_empty());
        let label = bindings("[k=[[1, 1], [1, 2]], h=\"a, [b\"][s={1, 3}]");
        assert_eq!(
            label,
            [
                ("k".to_string(), "[[1, 1], [1, 2]]".to_string()),
                ("h".to_string(), "\"a, [b\"".to_string()),
                ("s".to_string(), "{1, 3}".to_string()),
            ]
        );
        assert_eq!(
            fill("{k}: {h} {s}", &label),
            "[[1, 1], [1, 2]]: a, [b {1, 3}"
        );
    }
}
