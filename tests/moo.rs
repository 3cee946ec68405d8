//! Bulls and cows (specs/moo.toml): counts of consistent codes cross-checked
//! against a brute-force loop over the 5040 codes, and the "first consistent"
//! guesser played through the binary against the secrets of PUZZLES.md.

use std::collections::BTreeSet;

use crate::{count, ints, json_solutions};

type Code = [i64; 4];

/// All 5040 codes of 4 distinct digits, in increasing order.
fn all_codes() -> Vec<Code> {
    let mut codes = Vec::new();
    for a in 0..10 {
        for b in 0..10 {
            for c in 0..10 {
                for d in 0..10 {
                    let code = [a, b, c, d];
                    let distinct: BTreeSet<i64> = code.iter().copied().collect();
                    if distinct.len() == 4 {
                        codes.push(code);
                    }
                }
            }
        }
    }
    codes
}

/// The answer (bulls, cows) to `guess` when the secret is `secret`.
fn score(secret: &Code, guess: &Code) -> (i64, i64) {
    let bulls = (0..4).filter(|&i| secret[i] == guess[i]).count();
    let common = guess.iter().filter(|g| secret.contains(g)).count();
    (bulls as i64, (common - bulls) as i64)
}

/// A history row: the guess's digits, then bulls, then cows.
type Row = [i64; 6];

fn consistent(code: &Code, history: &[Row]) -> bool {
    history.iter().all(|row| {
        let guess = [row[0], row[1], row[2], row[3]];
        score(code, &guess) == (row[4], row[5])
    })
}

fn brute_consistent(history: &[Row]) -> Vec<Code> {
    all_codes()
        .into_iter()
        .filter(|code| consistent(code, history))
        .collect()
}

/// The `--set` argument for a history, e.g. `history=[[0,1,2,3,0,2]]`.
fn history_arg(history: &[Row]) -> String {
    let rows: Vec<String> = history
        .iter()
        .map(|row| {
            let items: Vec<String> = row.iter().map(i64::to_string).collect();
            format!("[{}]", items.join(","))
        })
        .collect();
    format!("history=[{}]", rows.join(","))
}

fn code_of(values: &[i64]) -> Code {
    values.try_into().expect("a code has 4 digits")
}

/// The first code consistent with `history`, by the spec.
fn first_consistent(history: &[Row]) -> Code {
    let arg = history_arg(history);
    let solutions = json_solutions(&["specs/moo.toml", "--json", "--set", &arg]);
    assert_eq!(solutions.len(), 1, "one solution without --all, for {arg}");
    code_of(&ints(&solutions[0], "code"))
}

#[test]
fn scoring_matches_the_puzzle_examples() {
    // PUZZLES.md: secret 7412, 0123 -> (0, 2), 1470 -> (1, 2).
    assert_eq!(score(&[7, 4, 1, 2], &[0, 1, 2, 3]), (0, 2));
    assert_eq!(score(&[7, 4, 1, 2], &[1, 4, 7, 0]), (1, 2));
    assert_eq!(all_codes().len(), 5040);
}

#[test]
fn counts_match_brute_force() {
    let histories: Vec<Vec<Row>> = vec![
        vec![],
        vec![[0, 1, 2, 3, 0, 2]],
        vec![[0, 1, 2, 3, 0, 2], [1, 4, 7, 0, 1, 2]],
        vec![[0, 1, 2, 3, 0, 0]],
        vec![[0, 1, 2, 3, 0, 0], [4, 5, 6, 7, 1, 1]],
        vec![[9, 8, 7, 6, 4, 0]],
        // Impossible: 3 bulls and 1 cow, and two contradictory answers.
        vec![[0, 1, 2, 3, 3, 1]],
        vec![[0, 1, 2, 3, 4, 0], [4, 5, 6, 7, 0, 1]],
    ];
    for history in &histories {
        let arg = history_arg(history);
        let expected = brute_consistent(history).len() as u64;
        assert_eq!(count(&["specs/moo.toml", "--set", &arg]), expected, "{arg}");
    }
    assert_eq!(brute_consistent(&[[0, 1, 2, 3, 0, 0]]).len(), 360);
    assert!(brute_consistent(&[[0, 1, 2, 3, 3, 1]]).is_empty());
}

#[test]
fn all_consistent_codes_match_brute_force() {
    let history = [[0, 1, 2, 3, 0, 2], [1, 4, 7, 0, 1, 2]];
    let arg = history_arg(&history);
    let got: Vec<Code> = json_solutions(&["specs/moo.toml", "--all", "--json", "--set", &arg])
        .iter()
        .map(|s| code_of(&ints(s, "code")))
        .collect();
    // Input order and min value: the codes come out in increasing order.
    assert_eq!(got, brute_consistent(&history));
}

#[test]
fn empty_history_opens_with_0123() {
    assert_eq!(count(&["specs/moo.toml"]), 5040);
    assert_eq!(first_consistent(&[]), [0, 1, 2, 3]);
    let (stdout, stderr, code) = crate::solve(&["specs/moo.toml"]);
    assert_eq!(code, 0, "stderr:\n{stderr}");
    assert_eq!(stdout.trim_end(), "0123");
}

/// Plays the "first consistent" strategy through the binary against
/// `secret`, and returns the guesses with their answers.
fn play(secret: Code) -> Vec<(Code, (i64, i64))> {
    let mut history: Vec<Row> = Vec::new();
    let mut played = Vec::new();
    loop {
        let guess = first_consistent(&history);
        // The spec's guess must agree with a brute-force guesser.
        assert_eq!(Some(&guess), brute_consistent(&history).first());
        let (bulls, cows) = score(&secret, &guess);
        played.push((guess, (bulls, cows)));
        if guess == secret {
            return played;
        }
        assert!(played.len() < 10, "no end in sight: {played:?}");
        history.push([guess[0], guess[1], guess[2], guess[3], bulls, cows]);
    }
}

fn guesses(played: &[(Code, (i64, i64))]) -> Vec<String> {
    played
        .iter()
        .map(|(code, _)| code.iter().map(i64::to_string).collect())
        .collect()
}

#[test]
fn first_consistent_finds_7412() {
    let played = play([7, 4, 1, 2]);
    assert_eq!(
        guesses(&played),
        ["0123", "1045", "2354", "3406", "3517", "5207", "7412"]
    );
}

#[test]
fn first_consistent_finds_9876() {
    let played = play([9, 8, 7, 6]);
    assert_eq!(
        guesses(&played),
        ["0123", "4567", "5489", "6798", "8976", "9876"]
    );
    let answers: Vec<(i64, i64)> = played.iter().map(|(_, answer)| *answer).collect();
    assert_eq!(answers, [(0, 0), (0, 2), (0, 2), (0, 4), (2, 2), (4, 0)]);
}

#[test]
fn first_consistent_finds_9431() {
    let played = play([9, 4, 3, 1]);
    assert_eq!(
        guesses(&played),
        [
            "0123", "1045", "2354", "3406", "3561", "6502", "7431", "8431", "9431"
        ]
    );
    let answers: Vec<(i64, i64)> = played.iter().map(|(_, answer)| *answer).collect();
    assert_eq!(
        answers,
        [
            (0, 2),
            (0, 2),
            (0, 2),
            (1, 1),
            (1, 1),
            (0, 0),
            (3, 0),
            (3, 0),
            (4, 0)
        ]
    );
}
