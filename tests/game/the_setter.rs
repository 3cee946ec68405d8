//! The setter.

use super::*;

/// Runs the setter, `solve play FILE --seed SEED`, with `input` on stdin;
/// returns (stdout, stderr, exit code).
pub(super) fn setter(file: &str, seed: u64, input: String) -> (String, String, i32) {
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
pub(super) struct SetterLog {
    /// Lines answering a malformed or impossible guess.
    pub(super) rejected: Vec<String>,
    /// Valid guesses with their answers.
    pub(super) answers: Vec<(String, String)>,
    /// The last line.
    pub(super) end: String,
}

pub(super) fn read_session(stdout: &str) -> SetterLog {
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
pub(super) fn setter_answers_until_the_secret_is_found() {
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
pub(super) fn setter_reveals_the_secret_when_input_ends() {
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
pub(super) fn setter_answers_each_guess_at_once() {
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
