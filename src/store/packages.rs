//! Prepaid packages (абонементы), indexed by student.

use super::record::{self, IndexRow, Reader, Record, Rows};
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
}

/// `student`'s packages, oldest first.
pub fn of_student(txn: &impl Reader, student: UserId) -> Result<Vec<Package>, StoreError> {
    record::under(txn, tables::PACKAGES_BY_STUDENT, student.0)
}
