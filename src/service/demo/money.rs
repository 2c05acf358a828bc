//! The demo school's money: a package for every sixth student (every other one for the subject
//! of one of his groups, the rest for any lesson; one frozen for a week), the
//! charges every done lesson made (through the same `settle_lesson` the journal uses), and
//! payments over the past month that cover each student's debt — except two debtors.

use crate::domain::UserId;
use crate::domain::activity::{Action, Entity};
use crate::domain::group::Group;
use crate::domain::ledger::{ChargeReason, EntryKind, LedgerEntry, PaymentMethod};
use crate::domain::lesson::LessonStatus;
use crate::domain::package::{Freeze, Package};
use crate::service::journal::{Change, Journal};
use crate::service::money::charges::settle_lesson;
use crate::service::money::packages::frozen;
use crate::store::WriteTxn;
use crate::store::{StoreError, ledger, lessons, record};
use jiff::civil::Date;
use jiff::{Timestamp, ToSpan};

/// What was written.
pub struct Made {
    pub packages: usize,
    pub payments: usize,
}

/// An entry of the server's (no author) for `student` on `date`.
fn entry(
    student: UserId,
    kind: EntryKind,
    amount: i64,
    date: Date,
) -> impl FnOnce(crate::domain::EntryId) -> LedgerEntry {
    move |id| LedgerEntry {
        id,
        student_id: student,
        kind,
        amount,
        method: None,
        reason: None,
        lesson_id: None,
        package_id: None,
        reverses_id: None,
        reverses_refund: false,
        note: String::new(),
        date,
        created_by: None,
        created_at: Timestamp::now(),
    }
}

/// Seeds the money of `students` (in the order they were made) as of `today`; the freeze is in
/// the log, as a manager's would be.
pub fn seed(txn: &WriteTxn, journal: &Journal, students: &[UserId], today: Date) -> Result<Made, StoreError> {
    let config = journal.config();
    let month_ago = today - 1.month();
    let mut made = Made {
        packages: 0,
        payments: 0,
    };
    let groups: Vec<Group> = record::all(txn)?;
    for (n, &student) in students.iter().enumerate().filter(|(n, _)| n % 6 == 3) {
        let subject_id = (n % 12 == 9)
            .then(|| groups.iter().find(|g| g.student_ids.contains(&student)))
            .flatten()
            .map(|g| g.subject_id);
        let mut package = record::insert(txn, |id| Package {
            id,
            student_id: student,
            subject_id,
            course_id: None,
            lessons_total: 8,
            lessons_used: 0,
            price: 6_400_00,
            valid_from: month_ago,
            valid_to: today + 1.month(),
            freezes: Vec::new(),
            note: "Демо".into(),
            cancelled: false,
            returned: None,
            created_by: None,
            created_at: Timestamp::now(),
        })?;
        ledger::append(txn, |id| LedgerEntry {
            reason: Some(ChargeReason::Package),
            package_id: Some(package.id),
            ..entry(student, EntryKind::Charge, package.price, month_ago)(id)
        })?;
        if n == 3 {
            let freeze = Freeze {
                from: today - 3.days(),
                to: today + 4.days(),
                reason: "Болезнь".into(),
            };
            journal.record(txn, frozen(txn, &package, &freeze)?)?;
            package.freeze(freeze);
            record::update(txn, &package)?;
        }
        made.packages += 1;
    }
    for lesson in lessons::between(txn, Timestamp::MIN, Timestamp::now())? {
        if lesson.status == LessonStatus::Done {
            let quiet = Change::new(Action::DemoSeeded, Entity::Import, None, String::new());
            settle_lesson(txn, &lesson, None, config, quiet, &mut Vec::new())?;
        }
    }
    // The first two students stay in debt; everyone else has paid it off and a little more.
    for (n, &student) in students.iter().enumerate().skip(2) {
        let owed = -ledger::balance_of(txn, student)?;
        if owed <= 0 {
            continue;
        }
        let amount = (owed / 100_000 + 1) * 100_000;
        let method = PaymentMethod::ALL[n % 3];
        let day = today - i64::try_from(1 + n % 28).unwrap_or(1).days();
        ledger::append(txn, |id| LedgerEntry {
            method: Some(method),
            ..entry(student, EntryKind::Payment, amount, day)(id)
        })?;
        made.payments += 1;
    }
    Ok(made)
}
