//! The query of a catalogue list (`/api/subjects`, `/api/courses`) read from the address.

use crate::domain::SubjectId;
use crate::domain::catalog::{Archived, CatalogQuery};
use crate::service::{FieldErrors, ServiceError};

/// `search`, `archived=with|only` (without archived ones by default), `sort=name|-name`, and
/// for courses `subject_id`.
pub fn read(
    search: Option<String>,
    archived: Option<&str>,
    sort: Option<&str>,
    subject: Option<SubjectId>,
) -> Result<CatalogQuery, ServiceError> {
    let mut errors = FieldErrors::new();
    let archived = match archived.map(str::trim) {
        None | Some("") => Archived::Without,
        Some("with") => Archived::With,
        Some("only") => Archived::Only,
        Some(_) => {
            errors.push("archived", "Допустимо: with или only");
            Archived::Without
        }
    };
    let descending = match sort.map(str::trim) {
        None | Some("") | Some("name") => false,
        Some("-name") => true,
        Some(_) => {
            errors.push("sort", "Допустимо: name или -name");
            false
        }
    };
    errors.into_result()?;
    Ok(CatalogQuery {
        search: search.unwrap_or_default(),
        archived,
        descending,
        subject,
    })
}
