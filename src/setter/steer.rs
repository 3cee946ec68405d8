//! What a setter asks of `solve generate` on the command line, read and
//! named: `--grade LEVEL|search|LO..HI` (a level of the ladder, or a
//! range of scores, see [`super::score`]) and `--symmetry NAME` (the clue
//! pattern's), each overriding `[generate]`. An unknown name is an error
//! that lists the valid ones.

use super::grade::{LADDER, level_name};
use crate::plans::generate::Wanted;
use crate::spec::pattern::{PATTERNS, Pattern};

/// The highest score (the `search` rung's top).
pub const MOST_SCORE: u32 = 89;

/// The grades `--grade` takes, as its help and errors list them.
pub fn grade_names() -> String {
    let mut names: Vec<&str> = LADDER.iter().map(|&l| level_name(l)).collect();
    names.push("search");
    format!(
        "{}, or a score range LO..HI (0 to {MOST_SCORE}: 20..29 propagate, 30..39 hidden singles (or a rule read from the values placed), 40..49 pairs and intersections (or a rule read from the candidates), 50..59 triples and quads, 60..69 domain, 70..79 probing)",
        names.join(", ")
    )
}

/// Reads `--grade`.
pub fn parse_grade(text: &str) -> Result<Wanted, String> {
    let text = text.trim();
    if text == "search" {
        return Ok(Wanted::Search);
    }
    if let Some(&level) = LADDER.iter().find(|&&l| level_name(l) == text) {
        return Ok(Wanted::Level(level));
    }
    let Some((lo, hi)) = text.split_once("..") else {
        return Err(format!(
            "unknown grade `{text}`: expected one of {}",
            grade_names()
        ));
    };
    let number = |s: &str| -> Result<u32, String> {
        match s.trim().parse::<u32>() {
            Ok(n) if n <= MOST_SCORE => Ok(n),
            _ => Err(format!(
                "`{s}` in the score range `{text}` is not a score (a whole number from 0 to {MOST_SCORE})"
            )),
        }
    };
    let (lo, hi) = (number(lo)?, number(hi)?);
    if lo > hi {
        return Err(format!(
            "the score range `{text}` is empty: write the lower score first"
        ));
    }
    Ok(Wanted::Score { lo, hi })
}

/// How a grade wanted is said: `domain`, `search`, `score 30..39`.
pub fn wanted_name(wanted: Wanted) -> String {
    match wanted {
        Wanted::Level(level) => level_name(level).to_string(),
        Wanted::Search => "search".to_string(),
        Wanted::Score { lo, hi } => format!("score {lo}..{hi}"),
    }
}

/// Reads `--symmetry` for a clue grid of `rows` x `cols`.
pub fn parse_symmetry(name: &str, rows: usize, cols: usize) -> Result<Pattern, String> {
    let Some(&(_, pattern)) = PATTERNS.iter().find(|(n, _)| *n == name.trim()) else {
        let names: Vec<&str> = PATTERNS.iter().map(|(n, _)| *n).collect();
        return Err(format!(
            "unknown symmetry `{name}`: expected one of {}",
            names.join(", ")
        ));
    };
    if pattern.square_only() && rows != cols {
        return Err(format!(
            "`{name}` maps a square grid onto itself, and the clues are {rows} x {cols}"
        ));
    }
    Ok(pattern)
}
