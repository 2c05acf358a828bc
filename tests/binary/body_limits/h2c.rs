//! Just enough HTTP/2 without TLS (prior knowledge) to send one request whose body has no
//! length as fast as flow control lets it while reading the answer. (curl 7.88 drops an answer
//! that comes before the whole body is sent, which RFC 9113 §8.1 allows a server to do.)

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

const DATA: u8 = 0;
const HEADERS: u8 = 1;
const SETTINGS: u8 = 4;
const WINDOW_UPDATE: u8 = 8;
const END_STREAM: u8 = 1;
const END_HEADERS: u8 = 4;
const ACK: u8 = 1;
const FRAME: usize = 16 * 1024;

/// The answer, and how much of the body was sent before it came.
#[derive(Debug, Default)]
pub struct Answer {
    pub status: u16,
    pub body: String,
    pub sent: usize,
}

/// What the sender may send, and whether the answer has come.
struct Windows {
    connection: i64,
    stream: i64,
    answered: bool,
}

/// One frame: its 9-byte head (length, type, flags, stream) and `payload`.
fn frame(kind: u8, flags: u8, stream: u32, payload: &[u8]) -> Vec<u8> {
    let mut out = (payload.len() as u32).to_be_bytes()[1..].to_vec();
    out.extend([kind, flags]);
    out.extend(stream.to_be_bytes());
    out.extend(payload);
    out
}

/// A header field as an HPACK literal with a new name, not indexed and not Huffman-coded.
fn literal(block: &mut Vec<u8>, name: &str, value: &str) {
    block.push(0);
    for text in [name, value] {
        let mut n = text.len();
        if n < 127 {
            block.push(n as u8);
        } else {
            block.push(127);
            n -= 127;
            while n >= 128 {
                block.push((n % 128) as u8 | 0x80);
                n /= 128;
            }
            block.push(n as u8);
        }
        block.extend(text.as_bytes());
    }
}

/// The `:status` of a header block: its first field, indexed (static entries 8 to 14) or a
/// literal on name 8 with a Huffman-coded value, where a digit takes 5 bits (`00…`: 0–2) or
/// 6 (`011001`–`011111`: 3–9) and the padding is ones.
fn status(block: &[u8]) -> u16 {
    if block[0] & 0x80 != 0 {
        return [200, 204, 206, 304, 400, 404, 500][usize::from(block[0] & 0x7f) - 8];
    }
    let value = &block[2..2 + usize::from(block[1] & 0x7f)];
    if block[1] & 0x80 == 0 {
        return std::str::from_utf8(value)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
    }
    let bits: Vec<u16> = value
        .iter()
        .flat_map(|b| (0..8).rev().map(move |i| u16::from(b >> i & 1)))
        .collect();
    let code = |at: usize, n: usize| bits[at..at + n].iter().fold(0, |v, b| v << 1 | b);
    let (mut at, mut status) = (0, 0);
    while at + 5 <= bits.len() && bits[at] == 0 {
        let (digit, width) = if bits[at + 1] == 0 {
            (code(at, 5), 5)
        } else {
            (code(at, 6) - 0x19 + 3, 6)
        };
        status = status * 10 + digit;
        at += width;
    }
    status
}

/// Reads frames until the answer has ended (or the connection has), keeping the windows.
fn read_answer(
    mut stream: TcpStream,
    writer: Arc<Mutex<TcpStream>>,
    windows: Arc<(Mutex<Windows>, Condvar)>,
) -> Answer {
    let mut answer = Answer::default();
    let mut body = Vec::new();
    let mut head = [0; 9];
    while stream.read_exact(&mut head).is_ok() {
        let length = usize::from(head[0]) << 16 | usize::from(head[1]) << 8 | usize::from(head[2]);
        let (kind, flags, on_stream) = (head[3], head[4], head[8] != 0);
        let mut payload = vec![0; length];
        if stream.read_exact(&mut payload).is_err() {
            break;
        }
        let mut w = windows.0.lock().expect("windows");
        match kind {
            SETTINGS if flags & ACK == 0 => {
                for setting in payload.chunks(6) {
                    // SETTINGS_INITIAL_WINDOW_SIZE: how much a stream may send at first.
                    if setting[..2] == [0, 4] {
                        let size = u32::from_be_bytes([setting[2], setting[3], setting[4], setting[5]]);
                        w.stream += i64::from(size) - 65_535;
                    }
                }
                let _ = writer.lock().expect("writer").write_all(&frame(SETTINGS, ACK, 0, &[]));
            }
            WINDOW_UPDATE => {
                let more =
                    i64::from(u32::from_be_bytes([payload[0], payload[1], payload[2], payload[3]]) & 0x7fff_ffff);
                *(if on_stream { &mut w.stream } else { &mut w.connection }) += more;
            }
            HEADERS if on_stream => answer.status = status(&payload),
            DATA if on_stream => body.extend_from_slice(&payload),
            _ => {}
        }
        windows.1.notify_all();
        if on_stream && flags & END_STREAM != 0 && matches!(kind, DATA | HEADERS) {
            break;
        }
    }
    windows.0.lock().expect("windows").answered = true;
    windows.1.notify_all();
    answer.body = String::from_utf8_lossy(&body).into_owned();
    answer
}

/// POSTs `body` to `path` with `headers` (their names lower-cased, as HTTP/2 wants) and no
/// `content-length`, and stops sending once the answer has come.
pub fn post(addr: &str, path: &str, headers: &[(String, String)], body: &[u8]) -> Answer {
    let stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("timeout");
    let writer = Arc::new(Mutex::new(stream.try_clone().expect("clone")));
    let mut block = Vec::new();
    for (name, value) in [
        (":method", "POST"),
        (":scheme", "http"),
        (":path", path),
        (":authority", addr),
    ] {
        literal(&mut block, name, value);
    }
    for (name, value) in headers {
        literal(&mut block, &name.to_lowercase(), value);
    }
    let mut start = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_vec();
    start.extend(frame(SETTINGS, 0, 0, &[]));
    start.extend(frame(HEADERS, END_HEADERS, 1, &block));
    writer.lock().expect("writer").write_all(&start).expect("request head");
    let windows = Arc::new((
        Mutex::new(Windows {
            connection: 65_535,
            stream: 65_535,
            answered: false,
        }),
        Condvar::new(),
    ));
    let reader = {
        let (writer, windows) = (writer.clone(), windows.clone());
        std::thread::spawn(move || read_answer(stream, writer, windows))
    };
    let mut sent = 0;
    for piece in body.chunks(FRAME) {
        let size = piece.len() as i64;
        let (lock, turn) = &*windows;
        let wait = Duration::from_secs(20);
        let (mut w, _) = turn
            .wait_timeout_while(lock.lock().expect("windows"), wait, |w| {
                !w.answered && (w.connection < size || w.stream < size)
            })
            .expect("windows");
        if w.answered || w.connection < size || w.stream < size {
            break;
        }
        (w.connection, w.stream) = (w.connection - size, w.stream - size);
        drop(w);
        let last = sent + piece.len() == body.len();
        let data = frame(DATA, if last { END_STREAM } else { 0 }, 1, piece);
        if writer.lock().expect("writer").write_all(&data).is_err() {
            break;
        }
        sent += piece.len();
    }
    Answer {
        sent,
        ..reader.join().expect("reader")
    }
}
