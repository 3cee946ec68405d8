//! Errors.

use super::*;

pub(super) fn moo_text() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/specs/moo.toml"))
        .expect("specs/moo.toml")
}

/// moo.toml with one line replaced (which must be there).
pub(super) fn moo_with(line: &str, replacement: &str) -> String {
    let text = moo_text();
    assert!(text.contains(line), "moo.toml has no line {line:?}");
    text.replace(line, replacement)
}

pub(super) const MOO_ANSWER: &str =
    "answer = \"(secret, guess) => [bulls(secret, guess), cows(secret, guess)]\"";
pub(super) const MOO_WIN: &str = "win    = \"[digits, 0]\"";

/// Asserts exit 2, an `error: ` message containing `needle`, no output.
pub(super) fn assert_rejected(args: &[&str], needle: &str) {
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
pub(super) fn game_spec_errors() {
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
pub(super) fn play_usage_errors() {
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
pub(super) fn win_only_for_the_secret() {
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
