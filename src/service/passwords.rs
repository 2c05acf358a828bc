//! Passwords by mail and by hand: forgot/reset, change one's own, end other sessions.

use super::journal::{Change, Journal};
use super::mail_links;
use super::people::summary::{password_changed, who};
use super::sign_in::check_password;
use super::{AppState, FieldErrors, ServiceError};
use crate::auth::{Purpose, token};
use crate::config::Config;
use crate::domain::activity::{Action, Entity};
use crate::domain::{Email, Password, UserId};
use crate::mail::MailKind;
use crate::policy::Actor;
use crate::store::WriteTxn;
use crate::store::{Store, StoreError, one_time_tokens, sessions, users};
use jiff::Timestamp;
use std::net::IpAddr;

/// What `forgot-password` answers, whether the address exists or not.
pub const RESET_MAIL_SENT: &str =
    "Если этот адрес зарегистрирован, на него отправлено письмо со ссылкой для сброса пароля.";
/// A reset link that is unknown, used or expired.
pub const RESET_LINK_INVALID: &str = "Ссылка для сброса пароля недействительна или устарела";

/// A new password and its repetition, checked together.
pub fn new_password(password: Option<&str>, confirmation: Option<&str>) -> Result<Password, FieldErrors> {
    let mut errors = FieldErrors::new();
    let parsed = match password.filter(|p| !p.is_empty()) {
        None => Err("Обязательное поле".to_owned()),
        Some(text) => Password::parse(text).map_err(|e| e.to_string()),
    };
    if let Err(message) = &parsed {
        errors.push("password", message.clone());
    } else if confirmation != password {
        errors.push("password_confirmation", "Пароли не совпадают");
    }
    match parsed {
        Ok(password) if errors.is_empty() => Ok(password),
        _ => Err(errors),
    }
}

/// Starts a password reset: answers at once and the same way for any address; for a known
/// one, stores a single-use token and queues the mail in one transaction, in the background.
/// Mails to one address are limited (see `RateLimits::forgot`): over the quota nothing is
/// sent, the answer stays the same, and the links already sent keep working.
pub async fn request_reset(
    state: &AppState,
    journal: Journal,
    ip: IpAddr,
    email: Option<&str>,
) -> Result<(), ServiceError> {
    let raw = email.map(str::trim).filter(|e| !e.is_empty());
    let email = Email::parse(raw.ok_or_else(|| FieldErrors::one("email", "Обязательное поле"))?)
        .map_err(|e| FieldErrors::one("email", e.to_string()))?;
    if !state.limits.forgot(ip, email.as_str())? {
        tracing::info!(%ip, "password reset mail not sent: too many for this e-mail");
        return Ok(());
    }
    let state = state.clone();
    tokio::spawn(async move {
        let config = state.config.clone();
        let outcome = state
            .run(move |store| queue_reset_mail(store, &journal, &config, &email))
            .await;
        match outcome {
            Ok(true) => state.mailer.wake(),
            Ok(false) => {}
            Err(err) => tracing::error!(%err, "password reset mail was not queued"),
        }
    });
    Ok(())
}

fn queue_reset_mail(store: &Store, journal: &Journal, config: &Config, email: &Email) -> Result<bool, ServiceError> {
    let txn = store.write()?;
    let Some(user) = users::find_by_email(&txn, email)?.filter(|u| u.deleted_at.is_none()) else {
        return Ok(false);
    };
    mail_links::queue(
        &txn,
        config,
        &user,
        MailKind::PasswordReset,
        config.auth.reset_token_minutes,
    )?;
    let summary = format!("Запрошена ссылка для восстановления пароля: {}", who(&user));
    journal.record(&txn, Change::on_user(Action::PasswordResetRequested, &user, summary))?;
    journal.commit(txn)?;
    Ok(true)
}

/// After a new password: every session of `user` but `keep` ends (and with them the "login
/// as" sessions he started), and so does every reset or set-password link still in a mailbox.
/// Returns how many sessions ended.
pub fn end_old_access(txn: &WriteTxn, user: UserId, keep: Option<&[u8; 32]>) -> Result<usize, StoreError> {
    one_time_tokens::end_all_of(txn, user, Purpose::PasswordReset, Timestamp::now())?;
    sessions::remove_all_of(txn, user, keep)
}

/// Tells whether a reset or set-password link still works, before its form is filled: the
/// same 422 for an unknown, used or expired token and for a wrong e-mail.
pub async fn check_link(
    state: &AppState,
    ip: IpAddr,
    token: Option<&str>,
    email: Option<&str>,
) -> Result<(), ServiceError> {
    state.limits.link(ip)?;
    let key = token::digest(token.unwrap_or_default());
    let email = email.and_then(|e| Email::parse(e).ok());
    let valid = state.read(|store| {
        let txn = store.read()?;
        let Some(found) =
            one_time_tokens::get(&txn, &key)?.filter(|t| t.allows(Purpose::PasswordReset, Timestamp::now()))
        else {
            return Ok::<_, ServiceError>(false);
        };
        let user = users::get(&txn, found.user_id)?;
        Ok(user.is_some_and(|user| Some(&user.email) == email.as_ref()))
    })?;
    if valid {
        Ok(())
    } else {
        Err(FieldErrors::one("email", RESET_LINK_INVALID))
    }
}

