//! `/api/backups`: the copies of the school's database for a manager: the list with each copy's
//! status and what is being made now, a copy made on request, and a streamed download.

use super::files::FileBytes;
use super::lesson_view::local;
use super::{ApiTags, State};
use crate::domain::file_name::attachment_disposition;
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::backup_copies::{self, CopyEntry, Overview, Standing};
use crate::service::files::size_ru;
use poem::Body;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

/// How a copy stands.
#[derive(Debug, Enum)]
#[oai(rename_all = "snake_case")]
pub enum CopyStatus {
    /// Checked with `klass backup verify` and found sound.
    Verified,
    /// Readable, never checked.
    Unchecked,
    /// The last check found a problem, or its description cannot be read.
    Damaged,
}

/// One copy in the backup directory.
#[derive(Debug, Object)]
pub struct BackupCopy {
    /// The file name; downloads use it.
    pub name: String,
    /// RFC 3339; absent when the copy cannot be read.
    #[oai(nullable)]
    pub created_at: Option<String>,
    /// Bytes.
    pub size: u64,
    /// The size in Russian units, e.g. «3,4 МБ».
    pub size_text: String,
    #[oai(nullable)]
    pub klass_version: Option<String>,
    #[oai(nullable)]
    pub schema_version: Option<u32>,
    /// Rows in all tables.
    #[oai(nullable)]
    pub records: Option<u64>,
    pub status: CopyStatus,
    /// The status in Russian, e.g. «Проверена 23.11.2026».
    pub status_text: String,
}

/// A copy being made now.
#[derive(Debug, Object)]
pub struct BackupProgress {
    /// The step in Russian.
    pub step: String,
    /// 0 to 100.
    pub percent: u32,
}

/// The last copy that failed (cleared by the next that succeeds).
#[derive(Debug, Object)]
pub struct BackupFailure {
    /// RFC 3339.
    pub at: String,
    pub message: String,
}

/// The backups page.
#[derive(Debug, Object)]
pub struct BackupsView {
    /// Newest first.
    pub data: Vec<BackupCopy>,
    #[oai(nullable)]
    pub running: Option<BackupProgress>,
    #[oai(nullable)]
    pub last_failure: Option<BackupFailure>,
    /// When the nightly copy is made, in Russian (or that it is off).
    pub schedule: String,
}

/// The answer to «make a copy now».
#[derive(Debug, ApiResponse)]
pub enum StartAnswer {
    /// A copy is being made; poll `GET /api/backups` for its progress.
    #[oai(status = 202)]
    Started(Json<BackupsView>),
}

/// A copy's file.
#[derive(ApiResponse)]
pub enum CopyDownload {
    /// The copy, streamed from disk.
    #[oai(status = 200)]
    File(
        FileBytes,
        #[oai(header = "Content-Type")] String,
        #[oai(header = "Content-Disposition")] String,
        #[oai(header = "Content-Length")] u64,
    ),
}

/// Backups.
#[derive(Default)]
pub struct BackupsApi;

#[OpenApi(tag = "ApiTags::Backups")]
impl BackupsApi {
    /// List the copies
    ///
    /// Managers only. The copies in `backup.dir`, newest first, with size, versions and status;
    /// the copy being made now with its progress; the last failure.
    #[oai(path = "/api/backups", method = "get", operation_id = "backups_list")]
    async fn list(&self, state: State<'_>, caller: Caller) -> Result<Json<BackupsView>, ApiError> {
        caller.allow(Rule::Manager)?;
        Ok(Json(view(&state).await?))
    }

    /// Make a copy now
    ///
    /// Managers only. Starts a copy of the whole database into `backup.dir` and answers 202 at
    /// once; the portal keeps serving meanwhile. While a copy is already being made (asked for
    /// by someone else, or the nightly one) no second one starts: that one is the answer.
    #[oai(path = "/api/backups", method = "post", operation_id = "backups_create")]
    async fn create(&self, state: State<'_>, caller: Caller) -> Result<StartAnswer, ApiError> {
        caller.allow(Rule::Manager)?;
        backup_copies::start(&state, caller.origin())?;
        Ok(StartAnswer::Started(Json(view(&state).await?)))
    }

    /// Download a copy
    ///
    /// Managers only. The copy's file (a `.tar.gz`), streamed from disk; 404 for a name that
    /// is not a copy in `backup.dir`.
    #[oai(path = "/api/backups/:name", method = "get", operation_id = "backups_download")]
    async fn download(&self, state: State<'_>, caller: Caller, name: Path<String>) -> Result<CopyDownload, ApiError> {
        caller.allow(Rule::Manager)?;
        let backups = state.backups.clone();
        let copy = state.run(move |_| backup_copies::open(&backups, &name.0)).await?;
        let file = tokio::fs::File::from_std(copy.file);
        Ok(CopyDownload::File(
            FileBytes(Body::from_async_read(file)),
            "application/gzip".into(),
            attachment_disposition(&copy.name),
            copy.size,
        ))
    }
}

/// The page as it is now, read on the blocking pool (the directory and each copy's manifest).
async fn view(state: &State<'_>) -> Result<BackupsView, ApiError> {
    let (backups, config) = (state.backups.clone(), state.config.clone());
    let overview = state.run(move |_| backup_copies::overview(&backups, &config)).await?;
    Ok(overview.into())
}

impl From<Overview> for BackupsView {
    fn from(overview: Overview) -> Self {
        Self {
            data: overview
                .copies
                .into_iter()
                .map(|copy| BackupCopy::new(copy, &overview.tz))
                .collect(),
            running: overview.running.map(|running| BackupProgress {
                step: running.step.to_owned(),
                percent: running.percent,
            }),
            last_failure: overview.last_failure.map(|failure| BackupFailure {
                at: local(failure.at, &overview.tz),
                message: failure.message,
            }),
            schedule: overview.schedule,
        }
    }
}

impl BackupCopy {
    /// The copy as the page shows it, its time on the school's clock.
    fn new(copy: CopyEntry, tz: &jiff::tz::TimeZone) -> Self {
        Self {
            size_text: size_ru(copy.size),
            name: copy.name,
            created_at: copy.created_at.map(|at| local(at, tz)),
            size: copy.size,
            klass_version: copy.klass_version,
            schema_version: copy.schema_version,
            records: copy.records,
            status: match copy.standing {
                Standing::Verified => CopyStatus::Verified,
                Standing::Unchecked => CopyStatus::Unchecked,
                Standing::Damaged => CopyStatus::Damaged,
            },
            status_text: copy.standing_text,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_s_time_is_written_on_the_school_s_clock() {
        let tz = jiff::tz::TimeZone::get("Europe/Moscow").expect("zone");
        let copy = CopyEntry {
            name: "klass-2026-11-23-030000.tar.gz".into(),
            created_at: Some("2026-11-23T00:00:00Z".parse().expect("instant")),
            size: 2048,
            klass_version: Some("1.0.0".into()),
            schema_version: Some(19),
            records: Some(1234),
            standing: Standing::Unchecked,
            standing_text: "Не проверялась".into(),
        };
        let shown = BackupCopy::new(copy, &tz);
        assert_eq!(shown.created_at.as_deref(), Some("2026-11-23T03:00:00+03:00"));
        assert_eq!(shown.size_text, "2 КБ");
        assert!(matches!(shown.status, CopyStatus::Unchecked));
    }
}
