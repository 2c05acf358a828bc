//! A person's private iCal link: shown on his calendar page, rotated on request, and checked
//! (in constant time) when a phone's calendar app fetches the feed without signing in.

use super::ServiceError;
use super::journal::{Change, Journal};
use crate::auth::token;
use crate::domain::UserId;
use crate::domain::activity::Action;
use crate::domain::calendar::CalendarFeed;
use crate::store::{Store, calendar_feeds, users};
use jiff::Timestamp;

fn no_person() -> ServiceError {
    ServiceError::NotFound("Пользователь не найден".into())
}

/// The one answer to a feed that cannot be opened: no such person, no link, a wrong token.
fn no_feed() -> ServiceError {
    ServiceError::NotFound("Календарь не найден".into())
}

/// The link a phone subscribes to.
pub fn url(public_url: &str, user: UserId, token: &str) -> String {
    format!(
        "{}/api/users/{}/calendar.ics?token={token}",
        public_url.trim_end_matches('/'),
        user.0
    )
}

/// The person's link, or `None` until one is made (by `rotate`).
pub fn link(store: &Store, public_url: &str, user: UserId) -> Result<Option<String>, ServiceError> {
    let txn = store.read()?;
    users::get(&txn, user)?
        .filter(|u| u.deleted_at.is_none())
        .ok_or_else(no_person)?;
    Ok(calendar_feeds::of(&txn, user)?.map(|feed| url(public_url, user, &feed.token)))
}

/// Makes a new link for the person; the previous one stops working at once.
pub fn rotate(store: &Store, journal: &Journal, public_url: &str, user: UserId) -> Result<String, ServiceError> {
    let txn = store.write()?;
    let person = users::get(&txn, user)?
        .filter(|u| u.deleted_at.is_none())
        .ok_or_else(no_person)?;
    let feed = CalendarFeed {
        id: user,
        token: token::new_token(),
        rotated_at: Timestamp::now(),
    };
    calendar_feeds::put(&txn, &feed)?;
    journal.record(
        &txn,
        Change::on_user(Action::CalendarFeedRotated, &person, "Новая ссылка на календарь"),
    )?;
    journal.commit(txn)?;
    Ok(url(public_url, user, &feed.token))
}

/// Admits `token` for the person's feed, or answers "not found" whatever is wrong, so a guess
/// learns nothing (not even whether the person exists).
pub fn check(store: &Store, user: UserId, given: &str) -> Result<(), ServiceError> {
    let txn = store.read()?;
    let person = users::get(&txn, user)?.filter(|u| u.deleted_at.is_none());
    let feed = calendar_feeds::of(&txn, user)?;
    match (person, feed) {
        (Some(_), Some(feed)) if token::constant_time_eq(feed.token.as_bytes(), given.as_bytes()) => Ok(()),
        _ => Err(no_feed()),
    }
}
