//! `/api/users/import/csv`: people from a CSV file, previewed or written all at once.

use super::envelope::Data;
use super::import_form::ImportForm;
use super::import_text::{done, rejected};
use super::json_text::JsonText;
use super::vocabulary::RoleName;
use super::{ApiTags, State};
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::import::{self, Outcome, Report, RowAction, RowChange, RowError, RowReport};
use poem::{IntoResponse, Response};
use poem_openapi::registry::{MetaResponses, Registry};
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};
use std::collections::BTreeMap;

/// One problem: its row (the header is row 1; 0 is the whole file) and column (the header's text).
#[derive(Debug, Object, serde::Serialize)]
pub struct ImportRowError {
    pub row: u32,
    pub column: String,
    pub message: String,
}

/// What a row does: `create` a new person, `update` someone already in the school (by
/// e-mail), `restore` a deleted person, or `skip` (nothing written: the row changes nothing,
/// it has errors, or the import was refused).
#[derive(Debug, Enum, serde::Serialize)]
#[oai(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum ImportAction {
    Create,
    Update,
    Restore,
    Skip,
}

/// One field a row changes: the column's header, the value before and after (empty: none).
#[derive(Debug, Object, serde::Serialize)]
pub struct ImportChange {
    pub field: String,
    pub from: String,
    pub to: String,
}

/// One data row as it was read and what it does.
#[derive(Debug, Object, serde::Serialize)]
pub struct ImportRow {
    /// The row's number in the file (the header is row 1).
    pub row: u32,
    pub action: ImportAction,
    /// Every recognised column's cell, trimmed (empty when blank), by the header's text.
    pub values: BTreeMap<String, String>,
    /// For `update` and `restore`: each field that changes, roles, tags and parents included.
    pub changes: Vec<ImportChange>,
    /// Roles the person gains (all of a new person's), e.g. `worker`: staff access.
    pub roles_added: Vec<RoleName>,
    /// This row's problems (also in the report's `errors`).
    pub errors: Vec<ImportRowError>,
}

/// What an import found (`dry_run=1`) or did: the same shape for a preview, a write and a
/// refusal (422: nothing written, so every row is `skip` and the counts are 0).
#[derive(Debug, Object)]
pub struct ImportReport {
    /// The recognised columns' headers as the file wrote them, in the file's order.
    pub columns: Vec<String>,
    /// Every data row (blank rows skipped), in the file's order.
    pub rows: Vec<ImportRow>,
    /// How many data rows were read.
    pub rows_total: u32,
    /// People created (in a preview: to be created; in a refusal: 0).
    pub created: u32,
    /// People already in the school, by e-mail, whose card changes (in a preview: would; in a
    /// refusal: 0).
    pub updated: u32,
    /// Deleted people brought back (in a preview: would be; in a refusal: 0); they count here,
    /// not in `updated`.
    pub restored: u32,
    /// Every problem, by row and column; with any, nothing is written.
    pub errors: Vec<ImportRowError>,
    /// What was ignored, such as unknown columns.
    pub warnings: Vec<String>,
}

/// `{message, data: report}`: nothing was written.
#[derive(Debug, Object)]
pub struct ImportRejected {
    pub message: String,
    pub data: ImportReport,
}

/// What an import itself answers. A report lists every row of the file, so it is written
/// straight to JSON text (a file of 10,000 rows answers ~4 MB; built as a `serde_json::Value`
/// first it took four times that in memory).
#[derive(Debug, ApiResponse)]
pub enum ImportOutcome {
    /// A preview (maybe with row errors), or everything written.
    #[oai(status = 200)]
    Done(JsonText<Data<ImportReport>>),
    /// Row errors, or a file that is not a table of people: nothing was written.
    #[oai(status = 422)]
    Rejected(JsonText<ImportRejected>),
}

/// The answers of an import: its own, and the shared errors but 422, which an import answers
/// with its report (`ImportRejected`).
#[derive(Debug)]
pub struct ImportAnswer(Result<ImportOutcome, ApiError>);

impl ApiResponse for ImportAnswer {
    fn meta() -> MetaResponses {
        let mut meta = ImportOutcome::meta();
        let shared = ApiError::meta().responses.into_iter();
        meta.responses.extend(shared.filter(|r| r.status != Some(422)));
        meta
    }

    fn register(registry: &mut Registry) {
        ImportOutcome::register(registry);
        ApiError::register(registry);
    }
}

impl IntoResponse for ImportAnswer {
    fn into_response(self) -> Response {
        match self.0 {
            Ok(outcome) => outcome.into_response(),
            Err(err) => err.into_response(),
        }
    }
}

impl ImportRow {
    /// `row`, its cells named by `columns` (the report's headers, in the order of its values).
    pub fn of(row: RowReport, columns: &[String]) -> Self {
        Self {
            row: row.row,
            action: match row.action {
                RowAction::Create => ImportAction::Create,
                RowAction::Update => ImportAction::Update,
                RowAction::Restore => ImportAction::Restore,
                RowAction::Skip => ImportAction::Skip,
            },
            values: columns.iter().cloned().zip(row.values).collect(),
            changes: row.changes.into_iter().map(ImportChange::from).collect(),
            roles_added: row.roles_added.iter().copied().map(RoleName::from).collect(),
            errors: row.errors.into_iter().map(ImportRowError::from).collect(),
        }
    }
}

impl From<RowChange> for ImportChange {
    fn from(change: RowChange) -> Self {
        Self {
            field: change.field,
            from: change.from,
            to: change.to,
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

impl From<ApiError> for ImportAnswer {
    /// A refusal of the form (422) becomes a report with the errors on row 0; the rest as they are.
    fn from(err: ApiError) -> Self {
        let ApiError::Invalid(body) = err else {
            return Self(Err(err));
        };
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
        Self(rejected(body.0.message, report))
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
    /// their values, roles and tags are added) and deleted ones restored; missing tags are
    /// created. An import never makes a manager: a row asking for the role, or bringing back a
    /// deleted manager, is an error of that row. The write is one transaction: with any row
    /// error it is 422 with every error and nothing is written (every row `skip`, the counts
    /// 0); a preview with errors is 200.
    /// A file that is not a table is 422; over the body limit, 413. Every answer carries the
    /// same report: `rows` lists each data row with its action, its cells (`values`), what it
    /// changes (`changes`, «было → станет»), the roles it grants and its errors — for a
    /// preview what would happen, for a write what was done; `rows_total` counts them.
    #[oai(path = "/api/users/import/csv", method = "post", operation_id = "users_import_csv")]
    async fn import_csv(&self, state: State<'_>, caller: Caller, form: ImportForm<'_>) -> ImportAnswer {
        match run(&state, &caller, form).await {
            Ok(outcome) => ImportAnswer(Ok(outcome)),
            Err(err) => err.into(),
        }
    }
}

async fn run(state: &State<'_>, caller: &Caller, form: ImportForm<'_>) -> Result<ImportOutcome, ApiError> {
    caller.actor(Rule::Manager)?;
    let received = form.receive().await?;
    let journal = state.journal(caller.origin());
    let outcome = import::import_csv(state, journal, received.file, received.options).await?;
    match outcome {
        Outcome::Checked(report) | Outcome::Written(report) => done(report),
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
    }
}
