//! The command line: `klass serve`, `healthcheck`, `user …`, `backup …`, `openapi`, `config …`.

mod backup;
mod config_cmd;
mod healthcheck;
mod log_format;
pub mod logging;
mod loopback_tls;
mod mail;
pub mod malloc;
mod money;
mod serve;
mod user;

use crate::config::{CONFIG_ENV, Config};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Klass: the administration portal of one school, in one file.
#[derive(Debug, Parser)]
#[command(name = "klass", version, about, long_about = None)]
pub struct Cli {
    /// Configuration file (TOML). Without it every key has its default.
    #[arg(long, global = true, env = CONFIG_ENV, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Data directory (overrides `data_dir` from the file and KLASS_DATA_DIR).
    #[arg(long, global = true, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

/// What to do.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the portal (the API and the web interface).
    Serve(serve::ServeArgs),
    /// Exit 0 only when the configured server answers its health check (for Docker).
    Healthcheck(healthcheck::HealthcheckArgs),
    /// Manage user accounts directly in the database (with the server stopped).
    #[command(subcommand)]
    User(user::UserCommand),
    /// Copies of the database: create, verify, list, restore.
    #[command(subcommand)]
    Backup(backup::BackupCommand),
    /// Check the mail settings (`mail test --to ADDRESS`).
    #[command(subcommand)]
    Mail(mail::MailCommand),
    /// Check the money ledger (`money verify`: every balance equals the sum of its entries).
    #[command(subcommand)]
    Money(money::MoneyCommand),
    /// Print the OpenAPI document of the API.
    Openapi,
    /// Print the example configuration or check a configuration file.
    #[command(subcommand)]
    Config(config_cmd::ConfigCommand),
}

impl Cli {
    /// The effective configuration: defaults, file, `KLASS_*` variables, then flags.
    fn load_config(&self) -> anyhow::Result<Config> {
        let mut config = Config::load(self.config.as_deref(), std::env::vars())?;
        if let Some(dir) = &self.data_dir {
            config.data_dir = dir.clone();
        }
        Ok(config)
    }
}

/// Runs the parsed command.
pub async fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match &cli.command {
        Command::Openapi => {
            println!("{}", crate::api::openapi_json());
            Ok(ExitCode::SUCCESS)
        }
        Command::Config(command) => config_cmd::run(command, &cli),
        Command::Serve(args) => serve::run(args, cli.load_config()?).await,
        Command::Healthcheck(args) => healthcheck::run(args, &cli.load_config()?),
        Command::User(command) => user::run(command, &cli.load_config()?),
        Command::Backup(command) => backup::run(command, &cli.load_config()?),
        Command::Mail(command) => mail::run(command, &cli.load_config()?).await,
        Command::Money(command) => money::run(command, &cli.load_config()?),
    }
}
