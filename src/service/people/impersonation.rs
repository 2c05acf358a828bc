//! "Login as": a manager sees the portal through a user's eyes, then returns to himself.

use super::load_for_change;
use crate::auth::{Resume, Session, token};
use crate::domain::activity::{Action, Entity};
use crate::domain::declension::{NameCase, full_name_in};
use crate::domain::notification::{Notice, NotificationKind};
use crate::domain::{User, UserId};
use crate::policy::{Actor, Denied, NOT_AS_A_MANAGER, may_be_acted_as, may_impersonate};
use crate::service::journal::{Change, Journal};
use crate::service::sign_in::SignedIn;
use crate::service::{AppState, ServiceError};
use crate::store::{sessions, users};
use jiff::Timestamp;

/// «пользователя Соколовой Марины Олеговны (marina@school.ru)»: whose account it is, declined.
fn whose(user: &User) -> String {
    let name = full_name_in(user, NameCase::Genitive, "пользователя");
    format!("{name} ({})", user.email)
}

/// How the session after a switch is made from the one that ends.
enum Next {
    /// The manager begins acting as this user.
    Acting { user: UserId, manager: UserId },
    /// The manager returns to himself.
    Own { manager: UserId },
}

/// Replaces the session `ending` with the next one (see `Next`) and records the switch as
/// `describe` tells it. The new session inherits the absolute end of the manager's own.
async fn switch(
    state: &AppState,
    journal: Journal,
    ending: [u8; 32],
    next: Next,
    describe: impl FnOnce(&User) -> Change + Send + 'static,
) -> Result<SignedIn, ServiceError> {
    let secret = token::new_token();
    let key = token::digest(&secret);
    let rules = state.config.auth.clone();
    let session = state
        .run(move |store| {
            let txn = store.write()?;
            let now = Timestamp::now();
            let current = sessions::get(&txn, &ending)?.ok_or(Denied::Unauthenticated)?;
            let (session, target) = match next {
                Next::Acting { user, manager } => {
                    let target = load_for_change(&txn, user)?;
                    if target.deleted_at.is_some() {
                        return Err(ServiceError::field("id", "Пользователь удалён"));
                    }
                    if !may_be_acted_as(&target) {
                        return Err(ServiceError::Forbidden(NOT_AS_A_MANAGER));
                    }
                    (Session::acting(user, manager, &current, now, &rules), target)
                }
                Next::Own { manager } => {
                    let Some(target) = users::get(&txn, manager)?.filter(may_impersonate) else {
                        // The manager may no longer sign in: acting as someone ends here.
                        sessions::remove(&txn, &ending)?;
                        txn.commit()?;
                        return Err(Denied::Unauthenticated.into());
                    };
                    // A session from before `resume` was kept ends when the acting one would.
                    let resume = current.resume.unwrap_or(Resume {
                        expires_at: current.expires_at,
                        remember: false,
                    });
                    (Session::resumed(manager, resume, now, &rules), target)
                }
            };
            sessions::remove(&txn, &ending)?;
            sessions::insert(&txn, &key, &session)?;
            journal.record(&txn, describe(&target))?;
            journal.commit(txn)?;
            Ok(session)
        })
        .await?;
    Ok(SignedIn { token: secret, session })
}

/// Starts acting as `target` (a worker, student or parent, never a manager): the new session
/// has exactly the target's rights and remembers the manager, who is named in the log of
/// everything done in it; it ends no later than the manager's own session would have.
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
    let next = Next::Acting {
        user: target,
        manager: actor.user.id,
    };
    let signed_in = switch(state, journal, actor.session_key, next, describe).await?;
    tracing::info!(manager = actor.user.id.0, user = target.0, "impersonation started");
    Ok(signed_in)
}

/// Returns from acting as someone to the manager's own account, if he may still sign in
/// (otherwise the session ends: 401); his session keeps the absolute end it had.
pub async fn leave(state: &AppState, journal: Journal, actor: &Actor) -> Result<SignedIn, ServiceError> {
    let manager = actor
        .impersonator
        .ok_or_else(|| ServiceError::field("id", "Вы не вошли под другим пользователем"))?;
    let user = actor.user.clone();
    let describe = move |_: &User| {
        let summary = format!("Возврат к своей учётной записи из учётной записи {}", whose(&user));
        Change::new(Action::ImpersonationEnded, Entity::User, Some(user.id.0), summary).concerning([user.id])
    };
    let signed_in = switch(state, journal, actor.session_key, Next::Own { manager }, describe).await?;
    tracing::info!(manager = manager.0, user = actor.user.id.0, "impersonation ended");
    Ok(signed_in)
}
