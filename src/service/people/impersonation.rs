//! "Login as": a manager sees the portal through a user's eyes, then returns to himself.

use super::load_for_change;
use crate::auth::{Session, token};
use crate::domain::UserId;
use crate::policy::Actor;
use crate::service::sign_in::SignedIn;
use crate::service::{AppState, ServiceError};
use crate::store::sessions;
use jiff::Timestamp;

/// Replaces the session `ending` with a new one for `user` (remembering `impersonator`).
async fn switch(
    state: &AppState,
    ending: [u8; 32],
    user: UserId,
    impersonator: Option<UserId>,
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
            txn.commit()?;
            Ok(())
        })
        .await?;
    Ok(SignedIn { token: secret, session })
}

/// Starts acting as `target`: the new session has exactly the target's rights and remembers
/// the manager, who is named in the log of everything done in it.
pub async fn start(state: &AppState, actor: &Actor, target: UserId) -> Result<SignedIn, ServiceError> {
    if target == actor.user.id {
        return Err(ServiceError::field("id", "Нельзя войти под своей же учётной записью"));
    }
    let signed_in = switch(state, actor.session_key, target, Some(actor.user.id)).await?;
    tracing::info!(manager = actor.user.id.0, user = target.0, "impersonation started");
    Ok(signed_in)
}

/// Returns from acting as someone to the manager's own account.
pub async fn leave(state: &AppState, actor: &Actor) -> Result<SignedIn, ServiceError> {
    let manager = actor
        .impersonator
        .ok_or_else(|| ServiceError::field("id", "Вы не вошли под другим пользователем"))?;
    let signed_in = switch(state, actor.session_key, manager, None).await?;
    tracing::info!(manager = manager.0, user = actor.user.id.0, "impersonation ended");
    Ok(signed_in)
}
