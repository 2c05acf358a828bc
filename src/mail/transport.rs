//! Where mail goes (`mail.transport`): `.eml` files in the outbox, an SMTP server through
//! lettre, or nowhere. Builds the RFC 5322 message (text + HTML, UTF-8) of a stored mail.

use super::MailRecord;
use crate::config::{Config, MailTransport, SmtpTls};
use lettre::message::{Mailbox, MultiPart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{Address, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// The last error recorded when sending is switched off.
pub const DISABLED: &str = "Отправка почты отключена (mail.transport = none)";
/// How long the SMTP server may keep the client waiting (connecting, or for an answer).
pub(super) const SMTP_TIMEOUT: Duration = Duration::from_secs(20);
/// Longest error text kept in the history.
const MAX_ERROR_CHARS: usize = 300;

/// A configured way out for mail.
pub enum Transport {
    /// Writes each mail as `<outbox>/<name>.eml`.
    File { outbox: PathBuf },
    /// Sends through an SMTP server; `server` is `host:port` for messages.
    Smtp {
        client: AsyncSmtpTransport<Tokio1Executor>,
        server: String,
    },
    /// Sends nothing (`mail.transport = none`).
    Disabled,
    /// The SMTP settings cannot be used; every attempt fails with this reason (and is retried,
    /// so fixing the settings and restarting sends the mail).
    Misconfigured(String),
}

/// Where a sent mail went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// Written to this file.
    File(PathBuf),
    /// Accepted by this SMTP server (`host:port`).
    Smtp(String),
}

impl fmt::Display for Delivery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Delivery::File(path) => write!(f, "Письмо записано в файл {}", path.display()),
            Delivery::Smtp(server) => write!(f, "Письмо отправлено через smtp {server}"),
        }
    }
}

/// Why a mail did not go out: a short text for the history (no secrets), and whether trying
/// again cannot help.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SendError {
    pub message: String,
    pub permanent: bool,
}

impl SendError {
    fn retry(message: impl fmt::Display) -> Self {
        Self {
            message: shorten(&message.to_string()),
            permanent: false,
        }
    }

    fn give_up(message: impl fmt::Display) -> Self {
        Self {
            message: shorten(&message.to_string()),
            permanent: true,
        }
    }
}

/// One line, at most `MAX_ERROR_CHARS` characters.
fn shorten(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match line.char_indices().nth(MAX_ERROR_CHARS) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line,
    }
}

impl Transport {
    /// The transport `config.mail` describes; the outbox is `<data_dir>/outbox`.
    /// Call it inside a Tokio runtime (the SMTP connection pool starts a task).
    pub fn from_config(config: &Config) -> Self {
        match config.mail.transport {
            MailTransport::File => Transport::File {
                outbox: config.data_dir.join("outbox"),
            },
            MailTransport::None => Transport::Disabled,
            MailTransport::Smtp => {
                let smtp = &config.mail.smtp;
                let server = format!("{}:{}", smtp.host, smtp.port);
                let builder = match smtp.tls {
                    SmtpTls::None => Ok(AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&smtp.host)),
                    SmtpTls::Starttls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&smtp.host),
                    SmtpTls::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(&smtp.host),
                };
                match builder {
                    Ok(builder) => {
                        let mut builder = builder.port(smtp.port).timeout(Some(SMTP_TIMEOUT));
                        if !smtp.user.is_empty() {
                            builder = builder.credentials(Credentials::new(smtp.user.clone(), smtp.password.clone()));
                        }
                        Transport::Smtp {
                            client: builder.build(),
                            server,
                        }
                    }
                    Err(err) => Transport::Misconfigured(shorten(&format!("настройки mail.smtp ({server}): {err}"))),
                }
            }
        }
    }

    /// Sends `message`; the file transport names the file `<name>.eml`.
    pub async fn send(&self, message: &Message, name: &str) -> Result<Delivery, SendError> {
        match self {
            Transport::File { outbox } => {
                let path = outbox.join(format!("{name}.eml"));
                let partial = outbox.join(format!(".{name}.eml.partial"));
                let write = async {
                    tokio::fs::create_dir_all(outbox).await?;
                    // Written aside, then renamed: a reader never sees half a mail.
                    tokio::fs::write(&partial, message.formatted()).await?;
                    tokio::fs::rename(&partial, &path).await
                };
                match write.await {
                    Ok(()) => Ok(Delivery::File(path)),
                    Err(err) => Err(SendError::retry(format!(
                        "не удалось записать {}: {err}",
                        path.display()
                    ))),
                }
            }
            Transport::Smtp { client, server } => match client.send(message.clone()).await {
                Ok(_) => Ok(Delivery::Smtp(server.clone())),
                Err(err) => Err(SendError::retry(format!("{server}: {err}"))),
            },
            Transport::Disabled => Err(SendError::give_up(DISABLED)),
            Transport::Misconfigured(reason) => Err(SendError::retry(reason)),
        }
    }
}

