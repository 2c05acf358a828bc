//! E-mail confirmation: ask for the link, follow it.

use super::message::{Message, message};
use super::{ApiTags, State};
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::verification::{self, Resend};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

/// `{token}` from the confirmation link.
#[derive(Debug, Object)]
pub struct TokenBody {
    #[oai(nullable)]
    pub token: Option<String>,
}

/// The answer to a request for a confirmation mail.
#[derive(Debug, ApiResponse)]
pub enum LinkSent {
    /// The mail is queued.
    #[oai(status = 202)]
    Queued(Json<Message>),
    /// The address was already confirmed; nothing was sent.
    #[oai(status = 200)]
    AlreadyConfirmed(Json<Message>),
}

/// E-mail confirmation.
#[derive(Default)]
pub struct VerificationApi;

#[OpenApi(tag = "ApiTags::Auth")]
impl VerificationApi {
    /// Send the confirmation link
    ///
    /// Mails the signed-in user a link that confirms the address (valid 48 hours).
    #[oai(
        path = "/api/email/verification-notification",
        method = "post",
        operation_id = "send_verification"
    )]
    async fn send(&self, state: State<'_>, caller: Caller) -> Result<LinkSent, ApiError> {
        let actor = caller.actor(Rule::SignedInUnverified)?;
        Ok(match verification::send_link(&state, actor).await? {
            Resend::Queued => LinkSent::Queued(message("Письмо со ссылкой отправлено")),
            Resend::AlreadyConfirmed => LinkSent::AlreadyConfirmed(message("Адрес уже подтверждён")),
        })
    }

    /// Confirm the e-mail address
    ///
    /// Spends the token from the link and marks its user's address confirmed; works signed in
    /// or not (the token is the proof). 422 when the link is invalid or expired.
    #[oai(path = "/api/email/verify", method = "post", operation_id = "verify_email")]
    async fn verify(&self, state: State<'_>, caller: Caller, body: Json<TokenBody>) -> Result<Json<Message>, ApiError> {
        caller.allow(Rule::Public)?;
        verification::confirm(&state, state.journal(caller.origin()), body.0.token).await?;
        Ok(message("Адрес электронной почты подтверждён"))
    }
}
