//! Guessing games (`solve play FILE`, the spec's `[game]` section): the
//! guesser (`--secret`), every secret at once (`--all-secrets`, text and
//! `--json`), the setter (guesses on stdin) and the spec errors.
//!
//! The oracles are the figures of PUZZLES.md section 3 and simulations
//! written here in plain Rust: a brute-force bulls-and-cows scorer, the
//! "first consistent" guesser over codes enumerated in increasing order,
//! the one-step look-ahead guessers (minimax, expected class size, entropy;
//! ties to a code still possible, then the first), and binary search for
//! higher-lower. None of them shares code with the interpreter.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead as _, BufReader, Write as _};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::{TempSpec, solve};

// ---------------------------------------------------------------------
// Oracles
// ---------------------------------------------------------------------

type Moo = [i64; 4];

/// The 5040 bulls-and-cows codes (4 distinct digits), in increasing order.
fn moo_codes() -> Vec<Moo> {
    let mut codes = Vec::new();
    for n in 0..10_000i64 {
        let code = [n / 1000, n / 100 % 10, n / 10 % 10, n % 10];
        if code.iter().collect::<BTreeSet<_>>().len() == 4 {
            codes.push(code);
        }
    }
    codes
}

/// Bulls and cows by their definition: the same digit in the same
/// position, the same digit in two different positions.
fn bulls_cows(secret: &[i64], guess: &[i64]) -> (i64, i64) {
    let (mut bulls, mut cows) = (0, 0);
    for (i, s) in secret.iter().enumerate() {
        for (j, g) in guess.iter().enumerate() {
            if s == g {
                if i == j {
                    bulls += 1;
                } else {
                    cows += 1;
                }
            }
        }
    }
    (bulls, cows)
}

/// How moo.toml's `show` writes an answer.
fn moo_show(secret: &[i64], guess: &[i64]) -> String {
    let (b, c) = bulls_cows(secret, guess);
    let plural = |n: i64| if n == 1 { "" } else { "s" };
    format!("{b} bull{}, {c} cow{}", plural(b), plural(c))
}

/// A code as `solve play` writes it: digits side by side when every value
/// of the game is a digit, otherwise separated by commas.
fn written(code: &[i64], digits: bool) -> String {
    let items: Vec<String> = code.iter().map(i64::to_string).collect();
    items.join(if digits { "" } else { "," })
}

/// Reads a code written as `7412` or `3,10,2`.
fn read_code(text: &str) -> Vec<i64> {
    if text.contains(',') {
        text.split(',')
            .map(|p| p.parse().unwrap_or_else(|_| panic!("bad code {text:?}")))
            .collect()
    } else {
        text.chars()
            .map(|c| {
                i64::from(
                    c.to_digit(10)
                        .unwrap_or_else(|| panic!("bad code {text:?}")),
                )
            })
            .collect()
    }
}

/// The number of guesses the "first consistent" guesser needs for each
/// secret: guess the first code (in the given order) still consistent with
/// every answer so far, one game per secret.
fn first_consistent_depths<C, A: PartialEq>(codes: &[C], answer: impl Fn(&C, &C) -> A) -> Vec<u32> {
    first_consistent_depths_after(codes, None, answer)
}

/// [`first_consistent_depths`] whose first guess is `opening` (an index)
/// when one is given.
fn first_consistent_depths_after<C, A: PartialEq>(
    codes: &[C],
    opening: Option<usize>,
    answer: impl Fn(&C, &C) -> A,
) -> Vec<u32> {
    (0..codes.len())
        .map(|secret| {
            let mut candidates: Vec<usize> = (0..codes.len()).collect();
            let mut guesses: u32 = 0;
            loop {
                let guess = match opening {
                    Some(first) if guesses == 0 => first,
                    _ => candidates[0],
                };
                guesses += 1;
                if guess == secret {
                    break guesses;
                }
                let given = answer(&codes[secret], &codes[guess]);
                candidates.retain(|&c| answer(&codes[c], &codes[guess]) == given);
                assert!(
                    (guesses as usize) < codes.len(),
                    "the simulation does not end"
                );
            }
        })
        .collect()
}

/// The one-step look-ahead rules: every code is a candidate guess, scored
/// by the classes of equal answers it splits the possible codes into.
#[derive(Clone, Copy, Debug)]
enum Look {
    /// The largest class.
    Minimax,
    /// The sum of squared class sizes.
    Expected,
    /// The sum of n ln n over the classes (ties within 1e-9).
    Entropy,
}

/// The answer of every secret to every guess, as small ids, guess-major:
/// `ids[guess * n + secret]`.
/// Working memory of [`Matrix::choose`].
struct Scratch {
    /// Per answer id, the size of its class (all 0 between guesses).
    counts: Vec<u32>,
    /// Per code, whether it is still possible (all false between calls).
    in_set: Vec<bool>,
    /// `c ln c` for every class size `c` (0 for 0 and 1).
    n_ln_n: Vec<f64>,
}

struct Matrix {
    n: usize,
    answers: usize,
    ids: Vec<u16>,
}

