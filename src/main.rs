use clap::Parser as _;
use std::process::ExitCode;

/// Deeply nested expressions recurse deeply: run on a generous stack
/// (only the pages it touches are ever allocated).
const STACK_BYTES: usize = 512 << 20;

fn main() -> ExitCode {
    let cli = match solve::cli::Cli::try_parse() {
        Ok(cli) => cli,
        // `--help`, `--version` and usage errors, whose output is checked.
        Err(e) => return ExitCode::from(solve::cli::parse_failure(&e)),
    };
    // A panic is a bug in solve, never the user's mistake: say so, with
    // where it happened, and exit with a code of its own.
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".to_string());
        let place = info
            .location()
            .map(|l| format!(" at {}:{}:{}", l.file(), l.line(), l.column()))
            .unwrap_or_default();
        solve::cli::report_internal_error(&format!("{message}{place}"));
    }));
    // Ctrl-C, SIGTERM (`timeout`, Slurm, Kubernetes) and SIGHUP stop the
    // search like a limit: what was found is printed (a partial count, the
    // best solution, the stats marked partial) and the exit code is 3. A
    // second signal ends the process at once (exit 128 + the signal).
    use solve::engine::deadline::{SIGHUP, SIGINT, SIGTERM, interrupt};
    if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
        let _ = std::thread::Builder::new()
            .name("signals".to_string())
            .spawn(move || {
                for signal in signals.forever() {
                    if interrupt(signal) {
                        std::process::exit(128 + signal);
                    }
                }
            });
    }
    let worker = std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(move || solve::cli::run(&cli));
    match worker.map(|w| w.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        Ok(Err(_panicked)) => ExitCode::from(solve::cli::EXIT_INTERNAL),
        Err(e) => {
            solve::cli::report_internal_error(&format!("cannot start the solver thread: {e}"));
            ExitCode::from(solve::cli::EXIT_INTERNAL)
        }
    }
}
