//! Alerts to parents (`[alerts]`): a run of lessons missed without a reason, and a low mark.
//! Each is a notice added to the change that caused it, so it is told in the same commit.

use crate::config::Alerts;
use crate::domain::declension::agreeing;
use crate::domain::journal::{Attendance, AttendanceStatus, Mark};
use crate::domain::lesson::Lesson;
use crate::domain::notification::{Notice, NotificationKind};
use crate::domain::plural::plural_form;
use crate::domain::{User, UserId};
use crate::service::journal::Change;
use crate::store::attendance::{self, StatusAt};
use crate::store::record::Reader;
use crate::store::{StoreError, family, notifications, users};

/// `change` telling `student`'s parents `body` of `kind`, linking to `link` (the money alerts use it too).
pub fn tell_parents(
    txn: &impl Reader,
    change: Change,
    student: UserId,
    kind: NotificationKind,
    body: &str,
    link: String,
) -> Result<Change, StoreError> {
    let parents = family::parents_of(txn, student)?;
    Ok(tell(change, parents, kind, body, &link))
}

/// `change` telling each of `parents` `body` of `kind`, linking to `link`.
fn tell(mut change: Change, parents: Vec<UserId>, kind: NotificationKind, body: &str, link: &str) -> Change {
    for parent in parents {
        change = change.notify(Notice {
            to: parent,
            kind,
            body: body.to_owned(),
            link: Some(link.to_owned()),
        });
    }
    change
}

/// «Иван», or «Ваш ребёнок» for someone gone.
fn first_name(student: Option<&User>) -> String {
    student.map_or_else(|| "Ваш ребёнок".to_owned(), |s| s.first_name.as_str().to_owned())
}

/// The run's length when an absence between `before` and `after` absences of a run makes it
/// reach `line` and neither part had reached it alone (its parents were told of that part
/// then); `None` otherwise. So each run is told once: the absence that makes it long enough,
/// including one put between two shorter runs, and no absence after that.
fn reaches_line(before: usize, after: usize, line: usize) -> Option<usize> {
    let run = before + 1 + after;
    (run >= line && before < line && after < line).then_some(run)
}

/// `change` telling the parents of each student newly marked absent without a reason at
/// `lesson` whose run of such absences around it (among his recorded lessons by start, wherever
/// `lesson` lies: lessons filled in late, or an absence recorded ahead, do not hide it) reaches
/// `alerts.unexcused_in_row` with it (`reaches_line`: once per run; a longer run, or the same
/// lesson saved again, tells nobody; nor does a run broken by a correction and made whole again:
/// a parent who has the very notice is not told it twice). `old` is the attendance before the save, `new` after it (already written); `what` names the lesson.
pub fn absences(
    txn: &impl Reader,
    mut change: Change,
    lesson: &Lesson,
    old: &[Attendance],
    new: &[Attendance],
    alerts: &Alerts,
    what: &str,
) -> Result<Change, StoreError> {
    let was_unexcused = |student: UserId| {
        old.iter()
            .any(|r| r.student_id == student && r.status == AttendanceStatus::Unexcused)
    };
    let unexcused = |s: &StatusAt| s.status == AttendanceStatus::Unexcused;
    let statuses = attendance::statuses(txn)?;
    for record in new {
        if record.status != AttendanceStatus::Unexcused || was_unexcused(record.student_id) {
            continue;
        }
        let (before, after) = statuses.around(record.student_id, lesson, unexcused)?;
        let line = alerts.unexcused_in_row as usize;
        let Some(run) = reaches_line(before.len(), after.len(), line) else {
            continue;
        };
        let student = users::get(txn, record.student_id)?;
        let missed = student
            .as_ref()
            .map_or("пропустил", |s| agreeing(s, "пропустил", "пропустила"));
        let body = format!(
            "{} {missed} {run} {} подряд без уважительной причины: последний — {what}",
            first_name(student.as_ref()),
            plural_form(run as u64, ["урок", "урока", "уроков"]),
        );
        let link = format!("/users/{}/attendance", record.student_id);
        let kind = NotificationKind::AbsencesInRow;
        let mut untold = Vec::new();
        for parent in family::parents_of(txn, record.student_id)? {
            if !notifications::was_told(txn, parent, kind, &body)? {
                untold.push(parent);
            }
        }
        change = tell(change, untold, kind, &body, &link);
    }
    Ok(change)
}

/// `change` telling the student's parents of `mark`, at or below `alerts.low_mark`, linking to
/// that child's marks (a parent of several children would land on another child's at `/marks`).
pub fn low_mark(txn: &impl Reader, change: Change, mark: &Mark, subject: &str) -> Result<Change, StoreError> {
    let student = users::get(txn, mark.student_id)?;
    let got = student
        .as_ref()
        .map_or("получил", |s| agreeing(s, "получил", "получила"));
    let body = format!(
        "{} {got} оценку {} по предмету «{subject}» {} ({})",
        first_name(student.as_ref()),
        mark.value,
        mark.kind.label(),
        mark.date.strftime("%d.%m.%Y"),
    );
    let link = format!("/users/{}/marks", mark.student_id);
    tell_parents(txn, change, mark.student_id, NotificationKind::LowMark, &body, link)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_is_told_when_an_absence_makes_it_reach_the_line_and_not_after() {
        assert_eq!(reaches_line(1, 0, 2), Some(2), "the second absence in a row");
        assert_eq!(reaches_line(0, 0, 2), None, "one absence");
        assert_eq!(reaches_line(2, 0, 2), None, "the third: told at the second");
        assert_eq!(
            reaches_line(1, 1, 2),
            Some(3),
            "a lesson corrected between two single absences"
        );
        assert_eq!(reaches_line(0, 2, 2), None, "the later part was told already");
        assert_eq!(
            reaches_line(0, 0, 1),
            Some(1),
            "a line of one tells each run's first absence"
        );
    }
}
