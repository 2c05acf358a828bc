//! The `klass` binary: parse the command line, start logging, run the command.

use clap::Parser;
use klass::cli::Command;
use std::io::{BufWriter, IsTerminal};
use std::process::ExitCode;
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = klass::cli::Cli::parse();
    // The server logs its work; one-off commands speak only of problems.
    let default_level = if matches!(cli.command, Command::Serve(_)) {
        "info"
    } else {
        "warn"
    };
    // Lines go to stderr from a thread of their own, many per write: a request pays for
    // formatting its line, not for a system call. None is dropped: 8,192 lines behind, a
    // request waits for the writer as it used to. Dropping the guard writes what is left.
    let (log_writer, log_guard) = tracing_appender::non_blocking::NonBlockingBuilder::default()
        .lossy(false)
        .buffered_lines_limit(8192)
        .finish(BufWriter::new(std::io::stderr()));
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_level)))
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(log_writer)
        .init();
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
