//! `/api/lessons/{id}/journal`: a lesson's attendance, marks, topic and homework, read and saved
//! in one request (the phone form of a teacher's day).

use super::envelope::Data;
use super::items::Items;
use super::lesson_view::local;
use super::vocabulary::{AttendanceStatusName, LessonStatusName, MarkKindName};
use super::{ApiTags, State};
use crate::domain::{LessonId, MarkId, SubjectId, UserId};
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::gradebook::lesson_journal::{self, JournalForm, JournalMark, LessonJournal, RecordForm};
use crate::service::gradebook::mark_edit::MarkFields;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

/// A student of the lesson.
#[derive(Debug, Object)]
pub struct JournalStudent {
    pub id: UserId,
    /// «Белов Иван Викторович».
    pub name: String,
}

/// One student's attendance at the lesson.
#[derive(Debug, Object)]
pub struct AttendanceEntry {
    pub student_id: UserId,
    pub status: AttendanceStatusName,
    #[oai(nullable)]
    pub comment: Option<String>,
}

/// One mark at the lesson. Sent without `id` it is new; with the `id` of one of the lesson's
/// marks it changes that one.
#[derive(Debug, Object)]
pub struct JournalMarkEntry {
    #[oai(nullable)]
    pub id: Option<MarkId>,
    pub student_id: UserId,
    /// 1..5.
    pub value: i64,
    pub kind: MarkKindName,
    /// 1..10; left out, a stored mark keeps its weight if its kind stays, a new one gets the
    /// kind's weight (`journal.weights`).
    #[oai(nullable)]
    pub weight: Option<i64>,
    #[oai(nullable)]
    pub comment: Option<String>,
    /// Read-only (ignored on save): whether the reader may still change or remove it.
    #[oai(nullable)]
    pub editable: Option<bool>,
}

/// A lesson's journal.
#[derive(Debug, Object)]
pub struct LessonJournalView {
    pub lesson_id: LessonId,
    /// Read-only: where the lesson stands.
    pub lesson_status: LessonStatusName,
    /// Read-only: RFC 3339 with the school's offset.
    pub starts_at: String,
    pub subject_id: SubjectId,
    pub topic: String,
    pub homework: String,
    /// Read-only: whether the reader may save it (the lesson's teacher or a manager).
    pub editable: bool,
    /// Read-only: the lesson's students the reader may see (a student himself, a parent his
    /// children).
    pub students: Vec<JournalStudent>,
    pub records: Vec<AttendanceEntry>,
    pub marks: Vec<JournalMarkEntry>,
    /// Read-only: a short mark of the topic, homework, attendance and marks as stored, changed
    /// by any change of them; a save sends it back to be refused when the journal has changed.
    pub version: String,
}

/// A lesson's journal as the form saves it: the attendance and the marks replace what is
/// stored (a stored mark not sent is removed); `topic` and `homework` left out keep theirs.
#[derive(Debug, Object)]
pub struct LessonJournalBody {
    #[oai(nullable)]
    pub topic: Option<String>,
    #[oai(nullable)]
    pub homework: Option<String>,
    pub records: Items<AttendanceEntry>,
    pub marks: Items<JournalMarkEntry>,
    /// The `version` of the journal the form was filled from; when the journal has changed
    /// since, 422 on `version` and nothing saved. Left out: saved over whatever it is now.
    #[oai(nullable)]
    pub version: Option<String>,
}

impl LessonJournalBody {
    fn form(self) -> JournalForm {
        JournalForm {
            version: self.version,
            topic: self.topic,
            homework: self.homework,
            records: self
                .records
                .0
                .into_iter()
                .map(|r| RecordForm {
                    student_id: r.student_id,
                    status: r.status.into(),
                    comment: r.comment,
                })
                .collect(),
            marks: self
                .marks
                .0
                .into_iter()
                .map(|m| JournalMark {
                    id: m.id,
                    student_id: m.student_id,
                    fields: MarkFields {
                        value: m.value,
                        kind: m.kind.into(),
                        weight: m.weight,
                        comment: m.comment,
                    },
                })
                .collect(),
        }
    }
}

