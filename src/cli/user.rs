//! `klass user create|set-password|list`: account administration straight in the database.

use crate::config::Config;
use crate::domain::activity::Origin;
use crate::domain::{Password, Role};
use crate::mail::Mailer;
use crate::service::journal::Journal;
use crate::service::users::{self, UserInput};
use crate::store::Store;
use clap::Subcommand;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;

/// Account commands. They open the database file, so the server must be stopped.
#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Create a user. The password is read from stdin with --password-stdin, otherwise
    /// generated and printed once.
    Create {
        #[arg(long)]
        email: String,
        /// A role: manager, worker, student or parent. Repeat for several.
        #[arg(long = "role", required = true)]
        roles: Vec<String>,
        #[arg(long)]
        last_name: String,
        #[arg(long)]
        first_name: String,
        #[arg(long)]
        middle_name: Option<String>,
        /// Read the password from the first line of stdin.
        #[arg(long)]
        password_stdin: bool,
    },
    /// Set a user's password (read from stdin with --password-stdin, otherwise generated).
    SetPassword {
        #[arg(long)]
        email: String,
        #[arg(long)]
        password_stdin: bool,
    },
    /// List users, optionally only those with a role.
    List {
        #[arg(long)]
        role: Option<Role>,
    },
}

pub fn run(command: &UserCommand, config: &Config) -> anyhow::Result<ExitCode> {
    let store = Store::open(&config.data_dir, config.storage.cache_mb)?;
    // Changes from the command line are logged without a person or an address.
    let journal = Journal::new(Arc::new(config.clone()), Mailer::new(), Origin::default());
    match command {
        UserCommand::Create {
            email,
            roles,
            last_name,
            first_name,
            middle_name,
            password_stdin,
        } => {
            let (password, generated) = password(*password_stdin)?;
            let input = UserInput {
                email: email.clone(),
                last_name: last_name.clone(),
                first_name: first_name.clone(),
                middle_name: middle_name.clone(),
                roles: roles.clone(),
            };
            let user = users::create(&store, &journal, &input, &password)?;
            println!(
                "Создан пользователь #{} {} <{}>",
                user.id.0,
                user.full_name(),
                user.email
            );
            announce(&password, generated);
        }
        UserCommand::SetPassword { email, password_stdin } => {
            let (password, generated) = password(*password_stdin)?;
            let user = users::set_password(&store, &journal, email, &password)?;
            println!("Пароль пользователя {} <{}> изменён", user.full_name(), user.email);
            announce(&password, generated);
        }
        UserCommand::List { role } => {
            let mut out = std::io::stdout().lock();
            for user in users::list(&store, *role)? {
                let roles: Vec<_> = user.roles.iter().map(|r| r.as_str()).collect();
                let line = writeln!(
                    out,
                    "{}\t{}\t{}\t{}",
                    user.id.0,
                    user.email,
                    user.full_name(),
                    roles.join(",")
                );
                // A reader that stopped early (`| head`) is not an error.
                match line {
                    Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => break,
                    other => other?,
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The password from stdin, or a generated one (the flag says which).
fn password(from_stdin: bool) -> anyhow::Result<(Password, bool)> {
    if !from_stdin {
        return Ok((Password::generate(), true));
    }
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line)?;
    let text = line.trim_end_matches(['\r', '\n']);
    Ok((Password::parse(text)?, false))
}

fn announce(password: &Password, generated: bool) {
    if generated {
        println!("Пароль (показан один раз): {}", password.reveal());
    }
}
