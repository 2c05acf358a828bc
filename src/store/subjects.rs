//! Subjects with their unique-name index, and what each person studies or teaches, indexed by
//! subject (who teaches it, whether anyone uses it).

use super::record::{self, IndexRow, Reader, Record, Rows};
use super::{StoreError, codec, tables};
use crate::domain::group::Group;
use crate::domain::lesson::Lesson;
use crate::domain::search::fold;
use crate::domain::subject::{PersonSubject, PersonSubjects, Subject};
use crate::domain::{SubjectId, UserId};
use crate::store::WriteTxn;
use redb::ReadableTable;

impl Record for Subject {
    const TABLE: Rows = tables::SUBJECTS;
    type Id = SubjectId;

    fn id(&self) -> SubjectId {
        self.id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        vec![IndexRow::Unique {
            table: tables::SUBJECTS_BY_NAME,
            key: fold(&self.name),
            field: "name",
            taken: "Предмет с таким названием уже есть",
        }]
    }
}

impl Record for PersonSubjects {
    const TABLE: Rows = tables::PERSON_SUBJECTS;
    type Id = UserId;

    fn id(&self) -> UserId {
        self.user_id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        let rows = self.subjects.iter();
        rows.map(|s| IndexRow::Under(tables::PERSON_SUBJECTS_BY_SUBJECT, s.subject_id.0))
            .collect()
    }
}

/// The subject already named so (ignoring case and ё/е), if any.
pub fn id_by_name(txn: &impl Reader, name: &str) -> Result<Option<SubjectId>, StoreError> {
    record::find_unique(txn, tables::SUBJECTS_BY_NAME, &fold(name))
}

/// What `user` studies or teaches (empty when nothing was set).
pub fn of_person(txn: &impl Reader, user: UserId) -> Result<Vec<PersonSubject>, StoreError> {
    Ok(record::get::<PersonSubjects>(txn, user)?
        .map(|p| p.subjects)
        .unwrap_or_default())
}

/// Replaces what `user` studies or teaches, moving the subject index rows.
pub fn set_of_person(txn: &WriteTxn, user: UserId, subjects: Vec<PersonSubject>) -> Result<(), StoreError> {
    let new = PersonSubjects {
        user_id: user,
        subjects,
    };
    match record::get::<PersonSubjects>(txn, user)? {
        Some(old) => record::replace(txn, &old, &new),
        None => record::insert_built(txn, &new),
    }
}

/// The people who study or teach `subject`, by id.
pub fn people_of(txn: &impl Reader, subject: SubjectId) -> Result<Vec<UserId>, StoreError> {
    record::ids_under(txn, tables::PERSON_SUBJECTS_BY_SUBJECT, subject.0)
}

/// The price per lesson of `subject` for `student`: his own, or else the subject's.
pub fn price_for(txn: &impl Reader, subject: SubjectId, student: UserId) -> Result<Option<i64>, StoreError> {
    let Some(subject) = record::get::<Subject>(txn, subject)? else {
        return Ok(None);
    };
    Ok(subject.price_for(record::get::<PersonSubjects>(txn, student)?.as_ref()))
}

/// How many groups and whether any lesson use something (a subject, a course): `group` and
/// `lesson` say which do. Groups are few and read whole; the lessons are scanned until the
/// first that uses it (a delete is rare, and one with a group is answered before the scan).
pub fn teaching_uses(
    txn: &impl Reader,
    group: impl Fn(&Group) -> bool,
    lesson: impl Fn(&Lesson) -> bool,
) -> Result<(usize, bool), StoreError> {
    let groups = record::all::<Group>(txn)?.iter().filter(|g| group(g)).count();
    if groups > 0 {
        return Ok((groups, true));
    }
    let lessons = txn.open(tables::LESSONS)?;
    for row in lessons.iter()? {
        let found: Lesson = codec::decode(tables::name(&tables::LESSONS), row?.1.value())?;
        if lesson(&found) {
            return Ok((0, true));
        }
    }
    Ok((0, false))
}
