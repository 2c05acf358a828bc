//! The query of a catalogue list (`/api/subjects`, `/api/courses`) read from the address.

use super::paging::with_or_only;
use crate::domain::SubjectId;
use crate::domain::catalog::CatalogQuery;
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
    let archived = errors
        .check("archived", with_or_only(archived.map(str::trim)))
        .unwrap_or_default();
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
