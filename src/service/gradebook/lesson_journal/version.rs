//! A lesson journal's version: a short mark of what a save replaces, so a save made from a page
//! loaded before someone changed the journal is refused instead of removing what was added.

use crate::domain::journal::{Attendance, Mark};
use crate::domain::lesson::Lesson;
use crate::service::{FieldErrors, ServiceError};
use crate::store::record;

/// Why a journal saved from a page loaded before someone changed it is refused (a 422 on
/// `version`): the save would remove or overwrite what was added meanwhile.
const CHANGED_MEANWHILE: &str =
    "Журнал этого занятия изменили, пока вы его заполняли. Загрузите его заново и внесите свои изменения.";

/// The version of a lesson's journal: a short mark of what a save replaces (`lesson`'s topic and
/// homework, its attendance `records` and its `marks`), changed by any change of them by anyone.
pub(super) fn version(lesson: &Lesson, records: &[Attendance], marks: &[Mark]) -> String {
    record::version(&(&lesson.topic, &lesson.homework, records, marks))
}

/// Refuses a save made from version `made_from` when the journal (`lesson`, its `records` and
/// `marks` as stored) is no longer that version (none sent: saved over it as it is).
pub(super) fn unchanged_since(
    lesson: &Lesson,
    (records, marks): (&[Attendance], &[Mark]),
    made_from: Option<&str>,
) -> Result<(), ServiceError> {
    match made_from {
        Some(sent) if sent != version(lesson, records, marks) => Err(FieldErrors::one("version", CHANGED_MEANWHILE)),
        _ => Ok(()),
    }
}
