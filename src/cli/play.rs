//! `solve play FILE`: a guessing game from the spec's `[game]` section.
//! Without `--secret` the computer is the setter: it picks a secret and
//! answers guesses read from stdin, one per line. With `--secret CODE` it
//! is the guesser, and with `--all-secrets` it plays every secret and
//! prints how its strategy did.

use super::args::Threads;
use super::output::Printer;
use super::plot::PlotArg;
use super::{EXIT_FOUND, EXIT_NONE, Run, SpecArgs, TimeLimit, choices, pick, usage};
use solve::compile::Compiled;
use solve::game::{Game, Record, STRATEGIES, Strategy};
use solve::random::Rng;
use solve::session::Session;
use solve::stop::Stop;
use std::io::{BufRead, IsTerminal as _, Read as _};
use std::path::PathBuf;
use std::time::Instant;

/// What `solve play` takes.
#[derive(Debug, clap::Args)]
pub(crate) struct PlayArgs {
    /// The spec file.
    file: PathBuf,
    #[command(flatten)]
    spec: SpecArgs,
    /// The computer guesses this code: its values joined (7412) or
    /// separated by commas (7,4,1,12).
    #[arg(long, value_name = "CODE", conflicts_with = "all_secrets")]
    secret: Option<String>,
    /// Play every secret; print the average and maximum number of
    /// guesses, the histogram and the hardest secrets.
    #[arg(long)]
    all_secrets: bool,
    /// How the computer guesses: first (the first code consistent with
    /// every answer, in the spec's search order; the default), minimax
    /// (smallest largest class of codes left), expected (smallest
    /// expected class), entropy (most information).
    #[arg(long, value_name = "NAME", value_parser = choices(STRATEGIES))]
    strategy: Option<String>,
    /// The computer's first guess, whatever the strategy (in place of
    /// the spec's `[game] opening`), written as --secret is.
    #[arg(long, value_name = "CODE")]
    opening: Option<String>,
    /// With --all-secrets: the figures as one JSON object.
    #[arg(long, requires = "all_secrets")]
    json: bool,
    /// With --all-secrets: also draw the histogram of guesses per secret.
    #[command(flatten)]
    plot: PlotArg,
    #[command(flatten)]
    pub time: TimeLimit,
    // With --all-secrets: the tree of guesses and the look-ahead
    // strategies' answers between every two codes.
    #[command(flatten)]
    threads: Threads,
}

pub(super) fn run(args: &PlayArgs, stop: &Stop) -> Run {
    if args.plot.plot.is_some() && !args.all_secrets {
        return Err(usage(
            "--plot draws the histogram of every secret's guesses: give it with --all-secrets"
                .to_string(),
        ));
    }
    let (Compiled { lowered, run }, sources) = super::compiled(&args.file, &args.spec, true, stop)?;
    let mut session = Session::new(lowered, sources);
    session.set_stop(stop.clone());
    let threads = args.threads.resolve(&run);
    let mut game = Game::new(session)?;
    game.set_threads(threads);
    let strategy = pick(STRATEGIES, &args.strategy).unwrap_or(Strategy::First);
    if let Some(text) = args.opening.as_deref() {
        let opening = game
            .parse_code(text)
            .map_err(|m| usage(format!("--opening: {m}")))?;
        game.set_opening(opening);
    }
    if args.all_secrets {
        return all_secrets(&mut game, strategy, args);
    }
    if let Some(text) = args.secret.as_deref() {
        let secret = game
            .parse_code(text)
            .map_err(|m| usage(format!("--secret: {m}")))?;
        return guesser(&mut game, secret, strategy);
    }
    if args.opening.is_some() {
        return Err(usage(
            "--opening is the computer's first guess: give it with --secret CODE or --all-secrets"
                .to_string(),
        ));
    }
    if args.strategy.is_some() {
        return Err(usage(
            "--strategy is how the computer guesses: give it with --secret CODE or --all-secrets"
                .to_string(),
        ));
    }
    setter(&mut game, args.spec.seed)
}

/// The computer guesses `secret`: one line per guess, then `N guesses`.
fn guesser(game: &mut Game, secret: usize, strategy: Strategy) -> Run {
    let moves = game.play(secret, strategy)?;
    let mut out = Printer::new(false);
    for (guess, answer) in &moves {
        out.line(&format!(
            "{} -> {}",
            game.format_code(game.code(*guess)),
            game.show(answer)
        ));
    }
    out.line(&plural(moves.len(), "guess"));
    out.finish(EXIT_FOUND)
}

fn plural(n: usize, word: &str) -> String {
    solve::diagnostic::counted_as(n as u64, word, &format!("{word}es"))
}

