//! The mail templates of `assets/email/`, embedded in the binary and rendered with minijinja:
//! a subject, a plain-text part and an HTML part (autoescaped) per kind.

use super::MailKind;
use crate::domain::plural::plural;
use minijinja::{AutoEscape, Environment, Output, State};
use serde::Serialize;
use std::sync::LazyLock;

macro_rules! templates {
    ($($kind:literal),*) => {
        &[
            ("layout.html", include_str!("../../assets/email/layout.html")),
            $(
                (concat!($kind, ".subject.txt"), include_str!(concat!("../../assets/email/", $kind, ".subject.txt"))),
                (concat!($kind, ".txt"), include_str!(concat!("../../assets/email/", $kind, ".txt"))),
                (concat!($kind, ".html"), include_str!(concat!("../../assets/email/", $kind, ".html"))),
            )*
        ]
    };
}

/// File name -> source of every template.
const SOURCES: &[(&str, &str)] = templates!("password_reset", "verify_email", "set_password", "test", "notification");

/// The environment; `.html` templates are autoescaped, `.txt` ones are not.
static TEMPLATES: LazyLock<Environment<'static>> = LazyLock::new(|| {
    let mut env = Environment::new();
    env.set_formatter(format_value);
    for (name, source) in SOURCES {
        if let Err(err) = env.add_template(name, source) {
            tracing::error!(template = name, error = %err, "mail template does not compile");
        }
    }
    env
});

/// minijinja's formatter, except that HTML escaping leaves `/` alone, so links stay readable
/// (and findable) in the HTML source.
fn format_value(out: &mut Output, state: &State, value: &minijinja::Value) -> Result<(), minijinja::Error> {
    match value.as_str() {
        Some(text) if state.auto_escape() == AutoEscape::Html && !value.is_safe() => {
            out.write_str(&escape_html(text)).map_err(minijinja::Error::from)
        }
        _ => minijinja::escape_formatter(out, state, value),
    }
}

/// The values a template may use.
#[derive(Clone, Debug, Serialize)]
pub struct Values<'a> {
    /// The school's name.
    pub school: &'a str,
    /// The portal's address (`server.public_url`).
    pub site: &'a str,
    /// The link the mail is about (absolute).
    pub url: &'a str,
    /// The recipient's name, for the greeting.
    pub name: Option<&'a str>,
    /// How long the link works, in words ("60 минут").
    pub valid_for: Option<String>,
    /// A notification's title and text.
    pub title: Option<&'a str>,
    pub body: Option<&'a str>,
}

/// A rendered mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// Renders the templates of `kind`. A template that fails (a bug caught by the unit tests)
/// is logged and replaced by a plain fallback, so the mail and its link still go out.
pub fn render(kind: MailKind, values: &Values<'_>) -> Rendered {
    match try_render(kind, values) {
        Ok(rendered) => rendered,
        Err(err) => {
            tracing::error!(kind = kind.as_str(), error = %err, "mail template failed; sending a plain mail");
            fallback(kind, values)
        }
    }
}

fn try_render(kind: MailKind, values: &Values<'_>) -> Result<Rendered, minijinja::Error> {
    let part = |suffix: &str, subject: &str| {
        let name = format!("{}{suffix}", kind.as_str());
        TEMPLATES
            .get_template(&name)?
            .render(minijinja::context! { subject, ..minijinja::Value::from_serialize(values) })
    };
    let subject = part(".subject.txt", "")?
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    Ok(Rendered {
        text: part(".txt", &subject)?,
        html: part(".html", &subject)?,
        subject,
    })
}

fn fallback(kind: MailKind, values: &Values<'_>) -> Rendered {
    let subject = format!("{} — {}", kind.title(), values.school);
    let text = format!("{subject}\n\n{}\n", values.url);
    let html = format!(
        "<p>{}</p><p><a href=\"{url}\">{url}</a></p>",
        escape_html(&subject),
        url = escape_html(values.url)
    );
    Rendered { subject, text, html }
}

fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#x27;"),
            _ => out.push(c),
        }
    }
    out
}

/// A duration in Russian words: "1 минуту", "60 минут", "2 часа", "7 дней".
pub fn duration_ru(minutes: u64) -> String {
    let (n, forms) = if minutes > 0 && minutes % 1440 == 0 {
        (minutes / 1440, ["день", "дня", "дней"])
    } else if minutes > 0 && minutes % 60 == 0 {
        (minutes / 60, ["час", "часа", "часов"])
    } else {
        (minutes, ["минуту", "минуты", "минут"])
    };
    plural(n, forms)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(name: Option<&str>) -> Values<'_> {
        Values {
            school: "Школа «Знание» & Co",
            site: "http://192.168.1.10:8080",
            url: "http://192.168.1.10:8080/auth/reset-password?token=abc&email=a%40b.ru",
            name,
            valid_for: Some(duration_ru(60)),
            title: Some("Новый файл"),
            body: Some("В Вашу карточку добавлен файл «Договор.pdf»"),
        }
    }

    #[test]
    fn every_kind_renders_with_its_link_and_the_school() {
        for kind in MailKind::ALL {
            let values = sample(Some("Анна <Петрова>"));
            let mail = try_render(kind, &values).unwrap_or_else(|err| panic!("{kind:?}: {err:#}"));
            assert!(
                mail.subject.contains("Школа «Знание» & Co"),
                "{kind:?}: {}",
                mail.subject
            );
            assert!(!mail.subject.contains('\n'));
            assert!(mail.text.contains(values.url), "{kind:?} text:\n{}", mail.text);
            assert!(mail.text.contains("Школа «Знание» & Co"), "{kind:?}");
            let escaped_url = values.url.replace('&', "&amp;");
            assert!(mail.html.contains(&escaped_url), "{kind:?} html:\n{}", mail.html);
            assert!(mail.html.contains("Школа «Знание» &amp; Co"), "{kind:?}");
            assert!(!mail.html.contains("<Петрова>"), "names are escaped in HTML");
            assert!(!mail.text.contains("{{") && !mail.html.contains("{%"), "{kind:?}");
        }
    }

    #[test]
    fn greeting_without_a_name_and_without_a_lifetime() {
        let values = Values {
            valid_for: None,
            ..sample(None)
        };
        let mail = render(MailKind::PasswordReset, &values);
        assert!(mail.text.starts_with("Здравствуйте!\n"), "{}", mail.text);
        assert!(!mail.text.contains("действует"));
    }

    #[test]
    fn the_fallback_still_carries_the_link() {
        let mail = fallback(MailKind::SetPassword, &sample(None));
        assert!(mail.text.contains("token=abc&email"));
        assert!(mail.html.contains("token=abc&amp;email"));
    }

    #[test]
    fn durations_in_russian() {
        let cases = [
            (1, "1 минуту"),
            (3, "3 минуты"),
            (11, "11 минут"),
            (21, "21 минуту"),
            (60, "1 час"),
            (120, "2 часа"),
            (300, "5 часов"),
            (1440, "1 день"),
            (10080, "7 дней"),
            (0, "0 минут"),
        ];
        for (minutes, words) in cases {
            assert_eq!(duration_ru(minutes), words);
        }
    }
}
