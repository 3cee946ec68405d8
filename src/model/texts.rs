//! The text values of a model: every text a variable takes (an enum
//! domain such as `["red", "green", "blue"]`) or an array is indexed by
//! is an integer underneath. Texts are numbered 1, 2, ... in the order the
//! spec first lists them, one table for the whole spec, so the same text
//! always has the same number and `colour[h] == "red"` compares numbers.

use std::collections::HashMap;
use std::sync::Arc;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Texts {
    texts: Vec<Arc<str>>,
    codes: HashMap<Arc<str>, i64>,
}

impl Texts {
    /// The number of `text`, given it one if it has none yet.
    pub fn intern(&mut self, text: &Arc<str>) -> i64 {
        if let Some(&code) = self.codes.get(text) {
            return code;
        }
        self.texts.push(text.clone());
        let code = self.texts.len() as i64;
        let _ = self.codes.insert(text.clone(), code);
        code
    }

    /// The number of a text a domain or an index lists, if any does.
    pub fn code(&self, text: &str) -> Option<i64> {
        self.codes.get(text).copied()
    }

    /// The text numbered `code`.
    pub fn text(&self, code: i64) -> Option<&Arc<str>> {
        usize::try_from(code.checked_sub(1)?)
            .ok()
            .and_then(|i| self.texts.get(i))
    }

    pub fn is_empty(&self) -> bool {
        self.texts.is_empty()
    }

    /// Every text, in number order.
    pub fn all(&self) -> &[Arc<str>] {
        &self.texts
    }
}