/// The computer picks a secret and answers the guesses read from stdin.
/// Exit 0 once a guess wins, 1 when the input ends first.
fn setter(game: &mut Game, seed: Option<u64>) -> Run {
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64 | 1)
    });
    let secret = Rng::new(seed).below(game.len() as u64) as usize;
    let mut out = Printer::new(false);
    out.line(&format!(
        "I have chosen a secret among {}. Your guess (e.g. {}), one per line (quit to give up):",
        solve::diagnostic::counted(game.len() as u64, "code"),
        game.format_code(game.code(0))
    ));
    out.flush();
    let mut guesses = 0;
    let mut stdin = std::io::stdin().lock();
    while let Some(line) = read_guess(&mut stdin)? {
        if line.trim().is_empty() {
            continue;
        }
        if ["quit", "exit", "q"].contains(&line.trim().to_lowercase().as_str()) {
            break;
        }
        match game.parse_code(&line) {
            Err(message) => out.line(&format!("{message}; try again")),
            Ok(guess) => {
                guesses += 1;
                let code = game.code(guess).to_vec();
                let answer = game.answer(secret, &code)?;
                out.line(&format!(
                    "{} -> {}",
                    game.format_code(&code),
                    game.show(&answer)
                ));
                if game.is_win(&answer) {
                    out.line(&format!("You got it in {}.", plural(guesses, "guess")));
                    return out.finish(EXIT_FOUND);
                }
            }
        }
        out.flush();
        if out.failed() {
            break;
        }
    }
    out.line(&format!(
        "The secret was {} ({} made).",
        game.format_code(game.code(secret)),
        plural(guesses, "guess")
    ));
    out.finish(EXIT_NONE)
}

/// Longest guess line read (a code is a few words; this stops a stream
/// without newlines, `< /dev/zero`, from being read without end).
const MAX_GUESS_LINE: u64 = 64 << 10;

/// The next line of stdin, without its newline; `None` at the end of the
/// input. A line longer than [`MAX_GUESS_LINE`] or not UTF-8 is an error.
fn read_guess(input: &mut impl BufRead) -> Result<Option<String>, solve::diagnostic::Error> {
    let mut bytes = Vec::new();
    let read = input
        .take(MAX_GUESS_LINE + 1)
        .read_until(b'\n', &mut bytes)
        .map_err(|e| usage(format!("cannot read a guess: {e}")))?;
    if read == 0 {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        let _ = bytes.pop();
    } else if bytes.len() as u64 > MAX_GUESS_LINE {
        return Err(usage(format!(
            "a guess line is longer than {} KiB: the input is not guesses, one per line",
            MAX_GUESS_LINE >> 10
        )));
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| usage("a guess line is not UTF-8 text"))
}

/// Every secret: average, maximum, histogram and the hardest secrets.
fn all_secrets(game: &mut Game, strategy: Strategy, args: &PlayArgs) -> Run {
    let terminal = std::io::stderr().is_terminal();
    let mut last = Instant::now();
    let record = game.play_all(strategy, &mut |done, total| {
        if terminal && (last.elapsed().as_millis() >= 100 || done == total) {
            last = Instant::now();
            eprint!("\rplayed {done} of {total} secrets");
            if done == total {
                eprint!("\r\x1b[K");
            }
        }
    })?;
    let json = args.json;
    let mut out = Printer::new(json);
    if json {
        out.line(&game.record_json(&record).to_string());
    } else {
        for line in record_lines(game, &record) {
            out.line(&line);
        }
    }
    // Drawn once the figures are printed: a file that cannot be written
    // loses none of them.
    out.flush();
    if let Some(path) = &args.plot.plot {
        let what = format!(
            "{}, {} strategy: average {:.4}, maximum {}",
            solve::diagnostic::counted(record.secrets() as u64, "secret"),
            strategy.name(),
            record.total() as f64 / record.secrets() as f64,
            record.maximum()
        );
        let title = super::plot::title(&args.file, &args.spec.params.set, &what);
        let svg = super::plot::histogram(&title, "guesses", "secrets", 1, &record.histogram())?;
        super::plot::write(path, &svg)?;
    }
    out.finish(EXIT_FOUND)
}

fn record_lines(game: &Game, record: &Record) -> Vec<String> {
    let (p, q) = record.average();
    let mut lines = vec![
        format!(
            "average {:.4} ({p}/{q})",
            record.total() as f64 / record.secrets() as f64
        ),
        format!("maximum {}", record.maximum()),
    ];
    for (k, count) in record.histogram().iter().enumerate() {
        lines.push(format!("guesses {}: {count}", k + 1));
    }
    let hardest: Vec<String> = record
        .hardest()
        .iter()
        .map(|&i| game.format_code(game.code(i)))
        .collect();
    lines.push(super::output::listed("hardest", &hardest));
    lines
}
