use clap::Parser as _;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = solve::cli::Cli::parse();
    ExitCode::from(solve::cli::run(&cli))
}
