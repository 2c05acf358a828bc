//! CSV import of people (`/users/import`): a file made in Excel or anywhere else is read,
//! every row is checked with the card's own rules, and the whole file is written in one
//! transaction, or nothing is.

mod cells;
mod columns;
mod record;
mod rows;
mod table;
mod text;
mod write;

use super::journal::Journal;
use super::{AppState, ServiceError, people};

pub use columns::Column;
pub use rows::{RowAction, RowChange, RowReport};

/// Most row errors one answer lists.
const MAX_LISTED_ERRORS: usize = 1000;

/// A problem of one row and column (the header is row 1; row 0 is the file as a whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowError {
    pub row: u32,
    /// The header's text as the file wrote it (empty for the whole row or file).
    pub column: String,
    pub message: String,
}

/// What an import found or did: the same for a preview, a write and a refusal (which wrote
/// nothing: every row `Skip`, the counts zero).
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The recognised columns' headers as the file wrote them, in the file's order.
    pub columns: Vec<String>,
    /// Every data row as it was read, and what it does (or would do).
    pub rows: Vec<RowReport>,
    /// Data rows read (blank ones skipped).
    pub rows_total: u32,
    /// People created (or, in a preview, that would be).
    pub created: u32,
    /// People already in the school whose card changes (or would).
    pub updated: u32,
    /// Deleted people brought back (or that would be).
    pub restored: u32,
    pub errors: Vec<RowError>,
    /// Things ignored, such as unknown columns.
    pub warnings: Vec<String>,
}

/// How to import.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Only check: nothing is written.
    pub dry_run: bool,
    /// Mail each new person a link to set a password.
    pub send_invites: bool,
}

/// How an import ended.
#[derive(Debug)]
pub enum Outcome {
    /// A preview: the report, maybe with row errors; nothing written.
    Checked(Report),
    /// Everything written.
    Written(Report),
    /// Some rows have problems: nothing written.
    Refused(Report),
    /// The file is not a table of people (binary, empty, too big, broken): nothing written.
    Unreadable(RowError),
}

/// Imports `bytes` (a CSV file) as people.
pub async fn import_csv(
    state: &AppState,
    journal: Journal,
    bytes: Vec<u8>,
    options: Options,
) -> Result<Outcome, ServiceError> {
    let config = state.config.clone();
    let today = people::today(&config.school.timezone);
    let outcome = state
        .run(move |store| {
            let whole_file = |message| RowError {
                row: 0,
                column: String::new(),
                message,
            };
            let read = text::decode(&bytes)
                .map_err(whole_file)
                .and_then(|text| table::parse(&text));
            let table = match read {
                Ok(table) => table,
                Err(problem) => return Ok(Outcome::Unreadable(problem)),
            };
            drop(bytes);
            let mut report = write::apply(store, &journal, &config, table, today, options)?;
            let total = report.errors.len();
            if total > MAX_LISTED_ERRORS {
                report.errors.truncate(MAX_LISTED_ERRORS);
                report.errors.push(RowError {
                    row: 0,
                    column: String::new(),
                    message: format!("Показаны первые {MAX_LISTED_ERRORS} ошибок из {total}"),
                });
            }
            Ok::<_, ServiceError>(match (report.errors.is_empty(), options.dry_run) {
                (_, true) => Outcome::Checked(report),
                (true, false) => Outcome::Written(report),
                (false, false) => Outcome::Refused(report),
            })
        })
        .await?;
    if let (Outcome::Written(report), true) = (&outcome, options.send_invites) {
        if report.created > 0 {
            state.mailer.wake();
        }
    }
    Ok(outcome)
}
