//! The `klass` binary: parse the command line, start logging, run the command.

use clap::Parser;
use klass::cli::Command;
use std::process::ExitCode;

fn main() -> ExitCode {
    // Before the runtime's threads exist: glibc reads its arena limit as each thread first allocates.
    klass::cli::malloc::keep_few_arenas();
    match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime.block_on(run()),
        Err(err) => {
            eprintln!("ошибка: не удалось запустить: {err}");
            ExitCode::FAILURE
        }
    }
}

/// Parses the command line and runs the command.
async fn run() -> ExitCode {
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
