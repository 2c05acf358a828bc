//! `GET /api/history/mail` and `GET /api/users/{id}/mail`: the mail the portal sent or tried
//! to send, to everyone or to one person (managers); `POST /api/history/mail/{id}/resend`
//! sends one that was not sent again.

use super::envelope::Paged;
use super::lesson_view::local;
use super::message::message;
use super::paging::paged;
use super::user_actions::Queued;
use super::vocabulary::{MailKindName, MailStatusName};
use super::{ApiTags, State};
use crate::domain::mail::{MailFilter, MailRecord, MailStatus};
use crate::domain::{MailId, PageRequest, UserId};
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::mail_history;
use jiff::tz::TimeZone;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

/// One mail as the history shows it.
#[derive(Debug, Object)]
pub struct MailEntry {
    pub id: MailId,
    pub to: String,
    #[oai(nullable)]
    pub to_name: Option<String>,
    #[oai(nullable)]
    pub user_id: Option<UserId>,
    pub kind: MailKindName,
    /// The kind in Russian, e.g. "Сброс пароля".
    pub kind_title: String,
    pub subject: String,
    pub status: MailStatusName,
    pub attempts: u32,
    #[oai(nullable)]
    pub last_error: Option<String>,
    /// RFC 3339 on the school's clock: «2026-11-24T16:00:00+03:00».
    pub created_at: String,
    /// RFC 3339 on the school's clock, as `created_at`.
    #[oai(nullable)]
    pub sent_at: Option<String>,
    /// Why «Отправить ещё раз» is refused for this failed mail (its link may have expired, it
    /// was sent again already); null when it may be sent again, and for a mail not failed.
    #[oai(nullable)]
    pub resend_refusal: Option<String>,
}

impl MailEntry {
    /// The entry of `mail`, its times on the school's clock (`tz`), as the activity log's.
    fn new(mail: MailRecord, tz: &TimeZone) -> Self {
        let failed = mail.status == MailStatus::Failed;
        let resend_refusal = failed
            .then(|| mail_history::resend_refusal(&mail))
            .flatten()
            .map(str::to_owned);
        Self {
            id: mail.id,
            to: mail.to,
            to_name: mail.to_name,
            user_id: mail.user_id,
            kind: mail.kind.into(),
            kind_title: mail.kind.title().to_owned(),
            subject: mail.subject,
            status: mail.status.into(),
            attempts: mail.attempts,
            last_error: mail.last_error,
            created_at: local(mail.created_at, tz),
            sent_at: mail.sent_at.map(|t| local(t, tz)),
            resend_refusal,
        }
    }
}

/// The mail history.
#[derive(Default)]
pub struct MailHistoryApi;

/// One page of the history passing `filter`, in the API's shape.
fn page_of(
    state: &State<'_>,
    filter: MailFilter,
    page: Option<u32>,
    per_page: Option<u32>,
) -> Result<Json<Paged<MailEntry>>, ApiError> {
    let request = PageRequest::new(page, per_page);
    let found = state.read(|store| mail_history::page(store, &filter, request))?;
    let tz = state.config.time_zone();
    Ok(paged(found, |mail| MailEntry::new(mail, &tz)))
}

#[OpenApi(tag = "ApiTags::History")]
impl MailHistoryApi {
    /// Mail history
    ///
    /// Newest first, paged (`page`, `per_page` up to 100), filtered by `status`, `kind` and
    /// `search` (recipient or subject). Managers only.
    #[oai(path = "/api/history/mail", method = "get", operation_id = "mail_history")]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        state: State<'_>,
        caller: Caller,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
        status: Query<Option<MailStatusName>>,
        kind: Query<Option<MailKindName>>,
        search: Query<Option<String>>,
    ) -> Result<Json<Paged<MailEntry>>, ApiError> {
        caller.allow(Rule::Manager)?;
        let filter = MailFilter {
            status: status.0.map(Into::into),
            kind: kind.0.map(Into::into),
            search: search.0,
            user_id: None,
        };
        page_of(&state, filter, page.0, per_page.0)
    }

    /// A person's mail
    ///
    /// The mail sent (or tried) to one person, newest first, paged and filtered like the
    /// mail history. Managers only.
    #[oai(path = "/api/users/:id/mail", method = "get", operation_id = "users_mail")]
    #[allow(clippy::too_many_arguments)]
    async fn of_user(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
        status: Query<Option<MailStatusName>>,
        kind: Query<Option<MailKindName>>,
        search: Query<Option<String>>,
    ) -> Result<Json<Paged<MailEntry>>, ApiError> {
        caller.allow(Rule::Manager)?;
        let filter = MailFilter {
            status: status.0.map(Into::into),
            kind: kind.0.map(Into::into),
            search: search.0,
            user_id: Some(id.0),
        };
        page_of(&state, filter, page.0, per_page.0)
    }

    /// Send a mail again
    ///
    /// Managers only. Puts a copy of a mail that was not sent (status `failed`) back into the
    /// outbox, from the sender configured now: a new entry of the history, the failed one kept.
    /// 404 for an unknown mail; 422 for one that is queued or was sent, one sent again already,
    /// and one with a link (password, e-mail confirmation) that may have expired since: a new
    /// link is sent instead (the entry's `resend_refusal` says why beforehand).
    #[oai(
        path = "/api/history/mail/:id/resend",
        method = "post",
        operation_id = "mail_history_resend"
    )]
    async fn resend(&self, state: State<'_>, caller: Caller, id: Path<MailId>) -> Result<Queued, ApiError> {
        caller.allow(Rule::Manager)?;
        mail_history::resend(&state, state.journal(caller.origin()), id.0).await?;
        Ok(Queued::Queued(message("Письмо снова в очереди на отправку")))
    }
}
