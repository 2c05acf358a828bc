//! Who may read and keep the class journal: a group's grid, a student's attendance and marks,
//! a lesson's journal, and marks with their edit window.

use super::{Actor, manages_teaching, teaches};
use crate::domain::group::Group;
use crate::domain::journal::Mark;
use crate::domain::lesson::Lesson;
use crate::domain::{Role, UserId};

/// Whether `actor` may read `group`'s journal (its students against its lessons): managers
/// every group's, a worker the groups he teaches.
pub fn reads_group_journal(actor: &Actor, group: &Group) -> bool {
    manages_teaching(actor, group.teacher_id)
}

/// Whose lessons `actor` reads in a subject's journal: a manager every teacher's (`None`),
/// anyone else (a worker: staff is checked first) only his own.
pub fn subject_journal_teacher(actor: &Actor) -> Option<UserId> {
    (!actor.user.roles.contains(&Role::Manager)).then_some(actor.user.id)
}

/// Whether `actor` may read `student`'s attendance and marks: managers everyone's, a worker
/// those of a student he teaches (`teachers`: who teaches the student's groups, lessons or
/// marks read), the student his own, a parent his children's.
pub fn reads_student_journal(actor: &Actor, student: UserId, teachers: &[UserId]) -> bool {
    let roles = &actor.user.roles;
    roles.contains(&Role::Manager)
        || student == actor.user.id
        || actor.children.contains(&student)
        || (roles.contains(&Role::Worker) && teachers.contains(&actor.user.id))
}

/// Whether `actor` reads `student`'s attendance and marks at a lesson: the lesson's teacher
/// and managers (`keeps`) every student's, another worker those of a student he teaches
/// (`teaches_student`: in his groups or at his lessons), the student his own, a parent his
/// children's. So a lesson's journal shows a worker no more than the student's own journal
/// (`reads_student_journal`) or the group's (`reads_group_journal`) would.
pub fn reads_lesson_row(actor: &Actor, keeps: bool, student: UserId, teaches_student: bool) -> bool {
    let teachers: &[UserId] = if teaches_student {
        std::slice::from_ref(&actor.user.id)
    } else {
        &[]
    };
    keeps || reads_student_journal(actor, student, teachers)
}

/// Why a worker may not read a group's journal.
pub const NOT_YOUR_GROUP_JOURNAL: &str = "Журнал этой группы доступен её учителю и менеджерам";

/// Why someone may not read a student's journal.
pub const NOT_YOUR_STUDENT_JOURNAL: &str = "Журнал этого ученика Вам недоступен";

/// Whether `actor` records the journal (attendance, marks, topic, homework) of `lesson`: its
/// teacher, or a manager.
pub fn keeps_journal(actor: &Actor, lesson: &Lesson) -> bool {
    teaches(actor, lesson)
}

/// Why a worker may not record the journal of a lesson he does not teach.
pub const NOT_YOUR_JOURNAL: &str = "Вести журнал можно только на своих занятиях";

/// Whether `actor` may record attendance at a lesson that has not started yet: managers only.
pub fn records_ahead(actor: &Actor) -> bool {
    actor.user.roles.contains(&Role::Manager)
}

/// Whether `actor` may give `student` a mark in a subject outside a lesson: a manager to
/// anyone, a worker to a student he teaches that subject (`teaches_student_in`).
pub fn gives_marks(actor: &Actor, teaches_student: bool) -> bool {
    let roles = &actor.user.roles;
    roles.contains(&Role::Manager) || (roles.contains(&Role::Worker) && teaches_student)
}

/// Why a worker may not give a mark to someone he does not teach.
pub const NOT_YOUR_STUDENT: &str = "Оценки можно ставить только своим ученикам по своим предметам";

/// Whether `actor` may change or remove `mark` at `now`: a manager always, its teacher within
/// `edit_days` days of giving it.
pub fn changes_mark(actor: &Actor, mark: &Mark, now: jiff::Timestamp, edit_days: u32) -> bool {
    let roles = &actor.user.roles;
    let window = jiff::SignedDuration::from_hours(24 * i64::from(edit_days));
    roles.contains(&Role::Manager)
        || (roles.contains(&Role::Worker)
            && mark.teacher_id == actor.user.id
            && now.duration_since(mark.given_at) <= window)
}

/// Why a mark may not be changed.
pub const MARK_LOCKED: &str = "Оценку может изменить только поставивший её учитель в течение срока правки или менеджер";

/// Whether `actor` reads `student`'s marks and attendance: staff, the student, his parents.
pub fn reads_journal_of(actor: &Actor, student: UserId) -> bool {
    actor.sees(student)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::tests::caller;

    #[test]
    fn marks_change_within_the_window_by_their_teacher_and_always_by_a_manager() {
        use crate::domain::journal::MarkKind;
        use crate::domain::{MarkId, SubjectId};
        let now = jiff::Timestamp::now();
        let mark = |teacher: u64, days: i64| Mark {
            id: MarkId(1),
            student_id: UserId(7),
            subject_id: SubjectId(1),
            lesson_id: None,
            value: 4,
            kind: MarkKind::Lesson,
            weight: 1,
            comment: String::new(),
            date: jiff::civil::date(2026, 11, 12),
            teacher_id: UserId(teacher),
            given_at: now - jiff::SignedDuration::from_hours(24 * days),
        };
        let actor = |roles: &[Role]| caller(roles, true, false).actor.expect("actor");
        let (worker, manager) = (actor(&[Role::Worker]), actor(&[Role::Manager]));
        assert!(changes_mark(&worker, &mark(1, 13), now, 14));
        assert!(!changes_mark(&worker, &mark(1, 15), now, 14), "past the window");
        assert!(!changes_mark(&worker, &mark(2, 0), now, 14), "another teacher's");
        assert!(changes_mark(&manager, &mark(2, 400), now, 14));
        assert!(!changes_mark(&actor(&[Role::Parent]), &mark(1, 0), now, 14));
        assert!(records_ahead(&manager) && !records_ahead(&worker));
        assert!(gives_marks(&worker, true) && !gives_marks(&worker, false) && gives_marks(&manager, false));
        assert!(reads_journal_of(&actor(&[Role::Parent]), UserId(7)));
        // The test callers are parents of user 7: user 8 is nobody's child.
        assert!(
            reads_lesson_row(&worker, true, UserId(8), false),
            "his lesson: every row"
        );
        assert!(
            reads_lesson_row(&worker, false, UserId(8), true),
            "another's: his student"
        );
        assert!(
            !reads_lesson_row(&worker, false, UserId(8), false),
            "another's: not his student"
        );
        assert!(reads_lesson_row(&actor(&[Role::Parent]), false, UserId(7), false));
        assert!(!reads_lesson_row(&actor(&[Role::Parent]), false, UserId(8), false));
        assert!(!reads_journal_of(&actor(&[Role::Parent]), UserId(8)));
    }
}
