//! The Sanctum calls: the CSRF cookie, signing in and out, and the current user.

use super::cookies::{self, with_jar};
use super::envelope::Data;
use super::user_view::{CurrentUser, Impersonator, UserView};
use super::{ApiTags, NoContent, State};
use crate::auth::csrf;
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::people;
use crate::service::sign_in::{self, Credentials};
use poem::web::cookie::CookieJar;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

/// The sign-in form. Every field may be missing: missing ones are named in the 422 answer.
#[derive(Debug, Object)]
pub struct LoginBody {
    #[oai(nullable)]
    pub email: Option<String>,
    #[oai(nullable)]
    pub password: Option<String>,
    /// "Remember me": a session of `auth.remember_days` with no idle timeout, instead of
    /// `auth.session_lifetime_hours` with `auth.session_idle_minutes`.
    #[oai(nullable)]
    pub remember: Option<bool>,
}

/// Sessions and the current user.
#[derive(Default)]
pub struct SessionApi;

#[OpenApi(tag = "ApiTags::Auth")]
impl SessionApi {
    /// Get the CSRF cookie
    ///
    /// Sets the `XSRF-TOKEN` cookie (readable by scripts). Every POST, PUT, PATCH and DELETE must
    /// send its value back in the `X-XSRF-TOKEN` header, otherwise the answer is 419
    /// `CSRF token mismatch.` The token changes at sign-in and sign-out.
    #[oai(
        path = "/sanctum/csrf-cookie",
        method = "get",
        operation_id = "csrf_cookie",
        transform = "with_jar"
    )]
    async fn csrf_cookie(&self, state: State<'_>, caller: Caller, jar: &CookieJar) -> Result<NoContent, ApiError> {
        caller.allow(Rule::Public)?;
        let secure = state.config.served_over_tls();
        let current = jar.get(csrf::COOKIE).map(|c| c.value_str().to_owned());
        let token = match (&caller.actor, current) {
            (Some(actor), _) => actor.csrf_token.clone(),
            (None, Some(token)) if csrf::is_valid_anonymous(&state.secret_key, &token) => token,
            (None, _) => csrf::issue_anonymous(&state.secret_key),
        };
        cookies::set_xsrf(jar, &token, secure);
        Ok(NoContent::Done)
    }

    /// Sign in
    ///
    /// Checks e-mail and password and starts a new session (the old one, if any, ends): sets the
    /// HttpOnly session cookie and a new `XSRF-TOKEN`. 422 names missing or malformed fields; a
    /// wrong password and an unknown e-mail both get the same 401; too many failures (per
    /// e-mail and client address, per e-mail from failing addresses, per address) get 429 with
    /// `Retry-After`.
    #[oai(path = "/login", method = "post", operation_id = "login", transform = "with_jar")]
    async fn login(
        &self,
        state: State<'_>,
        caller: Caller,
        jar: &CookieJar,
        body: Json<LoginBody>,
    ) -> Result<NoContent, ApiError> {
        caller.allow(Rule::Public)?;
        let ip = caller.client_ip();
        let form = Credentials {
            email: body.0.email,
            password: body.0.password,
            remember: body.0.remember.unwrap_or(false),
        };
        let previous = caller.actor.as_ref().map(|actor| actor.session_key);
        let signed_in = sign_in::sign_in(&state, ip, form, previous).await?;
        cookies::set_signed_in(jar, &signed_in, state.config.served_over_tls());
        Ok(NoContent::Done)
    }

    /// Sign out
    ///
    /// Ends the current session on the server and clears the session cookie; a fresh
    /// anonymous `XSRF-TOKEN` is set.
    #[oai(
        path = "/api/logout",
        method = "post",
        operation_id = "logout",
        transform = "with_jar"
    )]
    async fn logout(&self, state: State<'_>, caller: Caller, jar: &CookieJar) -> Result<NoContent, ApiError> {
        let actor = caller.actor(Rule::SignedInUnverified)?;
        sign_in::sign_out(&state, state.journal(caller.origin()), actor).await?;
        let secure = state.config.served_over_tls();
        cookies::clear_session(jar, secure);
        cookies::set_xsrf(jar, &csrf::issue_anonymous(&state.secret_key), secure);
        Ok(NoContent::Done)
    }

    /// The signed-in user
    ///
    /// `{data: user}` for the session's user; 401 `Unauthenticated.` when not signed in.
    #[oai(path = "/api/user", method = "get", operation_id = "current_user")]
    async fn current_user(&self, state: State<'_>, caller: Caller) -> Result<Json<Data<CurrentUser>>, ApiError> {
        let actor = caller.actor(Rule::SignedInUnverified)?;
        let me = state.read(|store| people::me(store, actor))?;
        Ok(Json(Data {
            data: CurrentUser {
                user: UserView::new(&me.user, me.private_fields),
                children_ids: actor.children.to_vec(),
                impersonator: me.impersonator.map(|m| Impersonator {
                    id: m.id,
                    full_name: m.full_name(),
                }),
                school_time_zone: state.config.school.timezone.clone(),
                school_name: state.config.school.name.clone(),
            },
        }))
    }
}
