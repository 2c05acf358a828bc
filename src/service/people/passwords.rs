//! A manager setting someone's password, or mailing them a link to set it themselves.

use super::load_for_change;
use super::summary::{self, who};
use crate::domain::UserId;
use crate::domain::activity::Action;
use crate::mail::MailKind;
use crate::policy::Actor;
use crate::service::FieldErrors;
use crate::service::journal::{Change, Journal};
use crate::service::passwords::{end_old_access, new_password};
use crate::service::{AppState, ServiceError, mail_links};
use crate::store::users;
use jiff::Timestamp;

/// A link to set a first password works a week.
pub const SET_PASSWORD_MINUTES: u64 = 7 * 24 * 60;

/// Sets a person's password; their sessions and the links still in their mailbox end, so
/// they sign in with the new one. Not one's own: that change asks for the current password
/// (the settings page), which this one would get round.
pub async fn set_password(
    state: &AppState,
    journal: Journal,
    actor: &Actor,
    id: UserId,
    password: Option<String>,
    confirmation: Option<String>,
) -> Result<(), ServiceError> {
    if id == actor.user.id {
        return Err(FieldErrors::one(
            "password",
            "Свой пароль меняйте в настройках, с текущим паролем",
        ));
    }
    let password = new_password(password.as_deref(), confirmation.as_deref()).map_err(ServiceError::Invalid)?;
    let hash = state.hashes.hash(password).await;
    state
        .run(move |store| {
            let txn = store.write()?;
            let mut user = load_for_change(&txn, id)?;
            user.password_hash = hash;
            user.updated_at = Timestamp::now();
            users::update(&txn, &user)?;
            end_old_access(&txn, id, None)?;
            let notice = summary::password_changed(id, "изменил менеджер");
            let change = Change::on_user(
                Action::PasswordSet,
                &user,
                format!("Задан новый пароль: {}", who(&user)),
            );
            journal.record(&txn, change.notify(notice))?;
            journal.commit(txn)?;
            Ok(())
        })
        .await
}

/// Mails a person a link to set a new password (valid a week).
pub async fn send_password_link(state: &AppState, journal: Journal, id: UserId) -> Result<(), ServiceError> {
    let config = state.config.clone();
    state
        .run(move |store| {
            let txn = store.write()?;
            let user = load_for_change(&txn, id)?;
            if user.deleted_at.is_some() {
                return Err(FieldErrors::one("id", "Пользователь удалён"));
            }
            mail_links::queue(&txn, &config, &user, MailKind::SetPassword, SET_PASSWORD_MINUTES)?;
            let summary = format!("Отправлена ссылка для установки пароля: {}", who(&user));
            journal.record(&txn, Change::on_user(Action::PasswordLinkSent, &user, summary))?;
            journal.commit(txn)?;
            Ok(())
        })
        .await?;
    state.mailer.wake();
    Ok(())
}
