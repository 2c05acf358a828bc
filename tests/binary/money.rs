//! `klass money verify` as an administrator runs it: a ledger whose balances add up passes, and
//! a balance that drifted from its entries is named and fails.

use crate::process::{run, text};
use klass::domain::UserId;
use klass::domain::ledger::{ChargeReason, EntryKind, LedgerEntry, PaymentMethod};
use klass::store::{Store, ledger, tables};

fn entry(id: klass::domain::EntryId, student: u64, kind: EntryKind, amount: i64) -> LedgerEntry {
    let payment = kind == EntryKind::Payment;
    LedgerEntry {
        id,
        student_id: UserId(student),
        kind,
        amount,
        method: payment.then_some(PaymentMethod::Card),
        reason: (!payment).then_some(ChargeReason::Lesson),
        lesson_id: None,
        package_id: None,
        reverses_id: None,
        reverses_refund: false,
        note: String::new(),
        date: jiff::civil::date(2026, 11, 20),
        created_by: None,
        created_at: jiff::Timestamp::now(),
    }
}

#[test]
fn money_verify_passes_a_sound_ledger_and_names_a_drifted_balance() {
    let dir = tempfile::tempdir().expect("dir");
    {
        let store = Store::open(dir.path(), 4).expect("open");
        let txn = store.write().expect("write");
        ledger::append(&txn, |id| entry(id, 7, EntryKind::Payment, 2_000_00)).expect("pay");
        ledger::append(&txn, |id| entry(id, 7, EntryKind::Charge, 750_50)).expect("charge");
        ledger::append(&txn, |id| entry(id, 8, EntryKind::Charge, 100_00)).expect("debt");
        txn.commit().expect("commit");
    }
    let sound = run(dir.path(), &["money", "verify"], "");
    let stdout = text(&sound.stdout);
    assert!(sound.status.success(), "{stdout}{}", text(&sound.stderr));
    assert!(
        stdout.contains("Записей в журнале оплат: 3; учеников с балансом: 2; сумма балансов: 1 149,50 ₽"),
        "{stdout}"
    );
    assert!(stdout.contains("Все балансы равны сумме своих записей."), "{stdout}");

    {
        let store = Store::open(dir.path(), 4).expect("open");
        let txn = store.write().expect("write");
        txn.open_table(tables::BALANCES)
            .expect("balances")
            .insert(7, 0)
            .expect("tamper");
        txn.commit().expect("commit");
    }
    let drifted = run(dir.path(), &["money", "verify"], "");
    assert_eq!(drifted.status.code(), Some(1));
    let stderr = text(&drifted.stderr);
    assert!(
        stderr.contains("Ученик №7: хранится 0,00 ₽, по записям 1 249,50 ₽"),
        "{stderr}"
    );
    assert!(stderr.contains("Балансов, не равных сумме записей: 1"), "{stderr}");
}
