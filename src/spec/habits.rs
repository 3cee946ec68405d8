//! What people write out of habit from other languages, MiniZinc above
//! all, and what to write here: help lines for the parser's syntax errors
//! (`<-`, `/\`, `x[i, j]`, `forall(i in I)(e)`, ...) and for unknown
//! names (`bool2int`, `int_search`, `True`, ...). `<-` is refused before
//! parsing: it would otherwise read as `< -`.

use super::origin::Origin;
use crate::diagnostic::Diagnostic;

/// A help line for what people write out of habit from other languages,
/// recognised at the place the parse failed.
pub(super) fn habit(text: &str, at: usize) -> Option<String> {
    let rest = text.get(at..)?;
    let before = text.get(..at)?.trim_end();
    let help = if rest.starts_with("&&") || before.ends_with('&') {
        "write `and`: `a and b` (`&&` is not an operator here)"
    } else if rest.starts_with("||") || before.ends_with('|') {
        "write `or`: `a or b` (`||` is not an operator here)"
    } else if rest.starts_with('*') && before.ends_with('*') {
        "power is `^`: `10 ^ k` (`**` is not an operator here)"
    } else if rest.starts_with('!') && !rest.starts_with("!=") {
        "write `not`: `not (x == 3)` (`!` is not an operator here; `!=` is)"
    } else if rest.starts_with('=') && !rest.starts_with("==") && !rest.starts_with("=>") {
        "to compare, write `==`: a constraint states a condition, it assigns nothing"
    } else if rest.starts_with('(') && before.ends_with(')') && generator_call(before) {
        return Some(generator_help(before));
    } else if rest.starts_with(';') {
        "no `;` here: each entry is one expression (for several, write several entries, or join them with `and`)"
    } else if before.trim() == "constraint" {
        "no `constraint` keyword here: each entry of [constraints] is one constraint; write the expression alone"
    } else if rest.starts_with('\\') && before.ends_with('/') {
        "MiniZinc's `/\\` is `and` here: `a and b`"
    } else if rest.starts_with("\\/") {
        "MiniZinc's `\\/` is `or` here: `a or b`"
    } else if rest.starts_with(',') && in_index(before) {
        "MiniZinc's `x[i, j]` is `x[i][j]` here (one index per pair of brackets)"
    } else {
        minizinc_word(rest)?
    };
    Some(help.to_string())
}

/// A TOML error at byte `at` of `text` that comes from writing the
/// language as TOML does not expect it: an expression left unquoted
/// (`S = 1..9`), or MiniZinc's `/\` or `\/` inside a double-quoted TOML
/// string (where `\` starts an escape). The bytes to point at and the
/// message and help to give instead of TOML's.
pub(super) fn toml_mistake(
    text: &str,
    at: usize,
) -> Option<(std::ops::Range<usize>, String, String)> {
    let start = text.get(..at)?.rfind('\n').map_or(0, |i| i + 1);
    let end = text.get(at..)?.find('\n').map_or(text.len(), |i| at + i);
    let line = &text[start..end];
    // MiniZinc's operators in a "..." string: TOML reads `\ ` as an escape.
    for (op, help) in [
        ("/\\", "MiniZinc's `/\\` is `and` here: `a and b`"),
        ("\\/", "MiniZinc's `\\/` is `or` here: `a or b`"),
    ] {
        if let Some(i) = line.find(op) {
            let from = start + i;
            return Some((
                from..from + 2,
                format!(
                    "`{op}` in a double-quoted string: TOML reads `\\` as the start of an escape"
                ),
                help.to_string(),
            ));
        }
    }
    // `NAME = 1..9`, `x = { domain = 1..4 }`, `index = [1..3, 1..3]`: a
    // value TOML cannot read where an expression was meant.
    let (from, value, key) = unquoted_value(line, at - start)?;
    let from = start + from;
    let write = match key {
        Some(key) => format!("`{key} = \"{value}\"`"),
        None => format!("`\"{value}\"`"),
    };
    Some((
        from..from + value.len(),
        format!("`{value}` is not a TOML value"),
        format!("expressions are written as strings: {write}"),
    ))
}

/// The value around byte `at` of a TOML `line` that TOML could not read:
/// its offset in the line, its text, and the key it is the value of (none
/// for an item of an array). `None` when the error is not in such a value
/// (inside a quoted string, in a key, or in a TOML value of its own such
/// as an array or inline table that is not the place of the error).
fn unquoted_value(line: &str, at: usize) -> Option<(usize, &str, Option<&str>)> {
    // The last `=`, `,`, `[` or `{` before `at`, outside quotes and outside
    // the brackets of the value itself: where the value starts.
    let mut quote: Option<char> = None;
    let mut starts = Vec::new();
    for (i, c) in line.char_indices() {
        if i >= at {
            break;
        }
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '#') => return None,
            (None, '=' | ',' | '[' | '{') => starts.push((i, c)),
            _ => {}
        }
    }
    if quote.is_some() || !starts.iter().any(|&(_, c)| c == '=') {
        return None;
    }
    // An unquoted expression may hold brackets of its own (`x[1] + 1`, `{1,
    // 3}`): a `[` or `{` right after a name or a `]` indexes, and is part of
    // the value. Take the last start that opens a TOML value.
    let &(open, kind) = starts.iter().rev().find(|&&(i, c)| match c {
        '[' => {
            let prev = line[..i].trim_end().chars().next_back();
            !prev.is_some_and(|p| p.is_alphanumeric() || p == '_' || p == ']' || p == ')')
        }
        '{' => line[..i].trim_end().ends_with('='),
        _ => true,
    })?;
    if kind == '{' {
        return None;
    }
    let rest = &line[open + 1..];
    let first = open + 1 + (rest.len() - rest.trim_start().len());
    // The value ends at a `,`, `]` or `}` outside its own brackets and
    // quotes, or a comment, or the end of the line.
    let mut depth = 0i32;
    let mut quote: Option<char> = None;
    let mut end = line.len();
    for (i, c) in line[first..].char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '(' | '[' | '{') => depth += 1,
            (None, ')' | ']' | '}') if depth > 0 => depth -= 1,
            (None, ',' | ']' | '}' | '#') if depth == 0 => {
                end = first + i;
                break;
            }
            _ => {}
        }
    }
    let value = line[first..end].trim_end();
    let quoted_or_toml = value.starts_with(['"', '\'', '[', '{', '=']) || value.is_empty();
    if quoted_or_toml || at < first || at > first + value.len() {
        return None;
    }
    let key = if kind == '=' {
        let before = line[..open].trim_end();
        let key = &before[before
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
            .map_or(0, |i| i + 1)..];
        if key.is_empty() {
            return None;
        }
        Some(key)
    } else {
        None
    };
    Some((first, value, key))
}

