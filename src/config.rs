//! Configuration: defaults, then the TOML file, then `KLASS_<SECTION>__<KEY>` environment
//! variables, then command-line flags. Unknown keys and bad values are refused at start.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The commented example of every key, shipped with the binary (`klass config example`).
pub const EXAMPLE: &str = include_str!("../config.example.toml");

/// Environment variable naming the config file (same as `--config`).
pub const CONFIG_ENV: &str = "KLASS_CONFIG";
const ENV_PREFIX: &str = "KLASS_";

/// The whole configuration of one portal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Directory of the database file (and of the mail outbox, backups …).
    pub data_dir: PathBuf,
    pub server: Server,
    pub school: School,
    pub storage: Storage,
    pub files: Files,
    pub auth: Auth,
    pub mail: Mail,
    pub moodle: Moodle,
    pub backup: Backup,
    pub journal: Journal,
    pub alerts: Alerts,
    pub money: Money,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            data_dir: PathBuf::from("data"),
            server: Server::default(),
            school: School::default(),
            storage: Storage::default(),
            files: Files::default(),
            auth: Auth::default(),
            mail: Mail::default(),
            moodle: Moodle::default(),
            backup: Backup::default(),
            journal: Journal::default(),
            alerts: Alerts::default(),
            money: Money::default(),
        }
    }
}

/// A configuration that cannot be used; the message names the key and what was expected.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("не удалось прочитать файл настроек {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("файл настроек {path} не является корректным TOML: {message}")]
    Syntax { path: PathBuf, message: String },
    #[error("настройка `{key}`: {message}")]
    Invalid { key: String, message: String },
}

impl Config {
    /// Loads the layers in order: defaults, `file` (if any), `KLASS_*` variables from `env`.
    pub fn load(file: Option<&Path>, env: impl IntoIterator<Item = (String, String)>) -> Result<Self, ConfigError> {
        let mut table = match file {
            Some(path) => read_table(path)?,
            None => toml::Table::new(),
        };
        apply_env(&mut table, env)?;
        let config: Config = serde_path_to_error::deserialize(toml::Value::Table(table)).map_err(|err| {
            let key = err.path().to_string();
            ConfigError::Invalid {
                key,
                message: explain(err.into_inner().message()),
            }
        })?;
        config.validate()?;
        Ok(config)
    }

    /// Checks what types alone cannot: the time zone exists, the URL is an http(s) URL …
    fn validate(&self) -> Result<(), ConfigError> {
        let invalid = |key: &str, message: &str| {
            Err(ConfigError::Invalid {
                key: key.into(),
                message: message.into(),
            })
        };
        if jiff::tz::TimeZone::get(&self.school.timezone).is_err() {
            return invalid("school.timezone", "ожидается часовой пояс IANA, например Europe/Moscow");
        }
        let url = &self.server.public_url;
        if !(url.starts_with("http://") || url.starts_with("https://")) || url.contains(char::is_whitespace) {
            return invalid("server.public_url", "ожидается адрес вида http://192.168.1.10:8080");
        }
        if self.school.name.trim().is_empty() {
            return invalid("school.name", "название школы не может быть пустым");
        }
        if !(4..=4096).contains(&self.storage.cache_mb) {
            return invalid("storage.cache_mb", "ожидается число от 4 до 4096 (МиБ)");
        }
        if !(1..=64).contains(&self.auth.hash_workers) {
            return invalid("auth.hash_workers", "ожидается число от 1 до 64");
        }
        if self.auth.login_per_minute == 0 || self.auth.login_per_hour == 0 || self.auth.login_per_ip_per_minute == 0 {
            return invalid("auth.login_per_minute", "лимиты попыток входа должны быть больше нуля");
        }
        if self.auth.session_idle_minutes == 0 || self.auth.session_lifetime_hours == 0 {
            return invalid(
                "auth.session_idle_minutes",
                "время жизни сессии должно быть больше нуля",
            );
        }
        if self.mail.from.parse::<lettre::message::Mailbox>().is_err() {
            return invalid("mail.from", "ожидается адрес вида Школа <noreply@school.ru>");
        }
        if !(1..=1024).contains(&self.server.body_limit_mb) {
            return invalid("server.body_limit_mb", "ожидается число от 1 до 1024 (МиБ)");
        }
        if let Err(message) = self.server.trusted_proxy_ranges() {
            return invalid(
                "server.trusted_proxies",
                &format!("{message}; ожидаются адреса или диапазоны вида 10.0.0.1 или 10.0.0.0/8"),
            );
        }
        if !(1..=1024).contains(&self.files.max_upload_mb) {
            return invalid("files.max_upload_mb", "ожидается число от 1 до 1024 (МиБ)");
        }
        if !self.backup.at.is_empty() && self.backup.time().is_none() {
            return invalid(
                "backup.at",
                "ожидается время вида 03:00 (или пустая строка: без плановых копий)",
            );
        }
        let backup = &self.backup;
        if backup.keep_daily == 0 && backup.keep_weekly == 0 && backup.keep_monthly == 0 {
            return invalid(
                "backup.keep_daily",
                "keep_daily, keep_weekly и keep_monthly не могут быть все равны 0 (ротация не хранила \
                 бы старых копий): задайте хотя бы одно число больше нуля",
            );
        }
        if let Some((key, message)) = self.journal.problem().or_else(|| self.alerts.problem()) {
            return invalid(key, &message);
        }
        let tls = &self.server.tls;
        if tls.mode == TlsMode::Files && (tls.cert.as_os_str().is_empty() || tls.key.as_os_str().is_empty()) {
            return invalid("server.tls.cert", "при mode = \"files\" укажите файлы cert и key (PEM)");
        }
        if tls.mode == TlsMode::Off && tls.redirect_from.is_some() {
            return invalid(
                "server.tls.redirect_from",
                "перенаправлять на HTTPS можно только при mode = \"files\" или \"self-signed\"",
            );
        }
        Ok(())
    }

