//! Plain HTTP/1.1 over a TCP socket, enough to talk to the real server from a std test.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// An answer: status, raw head, body.
pub struct Answer {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Answer {
    /// The value of the cookie `name` this answer sets.
    pub fn cookie(&self, name: &str) -> Option<String> {
        let prefix = format!("set-cookie: {name}=");
        self.head
            .lines()
            .find_map(|l| l.strip_prefix(&prefix))
            .and_then(|v| v.split(';').next())
            .map(str::to_owned)
    }
}

/// Sends one request (with `Connection: close`) and reads the whole answer.
pub fn request(addr: &str, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> std::io::Result<Answer> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    stream.write_all(head.as_bytes())?;
    stream.write_all(body.as_bytes())?;
    let mut raw = String::new();
    stream.read_to_string(&mut raw)?;
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    Ok(Answer {
        status,
        head: head.to_owned(),
        body: body.to_owned(),
    })
}

/// The anonymous CSRF token, from `GET /sanctum/csrf-cookie`.
pub fn csrf_token(addr: &str) -> String {
    let answer = request(addr, "GET", "/sanctum/csrf-cookie", &[], "").expect("csrf cookie");
    answer.cookie("XSRF-TOKEN").expect("XSRF cookie")
}
