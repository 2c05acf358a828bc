//! The cookies of the Sanctum protocol: the HttpOnly session cookie and the readable
//! `XSRF-TOKEN` the UI echoes in a header.

use crate::auth::csrf;
use crate::service::sign_in::SignedIn;
use crate::web::SESSION_COOKIE;
use poem::web::cookie::{Cookie, CookieJar, SameSite};
use std::time::Duration;

fn base(name: &str, value: &str, secure: bool) -> Cookie {
    let mut cookie = Cookie::new_with_str(name, value);
    cookie.set_path("/");
    cookie.set_same_site(SameSite::Lax);
    cookie.set_secure(secure);
    cookie
}

/// Sets the session cookie; persistent (`max_age`) for "remember me", else for the browser session.
fn set_session(jar: &CookieJar, token: &str, max_age: Option<i64>, secure: bool) {
    let mut cookie = base(SESSION_COOKIE, token, secure);
    cookie.set_http_only(true);
    if let Some(seconds) = max_age {
        cookie.set_max_age(Duration::from_secs(seconds.max(0) as u64));
    }
    jar.add(cookie);
}

/// Sets both cookies of a new session: the session cookie (persistent for "remember me",
/// until the session's absolute end) and its `XSRF-TOKEN`.
pub fn set_signed_in(jar: &CookieJar, signed_in: &SignedIn, secure: bool) {
    let session = &signed_in.session;
    let max_age = session.remember.then(|| session.seconds_left(jiff::Timestamp::now()));
    set_session(jar, &signed_in.token, max_age, secure);
    set_xsrf(jar, &session.csrf_token, secure);
}

/// Tells the browser to forget the session cookie.
pub fn clear_session(jar: &CookieJar, secure: bool) {
    let mut cookie = base(SESSION_COOKIE, "", secure);
    cookie.set_http_only(true);
    cookie.set_max_age(Duration::ZERO);
    jar.add(cookie);
}

/// Sets the readable CSRF cookie.
pub fn set_xsrf(jar: &CookieJar, token: &str, secure: bool) {
    jar.add(base(csrf::COOKIE, token, secure));
}