    /// The effective configuration as TOML, with secrets replaced by `***`.
    pub fn to_redacted_toml(&self) -> String {
        let mut shown = self.clone();
        if !shown.mail.smtp.password.is_empty() {
            shown.mail.smtp.password = "***".into();
        }
        // Serialising our own plain struct to TOML cannot fail.
        toml::to_string_pretty(&shown).unwrap_or_else(|err| unreachable!("config serialisation failed: {err}"))
    }

    /// The school's time zone (`school.timezone`, checked at load).
    pub fn time_zone(&self) -> jiff::tz::TimeZone {
        jiff::tz::TimeZone::get(&self.school.timezone).unwrap_or(jiff::tz::TimeZone::UTC)
    }

    /// The directory of the copies: `backup.dir`, or `<data_dir>/backups` when it is empty.
    pub fn backup_dir(&self) -> PathBuf {
        match self.backup.dir.as_os_str().is_empty() {
            true => self.data_dir.join("backups"),
            false => self.backup.dir.clone(),
        }
    }

    /// True when the portal is reached over TLS, so cookies get the `Secure` flag.
    pub fn served_over_tls(&self) -> bool {
        self.server.tls.mode != TlsMode::Off || self.server.public_url.starts_with("https://")
    }
}

/// Serde's English phrasing, put the way an administrator reads it.
fn explain(message: &str) -> String {
    match message.strip_prefix("unknown field ") {
        Some(rest) => {
            let allowed = rest.split_once(", expected ").map_or("", |(_, allowed)| allowed);
            format!("неизвестный ключ; допустимы: {}", allowed.trim_start_matches("one of "))
        }
        None => format!("недопустимое значение ({message})"),
    }
}

fn read_table(path: &Path) -> Result<toml::Table, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
        path: path.to_owned(),
        source,
    })?;
    text.parse::<toml::Table>().map_err(|err| ConfigError::Syntax {
        path: path.to_owned(),
        message: err.to_string(),
    })
}

/// Applies `KLASS_SECTION__KEY=value` (or `KLASS_DATA_DIR=value`) on top of the file's table.
/// Variables whose first part names no top-level key (such as `KLASS_CONFIG`) are not settings.
fn apply_env(table: &mut toml::Table, env: impl IntoIterator<Item = (String, String)>) -> Result<(), ConfigError> {
    let top_level = top_level_keys();
    for (name, raw) in env {
        let Some(rest) = name.strip_prefix(ENV_PREFIX) else {
            continue;
        };
        let path: Vec<String> = rest.split("__").map(str::to_lowercase).collect();
        if !top_level.contains(&path[0]) {
            continue;
        }
        let value = parse_env_value(&raw);
        let (last, sections) = path
            .split_last()
            .unwrap_or_else(|| unreachable!("split yields at least one part"));
        let mut target = &mut *table;
        for section in sections {
            let entry = target
                .entry(section.clone())
                .or_insert_with(|| toml::Value::Table(toml::Table::new()));
            target = entry.as_table_mut().ok_or_else(|| ConfigError::Invalid {
                key: path.join("."),
                message: format!("`{section}` не является разделом (переменная {name})"),
            })?;
        }
        target.insert(last.clone(), value);
    }
    Ok(())
}

fn top_level_keys() -> Vec<String> {
    match toml::Value::try_from(Config::default()) {
        Ok(toml::Value::Table(table)) => table.keys().cloned().collect(),
        _ => unreachable!("the default config serialises to a table"),
    }
}

/// An environment value is read as a TOML value when it is one (`8080`, `true`, `"x"`),
/// otherwise as a plain string (`127.0.0.1:8080`, `Europe/Moscow`).
fn parse_env_value(raw: &str) -> toml::Value {
    format!("v = {raw}")
        .parse::<toml::Table>()
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(raw.to_owned()))
}

mod journal;
mod sections;
#[cfg(test)]
mod tests;

pub use journal::{Alerts, Journal, MarkWeights, Money};
pub use sections::*;