impl Matrix {
    fn build(n: usize, answers: usize, id: impl Fn(usize, usize) -> u16) -> Matrix {
        let mut ids = Vec::with_capacity(n * n);
        for g in 0..n {
            for s in 0..n {
                ids.push(id(s, g));
            }
        }
        Matrix { n, answers, ids }
    }

    /// The matrix of a small game given by its answer function.
    fn of_game<C>(codes: &[C], answer: impl Fn(&C, &C) -> Vec<i64>) -> Matrix {
        let mut numbering: BTreeMap<Vec<i64>, u16> = BTreeMap::new();
        let mut ids = Vec::new();
        for g in codes {
            for s in codes {
                let a = answer(s, g);
                let next = numbering.len() as u16;
                ids.push(*numbering.entry(a).or_insert(next));
            }
        }
        Matrix {
            n: codes.len(),
            answers: numbering.len(),
            ids,
        }
    }

    fn scratch(&self) -> Scratch {
        Scratch {
            counts: vec![0; self.answers],
            in_set: vec![false; self.n],
            n_ln_n: (0..=self.n)
                .map(|c| {
                    if c > 1 {
                        c as f64 * (c as f64).ln()
                    } else {
                        0.0
                    }
                })
                .collect(),
        }
    }

    fn id(&self, secret: usize, guess: usize) -> usize {
        usize::from(self.ids[guess * self.n + secret])
    }

    /// The look-ahead guess for the codes `possible` (in order): the best
    /// score, ties to a code still possible, then to the first.
    fn choose(&self, possible: &[usize], look: Look, scratch: &mut Scratch) -> usize {
        if possible.len() <= 2 {
            // Any guess makes at best classes of 1; the first possible code
            // does that and wins the tie.
            return possible[0];
        }
        let Scratch {
            counts,
            in_set,
            n_ln_n,
        } = scratch;
        for &s in possible {
            in_set[s] = true;
        }
        let eps = match look {
            Look::Entropy => 1e-9,
            Look::Minimax | Look::Expected => 0.0,
        };
        let mut best: Option<(f64, bool, usize)> = None;
        for (g, row) in self.ids.chunks_exact(self.n).enumerate() {
            for &s in possible {
                counts[usize::from(row[s])] += 1;
            }
            let add = |score: f64, size: usize| match look {
                Look::Minimax => score.max(size as f64),
                Look::Expected => score + (size * size) as f64,
                Look::Entropy => score + n_ln_n[size],
            };
            let mut score = 0.0f64;
            if possible.len() > counts.len() {
                for c in counts.iter_mut() {
                    score = add(score, *c as usize);
                    *c = 0;
                }
            } else {
                // Each class once (its count is cleared when met).
                for &s in possible {
                    let c = &mut counts[usize::from(row[s])];
                    if *c > 0 {
                        score = add(score, *c as usize);
                        *c = 0;
                    }
                }
            }
            let mine = in_set[g];
            let take = match best {
                None => true,
                Some((b, b_in_set, _)) => {
                    score < b - eps || ((score - b).abs() <= eps && mine && !b_in_set)
                }
            };
            if take {
                best = Some((score, mine, g));
            }
        }
        for &s in possible {
            in_set[s] = false;
        }
        best.expect("there is a code").2
    }

    /// Guesses needed per secret by the look-ahead rule: its decision
    /// tree, walked once.
    fn lookahead_depths(&self, look: Look) -> Vec<u32> {
        self.lookahead_depths_after(look, None)
    }

    /// [`Matrix::lookahead_depths`] whose first guess is `opening` (an
    /// index) when one is given.
    fn lookahead_depths_after(&self, look: Look, opening: Option<usize>) -> Vec<u32> {
        let mut depths = vec![0u32; self.n];
        let mut scratch = self.scratch();
        let mut stack = vec![((0..self.n).collect::<Vec<usize>>(), 1u32)];
        while let Some((possible, depth)) = stack.pop() {
            let guess = match opening {
                Some(first) if depth == 1 => first,
                _ => self.choose(&possible, look, &mut scratch),
            };
            let mut classes: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
            for &s in &possible {
                if s == guess {
                    depths[s] = depth;
                } else {
                    classes.entry(self.id(s, guess)).or_default().push(s);
                }
            }
            for class in classes.into_values() {
                assert!(class.len() < possible.len(), "a guess does not split");
                stack.push((class, depth + 1));
            }
        }
        assert!(depths.iter().all(|&d| d > 0), "a secret was never reached");
        depths
    }

    /// The look-ahead guesser's guesses against one secret.
    fn lookahead_game(&self, secret: usize, look: Look) -> Vec<usize> {
        let mut scratch = self.scratch();
        let mut possible: Vec<usize> = (0..self.n).collect();
        let mut guesses = Vec::new();
        loop {
            let guess = self.choose(&possible, look, &mut scratch);
            guesses.push(guess);
            if guess == secret {
                return guesses;
            }
            let given = self.id(secret, guess);
            possible.retain(|&s| self.id(s, guess) == given);
            assert!(guesses.len() <= self.n, "the simulation does not end");
        }
    }
}

