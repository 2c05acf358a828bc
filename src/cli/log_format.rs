//! How one log line reads, written by hand: `TIME LEVEL [request{id=…}: ]TARGET: message
//! name=value …`. tracing-subscriber's own format spent ~13k instructions on each request's
//! line (a span to open and format, `fmt` for every field), a seventh of a light request.

use std::fmt::{self, Write};
use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_log::NormalizeEvent;
use tracing_subscriber::fmt::FmtContext;
use tracing_subscriber::fmt::format::{FormatEvent, FormatFields, Writer};
use tracing_subscriber::registry::LookupSpan;

/// The line format (see the module doc). A value is written as it is when it is plain ASCII
/// without space, quote, backslash or `=`, else quoted and escaped; a message has its control
/// characters and bidirectional overrides escaped. Fractions keep three decimals.
#[derive(Debug, Clone, Copy)]
pub struct Line;

impl<S, N> FormatEvent<S, N> for Line
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(&self, _ctx: &FmtContext<'_, S, N>, mut writer: Writer<'_>, event: &Event<'_>) -> fmt::Result {
        // Lines that came through the `log` crate name their real target and level here.
        let normalized = event.normalized_metadata();
        let meta = normalized.as_ref().unwrap_or_else(|| event.metadata());
        super::logging::write_time(&mut writer, jiff::Timestamp::now())?;
        writer.write_str(level_text(*meta.level()))?;
        crate::web::with_current_request_id(|id| write!(writer, "request{{id={id}}}: ")).transpose()?;
        writer.write_str(meta.target())?;
        writer.write_str(":")?;
        let mut fields = Fields {
            out: &mut writer,
            result: Ok(()),
        };
        event.record(&mut fields);
        fields.result?;
        writer.write_char('\n')
    }
}

fn level_text(level: Level) -> &'static str {
    match level {
        Level::ERROR => " ERROR ",
        Level::WARN => "  WARN ",
        Level::INFO => "  INFO ",
        Level::DEBUG => " DEBUG ",
        Level::TRACE => " TRACE ",
    }
}

/// Writes an event's fields, each after a space: the message bare, the rest as `name=value`.
struct Fields<'a, W> {
    out: &'a mut W,
    result: fmt::Result,
}

impl<W: Write> Fields<'_, W> {
    fn field(&mut self, field: &Field, value: impl FnOnce(&mut W) -> fmt::Result) {
        let name = field.name();
        // The `log` crate's file and line, which the normalized metadata has taken over.
        if self.result.is_err() || name.starts_with("log.") {
            return;
        }
        self.result = (|| {
            self.out.write_char(' ')?;
            if name != "message" {
                self.out.write_str(name.strip_prefix("r#").unwrap_or(name))?;
                self.out.write_char('=')?;
            }
            value(self.out)
        })();
    }
}

impl<W: Write> Visit for Fields<'_, W> {
    fn record_str(&mut self, field: &Field, value: &str) {
        let message = field.name() == "message";
        self.field(field, |out| {
            if message {
                Escaped(out).write_str(value)
            } else {
                write_value(out, value)
            }
        });
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        self.field(field, |out| out.write_str(itoa::Buffer::new().format(value)));
    }

    fn record_i64(&mut self, field: &Field, value: i64) {
        self.field(field, |out| out.write_str(itoa::Buffer::new().format(value)));
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        self.field(field, |out| out.write_str(if value { "true" } else { "false" }));
    }

    fn record_f64(&mut self, field: &Field, value: f64) {
        self.field(field, |out| write_fraction(out, value));
    }

    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        let message = field.name() == "message";
        self.field(field, |out| {
            if message {
                write!(Escaped(out), "{value:?}")
            } else {
                // Whether it needs quotes shows only in the whole text.
                write_value(out, &format!("{value:?}"))
            }
        });
    }
}

/// A value as it is when nothing in it could be misread, else in quotes and escaped.
fn write_value(out: &mut impl Write, value: &str) -> fmt::Result {
    let plain = !value.is_empty()
        && value
            .bytes()
            .all(|b| b.is_ascii_graphic() && !matches!(b, b'"' | b'\\' | b'='));
    if plain {
        out.write_str(value)
    } else {
        write!(out, "{value:?}")
    }
}

/// Writes a message through to `W` with its control characters and bidirectional overrides
/// escaped (`\u{1b}`).
struct Escaped<'a, W>(&'a mut W);

impl<W: Write> Write for Escaped<'_, W> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        let mut rest = text;
        while let Some((at, c)) = rest.char_indices().find(|(_, c)| misleads(*c)) {
            self.0.write_str(&rest[..at])?;
            write!(self.0, "{}", c.escape_unicode())?;
            rest = &rest[at + c.len_utf8()..];
        }
        self.0.write_str(rest)
    }
}

