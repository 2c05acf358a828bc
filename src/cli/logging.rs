//! Where the log goes and what each line costs: lines leave from a thread of their own, are
//! formatted by hand (`log_format`), and a line's time is written from a text made once a
//! second.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::io::BufWriter;
use tracing_appender::non_blocking::{NonBlockingBuilder, WorkerGuard};
use tracing_subscriber::EnvFilter;

/// Starts logging to stderr at `default_level` unless `RUST_LOG` says otherwise. Dropping the
/// guard writes what is left.
///
/// Lines go to stderr from a thread of their own, many per write: a request pays for formatting
/// its line, not for a system call. None is dropped: 8,192 lines behind, a request waits for the
/// writer. Lines carry no colours, in a terminal either: colouring each field cost requests ~3 %
/// of their time even when it was switched off (the crate's `ansi` feature is left out).
pub fn start(default_level: &str) -> WorkerGuard {
    let (writer, guard) = NonBlockingBuilder::default()
        .lossy(false)
        .buffered_lines_limit(8192)
        .finish(BufWriter::new(std::io::stderr()));
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_level)))
        .with_ansi(false)
        .event_format(super::log_format::Line)
        .with_writer(writer)
        .init();
    guard
}

thread_local! {
    /// The second last formatted on this thread and its text up to the dot.
    static SECOND: RefCell<(i64, String)> = const { RefCell::new((i64::MIN, String::new())) };
}

/// UTC time with microseconds, as `2026-11-23T09:05:07.123456Z`. The date and the second are
/// formatted once a second per thread; each line adds only its microseconds.
pub(super) fn write_time(w: &mut impl std::fmt::Write, now: jiff::Timestamp) -> std::fmt::Result {
    let (second, micros) = (now.as_second(), now.subsec_microsecond());
    // Before 1970 the fraction is negative; such a clock gets a whole second.
    let micros = micros.max(0);
    SECOND.with_borrow_mut(|(cached, text)| {
        if *cached != second {
            text.clear();
            let whole = jiff::Timestamp::from_second(second).unwrap_or(now);
            write!(text, "{}", whole.strftime("%Y-%m-%dT%H:%M:%S"))?;
            *cached = second;
        }
        write!(w, "{text}.{micros:06}Z")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> String {
        let mut out = String::new();
        write_time(&mut out, text.parse().expect("time")).expect("write");
        out
    }

    #[test]
    fn writes_utc_with_microseconds_and_follows_the_second() {
        assert_eq!(at("2026-11-23T09:05:07.123456789Z"), "2026-11-23T09:05:07.123456Z");
        assert_eq!(at("2026-11-23T09:05:07.000001Z"), "2026-11-23T09:05:07.000001Z");
        assert_eq!(at("2026-11-23T09:05:08Z"), "2026-11-23T09:05:08.000000Z");
        assert_eq!(at("2026-12-31T23:59:59.5+03:00"), "2026-12-31T20:59:59.500000Z");
        assert_eq!(at("2027-01-01T00:00:00.25Z"), "2027-01-01T00:00:00.250000Z");
    }
}
