//! Resolves who is calling (from the session cookie) before any API operation runs, and
//! refuses state-changing requests without the right CSRF token (419).

use crate::auth::{csrf, token};
use crate::domain::User;
use crate::policy::{Actor, Caller, may_be_acted_as, may_impersonate};
use crate::service::people;
use crate::startup::AppState;
use crate::store::directory::Directory;
use crate::store::{StoreError, sessions};
use jiff::Timestamp;
use poem::http::header::COOKIE;
use poem::http::{Method, StatusCode};
use poem::{Endpoint, Error, FromRequest, IntoResponse, Request, RequestBody, Response, Result};
use std::sync::Arc;

/// The session cookie (HttpOnly; its token is stored only as a SHA-256).
pub const SESSION_COOKIE: &str = "klass_session";

/// Puts the `Caller` into the request, after checking CSRF for POST/PUT/PATCH/DELETE.
pub async fn resolve_caller<E: Endpoint<Output = Response>>(
    next: E,
    mut req: Request,
    state: AppState,
) -> Result<Response> {
    let signed_in = match cookie(&req, SESSION_COOKIE) {
        Some(token) => load_actor(&state, token::digest(token), Timestamp::now())
            .map_err(|err| Error::from_string(err.to_string(), StatusCode::INTERNAL_SERVER_ERROR))?,
        None => None,
    };
    let actor = signed_in.map(|(actor, directory)| {
        req.extensions_mut().insert(people::Directory::of_caller(directory));
        actor
    });
    if changes_state(req.method()) && !csrf_ok(&req, actor.as_ref(), &state.secret_key) {
        return Err(Error::from_string(
            csrf::MISMATCH,
            StatusCode::from_u16(419).unwrap_or(StatusCode::FORBIDDEN),
        ));
    }
    if let Some(actor) = actor.as_ref().filter(|_| changes_state(req.method())) {
        // Every change names who made it and, while impersonating, the manager behind them.
        let impersonator = actor.impersonator.map(|id| id.0);
        tracing::info!(actor = actor.user.id.0, impersonator, method = %req.method(), path = req.uri().path(), "change requested");
    }
    let caller = Caller {
        actor,
        verification_required: state.config.auth.require_verified_email,
        ip: super::client_addr::of(&req),
    };
    req.extensions_mut().insert(caller);
    next.call(req).await
}

fn changes_state(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The header must equal the session's token, or, before sign-in, the cookie's token, which
/// must be one this server signed.
fn csrf_ok(req: &Request, actor: Option<&Actor>, key: &[u8; 32]) -> bool {
    let Some(sent) = req.headers().get(csrf::HEADER).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    match actor {
        Some(actor) => token::constant_time_eq(sent.as_bytes(), actor.csrf_token.as_bytes()),
        None => {
            let cookie = cookie(req, csrf::COOKIE).unwrap_or_default();
            csrf::is_valid_anonymous(key, sent) && token::constant_time_eq(sent.as_bytes(), cookie.as_bytes())
        }
    }
}

/// The value of the first cookie named `name`, read straight from the `Cookie` headers. Only
/// the few operations that set cookies get poem's cookie jar (`api::cookies::with_jar`):
/// building it for every request cost ~7k instructions, percent-decoding every cookie. Our
/// cookies hold hex only, so a value is taken as sent.
fn cookie<'a>(req: &'a Request, name: &str) -> Option<&'a str> {
    req.headers()
        .get_all(COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value)
}

/// Bookkeeping writes (ending a dead session, "last seen") go to the blocking pool without
/// holding up the request: a writer may be waiting for the disk.
fn in_background(state: &AppState, work: impl FnOnce(&crate::store::Store) -> Result<(), StoreError> + Send + 'static) {
    let store = state.store.clone();
    tokio::task::spawn_blocking(move || {
        if let Err(err) = work(&store) {
            tracing::warn!(%err, "session bookkeeping failed");
        }
    });
}

/// The live session behind `key` and its user (read right here: no disk wait), with the users
/// directory it was checked against; ends dead sessions and touches live ones in the
/// background.
fn load_actor(state: &AppState, key: [u8; 32], now: Timestamp) -> Result<Option<(Actor, Arc<Directory>)>, StoreError> {
    let rules = &state.config.auth;
    let (session, user, children, directory) = {
        let txn = state.store.read()?;
        let Some(session) = sessions::get(&txn, &key)? else {
            return Ok(None);
        };
        // The directory has every user decoded already (rebuilt here if a user changed).
        let directory = state.store.directory(&txn)?;
        let user = directory.find(session.user_id).map(|entry| Arc::clone(&entry.user));
        // "Login as" lives only while the manager behind it still may act, as the one he acts
        // as (made a manager meanwhile, he may not be acted as any more).
        let manager_may_act = session.impersonator.is_none_or(|id| {
            directory.find(id).is_some_and(|entry| may_impersonate(&entry.user))
                && user.as_ref().is_some_and(|user| may_be_acted_as(user))
        });
        // A deleted child is no longer his parent's to see.
        let children = (directory.children_of(session.user_id).iter().copied())
            .filter(|child| {
                directory
                    .find(*child)
                    .is_some_and(|entry| entry.user.deleted_at.is_none())
            })
            .collect();
        (session, user.filter(|_| manager_may_act), children, directory)
    };
    // A deleted user's sessions end at once.
    let live = |user: &Arc<User>| user.deleted_at.is_none() && session.is_live(now, rules);
    let Some(user) = user.filter(live) else {
        in_background(state, move |store| {
            let txn = store.write_lazily()?;
            sessions::remove(&txn, &key)?;
            txn.commit()
        });
        return Ok(None);
    };
    if session.needs_touch(now) {
        in_background(state, move |store| store.touch_session(&key, now));
    }
    let (impersonator, csrf_token) = (session.impersonator, session.csrf_token);
    let actor = Actor {
        user,
        session_key: key,
        impersonator,
        csrf_token,
        children,
    };
    Ok(Some((actor, directory)))
}

impl<'a> FromRequest<'a> for Caller {
    async fn from_request(req: &'a Request, _body: &mut RequestBody) -> Result<Self> {
        Ok(req.extensions().get::<Caller>().cloned().unwrap_or_default())
    }
}

/// The directory the caller was checked against; without a caller, the current one.
impl<'a> FromRequest<'a> for people::Directory {
    async fn from_request(req: &'a Request, _body: &mut RequestBody) -> Result<Self> {
        if let Some(directory) = req.extensions().get::<people::Directory>() {
            return Ok(directory.clone());
        }
        let state = req
            .data::<AppState>()
            .ok_or_else(|| Error::from_string("no application state", StatusCode::INTERNAL_SERVER_ERROR))?;
        people::Directory::current(&state.store)
            .map_err(|err| Error::from_response(crate::error::ApiError::from(err).into_response()))
    }
}
