//! Bulls and cows: the guesser.

use super::*;

/// `--secret` with the default `first` strategy plays the games of
/// PUZZLES.md section 3 (7412, 9876, 9431: guesses and answers as listed
/// there), and every printed answer equals the brute-force bulls and cows.
#[test]
pub(super) fn first_consistent_plays_the_puzzle_games() {
    let played = guesser("specs/moo.toml", "7412", "first");
    check_moo_answers("7412", &played);
    assert_eq!(
        guesses_of(&played),
        ["0123", "1045", "2354", "3406", "3517", "5207", "7412"]
    );

    let played = guesser("specs/moo.toml", "9876", "first");
    check_moo_answers("9876", &played);
    let expected = [
        ("0123", "0 bulls, 0 cows"),
        ("4567", "0 bulls, 2 cows"),
        ("5489", "0 bulls, 2 cows"),
        ("6798", "0 bulls, 4 cows"),
        ("8976", "2 bulls, 2 cows"),
        ("9876", "4 bulls, 0 cows"),
    ];
    let got: Vec<(&str, &str)> = played
        .iter()
        .map(|(g, a)| (g.as_str(), a.as_str()))
        .collect();
    assert_eq!(got, expected);

    let played = guesser("specs/moo.toml", "9431", "first");
    check_moo_answers("9431", &played);
    let expected = [
        ("0123", "0 bulls, 2 cows"),
        ("1045", "0 bulls, 2 cows"),
        ("2354", "0 bulls, 2 cows"),
        ("3406", "1 bull, 1 cow"),
        ("3561", "1 bull, 1 cow"),
        ("6502", "0 bulls, 0 cows"),
        ("7431", "3 bulls, 0 cows"),
        ("8431", "3 bulls, 0 cows"),
        ("9431", "4 bulls, 0 cows"),
    ];
    let got: Vec<(&str, &str)> = played
        .iter()
        .map(|(g, a)| (g.as_str(), a.as_str()))
        .collect();
    assert_eq!(got, expected);

    // Without --strategy the guesser is `first`.
    let (stdout, stderr, code) = solve(&["play", "specs/moo.toml", "--secret", "7412"]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    assert!(
        stdout.starts_with("0123 -> 0 bulls, 2 cows\n1045 -> "),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("7412 -> 4 bulls, 0 cows\n7 guesses\n"),
        "{stdout}"
    );
}

/// `--all-secrets` with `first`: the whole text equals what a simulation of
/// the first-consistent guesser over the 5040 codes (in increasing order,
/// brute-force scoring) gives, and that simulation reproduces PUZZLES.md:
/// histogram 1, 13, 108, 596, 1668, 1768, 752, 129, 5, average 3503/630,
/// maximum 9 by 5293 9204 9214 9241 9431. `--json` carries the same figures.
#[test]
pub(super) fn first_consistent_over_every_secret() {
    let codes = moo_codes();
    let depths = first_consistent_depths(&codes, |s, g| bulls_cows(s, g));
    let histogram: Vec<usize> = (1..=9)
        .map(|k| depths.iter().filter(|&&d| d == k).count())
        .collect();
    assert_eq!(histogram, [1, 13, 108, 596, 1668, 1768, 752, 129, 5]);
    let expected = record_text(&depths, &moo_names());

    let got = all_secrets("specs/moo.toml", "first");
    assert_eq!(got, expected);
    let lines: Vec<&str> = got.lines().collect();
    assert_eq!(lines[0], "average 5.5603 (3503/630)");
    assert_eq!(lines[1], "maximum 9");
    assert_eq!(lines[2], "guesses 1: 1");
    assert_eq!(lines.last(), Some(&"hardest 5293 9204 9214 9241 9431"));

    // The default strategy is `first`.
    let (stdout, _, code) = solve(&["play", "specs/moo.toml", "--all-secrets"]);
    assert_eq!(code, 0);
    assert_eq!(stdout.trim_end(), expected);

    let (stdout, stderr, code) = solve(&["play", "specs/moo.toml", "--all-secrets", "--json"]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    assert_eq!(stdout.lines().count(), 1, "one JSON object:\n{stdout}");
    let json: Value = serde_json::from_str(stdout.trim()).expect("valid JSON");
    assert_eq!(json["secrets"], 5040);
    assert_eq!(json["total"], 28024, "3503/630 of 5040 secrets");
    let average = json["average"].as_f64().expect("a number");
    assert!((average - 3503.0 / 630.0).abs() < 1e-9, "{json}");
    assert_eq!(json["fraction"], "3503/630");
    assert_eq!(json["maximum"], 9);
    let mut histogram_json = serde_json::Map::new();
    for (k, &count) in histogram.iter().enumerate() {
        let _ = histogram_json.insert((k + 1).to_string(), Value::from(count));
    }
    assert_eq!(json["histogram"], Value::Object(histogram_json));
    assert_eq!(
        json["hardest"],
        serde_json::json!(["5293", "9204", "9214", "9241", "9431"])
    );
}

/// One look-ahead strategy over every moo secret: the whole text equals
/// the simulation's (the decision tree of the rule, brute-force scoring),
/// and the average and maximum are PUZZLES.md's.
pub(super) fn lookahead_over_every_secret(
    strategy: &str,
    look: Look,
    average: &str,
    maximum: &str,
) {
    let depths = moo_matrix().lookahead_depths(look);
    let expected = record_text(&depths, &moo_names());
    let lines: Vec<&str> = expected.lines().collect();
    assert_eq!([lines[0], lines[1]], [average, maximum], "the simulation");
    assert_eq!(all_secrets("specs/moo.toml", strategy), expected);
}

/// `--strategy minimax --all-secrets`: 3877/720, maximum 7 (PUZZLES.md),
/// histogram and hardest secrets as the minimax simulation in this file.
#[test]
pub(super) fn minimax_over_every_secret() {
    lookahead_over_every_secret(
        "minimax",
        Look::Minimax,
        "average 5.3847 (3877/720)",
        "maximum 7",
    );
}

/// `--strategy expected --all-secrets`: 3793/720, maximum 7 (PUZZLES.md),
/// histogram and hardest secrets as the simulation in this file.
#[test]
pub(super) fn expected_size_over_every_secret() {
    lookahead_over_every_secret(
        "expected",
        Look::Expected,
        "average 5.2681 (3793/720)",
        "maximum 7",
    );
}

/// `--strategy entropy --all-secrets`: 367/70, maximum 8 (PUZZLES.md),
/// histogram and hardest secrets as the simulation in this file.
#[test]
pub(super) fn entropy_over_every_secret() {
    lookahead_over_every_secret(
        "entropy",
        Look::Entropy,
        "average 5.2429 (367/70)",
        "maximum 8",
    );
}

/// `--secret` with minimax (one game: the matrix of answers costs a few
/// seconds): every printed answer is the brute-force one, the game ends on
/// the secret, the guesses are the minimax simulation's, and the number of
/// guesses is what `--all-secrets` counts for that secret (the simulation's
/// depth). A look-ahead guess need not be a possible code, so consistency
/// of each guess is not required.
#[test]
pub(super) fn minimax_guesser_plays_one_secret() {
    let secret = "9835";
    let played = guesser("specs/moo.toml", secret, "minimax");
    check_moo_answers(secret, &played);
    let codes = moo_codes();
    let s = codes
        .iter()
        .position(|c| written(c, true) == secret)
        .expect("a code");
    let expected: Vec<String> = moo_matrix()
        .lookahead_game(s, Look::Minimax)
        .iter()
        .map(|&g| written(&codes[g], true))
        .collect();
    assert_eq!(guesses_of(&played), expected);
}