fn view(journal: LessonJournal, state: &State<'_>) -> Json<Data<LessonJournalView>> {
    let lesson = journal.lesson;
    Data::json(LessonJournalView {
        version: journal.version,
        lesson_id: lesson.id,
        lesson_status: lesson.status.into(),
        starts_at: local(lesson.starts_at, &state.config.time_zone()),
        subject_id: lesson.subject_id,
        topic: lesson.topic,
        homework: lesson.homework,
        editable: journal.keeps,
        students: journal
            .students
            .into_iter()
            .map(|(id, name)| JournalStudent { id, name })
            .collect(),
        records: journal
            .records
            .into_iter()
            .map(|r| AttendanceEntry {
                student_id: r.student_id,
                status: r.status.into(),
                comment: Some(r.comment),
            })
            .collect(),
        marks: journal
            .marks
            .into_iter()
            .map(|shown| JournalMarkEntry {
                id: Some(shown.mark.id),
                student_id: shown.mark.student_id,
                value: i64::from(shown.mark.value),
                kind: shown.mark.kind.into(),
                weight: Some(i64::from(shown.mark.weight)),
                comment: Some(shown.mark.comment),
                editable: Some(shown.editable),
            })
            .collect(),
    })
}

/// A lesson's journal.
#[derive(Default)]
pub struct LessonJournalApi;

#[OpenApi(tag = "ApiTags::Journal")]
impl LessonJournalApi {
    /// A lesson's journal
    ///
    /// Its students (with names), their attendance and marks, the topic and the homework, and
    /// the `version` a save names to be refused when someone changed the journal since.
    /// Whoever may read the lesson: its teacher and managers with every student's rows, another
    /// worker with the rows of the students he teaches (in his groups or at his lessons), a
    /// student his own lesson (his own rows only), a parent his children's (their rows only);
    /// 403 for another's lesson.
    #[oai(path = "/api/lessons/:id/journal", method = "get", operation_id = "lessons_journal")]
    async fn show(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<LessonId>,
    ) -> Result<Json<Data<LessonJournalView>>, ApiError> {
        let actor = caller.actor(Rule::SignedIn)?;
        let journal = state.read(|store| lesson_journal::show(store, actor, id.0, &state.config))?;
        Ok(view(journal, &state))
    }

    /// Save a lesson's journal
    ///
    /// The lesson's teacher or a manager. Replaces the attendance and the marks with those
    /// sent (a mark without `id` is new; a stored one not sent is removed) and sets the topic
    /// and homework, in one commit; a planned lesson whose start has passed becomes `done`.
    /// Every problem is a 422 on its field (`records[2].student_id` …), nothing written.
    /// Attendance before the lesson starts: managers only. A stored mark is changed or removed
    /// by its teacher within `journal.edit_days` days of giving it, by a manager always (403).
    /// With the `version` the form was filled from, a journal changed since (a mark added, a
    /// status fixed) is not saved: 422 with the message under `errors.version` (nothing anyone
    /// else entered is removed silently). Answers the journal as saved, with its new `version`.
    #[oai(
        path = "/api/lessons/:id/journal",
        method = "put",
        operation_id = "lessons_journal_save"
    )]
    async fn save(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<LessonId>,
        body: Json<LessonJournalBody>,
    ) -> Result<Json<Data<LessonJournalView>>, ApiError> {
        let actor = caller.actor(Rule::Staff)?.clone();
        let config = state.config.clone();
        let form = body.0.form();
        let journal = state
            .change(caller.origin(), move |store, journal| {
                lesson_journal::save(store, journal, &actor, id.0, form, &config)
            })
            .await?;
        Ok(view(journal, &state))
    }
}
