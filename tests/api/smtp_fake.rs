//! A small SMTP server for tests: speaks the real protocol on 127.0.0.1 (greeting, EHLO, AUTH
//! PLAIN/LOGIN, MAIL, RCPT, DATA with dot-unstuffing, RSET, NOOP, QUIT) and hands every
//! received message to the test. It can refuse the first DATA commands with 451, or be
//! started late on a port chosen in advance. Also: a decoder for the MIME parts of a message.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

/// One message as the server received it.
#[derive(Clone, Debug)]
pub struct Received {
    /// The envelope sender (`MAIL FROM`).
    pub from: String,
    /// The envelope recipients (`RCPT TO`).
    pub to: Vec<String>,
    /// The message, dot-unstuffed, with CRLF line ends.
    pub data: String,
    /// The user name given with AUTH, if the client authenticated.
    pub user: Option<String>,
}

/// A running fake server; stops when dropped.
pub struct FakeSmtp {
    pub addr: SocketAddr,
    received: mpsc::UnboundedReceiver<Received>,
    refusals: Arc<AtomicUsize>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for FakeSmtp {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// A port that is free now (nothing listens on it until a server is started there).
pub fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.local_addr().expect("addr").port()
}

impl FakeSmtp {
    /// Starts on a free port.
    pub async fn start() -> Self {
        Self::start_at(0).await
    }

    /// Starts on `port` of 127.0.0.1 (0 picks one).
    pub async fn start_at(port: u16) -> Self {
        let listener = TcpListener::bind(("127.0.0.1", port)).await.expect("fake smtp binds");
        let addr = listener.local_addr().expect("addr");
        let (sender, received) = mpsc::unbounded_channel();
        let refusals = Arc::new(AtomicUsize::new(0));
        let shared = Arc::clone(&refusals);
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(session(stream, sender.clone(), Arc::clone(&shared)));
            }
        });
        Self {
            addr,
            received,
            refusals,
            task,
        }
    }

    /// Answers the next `count` DATA commands with `451` (a temporary failure).
    pub fn refuse_data(&self, count: usize) {
        self.refusals.store(count, Ordering::SeqCst);
    }

    /// The next received message (fails the test after 10 s).
    pub async fn next_message(&mut self) -> Received {
        tokio::time::timeout(Duration::from_secs(10), self.received.recv())
            .await
            .expect("a message arrives within 10 s")
            .expect("server running")
    }
}

async fn session(stream: TcpStream, sender: mpsc::UnboundedSender<Received>, refusals: Arc<AtomicUsize>) {
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read);
    let mut reply = async |text: &str| write.write_all(format!("{text}\r\n").as_bytes()).await.is_ok();
    if !reply("220 fake.smtp ESMTP ready").await {
        return;
    }
    let (mut from, mut to, mut user) = (String::new(), Vec::new(), None);
    loop {
        let Some(line) = read_line(&mut lines).await else {
            return;
        };
        let upper = line.to_ascii_uppercase();
        let ok = if upper.starts_with("EHLO") {
            reply("250-fake.smtp\r\n250-AUTH PLAIN LOGIN\r\n250-8BITMIME\r\n250 SMTPUTF8").await
        } else if upper.starts_with("HELO") || upper.starts_with("NOOP") {
            reply("250 OK").await
        } else if upper.starts_with("AUTH PLAIN") {
            let initial = line
                .get(11..)
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned);
            let answer = match initial {
                Some(answer) => Some(answer),
                None => {
                    if reply("334 ").await {
                        read_line(&mut lines).await
                    } else {
                        None
                    }
                }
            };
            let plain = answer.map(|a| decode_base64(&a)).unwrap_or_default();
            user = plain
                .split(|b| *b == 0)
                .nth(1)
                .map(|u| String::from_utf8_lossy(u).into_owned());
            reply("235 2.7.0 Authentication successful").await
        } else if upper.starts_with("AUTH LOGIN") {
            let _ = reply("334 VXNlcm5hbWU6").await;
            let name = read_line(&mut lines).await.unwrap_or_default();
            user = Some(String::from_utf8_lossy(&decode_base64(&name)).into_owned());
            let _ = reply("334 UGFzc3dvcmQ6").await;
            let _password = read_line(&mut lines).await;
            reply("235 2.7.0 Authentication successful").await
        } else if upper.starts_with("MAIL FROM:") {
            from = address(&line);
            to.clear();
            reply("250 OK").await
        } else if upper.starts_with("RCPT TO:") {
            to.push(address(&line));
            reply("250 OK").await
        } else if upper.starts_with("DATA") {
            let refused = refusals
                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                .is_ok();
            if refused {
                reply("451 4.3.0 Try again later").await
            } else {
                let _ = reply("354 End data with <CR><LF>.<CR><LF>").await;
                let mut data = String::new();
                loop {
                    let Some(line) = read_line(&mut lines).await else {
                        return;
                    };
                    if line == "." {
                        break;
                    }
                    data.push_str(line.strip_prefix('.').unwrap_or(&line));
                    data.push_str("\r\n");
                }
                let message = Received {
                    from: from.clone(),
                    to: to.clone(),
                    data,
                    user: user.clone(),
                };
                let _ = sender.send(message);
                reply("250 2.0.0 Queued").await
            }
        } else if upper.starts_with("RSET") {
            (from, to) = (String::new(), Vec::new());
            reply("250 OK").await
        } else if upper.starts_with("QUIT") {
            let _ = reply("221 Bye").await;
            return;
        } else {
            reply("502 5.5.2 Command not recognized").await
        };
        if !ok {
            return;
        }
    }
}

