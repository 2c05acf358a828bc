//! A person's notifications (the bell and the F8 panel) and which kinds also come by mail.

use super::envelope::{Data, Paged};
use super::lesson_view::local;
use super::paging::PageMeta;
use super::vocabulary::KindName;
use super::{ApiTags, State};
use crate::domain::notification::{Notification, NotificationChoice, NotificationKind};
use crate::domain::{NotificationId, PageRequest, UserId};
use crate::error::ApiError;
use crate::policy::{Actor, Caller, Rule};
use crate::service::{FieldErrors, ServiceError, notifications};
use jiff::tz::TimeZone;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

/// A notification as the panel shows it.
#[derive(Debug, Object)]
pub struct NotificationView {
    pub id: NotificationId,
    pub kind: KindName,
    /// The kind in Russian.
    pub kind_title: String,
    pub title: String,
    pub body: String,
    /// A page of the portal to open, e.g. `/users/5`.
    #[oai(nullable)]
    pub link: Option<String>,
    /// RFC 3339 on the school's clock: «2026-11-24T16:00:00+03:00».
    pub created_at: String,
    /// Null while unread.
    #[oai(nullable)]
    pub read_at: Option<String>,
}

impl NotificationView {
    /// The view of `n`, its times on the school's clock (`tz`).
    fn new(n: Notification, tz: &TimeZone) -> Self {
        Self {
            id: n.id,
            kind: n.kind.into(),
            kind_title: n.kind.title().to_owned(),
            title: n.title,
            body: n.body,
            link: n.link,
            created_at: local(n.created_at, tz),
            read_at: n.read_at.map(|t| local(t, tz)),
        }
    }
}

/// Paging plus the count of unread notifications (for the bell).
#[derive(Debug, Object)]
pub struct InboxMeta {
    #[oai(flatten)]
    pub page: PageMeta,
    pub unread: u64,
}

/// How many were marked read.
#[derive(Debug, Object)]
pub struct Marked {
    pub marked: u64,
}

/// One kind of notification, whether it also comes by mail and whether it is switched off.
#[derive(Debug, Object)]
pub struct KindSetting {
    pub kind: KindName,
    pub title: String,
    pub description: String,
    pub mail: bool,
    /// Whether the person may switch this kind off altogether.
    pub switchable: bool,
    /// Switched off: it does not come at all.
    pub off: bool,
}

/// `{mail: [kind…], off: [kind…]}`: the kinds that also come by mail, and those switched off.
#[derive(Debug, Object)]
pub struct SettingsBody {
    /// Among `account_created`, `password_changed`, `roles_changed`, `account_used`,
    /// `file_added`, `lesson_*`, `task_*`, `event_announced`, for parents `absences_in_row`,
    /// `low_mark`, `low_balance` and `package_ending`, for staff `journal_unfilled`, and for
    /// managers `server_problem`.
    pub mail: Vec<String>,
    /// Kinds that do not come at all (only those `switchable`: `low_mark`); left out, the
    /// choice stays.
    #[oai(nullable)]
    pub off: Option<Vec<String>>,
}

/// The kinds `actor` can be told of, with whether each comes by mail and whether it is off.
fn settings(choice: &NotificationChoice, actor: &Actor) -> Json<Data<Vec<KindSetting>>> {
    Json(Data {
        data: NotificationKind::ALL
            .into_iter()
            .filter(|kind| kind.offered_to(&actor.user.roles))
            .map(|kind| KindSetting {
                kind: kind.into(),
                title: kind.title().to_owned(),
                description: kind.description().to_owned(),
                mail: choice.mail.mails(kind),
                switchable: kind.may_be_switched_off(),
                off: !choice.tells(kind),
            })
            .collect(),
    })
}

/// The kinds `names` names, or a 422 on `field` naming one that is unknown.
fn kinds(names: &[String], field: &str) -> Result<Vec<NotificationKind>, ServiceError> {
    names
        .iter()
        .map(|name| {
            NotificationKind::parse(name)
                .ok_or_else(|| FieldErrors::one(field, format!("Неизвестный вид уведомления: {name}")))
        })
        .collect()
}

/// Notifications.
#[derive(Default)]
pub struct NotificationsApi;

