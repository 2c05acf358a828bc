//! Who handles the school's money: managers take payments, sell and freeze packages and reverse
//! entries; staff read every ledger; a student reads his own, a parent his children's.

use super::{Actor, Rule};
use crate::domain::UserId;

/// Who records payments, sells and freezes packages and reverses entries: managers.
pub const KEEP_MONEY: Rule = Rule::Manager;

/// Who reads the school's ledger, its totals, the debtors and the export: staff.
pub const READ_SCHOOL_LEDGER: Rule = Rule::Staff;

/// Who reads every money event of the school with who and when (`/history/payments`): managers.
pub const READ_MONEY_HISTORY: Rule = Rule::Manager;

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
        assert!(worker.allow(READ_MONEY_HISTORY).is_err());
        let manager = caller(&[Role::Manager], true, false);
        assert!(manager.allow(KEEP_MONEY).is_ok());
        assert!(sees_money_of(manager.actor.as_ref().expect("actor"), UserId(8)));
    }
}
