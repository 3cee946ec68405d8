use clap::Parser as _;
use std::process::ExitCode;

/// Deeply nested expressions recurse deeply: run on a generous stack
/// (only the pages it touches are ever allocated).
const STACK_BYTES: usize = 512 << 20;

fn main() -> ExitCode {
    let cli = solve::cli::Cli::parse();
    let worker = std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(move || solve::cli::run(&cli))
        .expect("cannot start the solver thread");
    ExitCode::from(worker.join().unwrap_or(solve::cli::EXIT_ERROR))
}
