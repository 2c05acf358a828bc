//! The calls on one person (spec §7): password, roles, family, tags, and "login as".

use super::cookies::{self, with_jar};
use super::json_text::JsonText;
use super::message::{Message, message};
use super::user_view::CardEnvelope;
use super::{ApiTags, NoContent, State};
use crate::domain::UserId;
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::people;
use poem::web::cookie::CookieJar;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

/// A new password, twice.
#[derive(Debug, Object)]
pub struct NewPasswordBody {
    #[oai(nullable)]
    pub password: Option<String>,
    #[oai(nullable)]
    pub password_confirmation: Option<String>,
}

/// `{roles: [...]}`.
#[derive(Debug, Object)]
pub struct RolesBody {
    pub roles: Vec<String>,
}

/// `{parents: [id…]}`.
#[derive(Debug, Object)]
pub struct ParentsBody {
    pub parents: Vec<u64>,
}

/// `{children: [id…]}`.
#[derive(Debug, Object)]
pub struct ChildrenBody {
    pub children: Vec<u64>,
}

/// `{tags: [id…]}`.
#[derive(Debug, Object)]
pub struct TagsBody {
    pub tags: Vec<u64>,
}

/// A mail was queued.
#[derive(Debug, ApiResponse)]
pub enum Queued {
    /// The mail is queued.
    #[oai(status = 202)]
    Queued(Json<Message>),
}

/// Calls on one person.
#[derive(Default)]
pub struct UserActionsApi;

/// Reads the card after a change made by `actor` (staff).
async fn card(state: &State<'_>, caller: &Caller, id: UserId) -> Result<JsonText<CardEnvelope>, ApiError> {
    let actor = caller.actor(Rule::SignedIn)?.clone();
    let person = people::get(&state.read(people::Directory::current)?, &actor, id)?;
    Ok(CardEnvelope::text(&person))
}

#[OpenApi(tag = "ApiTags::People")]
impl UserActionsApi {
    /// Set a person's password
    ///
    /// Managers only, not for themselves (422: one's own password is changed with the current
    /// one, in the settings). The person's sessions (and "login as" sessions they started) end,
    /// and so do the reset and set-password links still in their mailbox; they sign in with the
    /// new password.
    #[oai(
        path = "/api/users/:id/change-password",
        method = "post",
        operation_id = "users_change_password"
    )]
    async fn change_password(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        body: Json<NewPasswordBody>,
    ) -> Result<Json<Message>, ApiError> {
        let actor = caller.actor(Rule::Manager)?;
        people::set_password(
            &state,
            state.journal(caller.origin()),
            actor,
            id.0,
            body.0.password,
            body.0.password_confirmation,
        )
        .await?;
        Ok(message("Пароль изменён"))
    }

    /// Mail a link to set a password
    ///
    /// Managers only. The person gets a mail with a link (valid a week) to set a new password.
    #[oai(
        path = "/api/users/:id/resend-password",
        method = "post",
        operation_id = "users_resend_password"
    )]
    async fn resend_password(&self, state: State<'_>, caller: Caller, id: Path<UserId>) -> Result<Queued, ApiError> {
        caller.allow(Rule::Manager)?;
        people::send_password_link(&state, state.journal(caller.origin()), id.0).await?;
        Ok(Queued::Queued(message(
            "Письмо со ссылкой для установки пароля отправлено",
        )))
    }

    /// Change a person's roles
    ///
    /// Managers only. At least one role; the school always keeps one manager, and a manager
    /// cannot take his own manager role away (422: another manager does it).
    #[oai(
        path = "/api/users/:id/update-roles",
        method = "post",
        operation_id = "users_update_roles"
    )]
    async fn update_roles(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        body: Json<RolesBody>,
    ) -> Result<JsonText<CardEnvelope>, ApiError> {
        let actor = caller.actor(Rule::Manager)?.clone();
        let journal = state.journal(caller.origin());
        state
            .run(move |store| people::update_roles(store, &journal, &actor, id.0, &body.0.roles))
            .await?;
        card(&state, &caller, id.0).await
    }

    /// Set a person's parents
    ///
    /// Staff (workers and managers). Replaces the parents; nobody is his own parent and no
    /// chain of links loops back (422).
    #[oai(
        path = "/api/users/:id/parents/save",
        method = "post",
        operation_id = "users_save_parents"
    )]
    async fn save_parents(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        body: Json<ParentsBody>,
    ) -> Result<JsonText<CardEnvelope>, ApiError> {
        caller.allow(Rule::Staff)?;
        let journal = state.journal(caller.origin());
        state
            .run(move |store| people::save_parents(store, &journal, id.0, &body.0.parents))
            .await?;
        card(&state, &caller, id.0).await
    }

    /// Set a person's children
    ///
    /// Managers only. Replaces the children, with the same rules as parents.
    #[oai(
        path = "/api/users/:id/children/save",
        method = "post",
        operation_id = "users_save_children"
    )]
    async fn save_children(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        body: Json<ChildrenBody>,
    ) -> Result<JsonText<CardEnvelope>, ApiError> {
        caller.allow(Rule::Manager)?;
        let journal = state.journal(caller.origin());
        state
            .run(move |store| people::save_children(store, &journal, id.0, &body.0.children))
            .await?;
        card(&state, &caller, id.0).await
    }

    /// Set a person's tags
    ///
    /// Managers only. The person carries exactly these tags afterwards.
    #[oai(
        path = "/api/users/:id/tags/attach",
        method = "post",
        operation_id = "users_attach_tags"
    )]
    async fn attach_tags(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        body: Json<TagsBody>,
    ) -> Result<JsonText<CardEnvelope>, ApiError> {
        caller.allow(Rule::Manager)?;
        let journal = state.journal(caller.origin());
        state
            .run(move |store| people::attach_tags(store, &journal, id.0, &body.0.tags))
            .await?;
        card(&state, &caller, id.0).await
    }

    /// Log in as a person
    ///
    /// Managers only, not as oneself, not while already acting as someone, and only as a
    /// worker, student or parent (another manager: 403). The session then has exactly that
    /// person's rights and remembers the manager; it ends when the manager's own session would
    /// have, and as soon as the manager is deleted, loses the manager role, gets a new
    /// password or signs out everywhere. `POST /api/impersonation/leave` returns.
    #[oai(
        path = "/api/users/:id/login",
        method = "post",
        operation_id = "users_login_as",
        transform = "with_jar"
    )]
    async fn login_as(
        &self,
        state: State<'_>,
        caller: Caller,
        jar: &CookieJar,
        id: Path<UserId>,
    ) -> Result<NoContent, ApiError> {
        let actor = caller.actor(Rule::Impersonate)?;
        let signed_in = people::start(&state, state.journal(caller.origin()), actor, id.0).await?;
        cookies::set_signed_in(jar, &signed_in, state.config.served_over_tls());
        Ok(NoContent::Done)
    }

    /// Return to one's own account
    ///
    /// Ends acting as someone and signs the manager back in as himself, with the absolute end
    /// his own session had. If he may no longer sign in, the session just ends (401).
    #[oai(
        path = "/api/impersonation/leave",
        method = "post",
        operation_id = "impersonation_leave",
        transform = "with_jar"
    )]
    async fn leave(&self, state: State<'_>, caller: Caller, jar: &CookieJar) -> Result<NoContent, ApiError> {
        let actor = caller.actor(Rule::SignedInUnverified)?;
        let signed_in = people::leave(&state, state.journal(caller.origin()), actor).await?;
        cookies::set_signed_in(jar, &signed_in, state.config.served_over_tls());
        Ok(NoContent::Done)
    }
}
