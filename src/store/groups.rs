//! Groups, indexed by teacher and by student.

use super::record::{self, IndexRow, Reader, Record, Rows};
use super::{StoreError, tables};
use crate::domain::group::Group;
use crate::domain::{GroupId, UserId};

impl Record for Group {
    const TABLE: Rows = tables::GROUPS;
    type Id = GroupId;

    fn id(&self) -> GroupId {
        self.id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        let students = self.student_ids.iter();
        let students = students.map(|student| IndexRow::Under(tables::GROUPS_BY_STUDENT, student.0));
        std::iter::once(IndexRow::Under(tables::GROUPS_BY_TEACHER, self.teacher_id.0))
            .chain(students)
            .collect()
    }
}

/// The groups `teacher` teaches, newest first.
pub fn of_teacher(txn: &impl Reader, teacher: UserId) -> Result<Vec<Group>, StoreError> {
    record::under(txn, tables::GROUPS_BY_TEACHER, teacher.0)
}

/// The groups `student` studies in, newest first.
pub fn of_student(txn: &impl Reader, student: UserId) -> Result<Vec<Group>, StoreError> {
    record::under(txn, tables::GROUPS_BY_STUDENT, student.0)
}

/// The ids of the groups `student` studies in, from the index alone.
pub fn ids_of_student(txn: &impl Reader, student: UserId) -> Result<Vec<GroupId>, StoreError> {
    record::ids_under(txn, tables::GROUPS_BY_STUDENT, student.0)
}

/// The ids of the groups `teacher` teaches, from the index alone.
pub fn ids_of_teacher(txn: &impl Reader, teacher: UserId) -> Result<Vec<GroupId>, StoreError> {
    record::ids_under(txn, tables::GROUPS_BY_TEACHER, teacher.0)
}
