//! A lesson's journal: its students' attendance, their marks, the topic and the homework, read
//! by whoever may read the lesson (a student and a parent only their own rows, a worker who does
//! not teach it only his students') and saved by its teacher (or a manager) in one request and
//! one durable commit.

use super::mark_edit::{self, Edit, MarkFields};
use super::marks::{ShownMark, shown_mark, taught_among};
use crate::config::Config;
use crate::domain::activity::{Action, Entity};
use crate::domain::journal::{Attendance, AttendanceStatus, Mark};
use crate::domain::lesson::{Lesson, LessonStatus};
use crate::domain::{LessonId, MarkId, UserId};
use crate::policy::{self, Actor};
use crate::service::journal::{Change, Journal};
use crate::service::schedule::form::text;
use crate::service::schedule::lesson_list::readable;
use crate::service::schedule::{School, lessons::describe};
use crate::service::{FieldErrors, ServiceError};
use crate::store::record::{self, Reader};
use crate::store::{Store, WriteTxn, attendance, marks};
use jiff::Timestamp;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

mod version;
use version::{unchanged_since, version};

/// The most marks one student gets in one save of a lesson's journal: no real lesson reaches
/// it, and a save of thousands would hold the shared write lock through one long commit.
const MARKS_PER_STUDENT: usize = 10;

/// A lesson's journal as `actor` may see it.
pub struct LessonJournal {
    pub lesson: Lesson,
    /// The `version` of what it shows (see `version`).
    pub version: String,
    /// The lesson's students `actor` may see, with their full names.
    pub students: Vec<(UserId, String)>,
    pub records: Vec<Attendance>,
    pub marks: Vec<ShownMark>,
    /// Whether `actor` may save it (its teacher or a manager).
    pub keeps: bool,
}

/// One student's attendance as a form sends it.
#[derive(Clone, Debug)]
pub struct RecordForm {
    pub student_id: UserId,
    pub status: AttendanceStatus,
    pub comment: Option<String>,
}

/// One mark as a form sends it: with the `id` of one of the lesson's marks, or new.
#[derive(Clone, Debug)]
pub struct JournalMark {
    pub id: Option<MarkId>,
    pub student_id: UserId,
    pub fields: MarkFields,
}

/// The journal as a form sends it; `topic` and `homework` left out keep their values.
#[derive(Clone, Debug, Default)]
pub struct JournalForm {
    /// The journal's `version` the form was filled from; none: saved over whatever it is now.
    pub version: Option<String>,
    pub topic: Option<String>,
    pub homework: Option<String>,
    pub records: Vec<RecordForm>,
    pub marks: Vec<JournalMark>,
}

/// Lesson `id`'s journal, for someone who may read the lesson.
pub fn show(store: &Store, actor: &Actor, id: LessonId, config: &Config) -> Result<LessonJournal, ServiceError> {
    let school = School::load(store)?;
    let txn = store.read()?;
    let lesson = readable(&txn, actor, id)?;
    seen(&txn, actor, lesson, &school, config)
}

fn seen(
    txn: &impl Reader,
    actor: &Actor,
    lesson: Lesson,
    school: &School,
    config: &Config,
) -> Result<LessonJournal, ServiceError> {
    let keeps = policy::keeps_journal(actor, &lesson);
    let taught = if !keeps && actor.is_staff() {
        taught_among(txn, actor.user.id, &lesson.student_ids)?
    } else {
        BTreeSet::new()
    };
    let visible = |student: UserId| policy::reads_lesson_row(actor, keeps, student, taught.contains(&student));
    let students = lesson
        .student_ids
        .iter()
        .filter(|s| visible(**s))
        .map(|s| (*s, school.full_name(*s)))
        .collect();
    let mut records = attendance::of_lesson(txn, lesson.id)?;
    records.retain(|r| visible(r.student_id));
    let mut marks = marks::of_lesson(txn, lesson.id)?;
    marks.retain(|m| visible(m.student_id));
    let version = version(&lesson, &records, &marks);
    let now = Timestamp::now();
    let marks = marks
        .into_iter()
        .map(|m| shown_mark(m, actor, school, now, config))
        .collect();
    Ok(LessonJournal {
        keeps,
        version,
        lesson,
        students,
        records,
        marks,
    })
}

/// The attendance, marks and texts `form` asks for, checked against `lesson`, its `recorded`
/// attendance and its `stored` marks, every problem at once. Before the lesson starts only a
/// manager changes its attendance; sending back what is recorded (a teacher saving the homework
/// after a manager noted an excused absence ahead) changes nothing and passes.
struct Checked {
    topic: Option<String>,
    homework: Option<String>,
    /// The lesson's attendance as it is to be stored.
    records: Vec<Attendance>,
    marks: Vec<Edit>,
}