/// A character that could forge or hide text on a terminal: a control character or a
/// bidirectional override.
fn misleads(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}')
}

/// A number with three decimals (`0.165`), without the float formatting of `fmt`.
fn write_fraction(out: &mut impl Write, value: f64) -> fmt::Result {
    if !value.is_finite() || value.abs() >= 1e15 {
        return write!(out, "{value}");
    }
    let thousandths = (value.abs() * 1e3).round() as u64;
    if value < 0.0 && thousandths > 0 {
        out.write_char('-')?;
    }
    let mut buffer = itoa::Buffer::new();
    out.write_str(buffer.format(thousandths / 1000))?;
    out.write_char('.')?;
    let fraction = thousandths % 1000;
    for digit in [fraction / 100, fraction / 10 % 10, fraction % 10] {
        out.write_char(char::from(b'0' + digit as u8))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> String {
        let mut out = String::new();
        write_value(&mut out, text).expect("write");
        out
    }

    fn message(text: &str) -> String {
        let mut out = String::new();
        Escaped(&mut out).write_str(text).expect("write");
        out
    }

    fn fraction(number: f64) -> String {
        let mut out = String::new();
        write_fraction(&mut out, number).expect("write");
        out
    }

    #[test]
    fn plain_values_stay_bare_and_the_rest_is_quoted_and_escaped() {
        assert_eq!(value("/api/users/7"), "/api/users/7");
        assert_eq!(value("127.0.0.1"), "127.0.0.1");
        assert_eq!(value("index tasks"), r#""index tasks""#);
        assert_eq!(value(""), r#""""#);
        assert_eq!(value("a=b"), r#""a=b""#);
        assert_eq!(value("/api/\u{1b}[31mred\n"), r#""/api/\u{1b}[31mred\n""#);
        assert_eq!(value("Иванов"), r#""Иванов""#);
    }

    #[test]
    fn messages_keep_their_words_and_lose_their_tricks() {
        assert_eq!(message("справочник обновлён"), "справочник обновлён");
        assert_eq!(message("a\u{1b}[2Jb\nc"), r"a\u{1b}[2Jb\u{a}c");
        assert_eq!(message("x\u{202e}y"), r"x\u{202e}y");
    }

    /// The lines `log` writes, through the subscriber the server uses.
    fn lines_of(log: impl FnOnce()) -> String {
        #[derive(Clone, Default)]
        struct Sink(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
        impl std::io::Write for Sink {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.0.lock().expect("sink").extend_from_slice(bytes);
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let sink = Sink::default();
        let writer = sink.clone();
        let subscriber = tracing_subscriber::fmt()
            .event_format(Line)
            .with_writer(move || writer.clone())
            .finish();
        tracing::subscriber::with_default(subscriber, log);
        let bytes = sink.0.lock().expect("sink").clone();
        String::from_utf8(bytes).expect("text")
    }

    #[test]
    fn a_line_reads_time_level_target_message_then_fields() {
        let text = lines_of(|| {
            tracing::warn!(status = 404_u16, ms = 0.16532, path = "/api/x y", ok = true, "served");
            tracing::info!(users = 5_u64, "directory rebuilt");
        });
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        let (time, rest) = lines[0].split_once(' ').expect("time first");
        assert!(time.ends_with('Z') && time.len() == 27, "{time}");
        assert_eq!(
            rest,
            r#" WARN klass::cli::log_format::tests: served status=404 ms=0.165 path="/api/x y" ok=true"#
        );
        assert!(lines[1].ends_with("  INFO klass::cli::log_format::tests: directory rebuilt users=5"));
    }

    #[test]
    fn lines_logged_while_serving_a_request_carry_its_id() {
        let text = lines_of(|| {
            futures_util::FutureExt::now_or_never(crate::web::serving_request("abc-1".into(), async {
                tracing::info!("inside");
            }))
            .expect("ready");
            tracing::info!("outside");
        });
        assert!(
            text.contains("  INFO request{id=abc-1}: klass::cli::log_format::tests: inside\n"),
            "{text}"
        );
        assert!(
            text.contains("  INFO klass::cli::log_format::tests: outside\n"),
            "{text}"
        );
    }

    #[test]
    fn fractions_keep_three_decimals() {
        assert_eq!(fraction(0.16532), "0.165");
        assert_eq!(fraction(84.5), "84.500");
        assert_eq!(fraction(0.0), "0.000");
        assert_eq!(fraction(2.9996), "3.000");
        assert_eq!(fraction(-1.25), "-1.250");
        assert_eq!(fraction(f64::NAN), "NaN");
    }
}
