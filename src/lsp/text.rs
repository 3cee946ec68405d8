//! Positions: the client counts a line's characters in UTF-16 code units
//! (or, when it offers, in UTF-8 bytes); the spec's spans are byte
//! offsets. A [`LineIndex`] converts both ways, clamping what is out of
//! range (a position past a line's end is its end, past the last line the
//! text's end) rather than failing.

use lsp_types::{Position, Range};

/// How the client counts a line's characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Encoding {
    Utf16,
    Utf8,
}

/// The byte offset of each line's start.
#[derive(Debug)]
pub(super) struct LineIndex {
    starts: Vec<usize>,
    encoding: Encoding,
}

impl LineIndex {
    pub(super) fn new(text: &str, encoding: Encoding) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts, encoding }
    }

    /// The position of byte `offset` (clamped to the text, and back to a
    /// character boundary).
    pub(super) fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let before = &text[self.starts[line]..offset];
        let character = match self.encoding {
            Encoding::Utf16 => before.encode_utf16().count(),
            Encoding::Utf8 => before.len(),
        };
        Position::new(line as u32, character as u32)
    }

    pub(super) fn range(&self, text: &str, start: usize, end: usize) -> Range {
        Range::new(
            self.position(text, start),
            self.position(text, end.max(start)),
        )
    }

    /// The byte offset of `position`, clamped: a character past the
    /// line's end is its end, a line past the last is the text's end.
    pub(super) fn offset(&self, text: &str, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return text.len();
        };
        let end = self
            .starts
            .get(position.line as usize + 1)
            .map_or(text.len(), |&next| next - 1);
        let line = &text[start..end];
        let wanted = position.character as usize;
        let mut counted = 0;
        for (i, c) in line.char_indices() {
            if counted >= wanted {
                return start + i;
            }
            counted += match self.encoding {
                Encoding::Utf16 => c.len_utf16(),
                Encoding::Utf8 => c.len_utf8(),
            };
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_round_trip_in_both_encodings() {
        let text = "a = \"é𝄞x\"\nb = 2\n";
        for encoding in [Encoding::Utf16, Encoding::Utf8] {
            let index = LineIndex::new(text, encoding);
            for offset in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
                let p = index.position(text, offset);
                assert_eq!(index.offset(text, p), offset, "{encoding:?} {offset}");
            }
        }
        let utf16 = LineIndex::new(text, Encoding::Utf16);
        // `x` follows é (1 unit) and 𝄞 (2 units).
        assert_eq!(
            utf16.position(text, text.find('x').unwrap()),
            Position::new(0, 8)
        );
        // Out of range: clamped.
        assert_eq!(
            utf16.offset(text, Position::new(0, 99)),
            text.find('\n').unwrap()
        );
        assert_eq!(utf16.offset(text, Position::new(9, 0)), text.len());
    }
}