/// The help for MiniZinc's `f(i in I)(e)`, with the call's own name and
/// generator: `before` ends with `f(i in I)`.
fn generator_help(before: &str) -> String {
    let open = before.rfind('(').unwrap_or(0);
    let head = before[..open].trim_end();
    let name = &head[head
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1)..];
    let generator = &before[open + 1..before.len() - 1];
    format!(
        "a generator goes inside the call: MiniZinc's `{name}({generator})(e)` is `{name}(e for {generator})` here"
    )
}

/// Whether the innermost bracket open at the end of `text` indexes
/// something (`x[`, `x[i][`), rather than opening a list.
pub(super) fn in_index(text: &str) -> bool {
    let mut depth = 0i32;
    for (i, c) in text.char_indices().rev() {
        match c {
            ')' | ']' | '}' => depth += 1,
            '(' | '{' if depth == 0 => return false,
            '(' | '{' => depth -= 1,
            '[' if depth == 0 => {
                let prev = text[..i].trim_end().chars().next_back();
                return prev
                    .is_some_and(|p| p.is_alphanumeric() || p == '_' || p == ']' || p == ')');
            }
            '[' => depth -= 1,
            _ => {}
        }
    }
    false
}

/// MiniZinc's operator words where an operator is expected.
pub(super) fn minizinc_word(rest: &str) -> Option<&'static str> {
    let word: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    Some(match word.as_str() {
        "div" => "MiniZinc's `div` is `/` here (it rounds toward zero, as `div` does)",
        "mod" => "MiniZinc's `mod` is `%` here (its sign is the dividend's, as `mod`'s)",
        "xor" => "for booleans, `a xor b` is `a != b` here",
        "union" | "intersect" | "diff" | "subset" | "superset" => {
            "sets of variables are not supported: write the condition on the elements"
        }
        _ => return None,
    })
}

/// `<-` is not an operator; pest would read `p <- q` as `p < -q` and the
/// spec would mean something else in silence. An error at its place, with
/// both readings.
pub(super) fn no_reverse_arrow(text: &str, origin: &Origin) -> Result<(), Diagnostic> {
    let mut quote: Option<char> = None;
    let bytes = text.as_bytes();
    for (i, c) in text.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '<') if bytes.get(i + 1) == Some(&b'-') && bytes.get(i + 2) != Some(&b'>') => {
                return Err(Diagnostic::new(
                    "`<-` is not an operator here",
                    origin.span(i, i + 2),
                )
                .with_help(
                    "MiniZinc's `p <- q` is `q -> p` here; for less than a negative value, write `x < -1` with a space",
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Whether `text` ends with a call such as `forall(i in 1..n)`.
pub(super) fn generator_call(text: &str) -> bool {
    let Some(open) = text.rfind('(') else {
        return false;
    };
    let name = text[..open].trim_end();
    let name = &name[name
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1)..];
    [
        "forall",
        "exists",
        "sum",
        "count",
        "min",
        "max",
        "alldifferent",
    ]
    .contains(&name)
        && text[open..].contains(" in ")
}

/// A help line for a name written out of habit from another language.
pub(super) fn habit_name(name: &str) -> Option<&'static str> {
    Some(match name {
        "True" | "TRUE" => "booleans are written `true` and `false`",
        "False" | "FALSE" => "booleans are written `true` and `false`",
        "bool" | "boolean" => {
            "`bool` is a domain only: `x = \"bool\"` declares a variable that is false or true"
        }
        "null" | "None" | "nil" => {
            "there is no null value: every variable takes a value of its domain"
        }
        _ => return None,
    })
}

/// What a MiniZinc function is written as here.
pub(super) fn minizinc_function(name: &str) -> Option<&'static str> {
    Some(match name {
        "bool2int" => {
            "booleans are 0 or 1 in arithmetic: write the boolean itself (`count(...)`, `sum(b for ...)`, `x + (y > 2)`)"
        }
        "length" | "card" => "the number of items of a list is `len(xs)`",
        "pow" => "power is `^`: `a ^ b`",
        "all_different" => "write `alldifferent(...)`",
        "alldifferent_except_0" => {
            "write `forall(x[i] == 0 or x[j] == 0 or x[i] != x[j] for i in I for j in I if i < j)`"
        }
        "int_search" | "bool_search" | "seq_search" => {
            "the search is the `[search]` section: `phases = [{ vars = \"x\", var = \"first-fail\", value = \"min\" }]`, or `var`, `value`, `order` (see docs/spec-language.md, Coming from MiniZinc)"
        }
        "fix" | "show" | "format" => "the output is the `[output]` template: `{x}` prints x",
        _ => return None,
    })
}
