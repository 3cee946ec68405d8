//! Mastermind: codes of texts, a fixed opening.

use super::*;

pub(super) const COLOURS: [&str; 6] = ["red", "green", "blue", "yellow", "white", "black"];

/// Knuth's opening, 1122, in specs/mastermind.toml's colours.
pub(super) const KNUTH_OPENING: &str = "red,red,green,green";

/// The 1296 Mastermind codes (4 pegs of 6 colours, by their index in
/// [`COLOURS`]), in increasing order.
pub(super) fn mastermind_codes() -> Vec<[usize; 4]> {
    (0..1296)
        .map(|n| [n / 216, n / 36 % 6, n / 6 % 6, n % 6])
        .collect()
}

/// Black and white pegs by their definition: the positions that agree;
/// per colour the fewer of its pegs in either code, less the blacks.
pub(super) fn black_white(secret: &[usize; 4], guess: &[usize; 4]) -> (usize, usize) {
    let black = (0..4).filter(|&i| secret[i] == guess[i]).count();
    let common: usize = (0..6)
        .map(|c| {
            let count = |code: &[usize; 4]| code.iter().filter(|&&v| v == c).count();
            count(secret).min(count(guess))
        })
        .sum();
    (black, common - black)
}

pub(super) fn mastermind_name(code: &[usize; 4]) -> String {
    let texts: Vec<&str> = code.iter().map(|&v| COLOURS[v]).collect();
    texts.join(",")
}

pub(super) fn mastermind_index(name: &str) -> usize {
    let codes = mastermind_codes();
    codes
        .iter()
        .position(|c| mastermind_name(c) == name)
        .unwrap_or_else(|| panic!("no code {name}"))
}

/// `--opening` and `[game] opening` fix the first guess of every strategy
/// and of `--all-secrets`: first-consistent after 1122 over every secret
/// equals the simulation's text (histogram, hardest codes written as
/// texts); minimax after 1122 too, and gives Knuth's figures (The Computer
/// as Master Mind, 1976: 4.476 on average, at most 5 guesses).
#[test]
pub(super) fn mastermind_from_an_opening_matches_the_simulations() {
    let codes = mastermind_codes();
    let names: Vec<String> = codes.iter().map(mastermind_name).collect();
    let opening = mastermind_index(KNUTH_OPENING);
    let depths = first_consistent_depths_after(&codes, Some(opening), black_white);
    let expected = record_text(&depths, &names);
    let args = [
        "play",
        "specs/mastermind.toml",
        "--all-secrets",
        "--opening",
        KNUTH_OPENING,
    ];
    let (stdout, stderr, code) = solve(&args);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.trim_end(), expected);
    // Without the opening the first guess is red,red,red,red: not the same.
    assert_ne!(
        all_secrets("specs/mastermind.toml", "first"),
        expected,
        "the opening changed nothing"
    );

    // The same opening from the spec; --json lists every hardest code.
    let text = std::fs::read_to_string("specs/mastermind.toml")
        .unwrap()
        .replace(
            "show   =",
            "opening = '[\"red\", \"red\", \"green\", \"green\"]'\nshow   =",
        );
    let spec = TempSpec::new("mastermind-opening", &text);
    assert_eq!(all_secrets(spec.path(), "first"), expected);
    let (stdout, stderr, code) = solve(&["play", spec.path(), "--all-secrets", "--json"]);
    assert_eq!(code, 0, "{stderr}");
    let json: Value = serde_json::from_str(&stdout).unwrap();
    let maximum = *depths.iter().max().unwrap();
    let hardest: Vec<Value> = (0..codes.len())
        .filter(|&i| depths[i] == maximum)
        .map(|i| Value::from(names[i].clone()))
        .collect();
    assert_eq!(json["hardest"], Value::Array(hardest));

    // Minimax after 1122: the simulation's decision tree, Knuth's figures.
    let matrix = Matrix::of_game(&codes, |s, g| {
        let (b, w) = black_white(s, g);
        vec![b as i64, w as i64]
    });
    let depths = matrix.lookahead_depths_after(Look::Minimax, Some(opening));
    let expected = record_text(&depths, &names);
    assert!(
        expected.starts_with("average 4.4761 (5801/1296)\nmaximum 5\n"),
        "{expected}"
    );
    let (stdout, stderr, code) = solve(&[
        "play",
        spec.path(),
        "--all-secrets",
        "--strategy",
        "minimax",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.trim_end(), expected);
}