async fn read_line(lines: &mut BufReader<tokio::net::tcp::OwnedReadHalf>) -> Option<String> {
    let mut line = String::new();
    match lines.read_line(&mut line).await {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line.trim_end_matches(['\r', '\n']).to_owned()),
    }
}

/// `MAIL FROM:<a@b.ru> SIZE=10` -> `a@b.ru`.
fn address(line: &str) -> String {
    let start = line.find('<').map_or(0, |i| i + 1);
    let end = line[start..].find('>').map_or(line.len(), |i| start + i);
    line[start..end].to_owned()
}

/// The decoded text of every leaf part of a MIME message (or of its body when not multipart),
/// as (content type, text).
pub fn text_parts(raw: &str) -> Vec<(String, String)> {
    let raw = raw.replace("\r\n", "\n");
    let (head, body) = raw.split_once("\n\n").unwrap_or((&raw, ""));
    let Some(boundary) = header_param(head, "boundary=") else {
        let kind = header_param(head, "content-type:").unwrap_or_default();
        return vec![(kind, decode_body(head, body))];
    };
    body.split(&format!("--{boundary}"))
        .filter_map(|part| {
            part.trim_start_matches('\n')
                .split_once("\n\n")
                .map(|(h, b)| (h.to_owned(), b.to_owned()))
        })
        .flat_map(|(h, b)| text_parts(&format!("{h}\n\n{b}")))
        .collect()
}

/// The value after `name` in a header block (case-insensitive), unquoted, up to `;` or the line end.
fn header_param(head: &str, name: &str) -> Option<String> {
    let unfolded = head.replace("\n ", " ").replace("\n\t", " ");
    let at = unfolded.to_ascii_lowercase().find(name)? + name.len();
    let value = unfolded[at..].lines().next()?.split(';').next()?.trim();
    Some(value.trim_matches('"').to_owned())
}

fn decode_body(head: &str, body: &str) -> String {
    let encoding = header_param(head, "content-transfer-encoding:")
        .unwrap_or_default()
        .to_ascii_lowercase();
    let bytes = match encoding.as_str() {
        "base64" => decode_base64(body),
        "quoted-printable" => decode_quoted_printable(body),
        _ => body.as_bytes().to_vec(),
    };
    String::from_utf8_lossy(&bytes).into_owned()
}

fn decode_base64(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let (mut out, mut acc, mut bits) = (Vec::new(), 0u32, 0);
    for sextet in text.bytes().filter_map(|b| ALPHABET.iter().position(|a| *a == b)) {
        acc = (acc << 6) | sextet as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

fn decode_quoted_printable(text: &str) -> Vec<u8> {
    let joined = text.replace("=\n", "");
    let bytes = joined.as_bytes();
    let (mut out, mut i) = (Vec::new(), 0);
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok());
        match (bytes[i], hex) {
            (b'=', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    out
}
