//! `klass mail test --to ADDRESS`: sends a test mail straight through the configured transport
//! (not through the database, so it works while the server runs).

use crate::config::Config;
use crate::domain::Email;
use crate::mail::{self, MailContext, MailDraft, MailKind, Transport};
use clap::Subcommand;
use jiff::Timestamp;
use std::process::ExitCode;

/// Mail commands.
#[derive(Debug, Subcommand)]
pub enum MailCommand {
    /// Send a test mail to check the [mail] settings.
    Test {
        /// The recipient.
        #[arg(long)]
        to: String,
    },
}

/// Runs a mail command, reporting in Russian; exit code 1 when the mail did not go out.
pub async fn run(command: &MailCommand, config: &Config) -> anyhow::Result<ExitCode> {
    let MailCommand::Test { to } = command;
    let Ok(to) = Email::parse(to) else {
        eprintln!("Некорректный адрес получателя: {to}");
        return Ok(ExitCode::FAILURE);
    };
    let ctx = MailContext::from_config(config);
    let draft = MailDraft {
        to,
        to_name: None,
        user_id: None,
        kind: MailKind::Test,
        link: format!("{}/", ctx.public_url),
        valid_minutes: None,
        title: None,
        body: None,
    };
    let record = mail::compose(&ctx, draft);
    let sent = match mail::message_of(&record) {
        Ok(message) => {
            let name = format!("test-{}", Timestamp::now().as_millisecond());
            Transport::from_config(config).send(&message, &name).await
        }
        Err(err) => Err(err),
    };
    match sent {
        Ok(delivery) => {
            println!("{delivery}");
            Ok(ExitCode::SUCCESS)
        }
        Err(err) => {
            eprintln!("Письмо не отправлено: {err}");
            Ok(ExitCode::FAILURE)
        }
    }
}
