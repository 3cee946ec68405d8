//! Semantic tokens for the expressions inside the spec's strings, so that
//! an editor colours them: names by what they are (a param, a variable, a
//! function, a parameter or generator variable, a builtin), and the
//! numbers, texts, keywords and operators a scan of each expression's
//! text finds. Tokens are sent as the protocol asks: sorted, relative to
//! the previous one, lengths in the client's encoding.

use super::analysis::Analysis;
use super::symbols::Kind;
use lsp_types::{SemanticToken, SemanticTokenModifier, SemanticTokenType, SemanticTokensLegend};

const TYPES: [SemanticTokenType; 8] = [
    SemanticTokenType::VARIABLE,
    SemanticTokenType::PARAMETER,
    SemanticTokenType::FUNCTION,
    SemanticTokenType::NUMBER,
    SemanticTokenType::STRING,
    SemanticTokenType::KEYWORD,
    SemanticTokenType::OPERATOR,
    SemanticTokenType::PROPERTY,
];
const VARIABLE: u32 = 0;
const PARAMETER: u32 = 1;
const FUNCTION: u32 = 2;
const NUMBER: u32 = 3;
const STRING: u32 = 4;
const KEYWORD: u32 = 5;
const OPERATOR: u32 = 6;

/// Modifier bits: a param is `readonly`, a builtin `defaultLibrary`, a
/// name where it is defined `declaration`.
const READONLY: u32 = 1;
const DEFAULT_LIBRARY: u32 = 2;
const DECLARATION: u32 = 4;

pub(super) fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TYPES.to_vec(),
        token_modifiers: vec![
            SemanticTokenModifier::READONLY,
            SemanticTokenModifier::DEFAULT_LIBRARY,
            SemanticTokenModifier::DECLARATION,
        ],
    }
}

const KEYWORDS: &[&str] = &[
    "if", "then", "else", "for", "in", "and", "or", "not", "true", "false",
];

/// The document's tokens, encoded.
pub(super) fn tokens(a: &Analysis) -> Vec<SemanticToken> {
    // (start, end, type, modifiers), by byte offsets.
    let mut found: Vec<(usize, usize, u32, u32)> = Vec::new();
    let s = &a.symbols;
    let kind_type = |k: Kind| match k {
        Kind::Param => (VARIABLE, READONLY),
        Kind::Var => (VARIABLE, 0),
        Kind::Function => (FUNCTION, 0),
        Kind::Parameter | Kind::Generator => (PARAMETER, 0),
    };
    for u in &s.uses {
        match (u.def, u.builtin) {
            (Some(d), _) => {
                let (t, m) = kind_type(s.defs[d].kind);
                found.push((u.span.start, u.span.end, t, m));
            }
            (None, true) => found.push((u.span.start, u.span.end, FUNCTION, DEFAULT_LIBRARY)),
            (None, false) => {}
        }
    }
    for d in &s.defs {
        // Locals are defined inside expressions; globals at TOML keys,
        // which the editor's TOML grammar colours already.
        if matches!(d.kind, Kind::Parameter | Kind::Generator) {
            let (t, m) = kind_type(d.kind);
            found.push((d.span.start, d.span.end, t, m | DECLARATION));
        }
    }
    for root in &s.roots {
        scan(&a.text, root.start, root.end, &mut found);
    }
    found.sort_unstable();
    found.dedup_by(|b, a| b.0 < a.1); // overlapping: the first (a name) wins
    let mut out = Vec::with_capacity(found.len());
    let (mut line, mut column) = (0, 0);
    for (start, end, t, m) in found {
        let p = a.index.position(&a.text, start);
        let q = a.index.position(&a.text, end);
        if q.line != p.line || q.character <= p.character {
            continue;
        }
        let delta_line = p.line - line;
        let delta_start = if delta_line == 0 {
            p.character - column
        } else {
            p.character
        };
        out.push(SemanticToken {
            delta_line,
            delta_start,
            length: q.character - p.character,
            token_type: t,
            token_modifiers_bitset: m,
        });
        (line, column) = (p.line, p.character);
    }
    out
}

/// Numbers, texts, keywords and operators of the expression text in
/// `start..end` (names are the symbols' own).
fn scan(text: &str, start: usize, end: usize, found: &mut Vec<(usize, usize, u32, u32)>) {
    let Some(source) = text.get(start..end.min(text.len())) else {
        return;
    };
    let bytes = source.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let from = i;
        if c.is_ascii_digit() {
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            found.push((start + from, start + i, NUMBER, 0));
        } else if c.is_ascii_alphabetic() || c == b'_' {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            if KEYWORDS.contains(&&source[from..i]) {
                found.push((start + from, start + i, KEYWORD, 0));
            }
        } else if c == b'\'' {
            i += 1;
            while i < bytes.len() && bytes[i] != b'\'' && bytes[i] != b'\n' {
                i += 1;
            }
            i = (i + 1).min(bytes.len());
            found.push((start + from, start + i, STRING, 0));
        } else if b"+-*/%^<>=!.".contains(&c) {
            while i < bytes.len() && b"+-*/%^<>=!.".contains(&bytes[i]) {
                i += 1;
            }
            found.push((start + from, start + i, OPERATOR, 0));
        } else {
            i += 1;
        }
    }
}
