//! `klass config example` and `klass config check`.

use super::Cli;
use clap::Subcommand;
use std::process::ExitCode;

/// Configuration helpers.
#[derive(Debug, Subcommand)]
pub enum ConfigCommand {
    /// Print a commented configuration file with every key and its default.
    Example,
    /// Validate the configuration (file, KLASS_* variables) and print the effective values,
    /// secrets hidden.
    Check,
}

pub fn run(command: &ConfigCommand, cli: &Cli) -> anyhow::Result<ExitCode> {
    match command {
        ConfigCommand::Example => print!("{}", crate::config::EXAMPLE),
        ConfigCommand::Check => {
            let config = cli.load_config()?;
            eprintln!("Настройки в порядке.");
            print!("{}", config.to_redacted_toml());
        }
    }
    Ok(ExitCode::SUCCESS)
}
