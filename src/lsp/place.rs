//! Where the cursor is in TOML terms, read from the text alone (a spec
//! being typed often does not load): the section it is in, and on its
//! line, whether a key or a value is being written, and whose value.
//! Completion reads it to offer what the key takes. One line is read: a
//! value that began on an earlier line (a multi-line array or string) is
//! not followed, and completion falls back to the names.

/// The TOML section the line at `offset` is in (`[search]` -> `search`,
/// `[[moves]]` -> `moves`), if any.
pub(super) fn section_at(text: &str, offset: usize) -> Option<&str> {
    let before = text.get(..offset.min(text.len()))?;
    before.lines().rev().find_map(header)
}

/// The section a header line names: `[search]`, `[[moves]]`, with an
/// optional comment after it. A line of a multi-line array is not one.
fn header(line: &str) -> Option<&str> {
    let line = line.split('#').next().unwrap_or("").trim();
    let name = line
        .strip_prefix("[[")
        .and_then(|l| l.strip_suffix("]]"))
        .or_else(|| line.strip_prefix('[').and_then(|l| l.strip_suffix(']')))?
        .trim();
    let bare = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
    (!name.is_empty() && name.chars().all(bare)).then_some(name)
}

/// What is being written at the end of a line's text before the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Place<'t> {
    /// A key: of the section, or of an inline table that is the value of
    /// `within` (`phases = [{ va` -> `Some("phases")`).
    Key { within: Option<&'t str> },
    /// The value of `key` (in an array too: `order = ["a", `); `string`
    /// is the part of a string before the cursor, when inside one.
    Value {
        key: &'t str,
        string: Option<&'t str>,
    },
    /// A section's header, or a comment.
    Other,
}

/// The place at byte `offset` of `text`.
pub(super) fn place_at(text: &str, offset: usize) -> Place<'_> {
    let Some(before) = text.get(..offset.min(text.len())) else {
        return Place::Other;
    };
    let line = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
    place(line)
}

/// The place at the end of `line`.
fn place(line: &str) -> Place<'_> {
    if line.trim_start().starts_with('[') {
        return Place::Other;
    }
    let word = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-');
    // The key whose value is being written; the last key read (a bare
    // word, or a string's text); the open `{` and `[` with the key each is
    // the value of; the open string's quote and where its text starts.
    let mut key: Option<&str> = None;
    let mut last: Option<&str> = None;
    let mut open: Vec<(char, Option<&str>)> = Vec::new();
    let mut string: Option<(char, usize)> = None;
    let mut word_start: Option<usize> = None;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        if let Some((quote, start)) = string {
            if c == quote && !escaped {
                last = Some(&line[start..i]);
                string = None;
            }
            escaped = quote == '"' && c == '\\' && !escaped;
            continue;
        }
        if word(c) {
            word_start = word_start.or(Some(i));
            continue;
        }
        if let Some(start) = word_start.take() {
            last = Some(&line[start..i]);
        }
        match c {
            '"' | '\'' => string = Some((c, i + 1)),
            '#' => return Place::Other,
            '=' => key = last,
            '{' => {
                open.push((c, key));
                key = None;
            }
            '[' => open.push((c, key)),
            '}' | ']' => key = open.pop().and_then(|(_, k)| k),
            ',' if matches!(open.last(), Some(('{', _))) => key = None,
            _ => {}
        }
    }
    match (key, string) {
        (Some(key), Some((_, start))) => Place::Value {
            key,
            string: Some(&line[start..]),
        },
        (Some(key), None) => Place::Value { key, string: None },
        (None, _) => Place::Key {
            within: open
                .iter()
                .rev()
                .find(|(c, _)| *c == '{')
                .and_then(|&(_, k)| k),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::{Place, place, section_at};

    #[test]
    fn a_line_says_which_key_is_being_written() {
        let value = |key, string| Place::Value { key, string };
        let cases = [
            ("var = \"first", value("var", Some("first"))),
            ("var = ", value("var", None)),
            ("value = 'mi", value("value", Some("mi"))),
            (
                "consistency = \"apart=dom",
                value("consistency", Some("apart=dom")),
            ),
            ("order = [\"a\", \"b", value("order", Some("b"))),
            (
                "phases = [{ vars = \"x\", var = \"f",
                value("var", Some("f")),
            ),
            (
                "phases = [{ vars = \"x\", va",
                Place::Key {
                    within: Some("phases"),
                },
            ),
            (
                "c = { rule = \"x\\\" = 1\", consistency = \"",
                value("consistency", Some("")),
            ),
            ("re", Place::Key { within: None }),
            ("[search]", Place::Other),
            ("var = \"min\" # a", Place::Other),
        ];
        for (line, expected) in cases {
            assert_eq!(place(line), expected, "{line}");
        }
    }

    #[test]
    fn a_section_is_the_last_header_above() {
        let text =
            "[vars]\nx = 1\n[[moves]]\na = 1\n[search]  # how\norder = [\n  [\"a\"],\nvar = ";
        assert_eq!(section_at(text, text.len()), Some("search"));
        assert_eq!(section_at(text, 25), Some("moves"));
        assert_eq!(section_at(text, 3), None);
    }
}