/// The bulls-and-cows matrix (answer id `5 * bulls + cows`), built once.
fn moo_matrix() -> &'static Matrix {
    static MATRIX: OnceLock<Matrix> = OnceLock::new();
    MATRIX.get_or_init(|| {
        let codes = moo_codes();
        Matrix::build(codes.len(), 25, |s, g| {
            let (b, c) = bulls_cows(&codes[s], &codes[g]);
            (5 * b + c) as u16
        })
    })
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// What `--all-secrets` must print for these guess counts per secret
/// (`names[i]` is secret i as written).
fn record_text(depths: &[u32], names: &[String]) -> String {
    let total: u64 = depths.iter().map(|&d| u64::from(d)).sum();
    let n = depths.len() as u64;
    let g = gcd(total, n);
    let maximum = *depths.iter().max().expect("some secrets");
    let mut lines = vec![
        format!(
            "average {:.4} ({}/{})",
            total as f64 / n as f64,
            total / g,
            n / g
        ),
        format!("maximum {maximum}"),
    ];
    for k in 1..=maximum {
        let count = depths.iter().filter(|&&d| d == k).count();
        lines.push(format!("guesses {k}: {count}"));
    }
    let hardest: Vec<&str> = (0..depths.len())
        .filter(|&i| depths[i] == maximum)
        .map(|i| names[i].as_str())
        .collect();
    // The first ten; how many there are when more (README, Guessing games).
    let mut line = format!("hardest {}", hardest[..hardest.len().min(10)].join(" "));
    if hardest.len() > 10 {
        line += &format!(" … ({} in all; --json lists every one)", hardest.len());
    }
    lines.push(line);
    lines.join("\n")
}

/// `solve play FILE --all-secrets --strategy S`, which must succeed;
/// stdout without the final newline.
fn all_secrets(file: &str, strategy: &str) -> String {
    let args = ["play", file, "--all-secrets", "--strategy", strategy];
    let (stdout, stderr, code) = solve(&args);
    assert_eq!(code, 0, "solve {args:?}\nstderr:\n{stderr}");
    stdout.trim_end().to_string()
}

