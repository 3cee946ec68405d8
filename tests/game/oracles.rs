//! Oracles.

use super::*;

pub(super) type Moo = [i64; 4];

/// The 5040 bulls-and-cows codes (4 distinct digits), in increasing order.
pub(super) fn moo_codes() -> Vec<Moo> {
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
pub(super) fn bulls_cows(secret: &[i64], guess: &[i64]) -> (i64, i64) {
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
pub(super) fn moo_show(secret: &[i64], guess: &[i64]) -> String {
    let (b, c) = bulls_cows(secret, guess);
    let plural = |n: i64| if n == 1 { "" } else { "s" };
    format!("{b} bull{}, {c} cow{}", plural(b), plural(c))
}

/// A code as `solve play` writes it: digits side by side when every value
/// of the game is a digit, otherwise separated by commas.
pub(super) fn written(code: &[i64], digits: bool) -> String {
    let items: Vec<String> = code.iter().map(i64::to_string).collect();
    items.join(if digits { "" } else { "," })
}

/// Reads a code written as `7412` or `3,10,2`.
pub(super) fn read_code(text: &str) -> Vec<i64> {
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
pub(super) fn first_consistent_depths<C, A: PartialEq>(
    codes: &[C],
    answer: impl Fn(&C, &C) -> A,
) -> Vec<u32> {
    first_consistent_depths_after(codes, None, answer)
}

/// [`first_consistent_depths`] whose first guess is `opening` (an index)
/// when one is given.
pub(super) fn first_consistent_depths_after<C, A: PartialEq>(
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
pub(super) enum Look {
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
pub(super) struct Scratch {
    /// Per answer id, the size of its class (all 0 between guesses).
    pub(super) counts: Vec<u32>,
    /// Per code, whether it is still possible (all false between calls).
    pub(super) in_set: Vec<bool>,
    /// `c ln c` for every class size `c` (0 for 0 and 1).
    pub(super) n_ln_n: Vec<f64>,
}

pub(super) struct Matrix {
    pub(super) n: usize,
    pub(super) answers: usize,
    pub(super) ids: Vec<u16>,
}

impl Matrix {
    pub(super) fn build(n: usize, answers: usize, id: impl Fn(usize, usize) -> u16) -> Matrix {
        let mut ids = Vec::with_capacity(n * n);
        for g in 0..n {
            for s in 0..n {
                ids.push(id(s, g));
            }
        }
        Matrix { n, answers, ids }
    }

    /// The matrix of a small game given by its answer function.
    pub(super) fn of_game<C>(codes: &[C], answer: impl Fn(&C, &C) -> Vec<i64>) -> Matrix {
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

    pub(super) fn scratch(&self) -> Scratch {
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

    pub(super) fn id(&self, secret: usize, guess: usize) -> usize {
        usize::from(self.ids[guess * self.n + secret])
    }

    /// The look-ahead guess for the codes `possible` (in order): the best
    /// score, ties to a code still possible, then to the first.
    pub(super) fn choose(&self, possible: &[usize], look: Look, scratch: &mut Scratch) -> usize {
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
    pub(super) fn lookahead_depths(&self, look: Look) -> Vec<u32> {
        self.lookahead_depths_after(look, None)
    }

    /// [`Matrix::lookahead_depths`] whose first guess is `opening` (an
    /// index) when one is given.
    pub(super) fn lookahead_depths_after(&self, look: Look, opening: Option<usize>) -> Vec<u32> {
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
    pub(super) fn lookahead_game(&self, secret: usize, look: Look) -> Vec<usize> {
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
pub(super) fn moo_matrix() -> &'static Matrix {
    static MATRIX: OnceLock<Matrix> = OnceLock::new();
    MATRIX.get_or_init(|| {
        let codes = moo_codes();
        Matrix::build(codes.len(), 25, |s, g| {
            let (b, c) = bulls_cows(&codes[s], &codes[g]);
            (5 * b + c) as u16
        })
    })
}

pub(super) fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// What `--all-secrets` must print for these guess counts per secret
/// (`names[i]` is secret i as written).
pub(super) fn record_text(depths: &[u32], names: &[String]) -> String {
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
pub(super) fn all_secrets(file: &str, strategy: &str) -> String {
    let args = ["play", file, "--all-secrets", "--strategy", strategy];
    let (stdout, stderr, code) = solve(&args);
    assert_eq!(code, 0, "solve {args:?}\nstderr:\n{stderr}");
    stdout.trim_end().to_string()
}

/// Runs the guesser, `solve play FILE --secret S --strategy T`, and
/// returns its guesses with their answers as printed; checks the closing
/// `N guesses` line.
pub(super) fn guesser(file: &str, secret: &str, strategy: &str) -> Vec<(String, String)> {
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
pub(super) fn check_moo_answers(secret: &str, played: &[(String, String)]) {
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
pub(super) fn plural_guesses(n: usize) -> String {
    if n == 1 {
        "1 guess".to_string()
    } else {
        format!("{n} guesses")
    }
}

pub(super) fn guesses_of(played: &[(String, String)]) -> Vec<&str> {
    played.iter().map(|(g, _)| g.as_str()).collect()
}

pub(super) fn moo_names() -> Vec<String> {
    moo_codes().iter().map(|c| written(c, true)).collect()
}
