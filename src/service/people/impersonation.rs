//! "Login as": a manager sees the portal through a user's eyes, then returns to himself.

use super::load_for_change;
use crate::auth::{Session, token};
use crate::domain::activity::{Action, Entity};
use crate::domain::declension::{NameCase, full_name_in};
use crate::domain::notification::{Notice, NotificationKind};
use crate::domain::{User, UserId};
use crate::policy::Actor;
use crate::service::journal::{Change, Journal};
use crate::service::sign_in::SignedIn;
use crate::service::{AppState, ServiceError};
use crate::store::sessions;
use jiff::Timestamp;

/// «пользователя Соколовой Марины Олеговны (marina@school.ru)»: whose account it is, declined.
fn whose(user: &User) -> String {
    let name = full_name_in(user, NameCase::Genitive, "пользователя");
    format!("{name} ({})", user.email)
}

/// Replaces the session `ending` with a new one for `user` (remembering `impersonator`), and
/// records the switch as `describe` tells it.
async fn switch(
    state: &AppState,
    journal: Journal,
    ending: [u8; 32],
    user: UserId,
    impersonator: Option<UserId>,
    describe: impl FnOnce(&User) -> Change + Send + 'static,
) -> Result<SignedIn, ServiceError> {
    let mut session = Session::start(user, false, Timestamp::now(), &state.config.auth);
    session.impersonator = impersonator;
    let secret = token::new_token();
    let key = token::digest(&secret);
    let stored = session.clone();
    state
        .run(move |store| {
            let txn = store.write()?;
            let target = load_for_change(&txn, user)?;
            if target.deleted_at.is_some() {
                return Err(ServiceError::field("id", "Пользователь удалён"));
            }
            sessions::remove(&txn, &ending)?;
            sessions::insert(&txn, &key, &stored)?;
            journal.record(&txn, describe(&target))?;
            journal.commit(txn)?;
            Ok(())
        })
        .await?;
    Ok(SignedIn { token: secret, session })
}

/// Starts acting as `target`: the new session has exactly the target's rights and remembers
/// the manager, who is named in the log of everything done in it.
pub async fn start(
    state: &AppState,
    journal: Journal,
    actor: &Actor,
    target: UserId,
) -> Result<SignedIn, ServiceError> {
    if target == actor.user.id {
        return Err(ServiceError::field("id", "Нельзя войти под своей же учётной записью"));
    }
    let manager = full_name_in(&actor.user, NameCase::Instrumental, "менеджером");
    let describe = move |target: &User| {
        let notice = Notice {
            to: target.id,
            kind: NotificationKind::AccountUsed,
            body: format!(
                "Вход в портал под Вашей учётной записью выполнен {manager}. Всё, что сделано от Вашего имени, записано в журнал."
            ),
            link: None,
        };
        let summary = format!("Вход под учётной записью {}", whose(target));
        Change::on_user(Action::ImpersonationStarted, target, summary).notify(notice)
    };
    let signed_in = switch(state, journal, actor.session_key, target, Some(actor.user.id), describe).await?;
    tracing::info!(manager = actor.user.id.0, user = target.0, "impersonation started");
    Ok(signed_in)
}

/// Returns from acting as someone to the manager's own account.
pub async fn leave(state: &AppState, journal: Journal, actor: &Actor) -> Result<SignedIn, ServiceError> {
    let manager = actor
        .impersonator
        .ok_or_else(|| ServiceError::field("id", "Вы не вошли под другим пользователем"))?;
    let user = actor.user.clone();
    let describe = move |_: &User| {
        let summary = format!("Возврат к своей учётной записи из учётной записи {}", whose(&user));
        Change::new(Action::ImpersonationEnded, Entity::User, Some(user.id.0), summary).concerning([user.id])
    };
    let signed_in = switch(state, journal, actor.session_key, manager, None, describe).await?;
    tracing::info!(manager = manager.0, user = actor.user.id.0, "impersonation ended");
    Ok(signed_in)
}
