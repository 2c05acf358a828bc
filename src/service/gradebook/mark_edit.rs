//! One change of marks, however it comes (a lesson's journal or `/api/marks`): checking a mark
//! as a form sends it, the edit window, writing it with its «было → стало» line for the log,
//! and telling parents of a low mark. The one place marks are written.

use super::alerts;
use crate::config::Config;
use crate::domain::User;
use crate::domain::clash::Names;
use crate::domain::journal::{MARK_VALUES, MARK_WEIGHTS, Mark, MarkKind};
use crate::domain::{MarkId, SubjectId, UserId};
use crate::policy::{self, Actor};
use crate::service::journal::Change;
use crate::service::{FieldErrors, ServiceError};
use crate::store::WriteTxn;
use crate::store::record;
use jiff::Timestamp;
use jiff::civil::Date;

/// The fields of a mark a person sets, as a form sends them.
#[derive(Clone, Debug)]
pub struct MarkFields {
    pub value: i64,
    pub kind: MarkKind,
    /// Left out: a changed mark of the same kind keeps its weight; otherwise the kind's
    /// weight (`journal.weights`).
    pub weight: Option<i64>,
    pub comment: Option<String>,
}

/// The fields checked: value, weight and comment as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub value: u8,
    pub kind: MarkKind,
    /// The weight sent, or the kind's weight when it was left out.
    pub weight: u8,
    /// Whether the weight was left out (a mark changed within its kind keeps its own).
    pub weight_left_out: bool,
    pub comment: String,
}

impl MarkFields {
    /// The fields checked, each problem added to `errors` under `at` («marks[2].» or «»).
    pub fn check(&self, errors: &mut FieldErrors, at: &str, config: &Config) -> Option<Checked> {
        let value = u8::try_from(self.value).ok().filter(|v| MARK_VALUES.contains(v));
        if value.is_none() {
            errors.push(&format!("{at}value"), "Оценка — число от 1 до 5");
        }
        let weight = match self.weight {
            None => Some(config.journal.weights.of(self.kind)),
            Some(raw) => {
                let weight = u8::try_from(raw).ok().filter(|w| MARK_WEIGHTS.contains(w));
                if weight.is_none() {
                    errors.push(&format!("{at}weight"), "Вес — число от 1 до 10");
                }
                weight
            }
        };
        let comment = self.comment.as_deref().unwrap_or_default().trim().to_owned();
        if comment.chars().count() > 500 {
            errors.push(&format!("{at}comment"), "Не длиннее 500 символов");
        }
        Some(Checked {
            value: value?,
            kind: self.kind,
            weight: weight?,
            weight_left_out: self.weight.is_none(),
            comment,
        })
    }
}

impl Checked {
    /// `mark` with these fields (its own weight when the weight was left out and the kind stays).
    pub fn onto(self, mark: &Mark) -> Mark {
        let keeps_weight = self.weight_left_out && self.kind == mark.kind;
        Mark {
            value: self.value,
            kind: self.kind,
            weight: if keeps_weight { mark.weight } else { self.weight },
            comment: self.comment,
            ..mark.clone()
        }
    }
}

/// A mark before and after a change: both for a change, `old` alone for a removal, `new`
/// alone for a new mark (its id not yet taken).
#[derive(Clone, Debug)]
pub struct Edit {
    pub old: Option<Mark>,
    pub new: Option<Mark>,
}

impl Edit {
    /// Whether it changes anything stored.
    pub fn changes(&self) -> bool {
        self.old != self.new
    }
}

/// A new mark by `actor`, now (its id is taken when it is written).
pub fn new_mark(actor: &Actor, student: UserId, subject: SubjectId, date: Date, fields: Checked) -> Mark {
    Mark {
        id: MarkId(0),
        student_id: student,
        subject_id: subject,
        lesson_id: None,
        value: fields.value,
        kind: fields.kind,
        weight: fields.weight,
        comment: fields.comment,
        date,
        teacher_id: actor.user.id,
        given_at: Timestamp::now(),
    }
}

/// Refuses (403) when `actor` may not change or remove a mark `edits` change: its teacher
/// within `journal.edit_days` days of giving it, a manager always. Unchanged marks pass.
pub fn allowed(actor: &Actor, edits: &[Edit], config: &Config) -> Result<(), ServiceError> {
    let now = Timestamp::now();
    let locked = edits.iter().filter(|edit| edit.changes()).any(|edit| {
        edit.old
            .as_ref()
            .is_some_and(|old| !policy::changes_mark(actor, old, now, config.journal.edit_days))
    });
    if locked {
        return Err(ServiceError::Forbidden(policy::MARK_LOCKED));
    }
    Ok(())
}

