//! The `solve` binary: the front ends over the library. [`cli`] is the
//! command line (every subcommand a client of the driver and the
//! session), [`lsp`] the editor's language server (`solve lsp`). Their
//! crates (clap, lsp-server, plotters, signal-hook) come with the `cli`
//! feature and are no part of the library. Here: the solver thread's
//! stack, the panic hook and the signals that stop a run.

mod cli;
mod lsp;

use clap::Parser as _;
use std::process::ExitCode;

/// Deeply nested expressions recurse deeply: run on a generous stack
/// (only the pages it touches are ever allocated).
const STACK_BYTES: usize = 512 << 20;

/// The least stack the solver thread runs on (the deepest nesting the
/// parser accepts, 1,000 brackets, needs far less).
const LEAST_STACK_BYTES: usize = 16 << 20;

/// The solver thread's stack: [`STACK_BYTES`], or a quarter of an
/// address-space limit (`ulimit -v`) when that is less, so that threads
/// and memory keep the rest.
fn stack_bytes() -> usize {
    let quarter = solve::host::address_space_limit().map_or(usize::MAX, |l| (l / 4) as usize);
    STACK_BYTES.min(quarter).max(LEAST_STACK_BYTES)
}

fn main() -> ExitCode {
    solve::host::fit_address_space_limit();
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        // `--help`, `--version` and usage errors, whose output is checked.
        Err(e) => return ExitCode::from(cli::parse_failure(&e)),
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
        cli::report_internal_error(&format!("{message}{place}"));
    }));
    // Ctrl-C, SIGTERM (`timeout`, Slurm, Kubernetes) and SIGHUP stop the
    // search like a limit: what was found is printed (a partial count, the
    // best solution, the stats marked partial) and the exit code is 3. A
    // second signal ends the process at once (exit 128 + the signal).
    // The signals raise the run's cancel flag, part of its stop token,
    // with the words that say which came.
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let cancel = std::sync::Arc::new(solve::stop::Cancel::new());
    if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
        let cancel = std::sync::Arc::clone(&cancel);
        let _ = std::thread::Builder::new()
            .name("signals".to_string())
            .spawn(move || {
                for signal in signals.forever() {
                    let why = match signal {
                        SIGTERM => "terminated (SIGTERM)",
                        SIGHUP => "hung up (SIGHUP)",
                        _ => "interrupted (Ctrl-C)",
                    };
                    if cancel.cancel(why) {
                        std::process::exit(128 + signal);
                    }
                }
            });
    }
    let stack = stack_bytes();
    let worker = std::thread::Builder::new()
        .stack_size(stack)
        .spawn(move || cli::run(&cli, cancel));
    match worker.map(|w| w.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        Ok(Err(_panicked)) => ExitCode::from(cli::EXIT_INTERNAL),
        // Not a bug: the machine's limits leave no room for the thread.
        Err(e) => {
            let limit = solve::host::address_space_limit()
                .map(|l| {
                    format!(
                        " (the address space is limited to {} MB: `ulimit -v`)",
                        l >> 20
                    )
                })
                .unwrap_or_default();
            eprintln!(
                "error: cannot start the solver's thread with a stack of {} MB: {e}{limit}\n  = help: raise the process's memory or thread limit",
                stack >> 20
            );
            ExitCode::from(cli::EXIT_ERROR)
        }
    }
}
