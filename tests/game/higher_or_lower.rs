//! Higher or lower.

use super::*;

/// The higher-lower answer as specs/higher-lower.toml shows it.
pub(super) fn higher_lower(secret: i64, guess: i64) -> &'static str {
    match secret.cmp(&guess) {
        std::cmp::Ordering::Greater => "higher",
        std::cmp::Ordering::Less => "lower",
        std::cmp::Ordering::Equal => "correct",
    }
}

/// Binary search over 1..100, guessing the lower middle: the guesses
/// against `secret`.
pub(super) fn binary_search(secret: i64) -> Vec<i64> {
    let (mut lo, mut hi) = (1, 100);
    let mut guesses = Vec::new();
    loop {
        let guess = (lo + hi) / 2;
        guesses.push(guess);
        match higher_lower(secret, guess) {
            "higher" => lo = guess + 1,
            "lower" => hi = guess - 1,
            _ => return guesses,
        }
    }
}

pub(super) fn higher_lower_names() -> Vec<String> {
    (1..=100).map(|k: i64| k.to_string()).collect()
}

/// higher-lower, `first`: the guesses 1, 2, 3, ... (the first consistent
/// number): average 50.5000 (101/2), maximum 100, one secret per count;
/// the whole text as the first-consistent simulation gives it.
#[test]
pub(super) fn higher_lower_first_counts_up() {
    let numbers: Vec<i64> = (1..=100).collect();
    let depths = first_consistent_depths(&numbers, |&s, &g| higher_lower(s, g));
    let expected = record_text(&depths, &higher_lower_names());
    let got = all_secrets("specs/higher-lower.toml", "first");
    assert_eq!(got, expected);
    assert!(got.starts_with("average 50.5000 (101/2)\nmaximum 100\nguesses 1: 1\n"));
    assert!(got.ends_with("\nguesses 100: 1\nhardest 100"));
}

/// higher-lower, every look-ahead strategy: binary search (the lower middle
/// of the numbers left), which needs at most 7 guesses and 29/5 on
/// average; the whole text as binary search over every secret gives it,
/// and as the look-ahead simulation in this file gives it (which checks
/// that simulation too). `--secret` games (37 among them) are binary
/// searches, each answer the brute-force comparison.
#[test]
pub(super) fn higher_lower_lookahead_is_binary_search() {
    let depths: Vec<u32> = (1..=100).map(|s| binary_search(s).len() as u32).collect();
    let expected = record_text(&depths, &higher_lower_names());
    assert!(expected.starts_with("average 5.8000 (29/5)\nmaximum 7\n"));
    let numbers: Vec<i64> = (1..=100).collect();
    let matrix = Matrix::of_game(&numbers, |&s, &g| vec![(s - g).signum()]);
    for (name, look) in [
        ("minimax", Look::Minimax),
        ("expected", Look::Expected),
        ("entropy", Look::Entropy),
    ] {
        assert_eq!(
            record_text(&matrix.lookahead_depths(look), &higher_lower_names()),
            expected
        );
        assert_eq!(
            all_secrets("specs/higher-lower.toml", name),
            expected,
            "{name}"
        );
        for secret in [37, 1, 100, 64] {
            let played = guesser("specs/higher-lower.toml", &secret.to_string(), name);
            let expected: Vec<String> = binary_search(secret).iter().map(i64::to_string).collect();
            assert_eq!(guesses_of(&played), expected, "{name}, secret {secret}");
            for (guess, answer) in &played {
                let g: i64 = guess.parse().expect("a number");
                assert_eq!(answer, higher_lower(secret, g), "{name}, secret {secret}");
            }
        }
    }
    let played = guesser("specs/higher-lower.toml", "37", "minimax");
    let got: Vec<(&str, &str)> = played
        .iter()
        .map(|(g, a)| (g.as_str(), a.as_str()))
        .collect();
    assert_eq!(got, [("50", "lower"), ("25", "higher"), ("37", "correct")]);
}