/// Writes each of `edits` that changes something; returns the marks as written and `change`
/// with a «было → стало» line for each, concerning its student, and telling parents of a low
/// mark. `names` names the students and subjects in Russian.
pub fn write(
    txn: &WriteTxn,
    edits: Vec<Edit>,
    mut change: Change,
    lines: &mut Vec<String>,
    config: &Config,
    names: &dyn Names,
) -> Result<(Vec<Mark>, Change), ServiceError> {
    let mut written = Vec::new();
    for edit in edits.into_iter().filter(Edit::changes) {
        let (old, new) = match (edit.old, edit.new) {
            (Some(old), Some(new)) => {
                record::replace(txn, &old, &new)?;
                (Some(old), Some(new))
            }
            (None, Some(new)) => {
                let new = record::insert(txn, |id| Mark { id, ..new })?;
                (None, Some(new))
            }
            (Some(old), None) => {
                record::delete(txn, &old)?;
                (Some(old), None)
            }
            (None, None) => continue,
        };
        let mark = new.as_ref().or(old.as_ref()).expect("one side of an edit");
        let student = names
            .person(mark.student_id)
            .map_or_else(|| format!("№{}", mark.student_id), User::short_name);
        lines.push(line(
            old.as_ref(),
            new.as_ref(),
            &names.subject(mark.subject_id),
            &student,
        ));
        change = change.concerning([mark.student_id]);
        if let Some(new) = &new {
            let lowered = old.as_ref().is_none_or(|old| old.value != new.value);
            if lowered && new.value <= config.alerts.low_mark {
                change = alerts::low_mark(txn, change, new, &names.subject(new.subject_id))?;
            }
            written.push(new.clone());
        }
    }
    Ok((written, change))
}

/// «Отметка по предмету «Математика» за 12.11 (Белов И. В.): 4 → 5» (the subject's name is
/// not declined: the declension module declines people's names only).
fn line(old: Option<&Mark>, new: Option<&Mark>, subject: &str, student: &str) -> String {
    let shown = |mark: Option<&Mark>| match mark {
        Some(mark) if mark.kind == MarkKind::Lesson => mark.value.to_string(),
        Some(mark) => format!("{} ({})", mark.value, mark.kind.label()),
        None => "—".to_owned(),
    };
    let day = new
        .or(old)
        .map(|m| m.date.strftime("%d.%m").to_string())
        .unwrap_or_default();
    format!(
        "Отметка по предмету «{subject}» за {day} ({student}): {} → {}",
        shown(old),
        shown(new)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mark(value: u8) -> Mark {
        Mark {
            id: MarkId(1),
            student_id: UserId(7),
            subject_id: SubjectId(1),
            lesson_id: None,
            value,
            kind: MarkKind::Lesson,
            weight: 1,
            comment: String::new(),
            date: jiff::civil::date(2026, 11, 12),
            teacher_id: UserId(2),
            given_at: Timestamp::UNIX_EPOCH,
        }
    }

    #[test]
    fn a_change_leaving_the_weight_out_keeps_the_marks_own_within_its_kind() {
        let config = Config::default();
        let weighted = Mark { weight: 3, ..mark(4) };
        let sent = |kind, weight| {
            let fields = MarkFields {
                value: 5,
                kind,
                weight,
                comment: None,
            };
            fields.check(&mut FieldErrors::new(), "", &config).expect("valid")
        };
        assert_eq!(sent(MarkKind::Lesson, None).onto(&weighted).weight, 3);
        assert_eq!(sent(MarkKind::Lesson, Some(2)).onto(&weighted).weight, 2);
        let test_weight = config.journal.weights.of(MarkKind::Test);
        assert_eq!(sent(MarkKind::Test, None).onto(&weighted).weight, test_weight);
    }

    #[test]
    fn the_line_says_what_it_was_and_what_it_is() {
        let (four, five) = (mark(4), mark(5));
        assert_eq!(
            line(Some(&four), Some(&five), "Математика", "Белов И. В."),
            "Отметка по предмету «Математика» за 12.11 (Белов И. В.): 4 → 5"
        );
        let test = Mark {
            kind: MarkKind::Test,
            ..five
        };
        assert_eq!(
            line(None, Some(&test), "Физика", "Белов И. В."),
            "Отметка по предмету «Физика» за 12.11 (Белов И. В.): — → 5 (за контрольную)"
        );
        assert!(line(Some(&four), None, "Физика", "Б").ends_with(": 4 → —"));
    }
}
