//! Where the spec's words sit in their file: a [`Name`] with its span,
//! and an expression string's [`Origin`] (its offsets rebased into the
//! TOML file). The leaf of the spec's files: every other one may use it.

use crate::source::Span;
use std::sync::Arc;

/// A name with its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

/// Where an expression string sits in its source.
#[derive(Clone, Debug)]
pub struct Origin {
    /// The whole string, quotes included.
    pub whole: Span,
    /// Offset of the string's first character in the source, if the string
    /// maps byte for byte onto the source (no escapes).
    pub content_start: Option<usize>,
    /// For a string with escapes (`\n`, `\"`, `\u00e9`): the source
    /// offset of each of its bytes as read, and of its end, so that a
    /// span inside it still points at the characters written.
    pub offsets: Option<Arc<[usize]>>,
}

impl Origin {
    /// An origin whose positions map onto the source from `start` on.
    pub(crate) fn exact(whole: Span, start: usize) -> Origin {
        Origin {
            whole,
            content_start: Some(start),
            offsets: None,
        }
    }

    /// An origin whose positions are not known: spans are the whole.
    pub(crate) fn whole(whole: Span) -> Origin {
        Origin {
            whole,
            content_start: None,
            offsets: None,
        }
    }

    pub(crate) fn span(&self, start: usize, end: usize) -> Span {
        match (self.content_start, &self.offsets) {
            (Some(base), _) => Span::new(self.whole.source, base + start, base + end),
            (None, Some(at)) => {
                let last = at.len() - 1;
                // An end inside a character written as an escape moves to
                // the end of what wrote it.
                let mut end = end.min(last);
                while end > 0 && end < last && at[end] == at[end - 1] {
                    end += 1;
                }
                let (from, to) = (at[start.min(last)], at[end]);
                Span::new(self.whole.source, from, to.max(from))
            }
            (None, None) => self.whole,
        }
    }

    /// The origin of the part of the string from `start` on (a template's
    /// `{expr}`).
    pub(crate) fn from(&self, start: usize) -> Origin {
        Origin {
            whole: self.whole,
            content_start: self.content_start.map(|s| s + start),
            offsets: self
                .offsets
                .as_ref()
                .map(|at| at[start.min(at.len() - 1)..].into()),
        }
    }
}
