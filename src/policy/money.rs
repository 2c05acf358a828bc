//! Who handles the school's money: managers take payments, sell and freeze packages, reverse
//! entries and set prices; staff read every ledger; a student reads his own, a parent his
//! children's.

use super::{Actor, Rule};
use crate::domain::UserId;
use crate::domain::lesson::{Lesson, LessonStatus};
use std::collections::BTreeSet;

/// Who records payments, sells and freezes packages and reverses entries: managers.
pub const KEEP_MONEY: Rule = Rule::Manager;

/// Who reads the school's ledger, its totals, the debtors and the export: staff.
pub const READ_SCHOOL_LEDGER: Rule = Rule::Staff;

/// Who reads `student`'s ledger, balance and packages: staff, the student, his parents
/// (`/users/{id}/payments`, `master-by-url`).
pub fn reads_ledger_of(student: UserId) -> Rule {
    Rule::SeeUser(student)
}

/// Whether `actor` sees `student`'s money (for lists that mix students, such as a parent's
/// home page with several children).
pub fn sees_money_of(actor: &Actor, student: UserId) -> bool {
    actor.sees(student)
}

/// Whether `actor` may cancel a lesson already held (its charges are reversed): a manager.
pub fn cancels_held_lesson(actor: &Actor) -> bool {
    actor.user.roles.contains(&crate::domain::Role::Manager)
}

/// Why a worker may not cancel a held lesson, nor change what its charges follow (a 422 on
/// `status`).
pub const HELD_LESSON_BY_MANAGER: &str = "Проведённое занятие может отменить только менеджер";

/// Whether `actor` may turn lesson `old` into `new` (`PUT /api/lessons/{id}`): a change of the
/// status, price or students of a lesson held or cancelled reverses or writes again its
/// students' charges (`money::charges`), so it takes the right to cancel a held lesson
/// (`cancels_held_lesson`); any other change, and any change of a planned lesson, does not.
pub fn changes_held_lesson(actor: &Actor, old: &Lesson, new: &Lesson) -> bool {
    let students = |l: &Lesson| l.student_ids.iter().copied().collect::<BTreeSet<UserId>>();
    let settled = old.status != LessonStatus::Planned;
    let charged = old.status != new.status || old.price != new.price || students(old) != students(new);
    !(settled && charged) || cancels_held_lesson(actor)
}

/// Whether `actor` may turn prices `old` into `new` (a subject's price, a student's own prices
/// by subject): leaving them as they are, anyone who manages the subjects; setting, changing or
/// removing one, a manager only, as prices are money.
pub fn changes_prices<T: PartialEq + ?Sized>(actor: &Actor, old: &T, new: &T) -> bool {
    old == new || actor.user.roles.contains(&crate::domain::Role::Manager)
}

/// Why a worker may not set, change or remove a price.
pub const PRICES_BY_MANAGER: &str = "Цены может менять только менеджер";

/// Why packages of someone else are refused.
pub const NOT_YOURS_PACKAGES: &str = "Можно смотреть только свои абонементы и абонементы своих детей";

/// Why a reversal without a reason is refused.
pub const REVERSAL_NEEDS_REASON: &str = "Укажите причину сторнирования";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Role;
    use crate::policy::tests::caller;

    #[test]
    fn a_parent_reads_his_childs_ledger_and_only_managers_keep_money() {
        let parent = caller(&[Role::Student], true, false);
        assert!(parent.allow(reads_ledger_of(UserId(7))).is_ok(), "his child");
        assert!(parent.allow(reads_ledger_of(UserId(8))).is_err(), "another child");
        assert!(parent.allow(KEEP_MONEY).is_err());
        assert!(parent.allow(READ_SCHOOL_LEDGER).is_err());
        let worker = caller(&[Role::Worker], true, false);
        assert!(worker.allow(READ_SCHOOL_LEDGER).is_ok());
        assert!(worker.allow(reads_ledger_of(UserId(8))).is_ok());
        assert!(worker.allow(KEEP_MONEY).is_err());
        let manager = caller(&[Role::Manager], true, false);
        assert!(manager.allow(KEEP_MONEY).is_ok());
        assert!(sees_money_of(manager.actor.as_ref().expect("actor"), UserId(8)));
    }

    #[test]
    fn only_a_manager_changes_prices() {
        let worker = caller(&[Role::Worker], true, false).actor.expect("actor");
        let manager = caller(&[Role::Manager], true, false).actor.expect("actor");
        assert!(changes_prices(&worker, &Some(500_00), &Some(500_00)), "kept as it was");
        for (old, new) in [(None, Some(500_00)), (Some(500_00), Some(600_00)), (Some(500_00), None)] {
            assert!(!changes_prices(&worker, &old, &new), "{old:?} → {new:?}");
            assert!(changes_prices(&manager, &old, &new), "{old:?} → {new:?}");
        }
    }

    #[test]
    fn only_a_manager_changes_what_a_held_lessons_charges_follow() {
        let planned = Lesson {
            student_ids: vec![UserId(7), UserId(8)],
            price: Some(800_00),
            ..Lesson::planned(UserId(1), crate::domain::SubjectId(1), jiff::Timestamp::UNIX_EPOCH, 60)
        };
        let held = Lesson {
            status: LessonStatus::Done,
            ..planned.clone()
        };
        let changes = [
            Lesson {
                status: LessonStatus::Planned,
                ..held.clone()
            },
            Lesson {
                price: Some(0),
                ..held.clone()
            },
            Lesson {
                student_ids: vec![UserId(7)],
                ..held.clone()
            },
        ];
        let worker = caller(&[Role::Worker], true, false).actor.expect("actor");
        let manager = caller(&[Role::Manager], true, false).actor.expect("actor");
        for new in &changes {
            assert!(!changes_held_lesson(&worker, &held, new), "{new:?}");
            assert!(changes_held_lesson(&manager, &held, new), "{new:?}");
        }
        let topic = Lesson {
            topic: "Дроби".into(),
            student_ids: vec![UserId(8), UserId(7)],
            ..held.clone()
        };
        assert!(
            changes_held_lesson(&worker, &held, &topic),
            "the topic, the same students"
        );
        let done = Lesson {
            status: LessonStatus::Done,
            price: Some(0),
            ..planned.clone()
        };
        assert!(changes_held_lesson(&worker, &planned, &done), "a planned lesson is his");
        let cancelled = Lesson {
            status: LessonStatus::Cancelled,
            ..planned
        };
        assert!(
            !changes_held_lesson(&worker, &cancelled, &done),
            "a cancelled one is not"
        );
    }
}
