//! Passwords: forgot and reset (at the root, as Sanctum has them), change one's own, and end
//! the other sessions.

use super::message::{Message, message};
use super::{ApiTags, NoContent, State};
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::passwords::{self, RESET_MAIL_SENT, ResetForm};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

/// `{email}`.
#[derive(Debug, Object)]
pub struct ForgotBody {
    #[oai(nullable)]
    pub email: Option<String>,
}

/// The reset form: the token and e-mail from the link, and the new password twice.
#[derive(Debug, Object)]
pub struct ResetBody {
    #[oai(nullable)]
    pub token: Option<String>,
    #[oai(nullable)]
    pub email: Option<String>,
    #[oai(nullable)]
    pub password: Option<String>,
    #[oai(nullable)]
    pub password_confirmation: Option<String>,
}

/// The token and e-mail of a reset or set-password link.
#[derive(Debug, Object)]
pub struct LinkBody {
    #[oai(nullable)]
    pub token: Option<String>,
    #[oai(nullable)]
    pub email: Option<String>,
}

/// A change of one's own password.
#[derive(Debug, Object)]
pub struct ChangeBody {
    #[oai(nullable)]
    pub current_password: Option<String>,
    #[oai(nullable)]
    pub password: Option<String>,
    #[oai(nullable)]
    pub password_confirmation: Option<String>,
}

/// The password that confirms ending the other sessions.
#[derive(Debug, Object)]
pub struct PasswordBody {
    #[oai(nullable)]
    pub password: Option<String>,
}

/// How many other sessions ended.
#[derive(Debug, Object)]
pub struct SessionsEnded {
    pub message: String,
    pub ended: u64,
}

/// Passwords.
#[derive(Default)]
pub struct PasswordsApi;

#[OpenApi(tag = "ApiTags::Auth")]
impl PasswordsApi {
    /// Forgot password
    ///
    /// Mails a single-use link to set a new password (valid `auth.reset_token_minutes`). The
    /// answer is the same whether the address is registered or not, and whether or not a mail
    /// went out: mails to one e-mail are limited (3 at once, then one per 10 minutes) and the
    /// links already sent stay valid. Too many requests from one client address get 429 with
    /// `Retry-After`.
    #[oai(path = "/forgot-password", method = "post", operation_id = "forgot_password")]
    async fn forgot(
        &self,
        state: State<'_>,
        caller: Caller,
        body: Json<ForgotBody>,
    ) -> Result<Json<Message>, ApiError> {
        caller.allow(Rule::Public)?;
        passwords::request_reset(
            &state,
            state.journal(caller.origin()),
            caller.client_ip(),
            body.0.email.as_deref(),
        )
        .await?;
        Ok(message(RESET_MAIL_SENT))
    }

    /// Reset password
    ///
    /// Sets a new password with the token and e-mail from the link. The token works once; all
    /// of the user's sessions and every other reset or set-password link of theirs end. 422
    /// when the passwords are too short or differ, or the link is invalid, used, replaced by a
    /// newer password or expired. Limited per client address (429 with `Retry-After`).
    #[oai(path = "/reset-password", method = "post", operation_id = "reset_password")]
    async fn reset(&self, state: State<'_>, caller: Caller, body: Json<ResetBody>) -> Result<Json<Message>, ApiError> {
        caller.allow(Rule::Public)?;
        let ip = caller.client_ip();
        let b = body.0;
        let form = ResetForm {
            token: b.token,
            email: b.email,
            password: b.password,
            password_confirmation: b.password_confirmation,
        };
        passwords::reset(&state, state.journal(caller.origin()), ip, form).await?;
        Ok(message("Пароль успешно обновлён"))
    }

    /// Check a reset link
    ///
    /// Tells the reset page, as it opens, whether the link's token and e-mail still work:
    /// 204 if so; 422 (the same message for an unknown, used or expired token and for a wrong
    /// or unknown e-mail) if not. Nothing is spent. Limited per client address together with
    /// the reset itself (429 with `Retry-After`).
    #[oai(
        path = "/reset-password/check",
        method = "post",
        operation_id = "reset_password_check"
    )]
    async fn check(&self, state: State<'_>, caller: Caller, body: Json<LinkBody>) -> Result<NoContent, ApiError> {
        caller.allow(Rule::Public)?;
        passwords::check_link(
            &state,
            caller.client_ip(),
            body.0.token.as_deref(),
            body.0.email.as_deref(),
        )
        .await?;
        Ok(NoContent::Done)
    }

    /// Change my password
    ///
    /// Needs the current password; wrong ones count like failed sign-ins (429 with
    /// `Retry-After` over the limit). The user's other sessions end; this one stays.
    #[oai(path = "/api/user/password", method = "put", operation_id = "change_password")]
    async fn change(
        &self,
        state: State<'_>,
        caller: Caller,
        body: Json<ChangeBody>,
    ) -> Result<Json<Message>, ApiError> {
        let actor = caller.actor(Rule::SignedInUnverified)?;
        let b = body.0;
        passwords::change(
            &state,
            state.journal(caller.origin()),
            actor,
            caller.client_ip(),
            b.current_password,
            b.password,
            b.password_confirmation,
        )
        .await?;
        Ok(message("Пароль изменён. Другие сеансы завершены."))
    }

    /// Sign out on all other devices
    ///
    /// Ends every session of the signed-in user except this one (and every "login as" session
    /// a manager started from them), after checking the password; wrong ones count like
    /// failed sign-ins (429 with `Retry-After` over the limit).
    #[oai(
        path = "/api/user/other-sessions/logout",
        method = "post",
        operation_id = "end_other_sessions"
    )]
    async fn end_others(
        &self,
        state: State<'_>,
        caller: Caller,
        body: Json<PasswordBody>,
    ) -> Result<Json<SessionsEnded>, ApiError> {
        let actor = caller.actor(Rule::SignedInUnverified)?;
        let ended = passwords::end_other_sessions(
            &state,
            state.journal(caller.origin()),
            actor,
            caller.client_ip(),
            body.0.password,
        )
        .await?;
        Ok(Json(SessionsEnded {
            message: format!("Завершено сеансов: {ended}"),
            ended: ended as u64,
        }))
    }
}
