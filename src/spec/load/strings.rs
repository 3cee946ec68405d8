//! Where a TOML string's characters sit in the file. A string read byte
//! for byte as written maps by an offset; a basic string with escapes
//! (`\n`, `\"`, `\u00e9`, a line-ending backslash) is decoded again here,
//! each byte read paired with the offset of the text that wrote it, so
//! that a diagnostic inside it underlines what was written.

use std::sync::Arc;

/// The source offset of each byte of the string `raw` (the text between
/// the quotes of a basic string, starting at `base` in the file) as TOML
/// reads it, and of its end; `None` when decoding it here does not give
/// `content` (then only the whole string can be pointed at).
pub(super) fn offsets(raw: &str, base: usize, content: &str) -> Option<Arc<[usize]>> {
    let mut decoded = String::with_capacity(raw.len());
    let mut at: Vec<usize> = Vec::with_capacity(raw.len() + 1);
    let mut chars = raw.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c != '\\' {
            push(&mut decoded, &mut at, c, base + i);
            continue;
        }
        let (_, e) = chars.next()?;
        let simple = match e {
            'b' => Some('\u{8}'),
            't' => Some('\t'),
            'n' => Some('\n'),
            'f' => Some('\u{c}'),
            'r' => Some('\r'),
            '"' => Some('"'),
            '\\' => Some('\\'),
            'e' => Some('\u{1b}'),
            _ => None,
        };
        if let Some(c) = simple {
            push(&mut decoded, &mut at, c, base + i);
            continue;
        }
        match e {
            'u' | 'U' | 'x' => {
                let digits = match e {
                    'u' => 4,
                    'U' => 8,
                    _ => 2,
                };
                let mut code = 0u32;
                for _ in 0..digits {
                    let (_, d) = chars.next()?;
                    code = code * 16 + d.to_digit(16)?;
                }
                push(&mut decoded, &mut at, char::from_u32(code)?, base + i);
            }
            // A line-ending backslash (multi-line strings): the newline and
            // the whitespace after it are not read.
            ' ' | '\t' | '\r' | '\n' => {
                let mut ended = e == '\n';
                while let Some(&(_, w)) = chars.peek() {
                    if !w.is_whitespace() {
                        break;
                    }
                    ended |= w == '\n';
                    let _ = chars.next();
                }
                if !ended {
                    return None;
                }
            }
            _ => return None,
        }
    }
    at.push(base + raw.len());
    (decoded == content).then(|| at.into())
}

/// Appends `c`, each of its bytes written at `offset`.
fn push(decoded: &mut String, at: &mut Vec<usize>, c: char, offset: usize) {
    decoded.push(c);
    at.extend(std::iter::repeat_n(offset, c.len_utf8()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_map_to_what_was_written() {
        // `x\ty\u00e9z`: x at 0, tab at 1..3, y at 3, é at 4..10, z at 10.
        let raw = "x\\ty\\u00e9z";
        let at = offsets(raw, 100, "x\ty\u{e9}z").expect("decoded");
        assert_eq!(&at[..], &[100, 101, 103, 104, 104, 110, 111]);
    }

    #[test]
    fn a_line_ending_backslash_reads_nothing() {
        let raw = "a \\\n    b";
        let at = offsets(raw, 0, "a b").expect("decoded");
        assert_eq!(&at[..], &[0, 1, 8, 9]);
    }

    #[test]
    fn what_does_not_decode_to_the_content_maps_nothing() {
        assert!(offsets("a\\qb", 0, "a?b").is_none());
        assert!(offsets("ab", 0, "abc").is_none());
    }
}