/// The guesser with an opening, for every strategy: the first guess is
/// the opening, every answer is the brute-force one, and the number of
/// guesses is the simulation's for that secret (first-consistent games
/// guess for guess).
#[test]
pub(super) fn every_strategy_opens_with_the_opening() {
    let codes = mastermind_codes();
    let opening = mastermind_index(KNUTH_OPENING);
    let first = first_consistent_depths_after(&codes, Some(opening), black_white);
    for secret in [
        "blue,white,black,red",
        "black,black,black,black",
        KNUTH_OPENING,
    ] {
        let s = codes[mastermind_index(secret)];
        for strategy in ["first", "minimax", "expected", "entropy"] {
            let args = [
                "play",
                "specs/mastermind.toml",
                "--secret",
                secret,
                "--strategy",
                strategy,
                "--opening",
                KNUTH_OPENING,
            ];
            let (stdout, stderr, code) = solve(&args);
            assert_eq!(code, 0, "{args:?}: {stderr}");
            let moves: Vec<(&str, &str)> = stdout
                .lines()
                .filter_map(|l| l.split_once(" -> "))
                .collect();
            assert_eq!(moves[0].0, KNUTH_OPENING, "{args:?}:\n{stdout}");
            assert_eq!(moves.last().unwrap().0, secret, "{args:?}:\n{stdout}");
            for (guess, answer) in &moves {
                let (b, w) = black_white(&s, &codes[mastermind_index(guess)]);
                assert_eq!(*answer, format!("{b} black, {w} white"), "{args:?}");
            }
            if strategy == "first" {
                let depth = first[mastermind_index(secret)] as usize;
                assert_eq!(moves.len(), depth, "{args:?}:\n{stdout}");
            }
        }
    }
}

/// `play-enum-code-numbers`: a code over texts is read and written as its
/// texts (`--secret`, the setter's guesses, the guesses printed, the
/// hardest codes); a number, or a text the variable's domain does not
/// list, is not a code (with a did-you-mean).
#[test]
pub(super) fn codes_of_texts_are_read_and_written_as_texts() {
    let spec = crate::reliability::reproducer("play-enum-code-numbers");
    let cols = ["red", "green", "blue"];
    let secret = ["blue", "red"];
    // First consistent over the 9 codes in order, by brute force.
    let codes: Vec<[usize; 2]> = (0..9).map(|n| [n / 3, n % 3]).collect();
    let same = |a: &[usize; 2], b: &[usize; 2]| (0..2).filter(|&i| a[i] == b[i]).count();
    let s = [2, 0];
    let mut candidates = codes.clone();
    let mut expected = Vec::new();
    loop {
        let g = candidates[0];
        expected.push(format!("{},{} -> {}", cols[g[0]], cols[g[1]], same(&s, &g)));
        if g == s {
            break;
        }
        candidates.retain(|c| same(c, &g) == same(&s, &g));
    }
    let (stdout, stderr, code) = solve(&["play", &spec, "--secret", &secret.join(",")]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[..lines.len() - 1], expected[..], "{stdout}");

    // The setter reads texts, separated by commas or spaces.
    let mut input = "3,1\nred,purpel\nred green blue\n".to_string();
    for c in &codes {
        input += &format!("{} {}\n", cols[c[0]], cols[c[1]]);
    }
    let (stdout, stderr, code) = setter(&spec, 4, input);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("You got it in"), "{stdout}");
    assert!(
        stdout.contains("`3,1` is not a code: expected 2 values separated by commas (a text, a text), e.g. red,red"),
        "{stdout}"
    );
    assert!(
        stdout.contains("`purpel` is not a value of `c[1]` (red, green, blue)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("`red green blue` is not a code"),
        "{stdout}"
    );
    let (_, stderr, code) = solve(&["play", &spec, "--secret", "blue,rde"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("did you mean `red`?"), "{stderr}");

    let (stdout, stderr, code) = solve(&[
        "play",
        &spec,
        "--all-secrets",
        "--strategy",
        "minimax",
        "--json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let json: Value = serde_json::from_str(&stdout).unwrap();
    for code in json["hardest"].as_array().unwrap() {
        let text = code.as_str().unwrap();
        assert!(
            text.split(',').all(|t| cols.contains(&t)),
            "{text} in {stdout}"
        );
    }
}

/// `--opening` errors, each exit 2: a code the constraints rule out, one
/// given to the setter; `[game] opening` of the wrong shape or ruled out,
/// with its position.
#[test]
pub(super) fn opening_errors() {
    let (_, stderr, code) = solve(&[
        "play",
        "specs/moo.toml",
        "--all-secrets",
        "--opening",
        "1123",
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("--opening: `1123` is not a possible code"),
        "{stderr}"
    );
    let (_, stderr, code) = solve(&["play", "specs/moo.toml", "--opening", "0123"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("give it with --secret CODE or --all-secrets"),
        "{stderr}"
    );
    let moo = std::fs::read_to_string("specs/moo.toml").unwrap();
    for (opening, what) in [
        ("[1, 1, 2, 3]", "`opening`: `1123` is not a possible code"),
        ("[1, 2, 3]", "`opening` must be a code: a list of 4 values"),
        ("1234", "`opening` must be a code: a list of 4 values"),
    ] {
        let text = moo.replace("show   =", &format!("opening = \"{opening}\"\nshow   ="));
        let spec = TempSpec::new("moo-opening", &text);
        let (_, stderr, code) = solve(&["play", spec.path(), "--all-secrets"]);
        assert_eq!(code, 2, "{opening}: {stderr}");
        assert!(stderr.contains(what), "{opening}: {stderr}");
        assert!(stderr.contains("--> "), "no position: {stderr}");
    }
}
