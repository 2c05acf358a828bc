//! The `klass` binary: parse the command line, start logging, run the command.

use clap::Parser;
use klass::cli::Command;
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = klass::cli::Cli::parse();
    // The server logs its work; one-off commands speak only of problems.
    let default_level = if matches!(cli.command, Command::Serve(_)) {
        "info"
    } else {
        "warn"
    };
    let log_guard = klass::cli::logging::start(default_level);
    let outcome = klass::cli::run(cli).await;
    drop(log_guard);
    match outcome {
        Ok(code) => code,
        Err(err) => {
            eprintln!("ошибка: {err:#}");
            ExitCode::FAILURE
        }
    }
}