/// The multipart/alternative (text + HTML) message of a stored mail, with the same Message-ID
/// on every attempt. An address lettre cannot use is a permanent error: trying again cannot help.
pub fn message_of(mail: &MailRecord) -> Result<Message, SendError> {
    let from: Mailbox = mail
        .from
        .parse()
        .map_err(|err| SendError::give_up(format!("адрес отправителя «{}» не годится: {err}", mail.from)))?;
    let to: Address = mail
        .to
        .parse()
        .map_err(|err| SendError::give_up(format!("адрес получателя «{}» не годится: {err}", mail.to)))?;
    Message::builder()
        .message_id(Some(message_id(mail, from.email.domain())))
        .from(from)
        .to(Mailbox::new(mail.to_name.clone(), to))
        .subject(mail.subject.clone())
        .multipart(MultiPart::alternative_plain_html(mail.text.clone(), mail.html.clone()))
        .map_err(|err| SendError::give_up(format!("письмо не собирается: {err}")))
}

/// The Message-ID of a mail: `<klass-mail-ID.CREATED@DOMAIN>`, made of its id, the millisecond
/// it was queued (ids start again in a new or restored database) and the sender's domain
/// (`localhost` when that is not plain ASCII). Every attempt carries the same one, so a server
/// that got a mail whose acceptance never reached us can tell the next attempt is a repeat.
fn message_id(mail: &MailRecord, domain: &str) -> String {
    let plain = !domain.is_empty()
        && domain
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.');
    let domain = if plain { domain } else { "localhost" };
    format!("<klass-mail-{}.{}@{domain}>", mail.id, mail.created_at.as_millisecond())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_are_one_short_line() {
        let long = format!("первая\nвторая {}", "я".repeat(400));
        let short = shorten(&long);
        assert!(short.starts_with("первая вторая"));
        assert_eq!(short.chars().count(), MAX_ERROR_CHARS + 1);
    }

    #[test]
    fn a_mail_has_one_message_id_made_of_its_id_and_the_senders_domain() {
        let ctx = crate::mail::MailContext {
            school_name: "Школа".into(),
            public_url: "http://school.local".into(),
            from: "Школа <noreply@School.ru>".into(),
        };
        let draft = crate::mail::MailDraft {
            to: crate::domain::Email::parse("anna@school.ru").expect("address"),
            to_name: None,
            user_id: None,
            kind: crate::mail::MailKind::Test,
            link: "http://school.local/".into(),
            valid_minutes: None,
            title: None,
            body: None,
        };
        let mail = MailRecord {
            id: crate::domain::MailId(42),
            ..crate::mail::compose(&ctx, draft)
        };
        let header = |message: &Message| {
            let raw = String::from_utf8(message.formatted()).expect("utf-8");
            let line = raw.lines().find(|l| l.starts_with("Message-ID: ")).map(str::to_owned);
            line.expect("a Message-ID header")
        };
        let first = header(&message_of(&mail).expect("message"));
        let created = mail.created_at.as_millisecond();
        assert_eq!(first, format!("Message-ID: <klass-mail-42.{created}@School.ru>"));
        assert_eq!(
            header(&message_of(&mail).expect("message")),
            first,
            "the same on every attempt"
        );
        let odd = message_id(&mail, "школа.рф");
        assert_eq!(odd, format!("<klass-mail-42.{created}@localhost>"));
    }
}
