//! The sections of the configuration file, each with its defaults.

use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use std::path::PathBuf;

/// `[server]`: where the portal listens and how it is reached.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Server {
    pub listen: SocketAddr,
    /// The address people type into the browser; used in links in e-mails.
    pub public_url: String,
    /// Largest request body accepted, in MiB; a larger one gets 413.
    pub body_limit_mb: u64,
    /// How long a shutdown waits for requests in flight, in seconds.
    pub shutdown_grace_secs: u64,
    /// Reverse proxies (addresses or CIDR ranges) whose `X-Forwarded-For` names the client.
    /// Empty: the direct peer is the client.
    pub trusted_proxies: Vec<String>,
    pub tls: Tls,
}

/// `[server.tls]`: HTTPS served by the portal itself.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Tls {
    pub mode: TlsMode,
    /// With `files`: the certificate chain and its private key, PEM.
    pub cert: PathBuf,
    pub key: PathBuf,
    /// Also listen for plain HTTP here (e.g. `0.0.0.0:80`) and send every request to the HTTPS
    /// address; unset: no plain-HTTP listener.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redirect_from: Option<SocketAddr>,
}

/// Whether and how the portal speaks HTTPS.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TlsMode {
    /// Plain HTTP (behind a TLS proxy, or on a trusted network).
    #[default]
    Off,
    /// A certificate and key from files.
    Files,
    /// A certificate the server makes for itself at first start and keeps in the data directory.
    SelfSigned,
}

impl Server {
    /// `trusted_proxies` as ranges (a plain address is a range of one); the error names the
    /// entry that is neither.
    pub fn trusted_proxy_ranges(&self) -> Result<Vec<ipnet::IpNet>, String> {
        self.trusted_proxies
            .iter()
            .map(|entry| {
                let entry = entry.trim();
                entry
                    .parse::<ipnet::IpNet>()
                    .ok()
                    .or_else(|| entry.parse::<std::net::IpAddr>().ok().map(ipnet::IpNet::from))
                    .ok_or_else(|| format!("«{entry}» не адрес и не диапазон адресов"))
            })
            .collect()
    }
}

/// `[school]`: who the portal belongs to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct School {
    pub name: String,
    /// IANA time zone deciding local dates (lesson days, reports).
    pub timezone: String,
}

/// `[storage]`: the database.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Storage {
    /// Page cache of the database, in MiB. The default, 40, leaves room for the rest of the
    /// server within 100 MB when saves or a copy have filled the cache (at 64 the peak during
    /// an online copy of a 330 MB school was 105 MB; at 48, 98–100 MB after 10 s of journal
    /// saves on a school of 5,000,000 attendance records, 82–87 MB at 40 with two arenas).
    pub cache_mb: usize,
    /// Managers are told when free space in the data directory falls below this, in MiB.
    pub min_free_mb: u64,
}

/// `[files]`: files kept in users' cabinets (stored inside the database).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Files {
    /// Largest file accepted for upload, in MiB; a larger one gets 413.
    pub max_upload_mb: u64,
}

impl Default for Files {
    fn default() -> Self {
        Self { max_upload_mb: 25 }
    }
}

/// `[auth]`: sign-in, sessions and their limits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Auth {
    /// A session unused this long ends, in minutes.
    pub session_idle_minutes: u64,
    /// A session ends this long after sign-in, in hours.
    pub session_lifetime_hours: u64,
    /// With "remember me", a session lasts this many days from sign-in, with no idle timeout
    /// (the browser keeps the cookie that long).
    pub remember_days: u64,
    /// A password-reset link works this long, in minutes.
    pub reset_token_minutes: u64,
    /// Users must confirm their e-mail before using the portal.
    pub require_verified_email: bool,
    /// Failed password checks allowed per e-mail from one client address per minute, and per
    /// e-mail per hour from addresses that already failed (see README, "Sign-in limits").
    pub login_per_minute: u32,
    pub login_per_hour: u32,
    /// Failed password checks allowed per client address per minute, whatever the e-mail.
    pub login_per_ip_per_minute: u32,
    /// Password hashes computed at once; the rest wait (protects other requests).
    pub hash_workers: usize,
}

impl Default for Auth {
    fn default() -> Self {
        Self {
            session_idle_minutes: 120,
            session_lifetime_hours: 12,
            remember_days: 30,
            reset_token_minutes: 60,
            require_verified_email: false,
            login_per_minute: 5,
            login_per_hour: 100,
            login_per_ip_per_minute: 30,
            hash_workers: 2,
        }
    }
}

/// `[mail]`: how mail leaves the building.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Mail {
    /// `file` writes each mail as .eml into `<data_dir>/outbox/`; `smtp` sends; `none` sends nothing.
    pub transport: MailTransport,
    /// The sender, as `Name <address>`.
    pub from: String,
    /// How many times a mail is tried before it is marked failed.
    pub max_attempts: u32,
    pub smtp: Smtp,
}

/// Where mail goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MailTransport {
    File,
    Smtp,
    None,
}

/// `[mail.smtp]`: the school's mail server.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Smtp {
    pub host: String,
    pub port: u16,
    /// `none`, `starttls` or `tls`.
    pub tls: SmtpTls,
    pub user: String,
    pub password: String,
}

impl std::fmt::Debug for Smtp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Smtp")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("tls", &self.tls)
            .finish()
    }
}

/// How the SMTP connection is protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmtpTls {
    None,
    Starttls,
    Tls,
}

impl Default for Mail {
    fn default() -> Self {
        Self {
            transport: MailTransport::File,
            from: "Klass <noreply@klass.local>".into(),
            max_attempts: 8,
            smtp: Smtp::default(),
        }
    }
}

impl Default for Smtp {
    fn default() -> Self {
        Self {
            host: "localhost".into(),
            port: 587,
            tls: SmtpTls::Starttls,
            user: String::new(),
            password: String::new(),
        }
    }
}

/// `[moodle]`: the school's Moodle (filled by the Moodle release).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Moodle {}

/// `[backup]`: where copies of the database go, and the nightly copy with its rotation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Backup {
    /// Directory of the copies; empty means `<data_dir>/backups`.
    pub dir: PathBuf,
    /// Local time (school's time zone) of the nightly copy, `HH:MM`; empty: no scheduled copies.
    pub at: String,
    /// Newest copies of so many days, ISO weeks and months are kept; older ones are deleted.
    pub keep_daily: usize,
    pub keep_weekly: usize,
    pub keep_monthly: usize,
}

impl Backup {
    /// The time of the nightly copy, if scheduled copies are on and `at` is a time.
    pub fn time(&self) -> Option<jiff::civil::Time> {
        jiff::civil::Time::strptime("%H:%M", &self.at).ok()
    }
}

impl Default for Backup {
    fn default() -> Self {
        Self {
            dir: PathBuf::new(),
            at: "03:00".into(),
            keep_daily: 7,
            keep_weekly: 4,
            keep_monthly: 6,
        }
    }
}

impl Default for Server {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            public_url: "http://127.0.0.1:8080".into(),
            body_limit_mb: 10,
            shutdown_grace_secs: 30,
            tls: Tls::default(),
            trusted_proxies: Vec::new(),
        }
    }
}

impl Default for School {
    fn default() -> Self {
        Self {
            name: "Моя школа".into(),
            timezone: "Europe/Moscow".into(),
        }
    }
}

impl Default for Storage {
    fn default() -> Self {
        Self {
            cache_mb: 40,
            min_free_mb: 200,
        }
    }
}
