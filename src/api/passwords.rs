//! Passwords: forgot and reset (at the root, as Sanctum has them), change one's own, and end
//! the other sessions.

use super::message::{Message, message};
use super::{ApiTags, State};
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::passwords::{self, RESET_MAIL_SENT, ResetForm};
use poem::web::RemoteAddr;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use std::net::{IpAddr, Ipv4Addr};

/// `{email}`.
#[derive(Debug, Object)]
pub struct ForgotBody {
    pub email: Option<String>,
}

/// The reset form: the token and e-mail from the link, and the new password twice.
#[derive(Debug, Object)]
pub struct ResetBody {
    pub token: Option<String>,
    pub email: Option<String>,
    pub password: Option<String>,
    pub password_confirmation: Option<String>,
}

/// A change of one's own password.
#[derive(Debug, Object)]
pub struct ChangeBody {
    pub current_password: Option<String>,
    pub password: Option<String>,
    pub password_confirmation: Option<String>,
}

/// The password that confirms ending the other sessions.
#[derive(Debug, Object)]
pub struct PasswordBody {
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

fn client_ip(remote: &RemoteAddr) -> IpAddr {
    remote
        .as_socket_addr()
        .map(|addr| addr.ip())
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
}

#[OpenApi(tag = "ApiTags::Auth")]
impl PasswordsApi {
    /// Forgot password
    ///
    /// Mails a single-use link to set a new password (valid `auth.reset_token_minutes`). The
    /// answer is the same whether the address is registered or not. Limited per e-mail and per
    /// address (429 with `Retry-After`).
    #[oai(path = "/forgot-password", method = "post", operation_id = "forgot_password")]
    async fn forgot(
        &self,
        state: State<'_>,
        caller: Caller,
        remote: &RemoteAddr,
        body: Json<ForgotBody>,
    ) -> Result<Json<Message>, ApiError> {
        caller.allow(Rule::Public)?;
        passwords::request_reset(
            &state,
            state.journal(caller.origin()),
            client_ip(remote),
            body.0.email.as_deref(),
        )
        .await?;
        Ok(message(RESET_MAIL_SENT))
    }

    /// Reset password
    ///
    /// Sets a new password with the token and e-mail from the link. The token works once; all
    /// of the user's sessions end. 422 when the passwords are too short or differ, or the link
    /// is invalid or expired.
    #[oai(path = "/reset-password", method = "post", operation_id = "reset_password")]
    async fn reset(&self, state: State<'_>, caller: Caller, body: Json<ResetBody>) -> Result<Json<Message>, ApiError> {
        caller.allow(Rule::Public)?;
        let b = body.0;
        let form = ResetForm {
            token: b.token,
            email: b.email,
            password: b.password,
            password_confirmation: b.password_confirmation,
        };
        passwords::reset(&state, state.journal(caller.origin()), form).await?;
        Ok(message("Пароль успешно обновлён"))
    }

    /// Change my password
    ///
    /// Needs the current password. The user's other sessions end; this one stays.
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
            b.current_password,
            b.password,
            b.password_confirmation,
        )
        .await?;
        Ok(message("Пароль изменён. Другие сеансы завершены."))
    }

    /// Sign out on all other devices
    ///
    /// Ends every session of the signed-in user except this one, after checking the password.
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
        let ended =
            passwords::end_other_sessions(&state, state.journal(caller.origin()), actor, body.0.password).await?;
        Ok(Json(SessionsEnded {
            message: format!("Завершено сеансов: {ended}"),
            ended: ended as u64,
        }))
    }
}
