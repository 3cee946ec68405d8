//! Mutations of a spec's text: bytes and lines deleted, duplicated or
//! swapped, numbers replaced by extreme ones, tokens of the language
//! inserted. Most results are invalid, which exercises every error path;
//! some stay valid with other sizes, which exercises lowering and search.

use crate::rng::{Choose as _, Rng};

/// Tokens worth inserting: the grammar's operators and keywords, builtins,
/// brackets, TOML punctuation and numbers at the edges of 64 bits.
const TOKENS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    "..",
    "+",
    "-",
    "*",
    "/",
    "%",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    " and ",
    " or ",
    " not ",
    "->",
    "<->",
    " in ",
    " for i in 0..3",
    "{ grid = \"[[x, y], [y, x]]\" }",
    "{ rows = ",
    "{ values = ",
    "{ reverse = ",
    "break = \"lex-leader\"\n",
    " if ",
    " then ",
    " else ",
    "abs(",
    "min(",
    "max(",
    "sum(",
    "count(",
    "alldifferent(",
    "lex_less(",
    "len(",
    "join(",
    "'",
    "\"",
    "=",
    "\n",
    "#",
    "0",
    "1",
    "-1",
    "4096",
    "1000000",
    "9223372036854775807",
    "-9223372036854775808",
    "4611686018427387904",
    "1099511627776",
    "[objective]\nminimize = \"",
    "[search]\nvar = \"first-fail\"\n",
    "x",
    "q",
    "n",
    "'red'",
    "[\"red\", \"green\"]",
    "{ index = \"colours\", domain = \"1..3\" }",
];

pub fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..=rng.below(4) {
        let len = bytes.len().max(1) as u64;
        let at = rng.below(len) as usize;
        let at = at.min(bytes.len());
        match rng.below(7) {
            0 => {
                let end = (at + rng.below(16) as usize).min(bytes.len());
                let _ = bytes.drain(at..end);
            }
            1 => {
                let end = (at + rng.below(64) as usize).min(bytes.len());
                let copy = bytes[at..end].to_vec();
                let to = rng.below(bytes.len() as u64 + 1) as usize;
                let _ = bytes.splice(to..to, copy);
            }
            2 => {
                let token = rng.pick(TOKENS).as_bytes().to_vec();
                let _ = bytes.splice(at..at, token);
            }
            3 => replace_number(rng, &mut bytes),
            4 => swap_lines(rng, &mut bytes),
            5 => {
                // Grow a param or an index: bigger instances.
                let token = rng.pick(&["9", "99", "999", "0", "-"]).as_bytes().to_vec();
                let _ = bytes.splice(at..at, token);
            }
            _ => {
                if at < bytes.len() {
                    bytes[at] = *rng.pick(b"()[]{},.=+-*/%<>!'\"#\n 0123456789azq_");
                }
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Replaces one run of digits by another number.
fn replace_number(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let digits: Vec<usize> = (0..bytes.len())
        .filter(|&i| bytes[i].is_ascii_digit())
        .collect();
    if digits.is_empty() {
        return;
    }
    let start = *rng.pick(&digits);
    let end = (start..bytes.len())
        .find(|&i| !bytes[i].is_ascii_digit())
        .unwrap_or(bytes.len());
    let number = *rng.pick(&[
        "0",
        "1",
        "2",
        "3",
        "13",
        "64",
        "4095",
        "4097",
        "100000",
        "9223372036854775807",
        "4611686018427387903",
        "18446744073709551616",
    ]);
    let _ = bytes.splice(start..end, number.bytes());
}

fn swap_lines(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let text = String::from_utf8_lossy(bytes).into_owned();
    let mut lines: Vec<&str> = text.lines().collect();
    if lines.len() < 2 {
        return;
    }
    let a = rng.below(lines.len() as u64) as usize;
    let b = rng.below(lines.len() as u64) as usize;
    lines.swap(a, b);
    *bytes = lines.join("\n").into_bytes();
}
