//! Prepaid packages (абонементы), indexed by student; counted by what they cover.

use super::record::{self, IndexRow, ListKey, Reader, Record, Rows};
use super::{StoreError, tables};
use crate::domain::PackageId;
use crate::domain::UserId;
use crate::domain::package::Package;

impl Record for Package {
    const TABLE: Rows = tables::PACKAGES;
    type Id = PackageId;

    fn id(&self) -> PackageId {
        self.id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        vec![IndexRow::Under(tables::PACKAGES_BY_STUDENT, self.student_id.0)]
    }

    /// A student's packages: his ledger page is kept by their version
    /// (`service::money::ledger_texts`).
    fn versioned_lists(&self) -> Vec<ListKey> {
        vec![list_of(self.student_id)]
    }
}

/// The list of `student`'s packages, whose version changes with each of them.
pub fn list_of(student: UserId) -> ListKey {
    ListKey::of(&tables::PACKAGES_BY_STUDENT, student.0)
}

/// `student`'s packages, oldest first.
pub fn of_student(txn: &impl Reader, student: UserId) -> Result<Vec<Package>, StoreError> {
    record::under(txn, tables::PACKAGES_BY_STUDENT, student.0)
}

/// How many packages `covers` admits (those of a subject or a course, before it is deleted or
/// moved): every package is read, as that is rare and they are few.
pub fn count_where(txn: &impl Reader, covers: impl Fn(&Package) -> bool) -> Result<usize, StoreError> {
    Ok(record::all::<Package>(txn)?.iter().filter(|p| covers(p)).count())
}
