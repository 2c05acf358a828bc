//! Signing in and out: checks, attempt limits, session rotation.

use super::journal::{Change, Journal};
use super::{AppState, FieldErrors, ServiceError};
use crate::auth::{Session, token};
use crate::domain::activity::{Action, Origin};
use crate::domain::{Email, PasswordHash};
use crate::policy::Actor;
use crate::store::{sessions, users};
use jiff::Timestamp;
use std::net::IpAddr;
use std::sync::Arc;

/// Longest password text looked at when signing in (the rule for new passwords is stricter).
const MAX_SIGN_IN_PASSWORD: usize = 1024;

/// What a person typed into the sign-in form.
#[derive(Debug, Default)]
pub struct Credentials {
    pub email: Option<String>,
    pub password: Option<String>,
    pub remember: bool,
}

/// A new session: the token for the cookie and the stored session.
pub struct SignedIn {
    pub token: String,
    pub session: Session,
}

/// Checks the form, the attempt limits and the password, then starts a new session and ends
/// the one the browser came with (session rotation).
pub async fn sign_in(
    state: &AppState,
    ip: IpAddr,
    form: Credentials,
    previous: Option<[u8; 32]>,
) -> Result<SignedIn, ServiceError> {
    let (email, password) = check_form(&form)?;
    let lookup = email.clone();
    let user = state
        .run(move |store| users::find_by_email(&store.read()?, &lookup))
        .await?
        .filter(|user| user.deleted_at.is_none());
    let hash = user.as_ref().map(|user| user.password_hash.clone());
    if !check_password(state, ip, email.as_str(), hash, password).await? {
        tracing::info!(email = email.as_str(), %ip, "sign-in refused");
        return Err(ServiceError::BadCredentials);
    }
    let user = user.ok_or(ServiceError::BadCredentials)?;
    let checked = user.password_hash.clone();
    let session = Session::start(user.id, form.remember, Timestamp::now(), &state.config.auth);
    let token = token::new_token();
    let key = token::digest(&token);
    let stored = session.clone();
    let journal = state.journal(Origin {
        actor: Some(user.id),
        impersonator: None,
        ip: Some(ip.to_canonical().to_string()),
    });
    state
        .run(move |store| {
            let txn = store.write()?;
            // The password checked is still his and he is still here: a password changed or a
            // card deleted while it was being checked ended his sessions, this one too.
            let Some(mut user) = users::get(&txn, stored.user_id)?
                .filter(|user| user.deleted_at.is_none() && user.password_hash == checked)
            else {
                return Err(ServiceError::BadCredentials);
            };
            if let Some(previous) = previous {
                sessions::remove(&txn, &previous)?;
            }
            sessions::insert(&txn, &key, &stored)?;
            user.last_login_at = Some(stored.created_at);
            users::update(&txn, &user)?;
            journal.record(&txn, Change::on_user(Action::SignedIn, &user, "Вход в систему"))?;
            journal.commit(txn)?;
            Ok::<_, ServiceError>(())
        })
        .await?;
    tracing::info!(user = user.id.0, %ip, "signed in");
    Ok(SignedIn { token, session })
}

/// Checks `candidate` against `hash` (none: an unknown e-mail) within the attempt limits of
/// `email` from `ip`: every password check, at sign-in or behind a session, goes through here.
pub async fn check_password(
    state: &AppState,
    ip: IpAddr,
    email: &str,
    hash: Option<PasswordHash>,
    candidate: String,
) -> Result<bool, ServiceError> {
    let attempt = state.limits.attempt(ip, email)?;
    let right = state.hashes.verify(hash, candidate).await;
    if right {
        attempt.succeeded();
    }
    Ok(right)
}

fn check_form(form: &Credentials) -> Result<(Email, String), ServiceError> {
    let mut errors = FieldErrors::new();
    let email = match form.email.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
        None => {
            errors.push("email", "Обязательное поле");
            None
        }
        Some(raw) => Email::parse(raw).map_err(|e| errors.push("email", e.to_string())).ok(),
    };
    let password = match form.password.as_deref().filter(|p| !p.is_empty()) {
        None => {
            errors.push("password", "Обязательное поле");
            None
        }
        Some(p) if p.chars().count() > MAX_SIGN_IN_PASSWORD => {
            errors.push("password", "Слишком длинный пароль");
            None
        }
        Some(p) => Some(p.to_owned()),
    };
    match (email, password) {
        (Some(email), Some(password)) => Ok((email, password)),
        _ => Err(ServiceError::Invalid(errors)),
    }
}

/// Ends `actor`'s session, and logs it as theirs (and, while impersonating, the manager's).
pub async fn sign_out(state: &AppState, journal: Journal, actor: &Actor) -> Result<(), ServiceError> {
    let (key, user) = (actor.session_key, Arc::clone(&actor.user));
    state
        .run(move |store| {
            let txn = store.write()?;
            sessions::remove(&txn, &key)?;
            journal.record(&txn, Change::on_user(Action::SignedOut, &user, "Выход из системы"))?;
            journal.commit(txn)?;
            Ok::<_, ServiceError>(())
        })
        .await
}
