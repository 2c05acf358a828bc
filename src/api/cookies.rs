//! The cookies of the Sanctum protocol: the HttpOnly session cookie and the readable
//! `XSRF-TOKEN` the UI echoes in a header.

use crate::auth::csrf;
use crate::service::sign_in::SignedIn;
use crate::web::SESSION_COOKIE;
use poem::middleware::CookieJarManager;
use poem::web::cookie::{Cookie, CookieJar, SameSite};
use poem::{Endpoint, EndpointExt};
use std::time::Duration;

/// Gives one operation poem's cookie jar (`#[oai(transform = "with_jar")]`): the operations
/// that set cookies take `&CookieJar`, which has no jar to give without this. Every other
/// request reads its cookies from the header (`web::session_layer`), which costs far less.
pub fn with_jar<E: Endpoint>(operation: E) -> impl Endpoint {
    operation.with(CookieJarManager::new())
}

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

#[cfg(test)]
mod tests {
    /// Each operation's attribute and signature in an API source: the text from `#[oai(` to
    /// the body's opening brace.
    fn operations(source: &str) -> impl Iterator<Item = &str> {
        source
            .split("#[oai(")
            .skip(1)
            .filter_map(|rest| rest.split_once('{').map(|(head, _)| head))
            .filter(|head| head.contains("async fn"))
    }

    #[test]
    fn every_operation_that_takes_the_cookie_jar_is_given_one() {
        let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/api")];
        let mut takers = 0;
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("src/api") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                let source = std::fs::read_to_string(&path).expect("source");
                for operation in operations(&source).filter(|op| op.contains("&CookieJar")) {
                    takers += 1;
                    assert!(
                        operation.contains("transform = \"with_jar\""),
                        "{}: an operation takes &CookieJar without `transform = \"with_jar\"` \
                         (poem would panic): {operation}",
                        path.display()
                    );
                }
            }
        }
        // Sign-in's three operations and acting as someone's two, at least: the scan sees them.
        assert!(takers >= 5, "only {takers} operations take the cookie jar");
    }
}