fn check(
    actor: &Actor,
    lesson: &Lesson,
    (recorded, stored): (&[Attendance], &[Mark]),
    form: JournalForm,
    config: &Config,
    now: Timestamp,
) -> Result<Checked, ServiceError> {
    let mut errors = FieldErrors::new();
    if lesson.status == LessonStatus::Cancelled {
        errors.push("status", "Занятие отменено: журнал по нему не ведётся");
    }
    let records = attendance_rows(actor, lesson, recorded, &form.records, now);
    let changes_attendance = !changed_rows(recorded, &records).is_empty();
    if lesson.starts_at > now && changes_attendance && !policy::records_ahead(actor) {
        errors.push("records", "Занятие ещё не началось: посещаемость отмечают после начала");
    }
    let topic = form.topic.as_deref().map(|t| text(&mut errors, "topic", Some(t), 500));
    let homework = form
        .homework
        .as_deref()
        .map(|h| text(&mut errors, "homework", Some(h), 5000));
    let enrolled = |student: &UserId| in_journal(lesson, (recorded, stored), *student);
    let mut seen = BTreeSet::new();
    for (i, record) in form.records.iter().enumerate() {
        if !enrolled(&record.student_id) {
            errors.push(&format!("records[{i}].student_id"), "Ученик не записан на этот урок");
        } else if !seen.insert(record.student_id) {
            errors.push(&format!("records[{i}].student_id"), "Ученик уже отмечен выше");
        }
        text(
            &mut errors,
            &format!("records[{i}].comment"),
            record.comment.as_deref(),
            500,
        );
    }
    let day = lesson.starts_at.to_zoned(config.time_zone()).date();
    let by_id: BTreeMap<MarkId, &Mark> = stored.iter().map(|m| (m.id, m)).collect();
    let (mut sent, mut edits, mut given) = (BTreeSet::new(), Vec::new(), BTreeMap::new());
    for (i, mark) in form.marks.iter().enumerate() {
        let at = format!("marks[{i}].");
        if !enrolled(&mark.student_id) {
            errors.push(&format!("{at}student_id"), "Ученик не записан на этот урок");
        }
        count_mark(&mut given, mark.student_id, &mut errors, &at);
        let fields = mark.fields.check(&mut errors, &at, config);
        let old = match mark.id {
            None => None,
            Some(id) => match by_id.get(&id) {
                None => {
                    errors.push(&format!("{at}id"), "Оценка не относится к этому уроку");
                    continue;
                }
                Some(_) if !sent.insert(id) => {
                    errors.push(&format!("{at}id"), "Эта оценка уже указана выше");
                    continue;
                }
                Some(old) if old.student_id != mark.student_id => {
                    errors.push(&format!("{at}student_id"), "Оценку нельзя передать другому ученику");
                    continue;
                }
                Some(old) => Some((*old).clone()),
            },
        };
        let Some(fields) = fields else { continue };
        let new = match &old {
            Some(old) => fields.onto(old),
            None => Mark {
                lesson_id: Some(lesson.id),
                ..mark_edit::new_mark(actor, mark.student_id, lesson.subject_id, day, fields)
            },
        };
        edits.push(Edit { old, new: Some(new) });
    }
    errors.into_result()?;
    let removed = stored.iter().filter(|m| !sent.contains(&m.id));
    edits.extend(removed.map(|m| Edit {
        old: Some(m.clone()),
        new: None,
    }));
    Ok(Checked {
        topic,
        homework,
        records,
        marks: edits,
    })
}

/// Counts a mark for `student` in `given`; his first mark past `MARKS_PER_STUDENT` is refused
/// at `at` (once, so a flood of marks gets one message, not one per mark).
fn count_mark(given: &mut BTreeMap<UserId, usize>, student: UserId, errors: &mut FieldErrors, at: &str) {
    let count = given.entry(student).or_insert(0);
    *count += 1;
    if *count == MARKS_PER_STUDENT + 1 {
        let message = format!("Не больше {MARKS_PER_STUDENT} оценок одному ученику за урок");
        errors.push(&format!("{at}student_id"), &message);
    }
}

/// Whether `student`'s row may be sent in `lesson`'s journal: he is on the lesson, or was taken
/// off it with his attendance or a mark still stored there (the journal shows them, and they are
/// kept, changed or removed as sent).
fn in_journal(lesson: &Lesson, (recorded, stored): (&[Attendance], &[Mark]), student: UserId) -> bool {
    lesson.student_ids.contains(&student)
        || recorded.iter().any(|r| r.student_id == student)
        || stored.iter().any(|m| m.student_id == student)
}

/// Saves lesson `id`'s journal as `form` sends it, in one transaction and one durable commit:
/// the attendance and the marks replaced, the topic and homework set, a planned lesson whose
/// start has passed made done, each change logged «было → стало», parents alerted. Saves that
/// arrive together share their commit (`Journal::write_together`): when the bell rings, every
/// teacher saves at once. When `form.version` is sent, only if the journal is still that version:
/// checked in the transaction that writes, so two saves from one version never both pass.
pub fn save(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    id: LessonId,
    form: JournalForm,
    config: &Config,
) -> Result<LessonJournal, ServiceError> {
    let school = Arc::new(School::load(store)?);
    let saved = {
        let (school, actor) = (school.clone(), actor.clone());
        journal.write_together(store, move |txn, journal| {
            write(txn, journal, &school, &actor, id, form.clone())
        })
    }?;
    seen(&store.read()?, actor, saved, &school, config)
}

