//! Games of other shapes.

use super::*;

/// Three values in 1..4, repeats allowed (64 codes); the answer is a list:
/// exact matches and the sum of the distances.
pub(super) const NEAR: &str = r#"
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

pub(super) fn near_answer(s: &[i64], g: &[i64]) -> Vec<i64> {
    let exact = (0..3).filter(|&i| s[i] == g[i]).count() as i64;
    let distance = (0..3).map(|i| (s[i] - g[i]).abs()).sum();
    vec![exact, distance]
}

/// Three values in 0..10 with c0 < c1 and c2 % 3 != 1 (385 codes, written
/// with commas); an answer of six values using a function, `if`, `min`,
/// `max`, `%` and `/` of differences that may be negative (C semantics).
pub(super) const SIGNS: &str = r#"
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
pub(super) fn signs_answer(s: &[i64], g: &[i64]) -> Vec<i64> {
    let differ = (0..3).filter(|&i| s[i] != g[i]).count() as i64;
    let near = (0..3).filter(|&i| (s[i] - g[i]).abs() == 1).count() as i64;
    let sums = (s.iter().sum::<i64>() - g.iter().sum::<i64>()) % 3;
    let cross = (s[0] * g[1] - g[0] * s[1]) / 16;
    let sign = (s[2] - g[2]).signum();
    let clamp = s[0].min(g[0]).max(2) - s[0].max(g[0]).max(2);
    vec![differ, near, sums, cross, sign, clamp]
}

pub(super) fn signs_codes() -> Vec<Vec<i64>> {
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
pub(super) fn check_small_game(
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
pub(super) fn near_misses_game_matches_simulation() {
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
pub(super) fn signs_and_remainders_game_matches_simulation() {
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
