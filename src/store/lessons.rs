//! Lessons, indexed by time for the whole school, each teacher, student, group, subject and room, so a
//! week or a term of any of them is one index range however many lessons the school keeps.

use super::record::{self, IndexRow, ListKey, Reader, Record, Rows};
use super::{StoreError, tables};
use crate::domain::lesson::{Lesson, LessonHead, room_key};
use crate::domain::{GroupId, LessonId, SubjectId, UserId};
use jiff::Timestamp;

impl Record for Lesson {
    const TABLE: Rows = tables::LESSONS;
    type Id = LessonId;

    fn id(&self) -> LessonId {
        self.id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        let at = self.starts_at.as_millisecond();
        let mut rows = vec![
            IndexRow::Timed(tables::LESSONS_BY_TIME, at),
            IndexRow::OwnedTimed(tables::LESSONS_BY_TEACHER, self.teacher_id.0, at),
            IndexRow::OwnedTimed(tables::LESSONS_BY_SUBJECT, self.subject_id.0, at),
        ];
        let students = self.student_ids.iter();
        rows.extend(students.map(|student| IndexRow::OwnedTimed(tables::LESSONS_BY_STUDENT, student.0, at)));
        if let Some(group) = self.group_id {
            rows.push(IndexRow::OwnedTimed(tables::LESSONS_BY_GROUP, group.0, at));
        }
        if !self.room.trim().is_empty() {
            rows.push(IndexRow::NamedTimed(tables::LESSONS_BY_ROOM, room_key(&self.room), at));
        }
        rows
    }

    /// Every list a page of lessons is read through (a group's, a teacher's, each student's,
    /// the subject's, the room's, the school's): journals, pages of lessons and calendars are
    /// kept by their versions (`service::gradebook::journal_texts`,
    /// `service::schedule::lesson_list::shown`, `service::calendar::shown`).
    fn versioned_lists(&self) -> Vec<ListKey> {
        let mut lists: Vec<ListKey> = self.student_ids.iter().map(|s| list_of_student(*s)).collect();
        lists.extend(self.group_id.map(list_of_group));
        lists.extend([
            list_of_teacher(self.teacher_id),
            list_of_subject(self.subject_id),
            list_of_school(),
        ]);
        if !self.room.trim().is_empty() {
            lists.push(list_of_room(&self.room));
        }
        lists
    }
}

/// The list of `subject`'s lessons, whose version changes with each of them.
pub fn list_of_subject(subject: SubjectId) -> ListKey {
    ListKey::of(&tables::LESSONS_BY_SUBJECT, subject.0)
}

/// The list of every lesson of the school, whose version changes with each of them.
pub fn list_of_school() -> ListKey {
    ListKey::of(&tables::LESSONS_BY_TIME, 0)
}

/// The list of the lessons in `room` (as `room_key` folds it), whose version changes with each
/// of them. It is owned by a hash of the room's key, the same in every run of one build: two
/// rooms with one hash only share a version, so a change in one makes the other's pages anew.
pub fn list_of_room(room: &str) -> ListKey {
    let mut hasher = std::hash::DefaultHasher::new();
    std::hash::Hash::hash(&room_key(room), &mut hasher);
    ListKey::of(&tables::LESSONS_BY_ROOM, std::hash::Hasher::finish(&hasher))
}

/// The list of `teacher`'s lessons, whose version changes with each of them.
pub fn list_of_teacher(teacher: UserId) -> ListKey {
    ListKey::of(&tables::LESSONS_BY_TEACHER, teacher.0)
}

/// The list of `student`'s lessons, whose version changes with each of them.
pub fn list_of_student(student: UserId) -> ListKey {
    ListKey::of(&tables::LESSONS_BY_STUDENT, student.0)
}

/// The list of `group`'s lessons, whose version changes with each of them.
pub fn list_of_group(group: GroupId) -> ListKey {
    ListKey::of(&tables::LESSONS_BY_GROUP, group.0)
}

/// Whose lessons a read goes through.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Whose {
    /// The whole school's.
    School,
    Teacher(UserId),
    Student(UserId),
    Group(GroupId),
    Subject(SubjectId),
    /// A room's, by its name as typed (see `room_key`).
    Room(String),
}

