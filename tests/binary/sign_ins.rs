//! Signing in to a real server over plain HTTP, once or as a stream from another thread. A
//! sign-in is a write (a new session), so a stream of them is a stream of acknowledged writes,
//! and a session still accepted later proves its write was kept.

use crate::http::{Answer, csrf_token, request};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// The environment that lifts the sign-in limits, so a stream of sign-ins is never throttled.
pub const UNLIMITED: [(&str, &str); 3] = [
    ("KLASS_AUTH__LOGIN_PER_MINUTE", "100000"),
    ("KLASS_AUTH__LOGIN_PER_HOUR", "100000"),
    ("KLASS_AUTH__LOGIN_PER_IP_PER_MINUTE", "100000"),
];

/// Signs one person in, as often as asked, with the anonymous CSRF token a browser would use.
pub struct SignIn {
    addr: String,
    token: String,
    body: String,
}

impl SignIn {
    /// Signs in as `email` with `password` at the server on `addr`.
    pub fn new(addr: &str, email: &str, password: &str) -> Self {
        Self {
            addr: addr.to_owned(),
            token: csrf_token(addr),
            body: format!(r#"{{"email":"{email}","password":"{password}"}}"#),
        }
    }

    /// Signs in as the demo school's director.
    pub fn director(addr: &str) -> Self {
        Self::new(addr, "director@demo.klass", "klass-demo")
    }

    /// One sign-in: 204 with a `klass_session` cookie when the session was saved.
    pub fn send(&self) -> std::io::Result<Answer> {
        let cookie = format!("XSRF-TOKEN={}", self.token);
        let headers = [
            ("Content-Type", "application/json"),
            ("Cookie", cookie.as_str()),
            ("X-XSRF-TOKEN", self.token.as_str()),
        ];
        request(&self.addr, "POST", "/login", &headers, &self.body)
    }

    /// Signs in from another thread as fast as the server answers, until stopped or until the
    /// server is gone (no answer); any answer but 204 fails the test.
    pub fn stream(self) -> Stream {
        let acknowledged = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let writer = {
            let (acknowledged, stop) = (acknowledged.clone(), stop.clone());
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    match self.send() {
                        Ok(answer) if answer.status == 204 => {
                            let session = answer.cookie("klass_session").expect("session cookie");
                            acknowledged.lock().expect("lock").push(session);
                        }
                        // Status 0: the connection closed without an answer, as the server was killed.
                        Ok(answer) if answer.status == 0 => break,
                        Ok(answer) => panic!("unexpected answer {}: {}", answer.status, answer.body),
                        Err(_) => break,
                    }
                }
            })
        };
        Stream {
            acknowledged,
            stop,
            writer,
        }
    }
}

/// Sign-ins streaming in from another thread, with every session the server acknowledged.
pub struct Stream {
    acknowledged: Arc<Mutex<Vec<String>>>,
    stop: Arc<AtomicBool>,
    writer: JoinHandle<()>,
}

impl Stream {
    /// The sessions acknowledged so far, once there are at least `count`.
    pub fn wait_for(&self, count: usize) -> Vec<String> {
        loop {
            let so_far = self.acknowledged.lock().expect("lock").clone();
            if so_far.len() >= count {
                return so_far;
            }
            assert!(
                !self.writer.is_finished(),
                "the sign-ins stopped after {}",
                so_far.len()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Stops the stream and returns every session it had acknowledged.
    pub fn stop(self) -> Vec<String> {
        self.stop.store(true, Ordering::Relaxed);
        self.writer.join().expect("the sign-in stream failed");
        std::mem::take(&mut *self.acknowledged.lock().expect("lock"))
    }
}

/// Fails unless the server on `addr` still accepts every one of `sessions` (`why` says what a
/// missing one means).
pub fn assert_kept(addr: &str, sessions: &[String], why: &str) {
    for session in sessions {
        let cookie = format!("klass_session={session}");
        let answer = request(addr, "GET", "/api/user", &[("Cookie", cookie.as_str())], "").expect("user");
        assert_eq!(answer.status, 200, "{why}: {}", answer.body);
    }
}
