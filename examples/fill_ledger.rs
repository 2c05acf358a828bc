//! A fixture of `make bench`: fills the ledger of a data dir made by `serve --demo` with ENTRIES
//! entries, so the bench can measure the money reads at the scale of issue 15 (1,000,000).
//!
//! Run: `cargo run --release --example fill_ledger -- DATA_DIR ENTRIES` on a data dir no server
//! has open. Over the two years before today, each student in turn gets lesson charges
//! (500–1 500 ₽), a payment every fifth entry (cash, card or transfer) and a reversal of his
//! previous entry every fiftieth; one student in ten pays less than he owes (a debtor). Written
//! as the portal writes them (`store::ledger::append`: the entry, its indexes and the balance),
//! in non-durable batches made durable by a last durable commit.

use jiff::civil::Date;
use jiff::{Timestamp, ToSpan};
use klass::domain::ledger::{ChargeReason, EntryKind, LedgerEntry, PaymentMethod};
use klass::domain::{EntryId, Role, UserId};
use klass::store::{Store, ledger, users};
use std::path::PathBuf;
use std::process::ExitCode;

/// Entries per transaction.
const PER_TRANSACTION: u64 = 20_000;

/// Why the fixture cannot run.
type Failure = Box<dyn std::error::Error>;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(dir), Some(entries)) = (args.first(), args.get(1).and_then(|n| n.parse::<u64>().ok())) else {
        eprintln!("usage: fill_ledger DATA_DIR ENTRIES");
        return ExitCode::FAILURE;
    };
    match fill(&PathBuf::from(dir), entries) {
        Ok((entries, students)) => {
            println!("fill_ledger: {entries} entries for {students} students");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("fill_ledger: {err}");
            ExitCode::FAILURE
        }
    }
}

fn fill(dir: &std::path::Path, entries: u64) -> Result<(u64, usize), Failure> {
    let store = Store::open(dir, 64)?;
    let students = users::ids_with_role(&store.read()?, Role::Student)?;
    if students.is_empty() {
        return Err("the data dir has no students (make it with `serve --demo --demo-people N`)".into());
    }
    let today = Timestamp::now()
        .to_zoned(jiff::tz::TimeZone::get("Europe/Moscow")?)
        .date();
    let first = today.checked_sub(730.days())?;
    let mut last: Vec<Option<LedgerEntry>> = vec![None; students.len()];
    let mut written = 0;
    while written < entries {
        let txn = store.write_lazily()?;
        let batch = PER_TRANSACTION.min(entries - written);
        for n in written..written + batch {
            let at = (n % students.len() as u64) as usize;
            let student = students[at];
            // Days go forward with the entries, so the newest are today's.
            let day = first.checked_add(((n * 730 / entries.max(1)) as i64).days())?;
            let entry = entry_of(n, n / students.len() as u64, student, day, last[at].as_ref());
            let appended = ledger::append(&txn, |id| LedgerEntry { id, ..entry })?;
            last[at] = Some(appended.entry);
        }
        txn.commit()?;
        written += batch;
    }
    store.write()?.commit()?;
    Ok((written, students.len()))
}

/// The `n`th entry, the `round`th of `student`, on `day`, `previous` being his last one.
fn entry_of(n: u64, round: u64, student: UserId, day: Date, previous: Option<&LedgerEntry>) -> LedgerEntry {
    let base = LedgerEntry {
        id: EntryId(0),
        student_id: student,
        kind: EntryKind::Charge,
        amount: 500_00 + (n * 37 % 11) as i64 * 100_00,
        method: None,
        reason: Some(ChargeReason::Lesson),
        lesson_id: None,
        package_id: None,
        reverses_id: None,
        reverses_refund: false,
        note: String::new(),
        date: day,
        created_by: None,
        created_at: Timestamp::now(),
    };
    match (round % 50, round % 5, previous) {
        (49, _, Some(previous)) if previous.kind != EntryKind::Reversal => LedgerEntry {
            kind: EntryKind::Reversal,
            amount: previous.amount,
            method: previous.method,
            reason: previous.reason,
            reverses_id: Some(previous.id),
            note: "Ошибка".into(),
            ..base
        },
        (_, 4, _) => LedgerEntry {
            kind: EntryKind::Payment,
            // Five charges of about 1 000 ₽ each; a debtor (one in ten) pays half.
            amount: if student.0 % 10 == 3 { 2_500_00 } else { 5_000_00 },
            method: Some(PaymentMethod::ALL[(n % 3) as usize]),
            reason: None,
            ..base
        },
        _ => base,
    }
}