/// Runs the guesser, `solve play FILE --secret S --strategy T`, and
/// returns its guesses with their answers as printed; checks the closing
/// `N guesses` line.
fn guesser(file: &str, secret: &str, strategy: &str) -> Vec<(String, String)> {
    let args = ["play", file, "--secret", secret, "--strategy", strategy];
    let (stdout, stderr, code) = solve(&args);
    assert_eq!(code, 0, "solve {args:?}\nstderr:\n{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    let (last, moves) = lines.split_last().expect("some output");
    let played: Vec<(String, String)> = moves
        .iter()
        .map(|line| {
            let (guess, answer) = line
                .split_once(" -> ")
                .unwrap_or_else(|| panic!("not a guess line: {line:?}\n{stdout}"));
            (guess.to_string(), answer.to_string())
        })
        .collect();
    assert_eq!(
        *last,
        plural_guesses(played.len()),
        "solve {args:?}:\n{stdout}"
    );
    assert_eq!(
        played.last().map(|(g, _)| g.as_str()),
        Some(secret),
        "the last guess is the secret:\n{stdout}"
    );
    played
}

/// Checks every answer line of a moo game against brute force.
fn check_moo_answers(secret: &str, played: &[(String, String)]) {
    let s = read_code(secret);
    for (guess, answer) in played {
        assert_eq!(
            *answer,
            moo_show(&s, &read_code(guess)),
            "secret {secret}, guess {guess}"
        );
    }
    assert_eq!(
        played.last().map(|(_, a)| a.as_str()),
        Some("4 bulls, 0 cows")
    );
}

/// `1 guess`, `2 guesses`.
fn plural_guesses(n: usize) -> String {
    if n == 1 {
        "1 guess".to_string()
    } else {
        format!("{n} guesses")
    }
}

fn guesses_of(played: &[(String, String)]) -> Vec<&str> {
    played.iter().map(|(g, _)| g.as_str()).collect()
}

fn moo_names() -> Vec<String> {
    moo_codes().iter().map(|c| written(c, true)).collect()
}

// ---------------------------------------------------------------------
// Bulls and cows: the guesser
// ---------------------------------------------------------------------

/// `--secret` with the default `first` strategy plays the games of
/// PUZZLES.md section 3 (7412, 9876, 9431: guesses and answers as listed
/// there), and every printed answer equals the brute-force bulls and cows.
#[test]
fn first_consistent_plays_the_puzzle_games() {
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
fn first_consistent_over_every_secret() {
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
fn lookahead_over_every_secret(strategy: &str, look: Look, average: &str, maximum: &str) {
    let depths = moo_matrix().lookahead_depths(look);
    let expected = record_text(&depths, &moo_names());
    let lines: Vec<&str> = expected.lines().collect();
    assert_eq!([lines[0], lines[1]], [average, maximum], "the simulation");
    assert_eq!(all_secrets("specs/moo.toml", strategy), expected);
}

/// `--strategy minimax --all-secrets`: 3877/720, maximum 7 (PUZZLES.md),
/// histogram and hardest secrets as the minimax simulation in this file.
#[test]
fn minimax_over_every_secret() {
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
fn expected_size_over_every_secret() {
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
fn entropy_over_every_secret() {
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
fn minimax_guesser_plays_one_secret() {
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

// ---------------------------------------------------------------------
// Higher or lower
// ---------------------------------------------------------------------

/// The higher-lower answer as specs/higher-lower.toml shows it.
fn higher_lower(secret: i64, guess: i64) -> &'static str {
    match secret.cmp(&guess) {
        std::cmp::Ordering::Greater => "higher",
        std::cmp::Ordering::Less => "lower",
        std::cmp::Ordering::Equal => "correct",
    }
}

/// Binary search over 1..100, guessing the lower middle: the guesses
/// against `secret`.
fn binary_search(secret: i64) -> Vec<i64> {
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

fn higher_lower_names() -> Vec<String> {
    (1..=100).map(|k: i64| k.to_string()).collect()
}

/// higher-lower, `first`: the guesses 1, 2, 3, ... (the first consistent
/// number): average 50.5000 (101/2), maximum 100, one secret per count;
/// the whole text as the first-consistent simulation gives it.
#[test]
fn higher_lower_first_counts_up() {
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
fn higher_lower_lookahead_is_binary_search() {
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

// ---------------------------------------------------------------------
// The setter
// ---------------------------------------------------------------------

/// Runs the setter, `solve play FILE --seed SEED`, with `input` on stdin;
/// returns (stdout, stderr, exit code).
fn setter(file: &str, seed: u64, input: String) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_solve"))
        .args(["play", file, "--seed", &seed.to_string()])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("failed to run the solve binary");
    let mut stdin = child.stdin.take().expect("piped stdin");
    // The setter stops reading when a guess wins: the rest of the input may
    // then meet a closed pipe, which is no error here.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().expect("the setter runs");
    writer.join().expect("the writer thread");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 stdout");
    let stderr = String::from_utf8(output.stderr).expect("UTF-8 stderr");
    assert!(
        !stderr.contains("panicked"),
        "the setter panicked:\n{stderr}"
    );
    let code = output.status.code().expect("an exit code");
    (stdout, stderr, code)
}

/// A setter's session, read back.
#[derive(Debug, PartialEq)]
struct SetterLog {
    /// Lines answering a malformed or impossible guess.
    rejected: Vec<String>,
    /// Valid guesses with their answers.
    answers: Vec<(String, String)>,
    /// The last line.
    end: String,
}

fn read_session(stdout: &str) -> SetterLog {
    let mut lines = stdout.lines();
    let intro = lines.next().expect("an intro line");
    assert!(
        intro.starts_with("I have chosen a secret among "),
        "intro: {intro:?}"
    );
    let mut session = SetterLog {
        rejected: Vec::new(),
        answers: Vec::new(),
        end: String::new(),
    };
    for line in lines {
        assert!(session.end.is_empty(), "a line after the end: {line:?}");
        if line.ends_with("; try again") {
            session.rejected.push(line.to_string());
        } else if let Some((guess, answer)) = line.split_once(" -> ") {
            session
                .answers
                .push((guess.to_string(), answer.to_string()));
        } else {
            session.end = line.to_string();
        }
    }
    session
}

/// The setter on moo with a fixed seed, fed a malformed guess (`12a4`), a
/// wrong length (`123`), a repeated digit (`1123`), then every code in
/// increasing order: the three bad lines each get a `try again` message
/// and no answer; every answer is the brute-force bulls and cows for the
/// secret the winning guess reveals; the win line counts the valid guesses
/// (the secret's place in the order); exit 0.
#[test]
fn setter_answers_until_the_secret_is_found() {
    let codes = moo_codes();
    let mut input = String::from("12a4\n123\n1123\n");
    for code in &codes {
        input.push_str(&written(code, true));
        input.push('\n');
    }
    let (stdout, stderr, code) = setter("specs/moo.toml", 5, input);
    assert_eq!(code, 0, "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(
        stdout.starts_with("I have chosen a secret among 5040 codes."),
        "{stdout}"
    );
    let session = read_session(&stdout);
    assert_eq!(session.rejected.len(), 3, "{:?}", session.rejected);
    for (line, bad) in session.rejected.iter().zip(["12a4", "123", "1123"]) {
        assert!(line.contains(&format!("`{bad}`")), "{line:?}");
    }
    assert!(
        session.rejected[2].contains("not a possible code"),
        "{:?}",
        session.rejected
    );
    // The rejections come before any answer: lines 2 to 4.
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[1..4].iter().all(|l| l.ends_with("; try again")),
        "{stdout}"
    );

    let (secret, last) = session.answers.last().expect("some answers");
    assert_eq!(last, "4 bulls, 0 cows");
    let s = read_code(secret);
    let place = codes.iter().position(|c| c[..] == s[..]).expect("a code");
    assert_eq!(
        session.answers.len(),
        place + 1,
        "every code up to the secret"
    );
    for ((guess, answer), code) in session.answers.iter().zip(&codes) {
        assert_eq!(*guess, written(code, true));
        assert_eq!(
            *answer,
            moo_show(&s, code),
            "secret {secret}, guess {guess}"
        );
    }
    assert_eq!(
        session.end,
        format!("You got it in {}.", plural_guesses(place + 1))
    );
}

/// The setter when stdin ends before the win: exit 1 and `The secret was
/// XXXX (N guesses made).`, the secret consistent (brute force) with every
/// answer given and equal to the one found by playing every code with the
/// same seed; the same seed and input give the same session; different
/// seeds do not all give the same secret.
#[test]
fn setter_reveals_the_secret_when_input_ends() {
    let seed = 5;
    // Find the secret of this seed by trying every code.
    let codes = moo_codes();
    let input: String = codes.iter().map(|c| written(c, true) + "\n").collect();
    let (stdout, _, code) = setter("specs/moo.toml", seed, input);
    assert_eq!(code, 0);
    let won = read_session(&stdout);
    let secret = won.answers.last().expect("a win").0.clone();

    // Four guesses, none of them the secret (and a blank line, skipped).
    let guesses: Vec<String> = ["0123", "4567", "8901", "9876", "3210"]
        .iter()
        .filter(|g| **g != secret)
        .take(4)
        .map(|g| g.to_string())
        .collect();
    let input = guesses.join("\n\n") + "\n";
    let (stdout, stderr, code) = setter("specs/moo.toml", seed, input.clone());
    assert_eq!(code, 1, "stdout:\n{stdout}\nstderr:\n{stderr}");
    let session = read_session(&stdout);
    assert!(session.rejected.is_empty(), "{stdout}");
    let said: Vec<&str> = guesses_of(&session.answers);
    assert_eq!(said, guesses);
    let revealed = session
        .end
        .strip_prefix("The secret was ")
        .and_then(|rest| rest.strip_suffix(" (4 guesses made)."))
        .unwrap_or_else(|| panic!("last line: {:?}", session.end));
    assert_eq!(revealed, secret, "the same seed, the same secret");
    let s = read_code(revealed);
    for (guess, answer) in &session.answers {
        assert_eq!(
            *answer,
            moo_show(&s, &read_code(guess)),
            "secret {revealed}, guess {guess}"
        );
    }

    // Again: the same session.
    let (again, _, code) = setter("specs/moo.toml", seed, input);
    assert_eq!(code, 1);
    assert_eq!(again, stdout);

    // With no guess at all: 0 guesses made; other seeds, other secrets.
    let mut secrets = BTreeSet::new();
    for seed in 1..=6 {
        let (stdout, _, code) = setter("specs/moo.toml", seed, String::new());
        assert_eq!(code, 1);
        let end = read_session(&stdout).end;
        let rest = end.strip_prefix("The secret was ").expect("the reveal");
        let (code_text, made) = rest.split_once(' ').expect("a count");
        assert_eq!(made, "(0 guesses made).");
        let _ = secrets.insert(code_text.to_string());
    }
    assert!(secrets.len() > 1, "six seeds, one secret: {secrets:?}");
}

/// The setter plays interactively: each answer comes before the next guess
/// is read (a binary search on higher-lower that chooses each guess from
/// the previous answer). The game ends in at most 7 guesses with `You got
/// it in N guesses.`, each answer the brute-force comparison with the
/// secret found, which is the one the same seed reveals when input ends.
#[test]
fn setter_answers_each_guess_at_once() {
    let seed = 11;
    let mut child = Command::new(env!("CARGO_BIN_EXE_solve"))
        .args([
            "play",
            "specs/higher-lower.toml",
            "--seed",
            &seed.to_string(),
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("failed to run the solve binary");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
    // A setter that keeps its answers to itself would hang the test: a
    // watchdog kills it after 60 s, and the reads below then see the end.
    let child = Arc::new(Mutex::new(child));
    let done = Arc::new(AtomicBool::new(false));
    let watchdog = {
        let (child, done) = (Arc::clone(&child), Arc::clone(&done));
        std::thread::spawn(move || {
            let start = Instant::now();
            while !done.load(Ordering::SeqCst) {
                if start.elapsed() > Duration::from_secs(60) {
                    if let Ok(mut c) = child.lock() {
                        let _ = c.kill();
                    }
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        })
    };
    let mut read_line = || {
        let mut line = String::new();
        let n = stdout.read_line(&mut line).expect("read stdout");
        assert!(n > 0, "the setter said nothing more (not flushed?)");
        line.trim_end().to_string()
    };
    let intro = read_line();
    assert!(
        intro.starts_with("I have chosen a secret among 100 codes."),
        "{intro}"
    );
    let (mut lo, mut hi) = (1, 100);
    let mut played = Vec::new();
    let secret = loop {
        let guess = (lo + hi) / 2;
        writeln!(stdin, "{guess}").expect("write a guess");
        stdin.flush().expect("flush");
        let line = read_line();
        let answer = line
            .strip_prefix(&format!("{guess} -> "))
            .unwrap_or_else(|| panic!("not the answer to {guess}: {line:?}"))
            .to_string();
        played.push((guess, answer.clone()));
        match answer.as_str() {
            "higher" => lo = guess + 1,
            "lower" => hi = guess - 1,
            "correct" => break guess,
            other => panic!("not an answer: {other:?}"),
        }
        assert!(lo <= hi, "inconsistent answers: {played:?}");
    };
    let end = read_line();
    drop(stdin);
    done.store(true, Ordering::SeqCst);
    let status = child
        .lock()
        .expect("the child")
        .wait()
        .expect("the setter ends");
    watchdog.join().expect("the watchdog");
    assert!(played.len() <= 7, "{played:?}");
    assert_eq!(
        end,
        format!("You got it in {}.", plural_guesses(played.len()))
    );
    assert_eq!(status.code(), Some(0));
    for (guess, answer) in &played {
        assert_eq!(answer, higher_lower(secret, *guess), "secret {secret}");
    }
    let (stdout, _, code) = setter("specs/higher-lower.toml", seed, String::new());
    assert_eq!(code, 1);
    assert_eq!(
        read_session(&stdout).end,
        format!("The secret was {secret} (0 guesses made).")
    );
}

// ---------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------

fn moo_text() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/specs/moo.toml"))
        .expect("specs/moo.toml")
}

/// moo.toml with one line replaced (which must be there).
fn moo_with(line: &str, replacement: &str) -> String {
    let text = moo_text();
    assert!(text.contains(line), "moo.toml has no line {line:?}");
    text.replace(line, replacement)
}

const MOO_ANSWER: &str =
    "answer = \"(secret, guess) => [bulls(secret, guess), cows(secret, guess)]\"";
const MOO_WIN: &str = "win    = \"[digits, 0]\"";

/// Asserts exit 2, an `error: ` message containing `needle`, no output.
fn assert_rejected(args: &[&str], needle: &str) {
    let (stdout, stderr, code) = solve(args);
    assert_eq!(
        code, 2,
        "solve {args:?}\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(stderr.starts_with("error: "), "solve {args:?}:\n{stderr}");
    assert!(
        stderr.contains(needle),
        "solve {args:?}: no {needle:?} in\n{stderr}"
    );
}

/// Spec errors of `[game]` (against the README's rule that an answer is a
/// function of the secret and the guess, and the `[game]` keys): an answer
/// reading a variable, or calling a function that reads one; a `[game]`
/// without `win`; a `win` that a guess equal to the secret does not get.
#[test]
fn game_spec_errors() {
    let spec = TempSpec::new(
        "game-reads-var",
        &moo_with(MOO_ANSWER, "answer = \"(s, g) => code[0]\""),
    );
    assert_rejected(
        &["check", spec.path()],
        "computed from its secret and guess alone",
    );
    assert_rejected(
        &["play", spec.path(), "--secret", "0123"],
        "computed from its secret and guess alone",
    );

    let text = moo_with(
        MOO_ANSWER,
        "answer = \"(s, g) => [bulls(s, g), cows(s, g) + reads()]\"",
    )
    .replace(
        "[functions]\n",
        "[functions]\nreads = \"() => code[0] - code[0]\"\n",
    );
    let spec = TempSpec::new("game-reads-function", &text);
    assert_rejected(&["check", spec.path()], "reads the spec's variables");

    let spec = TempSpec::new("game-no-win", &moo_with(MOO_WIN, ""));
    assert_rejected(&["check", spec.path()], "[game] needs `win`");

    let spec = TempSpec::new(
        "game-wrong-win",
        &moo_with(MOO_WIN, "win = \"[digits, 1]\""),
    );
    assert_rejected(&["play", spec.path(), "--secret", "0123"], "must be `win`");
    assert_rejected(&["play", spec.path(), "--all-secrets"], "must be `win`");
}

/// Usage errors of `solve play`, each exit 2: a secret the constraints rule
/// out (repeated digit), a malformed secret, `--strategy` for the setter,
/// and a spec without `[game]`.
#[test]
fn play_usage_errors() {
    assert_rejected(
        &["play", "specs/moo.toml", "--secret", "1123"],
        "not a possible code",
    );
    assert_rejected(
        &["play", "specs/moo.toml", "--secret", "12a4"],
        "not a code",
    );
    assert_rejected(&["play", "specs/moo.toml", "--secret", "123"], "not a code");
    assert_rejected(
        &["play", "specs/higher-lower.toml", "--secret", "101"],
        "outside the domain",
    );
    let (stdout, stderr, code) = solve(&["play", "specs/moo.toml", "--strategy", "minimax"]);
    assert_eq!(code, 2, "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(stderr.contains("--strategy"), "{stderr}");
    for args in [
        &["play", "specs/queens.toml", "--all-secrets"][..],
        &["play", "specs/queens.toml", "--secret", "1"],
    ] {
        assert_rejected(args, "no [game] section");
    }
}

/// `win` must mean that the guess is the secret (README, Guessing games:
/// "a guess equal to the secret must get it"; a guess that is not the
/// secret must not). Here `0` is also the answer to every guess above the
/// secret. Whatever the strategy, the guesser either stops with an error
/// (exit 2, saying so) when it meets such an answer, or plays to the
/// secret with the brute-force answers; the setter never tells a wrong
/// guess it won.
#[test]
fn win_only_for_the_secret() {
    let spec = TempSpec::new(
        "game-win-not-unique",
        "[params]\ntop = 10\n[vars]\nnumber = \"1..top\"\n[game]\ncode = \"number\"\n\
         answer = \"(secret, guess) => if secret > guess then 1 else 0\"\nwin = \"0\"\n",
    );
    let false_win = "`win` must be the answer to a guess equal to the secret";
    for strategy in ["first", "minimax", "expected", "entropy"] {
        for secret in 1..=10i64 {
            let s = secret.to_string();
            let args = ["play", spec.path(), "--secret", &s, "--strategy", strategy];
            let (stdout, stderr, code) = solve(&args);
            if code == 2 {
                assert!(stderr.contains(false_win), "solve {args:?}:\n{stderr}");
                continue;
            }
            assert_eq!(code, 0, "solve {args:?}:\n{stderr}");
            let lines: Vec<&str> = stdout.lines().collect();
            let (_, moves) = lines.split_last().expect("some output");
            for line in moves {
                let (guess, answer) = line.split_once(" -> ").expect("a guess line");
                let g: i64 = guess.parse().expect("a number");
                let expected = if secret > g { "1" } else { "0" };
                assert_eq!(answer, expected, "solve {args:?}:\n{stdout}");
            }
            let last = moves.last().and_then(|l| l.split_once(" -> "));
            assert_eq!(last, Some((s.as_str(), "0")), "solve {args:?}:\n{stdout}");
        }
        let (_, stderr, code) =
            solve(&["play", spec.path(), "--all-secrets", "--strategy", strategy]);
        assert!(
            code == 0 || (code == 2 && stderr.contains(false_win)),
            "{strategy}: exit {code}\n{stderr}"
        );
    }
    for seed in 1..=4 {
        let (stdout, _, code) = setter(spec.path(), seed, String::new());
        assert_eq!(code, 1);
        let secret = read_session(&stdout).end;
        let (stdout, stderr, code) = setter(spec.path(), seed, "10\n".to_string());
        if secret.starts_with("The secret was 10 ") {
            assert_eq!(code, 0, "{stdout}{stderr}");
            assert!(stdout.ends_with("You got it in 1 guess.\n"), "{stdout}");
        } else {
            assert_eq!(code, 2, "{secret}: a win for 10?\n{stdout}{stderr}");
            assert!(!stdout.contains("You got it"), "{stdout}");
            assert!(stderr.contains(false_win), "{stderr}");
        }
    }
}

// ---------------------------------------------------------------------
// Games of other shapes
// ---------------------------------------------------------------------

/// Three values in 1..4, repeats allowed (64 codes); the answer is a list:
/// exact matches and the sum of the distances.
const NEAR: &str = r#"
name = "Near misses"
[params]
n = 3
top = 4
[vars]
c = { index = "0..n-1", domain = "1..top" }
[game]
code   = "c"
answer = "(s, g) => [count(s[i] == g[i] for i in 0..n-1), sum(abs(s[i] - g[i]) for i in 0..n-1)]"
win    = "[n, 0]"
show   = "{answer[0]} exact, distance {answer[1]}"
"#;

fn near_answer(s: &[i64], g: &[i64]) -> Vec<i64> {
    let exact = (0..3).filter(|&i| s[i] == g[i]).count() as i64;
    let distance = (0..3).map(|i| (s[i] - g[i]).abs()).sum();
    vec![exact, distance]
}

/// Three values in 0..10 with c0 < c1 and c2 % 3 != 1 (385 codes, written
/// with commas); an answer of six values using a function, `if`, `min`,
/// `max`, `%` and `/` of differences that may be negative (C semantics).
const SIGNS: &str = r#"
name = "Signs and remainders"
[params]
n = 3
[vars]
c = { index = "0..n-1", domain = "0..10" }
[functions]
near = "(a, b) => if abs(a - b) == 1 then 1 else 0"
[constraints]
rising = "c[0] < c[1]"
no_one = "c[2] % 3 != 1"
[game]
code   = "c"
answer = "(s, g) => [count(s[i] != g[i] for i in 0..n-1), sum(near(s[i], g[i]) for i in 0..n-1), (sum(s[i] for i in 0..n-1) - sum(g)) % 3, (s[0] * g[1] - g[0] * s[1]) / 16, if s[2] > g[2] then 1 else if s[2] < g[2] then -1 else 0, max(min(s[0], g[0]), 2) - max(max(s[0], g[0]), 2)]"
win    = "[0, 0, 0, 0, 0, 0]"
show   = "{join(answer, '/')}"
"#;

/// SIGNS's answer in plain Rust (`%` and `/` truncate, as Rust's do).
fn signs_answer(s: &[i64], g: &[i64]) -> Vec<i64> {
    let differ = (0..3).filter(|&i| s[i] != g[i]).count() as i64;
    let near = (0..3).filter(|&i| (s[i] - g[i]).abs() == 1).count() as i64;
    let sums = (s.iter().sum::<i64>() - g.iter().sum::<i64>()) % 3;
    let cross = (s[0] * g[1] - g[0] * s[1]) / 16;
    let sign = (s[2] - g[2]).signum();
    let clamp = s[0].min(g[0]).max(2) - s[0].max(g[0]).max(2);
    vec![differ, near, sums, cross, sign, clamp]
}

fn signs_codes() -> Vec<Vec<i64>> {
    let mut codes = Vec::new();
    for a in 0..=10 {
        for b in 0..=10 {
            for c in 0..=10 {
                if a < b && c % 3 != 1 {
                    codes.push(vec![a, b, c]);
                }
            }
        }
    }
    codes
}

/// Every strategy over every secret of a small game, against the
/// simulations in this file (first consistent over the codes in increasing
/// order, which is the spec's default search order; the look-ahead rules
/// over the brute-force answer matrix); and one `--secret` game with each
/// strategy, its answers shown by the spec's `show` from the brute-force
/// answer.
fn check_small_game(
    spec: &TempSpec,
    codes: &[Vec<i64>],
    digits: bool,
    answer: fn(&[i64], &[i64]) -> Vec<i64>,
    show: fn(&[i64]) -> String,
    secret: &[i64],
) {
    let names: Vec<String> = codes.iter().map(|c| written(c, digits)).collect();
    let first = first_consistent_depths(codes, |s: &Vec<i64>, g: &Vec<i64>| answer(s, g));
    assert_eq!(
        all_secrets(spec.path(), "first"),
        record_text(&first, &names),
        "first"
    );
    let matrix = Matrix::of_game(codes, |s: &Vec<i64>, g: &Vec<i64>| answer(s, g));
    for (name, look) in [
        ("minimax", Look::Minimax),
        ("expected", Look::Expected),
        ("entropy", Look::Entropy),
    ] {
        let depths = matrix.lookahead_depths(look);
        assert_eq!(
            all_secrets(spec.path(), name),
            record_text(&depths, &names),
            "{name}"
        );
    }
    let secret_vec = secret.to_vec();
    let secret_name = written(secret, digits);
    for name in ["first", "minimax", "expected", "entropy"] {
        let played = guesser(spec.path(), &secret_name, name);
        for (guess, shown) in &played {
            let g = read_code(guess);
            assert_eq!(
                *shown,
                show(&answer(&secret_vec, &g)),
                "{name}: secret {secret_name}, guess {guess}"
            );
        }
    }
    let played = guesser(spec.path(), &secret_name, "first");
    let s = codes
        .iter()
        .position(|c| c[..] == secret[..])
        .expect("a code");
    assert_eq!(played.len() as u32, first[s]);
}

/// The NEAR game (list answer with count, sum and abs; repeats allowed):
/// every strategy matches the simulations.
#[test]
fn near_misses_game_matches_simulation() {
    let spec = TempSpec::new("game-near", NEAR);
    let mut codes = Vec::new();
    for a in 1..=4 {
        for b in 1..=4 {
            for c in 1..=4 {
                codes.push(vec![a, b, c]);
            }
        }
    }
    check_small_game(
        &spec,
        &codes,
        true,
        near_answer,
        |a| format!("{} exact, distance {}", a[0], a[1]),
        &[3, 2, 1],
    );
}

/// The SIGNS game (constraints on the codes, values above 9, six answer
/// values from a function, `if`, `min`, `max`, signed `%` and `/`): every
/// strategy matches the simulations.
#[test]
fn signs_and_remainders_game_matches_simulation() {
    let spec = TempSpec::new("game-signs", SIGNS);
    let codes = signs_codes();
    assert_eq!(codes.len(), 385);
    check_small_game(
        &spec,
        &codes,
        false,
        signs_answer,
        |a| a.iter().map(i64::to_string).collect::<Vec<_>>().join("/"),
        &[3, 10, 9],
    );
}

// ---------------------------------------------------------------------
// Mastermind: codes of texts, a fixed opening
// ---------------------------------------------------------------------

const COLOURS: [&str; 6] = ["red", "green", "blue", "yellow", "white", "black"];

/// Knuth's opening, 1122, in specs/mastermind.toml's colours.
const KNUTH_OPENING: &str = "red,red,green,green";

/// The 1296 Mastermind codes (4 pegs of 6 colours, by their index in
/// [`COLOURS`]), in increasing order.
fn mastermind_codes() -> Vec<[usize; 4]> {
    (0..1296)
        .map(|n| [n / 216, n / 36 % 6, n / 6 % 6, n % 6])
        .collect()
}

/// Black and white pegs by their definition: the positions that agree;
/// per colour the fewer of its pegs in either code, less the blacks.
fn black_white(secret: &[usize; 4], guess: &[usize; 4]) -> (usize, usize) {
    let black = (0..4).filter(|&i| secret[i] == guess[i]).count();
    let common: usize = (0..6)
        .map(|c| {
            let count = |code: &[usize; 4]| code.iter().filter(|&&v| v == c).count();
            count(secret).min(count(guess))
        })
        .sum();
    (black, common - black)
}

fn mastermind_name(code: &[usize; 4]) -> String {
    let texts: Vec<&str> = code.iter().map(|&v| COLOURS[v]).collect();
    texts.join(",")
}

fn mastermind_index(name: &str) -> usize {
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
fn mastermind_from_an_opening_matches_the_simulations() {
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
fn every_strategy_opens_with_the_opening() {
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
fn codes_of_texts_are_read_and_written_as_texts() {
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
fn opening_errors() {
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
