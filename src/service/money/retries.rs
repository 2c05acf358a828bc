//! A money-creating request sent again (its answer lost on the school's Wi-Fi, «Сохранить»
//! pressed once more) writes nothing twice: the dialog sends the same `Idempotency-Key` with
//! each attempt, and the key's first request wrote its entry or package together with the key
//! (`store::request_keys`), so a repeat finds what it wrote. Keys are forgotten after a week.

use crate::domain::UserId;
use crate::service::{AppState, FieldErrors, ServiceError, daily};
use crate::store::request_keys::{self, Written};
use crate::store::{Store, StoreError, WriteTxn};
use jiff::{SignedDuration, Timestamp};
use sha2::{Digest, Sha256};
use std::fmt::Debug;

/// The field a bad or reused key is a 422 on.
pub const FIELD: &str = "idempotency_key";

/// How long a key is kept: a request is not sent again a week later.
pub const KEPT_FOR: SignedDuration = SignedDuration::from_hours(7 * 24);

/// The longest key, in characters.
const MAX_KEY: usize = 64;

/// A caller's request key and the digest of what the request asks for.
pub struct RequestKey {
    user: UserId,
    text: String,
    digest: [u8; 32],
}

impl RequestKey {
    /// `user`'s key `raw` of a request for `operation` (`"payment"`, `"package"`) with `form`;
    /// `None` without one. Anything but 1 to 64 Latin letters, digits, `-` and `_` is a 422 on
    /// `idempotency_key`.
    pub fn of(
        raw: Option<String>,
        user: UserId,
        operation: &str,
        form: &impl Debug,
    ) -> Result<Option<Self>, ServiceError> {
        let Some(text) = raw else { return Ok(None) };
        let allowed = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
        if text.is_empty() || text.chars().count() > MAX_KEY || !text.chars().all(allowed) {
            return Err(FieldErrors::one(
                FIELD,
                format!("Ключ запроса: от 1 до {MAX_KEY} латинских букв, цифр, «-» и «_»"),
            ));
        }
        let digest = Sha256::digest(format!("{operation} {form:?}").as_bytes()).into();
        Ok(Some(Self { user, text, digest }))
    }
}

/// The id the earlier request with `key` wrote, read in `txn` (the write transaction that
/// would write this one, so two sent at once cannot both write); `None` without a key or
/// before its first request. A 422 on `idempotency_key` when that request asked for something
/// else.
pub fn earlier(txn: &WriteTxn, key: Option<&RequestKey>) -> Result<Option<u64>, ServiceError> {
    let Some(key) = key else { return Ok(None) };
    match request_keys::get(txn, key.user, &key.text)? {
        Some(written) if written.digest == key.digest => Ok(Some(written.id)),
        Some(_) => Err(FieldErrors::one(
            FIELD,
            "Эта форма уже была отправлена с другими данными, и запись по ней могла быть сделана: проверьте оплаты ученика, прежде чем вносить её снова",
        )),
        None => Ok(None),
    }
}

/// Keeps that the request with `key` wrote `id`, in `txn` (the one that wrote it); nothing
/// without a key.
pub fn remember(txn: &WriteTxn, key: Option<&RequestKey>, id: u64) -> Result<(), StoreError> {
    let Some(key) = key else { return Ok(()) };
    let written = Written { id, digest: key.digest };
    request_keys::put(txn, key.user, &key.text, written, Timestamp::now())
}

/// Forgets the keys written more than `KEPT_FOR` before `now`, in one commit; returns how many.
pub fn forget_old(store: &Store, now: Timestamp) -> Result<usize, ServiceError> {
    let txn = store.write()?;
    let forgotten = request_keys::forget_before(&txn, now - KEPT_FOR)?;
    txn.commit()?;
    Ok(forgotten)
}

/// Forgets old keys at start and then once a day, until the task is dropped.
pub async fn keep_forgetting(state: AppState) {
    let job = |store: &Store| forget_old(store, Timestamp::now());
    daily::at_start_and_daily(
        state,
        job,
        "old request keys forgotten",
        "forgetting old request keys failed",
    )
    .await;
}