/// Writes lesson `id`'s journal as `form` sends it in `txn` (see `save`), logged in `journal`;
/// gives the lesson as saved.
fn write(
    txn: &WriteTxn,
    journal: &Journal,
    school: &School,
    actor: &Actor,
    id: LessonId,
    form: JournalForm,
) -> Result<Lesson, ServiceError> {
    let config = journal.config();
    let tz = config.time_zone();
    let now = Timestamp::now();
    let old = readable(txn, actor, id)?;
    if !policy::keeps_journal(actor, &old) {
        return Err(ServiceError::Forbidden(policy::NOT_YOUR_JOURNAL));
    }
    let stored = marks::of_lesson(txn, id)?;
    let before = attendance::of_lesson(txn, id)?;
    unchanged_since(&old, (&before, &stored), form.version.as_deref())?;
    let checked = check(actor, &old, (&before, &stored), form, config, now)?;
    mark_edit::allowed(actor, &checked.marks, config)?;

    let mut lesson = old.clone();
    let mut lines = Vec::new();
    if let Some(topic) = checked.topic.filter(|t| *t != old.topic) {
        lines.push(format!("Тема: «{}» → «{topic}»", old.topic));
        lesson.topic = topic;
    }
    if let Some(homework) = checked.homework.filter(|h| *h != old.homework) {
        lines.push(format!("Домашнее задание: «{}» → «{homework}»", old.homework));
        lesson.homework = homework;
    }
    if lesson.status == LessonStatus::Planned && lesson.starts_at <= now {
        lesson.status = LessonStatus::Done;
        lines.push("Занятие проведено".to_owned());
    }
    if lesson != old {
        record::replace(txn, &old, &lesson)?;
    }
    let records = checked.records;
    attendance::replace_lesson(txn, &lesson, &records)?;
    attendance_lines(&before, &records, school, &mut lines);

    let what = describe(&lesson, school, &tz);
    let change = Change::new(Action::LessonJournalSaved, Entity::Lesson, Some(id.0), String::new());
    let (_, change) = mark_edit::write(txn, checked.marks, change, &mut lines, config, school)?;
    let change = super::alerts::absences(txn, change, &lesson, &before, &records, &config.alerts, &what)?;
    let by = Some(actor.user.id);
    let mut change = crate::service::money::charges::settle_lesson(txn, &lesson, by, config, change, &mut lines)?;
    if !lines.is_empty() {
        change = change.concerning(changed_rows(&before, &records));
        change.subjects.sort_unstable();
        change.subjects.dedup();
        change.summary = format!("Журнал занятия {what}: {}", lines.join("; "));
        journal.record(txn, change)?;
    }
    Ok(lesson)
}

/// The attendance rows `records` make, keeping who recorded an unchanged one and when.
fn attendance_rows(
    actor: &Actor,
    lesson: &Lesson,
    before: &[Attendance],
    records: &[RecordForm],
    now: Timestamp,
) -> Vec<Attendance> {
    records
        .iter()
        .map(|form| {
            let row = Attendance {
                lesson_id: lesson.id,
                student_id: form.student_id,
                status: form.status,
                comment: form.comment.as_deref().unwrap_or_default().trim().to_owned(),
                recorded_by: actor.user.id,
                recorded_at: now,
            };
            let same = |was: &&Attendance| {
                was.student_id == row.student_id && was.status == row.status && was.comment == row.comment
            };
            before.iter().find(same).cloned().unwrap_or(row)
        })
        .collect()
}

/// The students whose attendance row `after` adds, changes or removes from `before`: the saved
/// journal's log entry concerns them (and those whose marks or charges changed), not the
/// students it left as they were.
fn changed_rows(before: &[Attendance], after: &[Attendance]) -> Vec<UserId> {
    let differs = |rows: &[Attendance], row: &Attendance| !rows.contains(row);
    let mut students: Vec<UserId> = after
        .iter()
        .filter(|row| differs(before, row))
        .chain(before.iter().filter(|row| differs(after, row)))
        .map(|row| row.student_id)
        .collect();
    students.sort_unstable();
    students.dedup();
    students
}

/// «Посещение (Белов И. В.): присутствовал → опоздал» for each student whose attendance was
/// recorded and changed or was removed; one count for those recorded the first time.
fn attendance_lines(before: &[Attendance], after: &[Attendance], school: &School, lines: &mut Vec<String>) {
    let find = |rows: &[Attendance], student: UserId| rows.iter().find(|r| r.student_id == student).cloned();
    let mut first = 0;
    for row in after {
        match find(before, row.student_id) {
            None => first += 1,
            Some(was) if was.status != row.status => lines.push(format!(
                "Посещение ({}): {} → {}",
                school.short_name(row.student_id),
                was.status.label(),
                row.status.label()
            )),
            Some(_) => {}
        }
    }
    if first > 0 {
        lines.push(format!("Отмечено посещение учеников: {first}"));
    }
    for was in before.iter().filter(|was| find(after, was.student_id).is_none()) {
        lines.push(format!(
            "Посещение ({}): {} → не отмечено",
            school.short_name(was.student_id),
            was.status.label()
        ));
    }
}
