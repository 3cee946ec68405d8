//! Source texts and positions: every diagnostic points into one of these.
//!
//! A spec is one TOML file, but expressions also arrive from the command line
//! (`--set n=12`), so a [`Span`] names the [`SourceId`] it belongs to.

/// Index of a source text in [`Sources`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SourceId(pub u32);

/// A byte range in one source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    pub source: SourceId,
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(source: SourceId, start: usize, end: usize) -> Span {
        Span { source, start, end }
    }

    /// The smallest span covering both (they must share a source).
    pub fn to(self, other: Span) -> Span {
        Span::new(
            self.source,
            self.start.min(other.start),
            self.end.max(other.end),
        )
    }
}

/// One named text: a file, or a command-line argument.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
}

impl SourceFile {
    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        // A span may end inside a multi-byte character: use its start.
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = self.text[line_start..offset].chars().count() + 1;
        (line, col)
    }

    /// The text of the 1-based line `line`, without its newline.
    pub fn line_text(&self, line: usize) -> &str {
        self.text
            .split('\n')
            .nth(line - 1)
            .unwrap_or("")
            .trim_end_matches('\r')
    }
}

/// All source texts of one run.
#[derive(Clone, Debug, Default)]
pub struct Sources {
    files: Vec<SourceFile>,
}

impl Sources {
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> SourceId {
        self.files.push(SourceFile {
            name: name.into(),
            text: text.into(),
        });
        SourceId(self.files.len() as u32 - 1)
    }

    pub fn get(&self, id: SourceId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Forgets the sources added after the first `len` (the texts of
    /// constraints a session has retracted).
    pub fn truncate(&mut self, len: usize) {
        self.files.truncate(len);
    }
}
