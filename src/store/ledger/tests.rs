//! Entries appended move their balance; pages, days and the recount read them back.

use super::*;
use crate::domain::ledger::{ChargeReason, PaymentMethod};
use crate::store::Store;
use jiff::civil::date;

fn entry(id: EntryId, student: u64, kind: EntryKind, amount: i64, day: Date) -> LedgerEntry {
    let payment = kind == EntryKind::Payment;
    LedgerEntry {
        id,
        student_id: UserId(student),
        kind,
        amount,
        method: payment.then_some(PaymentMethod::Cash),
        reason: (!payment).then_some(ChargeReason::Lesson),
        lesson_id: None,
        package_id: None,
        reverses_id: None,
        reverses_refund: false,
        note: String::new(),
        date: day,
        created_by: None,
        created_at: "2026-11-23T10:00:00Z".parse().expect("instant"),
    }
}

#[test]
fn appending_moves_the_balance_and_the_recount_agrees() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let txn = store.write().expect("write");
    let day = date(2026, 11, 20);
    append(&txn, |id| entry(id, 5, EntryKind::Payment, 1_000_00, day)).expect("pay");
    let charge = append(&txn, |id| entry(id, 5, EntryKind::Charge, 300_00, day)).expect("charge");
    assert_eq!((charge.before, charge.after), (1_000_00, 700_00));
    let reversal = append(&txn, |id| LedgerEntry {
        reverses_id: Some(charge.entry.id),
        ..entry(id, 5, EntryKind::Reversal, 300_00, date(2026, 11, 22))
    })
    .expect("reverse");
    assert_eq!(reversal.after, 1_000_00);
    append(&txn, |id| entry(id, 6, EntryKind::Charge, 50_00, day)).expect("other");
    txn.commit().expect("commit");

    let read = store.read().expect("read");
    assert_eq!(balance_of(&read, UserId(5)).expect("balance"), 1_000_00);
    assert_eq!(balance_of(&read, UserId(9)).expect("none"), 0);
    assert_eq!(reversal_of(&read, charge.entry.id).expect("r"), Some(reversal.entry.id));
    assert_eq!(recount(&read).expect("recount"), (4, Vec::new()));
    let page = page_of(&read, UserId(5), PageRequest::new(Some(1), Some(2))).expect("page");
    assert_eq!(page.total, 3);
    let ids: Vec<u64> = page.items.iter().map(|e| e.id.0).collect();
    assert_eq!(ids, [3, 2], "newest first");
    let days = of_days(&read, day, day).expect("days");
    let effects: Vec<i64> = days.iter().map(|row| row.effect).collect();
    assert_eq!(
        effects,
        [1_000_00, -300_00, -50_00],
        "the reversal is dated two days later"
    );
    assert_eq!(
        balances(&read).expect("all"),
        [(UserId(5), 1_000_00), (UserId(6), -50_00)]
    );
    let newest = newest_of_days(&read, (day, date(2026, 11, 22)), |row| row.effect < 0, 1, 5).expect("newest");
    let ids: Vec<u64> = newest.iter().map(|row| row.id.0).collect();
    assert_eq!(ids, [2], "newest first, the kept rows only, after skipping one");
    let sums = sums_of_days(&read, day, date(2026, 11, 22)).expect("sums");
    let by_kind: Vec<(EntryKind, u64, i64)> = sums.iter().map(|s| (s.kind, s.count, s.effect)).collect();
    assert_eq!(
        by_kind,
        [
            (EntryKind::Payment, 1, 1_000_00),
            (EntryKind::Charge, 2, -350_00),
            (EntryKind::Reversal, 1, 300_00)
        ]
    );
}

#[test]
fn the_recount_finds_a_balance_that_drifted() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let txn = store.write().expect("write");
    append(&txn, |id| entry(id, 5, EntryKind::Payment, 100_00, date(2026, 11, 20))).expect("pay");
    txn.open_table(tables::BALANCES)
        .expect("t")
        .insert(5, 90_00)
        .expect("tamper");
    txn.open_table(tables::BALANCES)
        .expect("t")
        .insert(8, 1)
        .expect("stray");
    txn.commit().expect("commit");
    let (entries, differences) = recount(&store.read().expect("read")).expect("recount");
    assert_eq!(entries, 1);
    assert_eq!(
        differences,
        [
            Difference {
                student_id: UserId(5),
                stored: 90_00,
                counted: 100_00
            },
            Difference {
                student_id: UserId(8),
                stored: 1,
                counted: 0
            },
        ]
    );
}

#[test]
fn a_lesson_remembers_what_it_settled_per_student() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let txn = store.write().expect("write");
    let charged = LessonCharge::Entry {
        entry_id: EntryId(4),
        amount: 500_00,
    };
    set_charge(&txn, LessonId(3), UserId(5), Some(charged)).expect("set");
    let package = LessonCharge::Package {
        package_id: crate::domain::PackageId(2),
    };
    set_charge(&txn, LessonId(3), UserId(6), Some(package)).expect("set");
    set_charge(&txn, LessonId(4), UserId(5), Some(package)).expect("other lesson");
    set_charge(&txn, LessonId(4), UserId(5), None).expect("cleared");
    txn.commit().expect("commit");
    let read = store.read().expect("read");
    assert_eq!(
        charges_of(&read, LessonId(3)).expect("all"),
        [(UserId(5), charged), (UserId(6), package)]
    );
    assert_eq!(charges_of(&read, LessonId(4)).expect("none"), []);
}

#[test]
fn the_debts_follow_the_balances_below_zero() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let txn = store.write().expect("write");
    let day = date(2026, 11, 20);
    append(&txn, |id| entry(id, 5, EntryKind::Charge, 300_00, day)).expect("charge");
    append(&txn, |id| entry(id, 6, EntryKind::Charge, 500_00, day)).expect("charge");
    append(&txn, |id| entry(id, 5, EntryKind::Charge, 100_00, day)).expect("more");
    append(&txn, |id| entry(id, 7, EntryKind::Payment, 100_00, day)).expect("pay");
    txn.commit().expect("commit");
    let read = store.read().expect("read");
    assert_eq!(
        debts(&read).expect("debts"),
        [(UserId(6), -500_00), (UserId(5), -400_00)]
    );
    drop(read);
    let txn = store.write().expect("write");
    append(&txn, |id| entry(id, 6, EntryKind::Payment, 500_00, day)).expect("pays it off");
    append(&txn, |id| entry(id, 5, EntryKind::Payment, 50_00, day)).expect("pays some");
    txn.commit().expect("commit");
    let read = store.read().expect("read");
    assert_eq!(debts(&read).expect("debts"), [(UserId(5), -350_00)]);
}
