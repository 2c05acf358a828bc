//! Who manages and reads groups and lessons: managers every one, a worker those he teaches,
//! a student his own lessons, a parent his children's.

use super::Actor;
use crate::domain::group::Group;
use crate::domain::lesson::Lesson;
use crate::domain::{Role, UserId};

/// Managers manage every group and lesson; a worker those he teaches.
pub fn manages_teaching(actor: &Actor, teacher: UserId) -> bool {
    let roles = &actor.user.roles;
    roles.contains(&Role::Manager) || (roles.contains(&Role::Worker) && teacher == actor.user.id)
}

/// Whether `actor` may manage `group` (change, archive, delete it).
pub fn manages_group(actor: &Actor, group: &Group) -> bool {
    manages_teaching(actor, group.teacher_id)
}

/// Whether `actor` may manage `lesson` (move, edit, cancel, delete it).
pub fn teaches(actor: &Actor, lesson: &Lesson) -> bool {
    manages_teaching(actor, lesson.teacher_id)
}

/// Whether `actor` may give a group or lesson to `teacher`: a manager to anyone, a worker only
/// to himself.
pub fn may_assign(actor: &Actor, teacher: UserId) -> bool {
    manages_teaching(actor, teacher)
}

/// Whether `actor` may read `lesson`: staff every one, a student his own, a parent his
/// children's.
pub fn reads_lesson(actor: &Actor, lesson: &Lesson) -> bool {
    actor.is_staff()
        || lesson.student_ids.iter().any(|student| actor.sees(*student))
        || lesson.teacher_id == actor.user.id
}

/// Which of a lesson's `students` `actor` is shown: staff every one; anyone else only himself
/// and his children (the others' ids would tell a student or a parent who else is taught).
pub fn students_shown(actor: &Actor, mut students: Vec<UserId>) -> Vec<UserId> {
    if !actor.sees_everyone() {
        students.retain(|student| actor.sees(*student));
    }
    students
}

/// Why a worker may not give a group or lesson to another teacher.
pub const NOT_ANOTHER_TEACHER: &str = "Назначить другого учителя может только менеджер";

/// Why a worker may not change a group or lesson he does not teach.
pub const NOT_YOUR_LESSON: &str = "Изменять можно только свои группы и занятия";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::tests::caller;

    #[test]
    fn teaching_is_managed_by_managers_and_by_a_worker_for_his_own_lessons() {
        use crate::domain::SubjectId;
        let lesson = |teacher: u64, student: u64| Lesson {
            student_ids: vec![UserId(student)],
            ..Lesson::planned(UserId(teacher), SubjectId(1), jiff::Timestamp::UNIX_EPOCH, 60)
        };
        let actor = |roles: &[Role]| caller(roles, true, false).actor.expect("actor");
        let (worker, manager) = (actor(&[Role::Worker]), actor(&[Role::Manager]));
        assert!(teaches(&worker, &lesson(1, 9)) && !teaches(&worker, &lesson(2, 9)));
        assert!(may_assign(&worker, UserId(1)) && !may_assign(&worker, UserId(2)));
        assert!(teaches(&manager, &lesson(2, 9)) && may_assign(&manager, UserId(2)));
        assert!(reads_lesson(&worker, &lesson(2, 9)), "staff read every lesson");
        let parent = actor(&[Role::Parent]);
        assert!(reads_lesson(&parent, &lesson(2, 7)), "his child's");
        assert!(!reads_lesson(&parent, &lesson(2, 8)));
        assert!(!teaches(&parent, &lesson(1, 7)), "a parent manages nothing");
    }

    #[test]
    fn only_staff_are_shown_every_student_of_a_lesson() {
        let actor = |roles: &[Role]| caller(roles, true, false).actor.expect("actor");
        let students = || vec![UserId(9), UserId(7), UserId(1), UserId(8)];
        assert_eq!(students_shown(&actor(&[Role::Worker]), students()), students());
        let parent = actor(&[Role::Parent]);
        assert_eq!(
            students_shown(&parent, students()),
            [UserId(7), UserId(1)],
            "himself and his child"
        );
    }
}
