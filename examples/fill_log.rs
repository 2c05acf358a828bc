//! A fixture of `make bench`: appends a year of activity log to a data dir, so the bench can
//! measure start-up and the history pages at the scale of DESIGN.md §7 ("1M records").
//!
//! Run: `cargo run --release --example fill_log -- DATA_DIR COUNT` on a data dir no server has
//! open (e.g. one seeded by `klass serve --demo --demo-people 5000`). The entries are spread
//! evenly over the 365 days before now, oldest first, as the log would have written them: mostly
//! sign-ins and sign-outs of the school's people, some card edits by its first manager.

use jiff::{SignedDuration, Timestamp};
use klass::domain::UserId;
use klass::domain::activity::{Action, ActivityEntry, Entity};
use klass::store::{Store, activity, users};
use std::path::PathBuf;
use std::process::ExitCode;

const PER_TRANSACTION: u64 = 20_000;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(dir), Some(Ok(count))) = (args.first(), args.get(1).map(|n| n.parse::<u64>())) else {
        eprintln!("usage: fill_log DATA_DIR COUNT");
        return ExitCode::FAILURE;
    };
    match fill(&PathBuf::from(dir), count) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("fill_log: {err}");
            ExitCode::FAILURE
        }
    }
}

fn fill(dir: &std::path::Path, count: u64) -> Result<(), klass::store::StoreError> {
    let store = Store::open(dir, 64)?;
    let people = users::count(&store.read()?)?.max(1);
    let step = SignedDuration::from_secs(365 * 86_400) / i32::try_from(count.max(1)).unwrap_or(i32::MAX);
    let start = Timestamp::now() - SignedDuration::from_secs(365 * 86_400);
    let mut written = 0;
    while written < count {
        let txn = store.write()?;
        for n in written..count.min(written + PER_TRANSACTION) {
            let person = UserId(n % people + 1);
            let (action, actor, summary) = match n % 10 {
                0..=5 => (Action::SignedIn, person, "Вход в систему"),
                6..=8 => (Action::SignedOut, person, "Выход из системы"),
                _ => (Action::UserUpdated, UserId(1), "Телефон: «—» → «+79123456789»"),
            };
            let entry = ActivityEntry {
                id: klass::domain::ActivityId(0),
                at: start + step * i32::try_from(n).unwrap_or(i32::MAX),
                actor: Some(actor),
                impersonator: None,
                action,
                entity: Entity::User,
                entity_id: Some(person.0),
                summary: summary.into(),
                ip: Some("192.168.1.20".into()),
                subjects: vec![person],
            };
            activity::append(&txn, entry)?;
        }
        txn.commit()?;
        written = count.min(written + PER_TRANSACTION);
    }
    Ok(())
}
