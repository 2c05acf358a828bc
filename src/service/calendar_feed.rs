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
use poem::http::Uri;
use std::net::IpAddr;

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

/// The host `public_url` names («school.local», «192.168.1.10», an IPv6 address in brackets),
/// if it parses as an absolute address.
pub fn host_of(public_url: &str) -> Option<String> {
    let uri: Uri = public_url.parse().ok()?;
    // «school.local» alone parses too, as a bare authority: no address a phone follows.
    uri.scheme()?;
    uri.host().filter(|host| !host.is_empty()).map(str::to_owned)
}

/// Whether `public_url` names this computer only (localhost, 127.0.0.1, [::1]): a phone given
/// such a link looks for the school on itself.
pub fn is_loopback(public_url: &str) -> bool {
    host_of(public_url).is_some_and(|host| {
        let host = host.trim_start_matches('[').trim_end_matches(']');
        host.eq_ignore_ascii_case("localhost") || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_of_a_public_url_is_read_whole_an_ipv6_address_too() {
        assert_eq!(host_of("http://[::1]:8080/").as_deref(), Some("[::1]"));
        assert_eq!(host_of("https://school.local").as_deref(), Some("school.local"));
        assert_eq!(
            host_of("http://192.168.1.10:8080/klass").as_deref(),
            Some("192.168.1.10")
        );
        assert_eq!(host_of("school.local"), None, "no scheme, no host");
    }

    #[test]
    fn a_public_url_on_this_computer_only_is_told_apart() {
        for url in [
            "http://127.0.0.1:8080",
            "http://localhost:8080/",
            "http://[::1]:8080",
            "http://127.0.1.1",
        ] {
            assert!(is_loopback(url), "{url}");
        }
        for url in [
            "http://192.168.1.10:8080",
            "https://school.local",
            "http://[fd00::1]:8080",
        ] {
            assert!(!is_loopback(url), "{url}");
        }
    }
}
