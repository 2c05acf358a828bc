//! Mail: every mail is first recorded in the database (inside the caller's transaction), then
//! sent by a background worker through the configured transport, with retries and backoff;
//! each attempt is claimed in the database before it is sent, so a mail goes out once.

mod attempt;
mod outbox;
pub mod template;
mod transport;
mod worker;

pub use crate::domain::mail::{MailFilter, MailKind, MailRecord, MailStatus};
pub use attempt::Backoff;
pub(crate) use outbox::compose;
pub use outbox::{MailContext, MailDraft, enqueue, enqueue_copy};
pub use transport::{Delivery, SendError, Transport, message_of};
pub use worker::{LONGEST_STOP, Mailer, spawn, spawn_with_backoff};