#[OpenApi(tag = "ApiTags::Notifications")]
impl NotificationsApi {
    /// A person's notifications
    ///
    /// Newest first, paged; `unread=1` for the unread ones only. `meta.unread` counts the
    /// unread ones (the bell's badge). The person himself or a manager; 404 for a person who
    /// does not exist.
    #[oai(
        path = "/api/users/:id/notifications",
        method = "get",
        operation_id = "users_notifications"
    )]
    async fn list(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
        unread: Query<Option<u8>>,
    ) -> Result<Json<Paged<NotificationView, InboxMeta>>, ApiError> {
        caller.allow(Rule::OwnOrManager(id.0))?;
        let request = PageRequest::new(page.0, per_page.0);
        let unread_only = unread.0.is_some_and(|u| u != 0);
        let inbox = state.read(|store| notifications::inbox(store, id.0, unread_only, request))?;
        let tz = state.config.time_zone();
        let meta = InboxMeta {
            page: PageMeta::of(&inbox.page),
            unread: inbox.unread,
        };
        Ok(Json(Paged {
            data: inbox
                .page
                .items
                .into_iter()
                .map(|n| NotificationView::new(n, &tz))
                .collect(),
            meta,
        }))
    }

    /// Mark a notification read
    ///
    /// Its owner or a manager. Reading it again keeps the first time. Someone else's
    /// notification answers 404, like one that does not exist. While acting as someone, and for
    /// a manager the notice that someone acted as another person, it is given unchanged:
    /// that person's notices stay his to read.
    #[oai(
        path = "/api/notifications/:id/read",
        method = "post",
        operation_id = "notifications_read"
    )]
    async fn read(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<NotificationId>,
    ) -> Result<Json<Data<NotificationView>>, ApiError> {
        let actor = caller.actor(Rule::SignedIn)?.clone();
        let read = state
            .run(move |store| notifications::mark_read(store, &actor, id.0))
            .await?;
        Ok(Json(Data {
            data: NotificationView::new(read, &state.config.time_zone()),
        }))
    }

    /// Mark all read
    ///
    /// Marks every unread notification of the person read. The person himself or a manager;
    /// not while acting as someone (403): the trace of being acted as cannot be hidden. A
    /// manager marking someone else's leaves the notice that someone acted as him unread.
    #[oai(
        path = "/api/users/:id/notifications/check-all",
        method = "post",
        operation_id = "users_notifications_check_all"
    )]
    async fn check_all(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
    ) -> Result<Json<Data<Marked>>, ApiError> {
        let actor = caller.actor(Rule::OwnTrace(id.0))?.clone();
        let marked = state
            .run(move |store| notifications::mark_all_read(store, &actor, id.0))
            .await?;
        Ok(Json(Data {
            data: Marked { marked },
        }))
    }

    /// My notification settings
    ///
    /// Every kind of notification with whether it also comes by mail to the signed-in user.
    #[oai(
        path = "/api/user/notification-settings",
        method = "get",
        operation_id = "notification_settings"
    )]
    async fn settings(&self, state: State<'_>, caller: Caller) -> Result<Json<Data<Vec<KindSetting>>>, ApiError> {
        let actor = caller.actor(Rule::SignedIn)?;
        let choice = state.read(|store| notifications::choice(store, actor.user.id))?;
        Ok(settings(&choice, actor))
    }

    /// Choose what comes by mail
    ///
    /// `{mail: [kind…]}`: exactly these kinds also come to the signed-in user by mail (all
    /// of them still appear in the panel, but those switched off in `off`: only `switchable`
    /// kinds may be). A kind the user's roles never get (as `GET` leaves out) is a 422 on the
    /// field naming it. Not while a manager acts as the user (403).
    #[oai(
        path = "/api/user/notification-settings",
        method = "put",
        operation_id = "notification_settings_update"
    )]
    async fn choose(
        &self,
        state: State<'_>,
        caller: Caller,
        body: Json<SettingsBody>,
    ) -> Result<Json<Data<Vec<KindSetting>>>, ApiError> {
        let actor = caller.actor(Rule::SignedIn)?;
        let user = actor.user.id;
        caller.allow(Rule::OwnTrace(user))?;
        let mail = kinds(&body.0.mail, "mail")?;
        let off = body.0.off.as_deref().map(|off| kinds(off, "off")).transpose()?;
        let journal = state.journal(caller.origin());
        let choice = state
            .run(move |store| notifications::choose(store, &journal, user, mail, off))
            .await?;
        Ok(settings(&choice, actor))
    }
}