/// The list of `whose` lessons, whose version changes with each of them.
pub fn list_of(whose: &Whose) -> ListKey {
    match whose {
        Whose::School => list_of_school(),
        Whose::Teacher(teacher) => list_of_teacher(*teacher),
        Whose::Student(student) => list_of_student(*student),
        Whose::Group(group) => list_of_group(*group),
        Whose::Subject(subject) => list_of_subject(*subject),
        Whose::Room(room) => list_of_room(room),
    }
}

/// The ids of `whose` lessons starting at `from` and before `to`, by start time: keys only,
/// nothing decoded.
pub fn ids(txn: &impl Reader, whose: &Whose, from: Timestamp, to: Timestamp) -> Result<Vec<LessonId>, StoreError> {
    let (from, to) = (from.as_millisecond(), to.as_millisecond());
    match whose {
        Whose::School => record::ids_between(txn, tables::LESSONS_BY_TIME, from, to),
        Whose::Teacher(id) => record::ids_owned_between(txn, tables::LESSONS_BY_TEACHER, id.0, from, to),
        Whose::Student(id) => record::ids_owned_between(txn, tables::LESSONS_BY_STUDENT, id.0, from, to),
        Whose::Group(id) => record::ids_owned_between(txn, tables::LESSONS_BY_GROUP, id.0, from, to),
        Whose::Subject(id) => record::ids_owned_between(txn, tables::LESSONS_BY_SUBJECT, id.0, from, to),
        Whose::Room(room) => record::ids_named_between(txn, tables::LESSONS_BY_ROOM, &room_key(room), from, to),
    }
}

/// The lessons `ids` names, in that order (through one table handle).
pub fn load(txn: &impl Reader, ids: &[LessonId]) -> Result<Vec<Lesson>, StoreError> {
    record::get_many(txn, ids)
}

/// The heads of `whose` lessons starting at `from` and before `to`, by start time: only the
/// fields `LessonHead` names are decoded.
pub fn heads_of(
    txn: &impl Reader,
    whose: &Whose,
    from: Timestamp,
    to: Timestamp,
) -> Result<Vec<LessonHead>, StoreError> {
    record::heads::<Lesson, _>(txn, &ids(txn, whose, from, to)?)
}

/// `whose` lessons starting at `from` and before `to`, by start time.
pub fn of(txn: &impl Reader, whose: &Whose, from: Timestamp, to: Timestamp) -> Result<Vec<Lesson>, StoreError> {
    load(txn, &ids(txn, whose, from, to)?)
}

/// The whole school's lessons starting at `from` and before `to`, by start time.
pub fn between(txn: &impl Reader, from: Timestamp, to: Timestamp) -> Result<Vec<Lesson>, StoreError> {
    of(txn, &Whose::School, from, to)
}

/// A teacher's lessons starting at `from` and before `to`, by start time.
pub fn of_teacher(
    txn: &impl Reader,
    teacher: UserId,
    from: Timestamp,
    to: Timestamp,
) -> Result<Vec<Lesson>, StoreError> {
    of(txn, &Whose::Teacher(teacher), from, to)
}

/// A student's lessons starting at `from` and before `to`, by start time.
pub fn of_student(
    txn: &impl Reader,
    student: UserId,
    from: Timestamp,
    to: Timestamp,
) -> Result<Vec<Lesson>, StoreError> {
    of(txn, &Whose::Student(student), from, to)
}

/// A group's lessons starting at `from` and before `to`, by start time.
pub fn of_group(txn: &impl Reader, group: GroupId, from: Timestamp, to: Timestamp) -> Result<Vec<Lesson>, StoreError> {
    of(txn, &Whose::Group(group), from, to)
}

/// A room's lessons starting at `from` and before `to`, by start time.
pub fn of_room(txn: &impl Reader, room: &str, from: Timestamp, to: Timestamp) -> Result<Vec<Lesson>, StoreError> {
    of(txn, &Whose::Room(room.to_owned()), from, to)
}

#[cfg(test)]
pub(crate) mod tests;
