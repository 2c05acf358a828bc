//! `/api/users/import/csv`: people from a CSV file, previewed or written all at once.

use super::import_form::ImportForm;
use super::{ApiTags, State};
use crate::error::{ApiError, ErrorBody};
use crate::policy::{Caller, Rule};
use crate::service::import::{self, Outcome, Report, RowError};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

/// One problem: its row (the header is row 1; 0 is the whole file) and column (the header's text).
#[derive(Debug, Object)]
pub struct ImportRowError {
    pub row: u32,
    pub column: String,
    pub message: String,
}

/// What an import found or did.
#[derive(Debug, Object)]
pub struct ImportReport {
    /// Data rows read (blank rows skipped).
    pub rows: u32,
    /// People created (in a preview: to be created).
    pub created: u32,
    /// People already in the school, by e-mail, updated (in a preview: to be updated).
    pub updated: u32,
    pub errors: Vec<ImportRowError>,
    /// What was ignored, such as unknown columns.
    pub warnings: Vec<String>,
}

/// `{data: report}`.
#[derive(Debug, Object)]
pub struct ImportEnvelope {
    pub data: ImportReport,
}

/// `{message, data: report}`: nothing was written.
#[derive(Debug, Object)]
pub struct ImportRejected {
    pub message: String,
    pub data: ImportReport,
}

/// The answers of an import.
#[derive(Debug, ApiResponse)]
pub enum ImportAnswer {
    /// A preview (maybe with row errors), or everything written.
    #[oai(status = 200)]
    Done(Json<ImportEnvelope>),
    /// Not signed in.
    #[oai(status = 401)]
    Unauthenticated(Json<ErrorBody>),
    /// Not a manager.
    #[oai(status = 403)]
    Forbidden(Json<ErrorBody>),
    /// The school requires a confirmed e-mail.
    #[oai(status = 409)]
    Unverified(Json<ErrorBody>),
    /// Row errors, or a file that is not a table of people: nothing was written.
    #[oai(status = 422)]
    Rejected(Json<ImportRejected>),
    /// Something broke on the server; `error_id` points to the log.
    #[oai(status = 500)]
    Internal(Json<ErrorBody>),
    /// The database is being opened again after a failed write.
    #[oai(status = 503)]
    Unavailable(Json<ErrorBody>),
    /// The server's disk is full: nothing was imported.
    #[oai(status = 507)]
    InsufficientStorage(Json<ErrorBody>),
}

impl From<Report> for ImportReport {
    fn from(report: Report) -> Self {
        Self {
            rows: report.rows,
            created: report.created,
            updated: report.updated,
            errors: report.errors.into_iter().map(ImportRowError::from).collect(),
            warnings: report.warnings,
        }
    }
}

impl From<RowError> for ImportRowError {
    fn from(e: RowError) -> Self {
        Self {
            row: e.row,
            column: e.column,
            message: e.message,
        }
    }
}

fn rejected(message: String, report: Report) -> ImportAnswer {
    ImportAnswer::Rejected(Json(ImportRejected {
        message,
        data: report.into(),
    }))
}

impl From<ApiError> for ImportAnswer {
    fn from(err: ApiError) -> Self {
        match err {
            ApiError::Unauthenticated(body) => Self::Unauthenticated(body),
            ApiError::Forbidden(body) => Self::Forbidden(body),
            ApiError::Unverified(body) => Self::Unverified(body),
            ApiError::Internal(body) => Self::Internal(body),
            ApiError::Unavailable(body) => Self::Unavailable(body),
            ApiError::InsufficientStorage(body) => Self::InsufficientStorage(body),
            ApiError::Invalid(body) | ApiError::NotFound(body) | ApiError::TooManyRequests(body, _) => {
                let errors = body.0.errors.unwrap_or_default().into_iter();
                let errors = errors.flat_map(|(field, messages)| {
                    messages.into_iter().map(move |message| RowError {
                        row: 0,
                        column: field.clone(),
                        message,
                    })
                });
                let report = Report {
                    errors: errors.collect(),
                    ..Report::default()
                };
                rejected(body.0.message, report)
            }
        }
    }
}

/// CSV import.
#[derive(Default)]
pub struct ImportApi;

#[OpenApi(tag = "ApiTags::People")]
impl ImportApi {
    /// Import people from CSV
    ///
    /// Managers only. `multipart/form-data` with `file` (UTF-8 with or without BOM, or
    /// Windows-1251; `;`, `,` or tab; a header row in Russian or English: Фамилия, Имя,
    /// Отчество, Email, Телефон, Роль, Дата рождения, Теги, Заметки, Email родителя),
    /// `dry_run` (`1`: only check; otherwise write) and `send_invites` (`1`: mail each new
    /// person a link to set a password). People found by e-mail are updated (empty cells keep
    /// their values, roles and tags are added); missing tags are created. The write is one
    /// transaction: with any row error it is 422 with every error and nothing is written; a
    /// preview with errors is 200. A file that is not a table is 422; over the body limit, 413.
    #[oai(path = "/api/users/import/csv", method = "post", operation_id = "users_import_csv")]
    async fn import_csv(&self, state: State<'_>, caller: Caller, form: ImportForm<'_>) -> ImportAnswer {
        match run(&state, &caller, form).await {
            Ok(answer) => answer,
            Err(err) => err.into(),
        }
    }
}

async fn run(state: &State<'_>, caller: &Caller, form: ImportForm<'_>) -> Result<ImportAnswer, ApiError> {
    caller.actor(Rule::Manager)?;
    let received = form.receive().await?;
    let journal = state.journal(caller.origin());
    let outcome = import::import_csv(state, journal, received.file, received.options).await?;
    Ok(match outcome {
        Outcome::Checked(report) | Outcome::Written(report) => {
            ImportAnswer::Done(Json(ImportEnvelope { data: report.into() }))
        }
        Outcome::Refused(report) => {
            let message = format!("Ошибок в файле: {}. Ничего не записано", report.errors.len());
            rejected(message, report)
        }
        Outcome::Unreadable(problem) => {
            let message = problem.message.clone();
            let report = Report {
                errors: vec![problem],
                ..Report::default()
            };
            rejected(message, report)
        }
    })
}