/// The fields of the reset form.
pub struct ResetForm {
    pub token: Option<String>,
    pub email: Option<String>,
    pub password: Option<String>,
    pub password_confirmation: Option<String>,
}

/// Sets a new password with a token from the mail; the token is spent and every session of
/// the user ends. Following the link also proves the address, so it counts as confirmed.
pub async fn reset(state: &AppState, journal: Journal, ip: IpAddr, form: ResetForm) -> Result<(), ServiceError> {
    state.limits.link(ip)?;
    let password =
        new_password(form.password.as_deref(), form.password_confirmation.as_deref()).map_err(ServiceError::Invalid)?;
    let invalid = || FieldErrors::one("email", RESET_LINK_INVALID);
    let email = form
        .email
        .as_deref()
        .and_then(|e| Email::parse(e).ok())
        .ok_or_else(invalid)?;
    let key = token::digest(form.token.as_deref().unwrap_or_default());
    let hash = state.hashes.hash(password).await;
    state
        .run(move |store| {
            let txn = store.write()?;
            let now = Timestamp::now();
            let spent = one_time_tokens::take(&txn, &key)?.filter(|t| t.allows(Purpose::PasswordReset, now));
            let user = match spent {
                Some(spent) => users::get(&txn, spent.user_id)?.filter(|user| user.email == email),
                None => None,
            };
            // Dropping the transaction without commit keeps a token that did not match.
            let mut user = user.ok_or_else(invalid)?;
            user.password_hash = hash;
            user.updated_at = now;
            user.email_verified_at.get_or_insert(now);
            users::update(&txn, &user)?;
            end_old_access(&txn, user.id, None)?;
            let notice = password_changed(user.id, "восстановлен по ссылке из письма");
            let change = Change::on_user(
                Action::PasswordReset,
                &user,
                format!("Пароль восстановлен: {}", who(&user)),
            );
            journal.record(&txn, change.by_if_anonymous(user.id).notify(notice))?;
            journal.commit(txn)?;
            tracing::info!(user = user.id.0, "password reset by mail");
            Ok(())
        })
        .await
}

/// Changes one's own password (the current one is required); the user's other sessions end.
pub async fn change(
    state: &AppState,
    journal: Journal,
    actor: &Actor,
    ip: IpAddr,
    current: Option<String>,
    password: Option<String>,
    confirmation: Option<String>,
) -> Result<usize, ServiceError> {
    let mut errors = match new_password(password.as_deref(), confirmation.as_deref()) {
        Ok(_) => FieldErrors::new(),
        Err(errors) => errors,
    };
    if !check_own_password(state, actor, ip, current).await? {
        errors.push("current_password", "Неверный текущий пароль");
    }
    let password = match new_password(password.as_deref(), confirmation.as_deref()) {
        Ok(password) if errors.is_empty() => password,
        _ => return Err(ServiceError::Invalid(errors)),
    };
    let hash = state.hashes.hash(password).await;
    let (id, keep) = (actor.user.id, actor.session_key);
    state
        .run(move |store| {
            let txn = store.write()?;
            let mut user =
                users::get(&txn, id)?.ok_or_else(|| ServiceError::NotFound("Пользователь не найден".into()))?;
            user.password_hash = hash;
            user.updated_at = Timestamp::now();
            users::update(&txn, &user)?;
            let ended = end_old_access(&txn, id, Some(&keep))?;
            let change = Change::on_user(Action::PasswordChanged, &user, "Пароль изменён самим пользователем");
            journal.record(&txn, change.notify(password_changed(id, "изменён")))?;
            journal.commit(txn)?;
            Ok(ended)
        })
        .await
}

/// Checks the signed-in user's own password, counted like sign-in (429 when over the limits).
async fn check_own_password(
    state: &AppState,
    actor: &Actor,
    ip: IpAddr,
    candidate: Option<String>,
) -> Result<bool, ServiceError> {
    let hash = Some(actor.user.password_hash.clone());
    check_password(
        state,
        ip,
        actor.user.email.as_str(),
        hash,
        candidate.unwrap_or_default(),
    )
    .await
}

/// Ends every session of the user except this one (after checking the password).
pub async fn end_other_sessions(
    state: &AppState,
    journal: Journal,
    actor: &Actor,
    ip: IpAddr,
    password: Option<String>,
) -> Result<usize, ServiceError> {
    if !check_own_password(state, actor, ip, password).await? {
        return Err(FieldErrors::one("password", "Неверный пароль"));
    }
    let (id, keep) = (actor.user.id, actor.session_key);
    state
        .run(move |store| {
            let txn = store.write()?;
            let ended = sessions::remove_all_of(&txn, id, Some(&keep))?;
            let summary = format!("Завершены другие сеансы: {ended}");
            let change = Change::new(Action::OtherSessionsEnded, Entity::Session, None, summary).concerning([id]);
            journal.commit_change(txn, change)?;
            Ok(ended)
        })
        .await
}
