//! `/api/backups`: the copies of the school's database for a manager: the list with each copy's
//! status and what is being made now, a copy made on request, and a streamed download.

use super::files::FileBytes;
use super::{ApiTags, State};
use crate::backup::{self, Listed, Stage};
use crate::domain::file_name::attachment_disposition;
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::backups;
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
        Ok(Json(view(&state).await))
    }

    /// Make a copy now
    ///
    /// Managers only. Starts a copy of the whole database into `backup.dir` and answers 202 at
    /// once; the portal keeps serving meanwhile. While a copy is already being made (asked for
    /// by someone else, or the nightly one) no second one starts: that one is the answer.
    #[oai(path = "/api/backups", method = "post", operation_id = "backups_create")]
    async fn create(&self, state: State<'_>, caller: Caller) -> Result<StartAnswer, ApiError> {
        caller.allow(Rule::Manager)?;
        match backups::start_now(&state, caller.origin()) {
            Ok(()) | Err(backup::BackupError::Busy) => Ok(StartAnswer::Started(Json(view(&state).await))),
            Err(err) => Err(ApiError::internal(err)),
        }
    }

    /// Download a copy
    ///
    /// Managers only. The copy's file (a `.tar.gz`), streamed from disk; 404 for a name that
    /// is not a copy in `backup.dir`.
    #[oai(path = "/api/backups/:name", method = "get", operation_id = "backups_download")]
    async fn download(&self, state: State<'_>, caller: Caller, name: Path<String>) -> Result<CopyDownload, ApiError> {
        caller.allow(Rule::Manager)?;
        let copies = listed(&state).await.unwrap_or_default();
        let copy = copies
            .into_iter()
            .find(|copy| copy.name() == name.0)
            .ok_or_else(|| ApiError::not_found("Копия не найдена"))?;
        let file = tokio::fs::File::open(&copy.path).await.map_err(ApiError::internal)?;
        let size = file.metadata().await.map_err(ApiError::internal)?.len();
        Ok(CopyDownload::File(
            FileBytes(Body::from_async_read(file)),
            "application/gzip".into(),
            attachment_disposition(&copy.name()),
            size,
        ))
    }
}

/// The copies in the backup directory, or why they cannot be listed.
async fn listed(state: &State<'_>) -> Result<Vec<Listed>, String> {
    let dir = state.backups.dir().to_owned();
    match tokio::task::spawn_blocking(move || backup::list(&dir)).await {
        Ok(listed) => listed.map_err(|err| err.to_string()),
        Err(err) => Err(err.to_string()),
    }
}

async fn view(state: &State<'_>) -> BackupsView {
    let tz = state.backups.tz().clone();
    let date = |at: jiff::Timestamp| at.to_zoned(tz.clone()).strftime("%d.%m.%Y %H:%M").to_string();
    let status = state.backups.status();
    // A directory that cannot be read is shown as the problem it is, beside no copies.
    let (copies, unreadable) = match listed(state).await {
        Ok(copies) => (copies, None),
        Err(message) => (Vec::new(), Some(message)),
    };
    let data = copies
        .into_iter()
        .map(|copy| {
            let (status, status_text) = match (&copy.manifest, &copy.check) {
                (Err(err), _) => (CopyStatus::Damaged, err.clone()),
                (Ok(_), Some(check)) if check.ok => (CopyStatus::Verified, format!("Проверена {}", date(check.at))),
                (Ok(_), Some(check)) => (CopyStatus::Damaged, format!("Ошибка при проверке {}", date(check.at))),
                (Ok(_), None) => (CopyStatus::Unchecked, "Не проверялась".to_owned()),
            };
            let manifest = copy.manifest.as_ref().ok();
            BackupCopy {
                name: copy.name(),
                created_at: manifest.map(|m| m.created_at.to_string()),
                size: copy.size,
                size_text: size_ru(copy.size),
                klass_version: manifest.map(|m| m.klass_version.clone()),
                schema_version: manifest.map(|m| m.schema_version),
                records: manifest.map(|m| m.records()),
                status,
                status_text,
            }
        })
        .collect();
    let running = status.running.map(|step| {
        let share = match step.total {
            0 => 0.0,
            total => step.done as f64 / total as f64,
        };
        // Copying the tables is most of the work; packing the rest.
        let percent = match step.stage {
            Stage::Copy => share * 80.0,
            Stage::Pack => 80.0 + share * 20.0,
        };
        BackupProgress {
            step: step.stage.describe().to_owned(),
            percent: percent.clamp(0.0, 100.0) as u32,
        }
    });
    let schedule = match &state.config.backup.time() {
        Some(at) => format!("Каждую ночь в {}", at.strftime("%H:%M")),
        None => "Плановые копии выключены".to_owned(),
    };
    BackupsView {
        data,
        running,
        last_failure: status
            .last_failure
            .map(|failure| BackupFailure {
                at: failure.at.to_string(),
                message: failure.message,
            })
            .or(unreadable.map(|message| BackupFailure {
                at: jiff::Timestamp::now().to_string(),
                message,
            })),
        schedule,
    }
}
