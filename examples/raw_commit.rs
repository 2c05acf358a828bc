//! The yardstick of the journal save in `make bench`: durable redb commits with nothing else
//! (DESIGN.md §7: saving one lesson's journal >= 0.5x raw redb durable commits/s, same run).
//!
//! Run: `cargo run --release --example raw_commit -- DIR [SECONDS]`: makes DIR/raw.redb and for
//! SECONDS (default 5) commits one 200-byte row per durable transaction, then prints
//! `raw_commit: N commits in S s = R commits/s`. DIR should be on the disk the portal's data is.
//! Given a `.redb` file instead of DIR, it commits into that database (a table of its own in a
//! school's file, no server running): the same commit where the trees are deep and the file big.

use redb::{Database, Durability, TableDefinition};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

const ROWS: TableDefinition<u64, &[u8]> = TableDefinition::new("bench_raw_commit");

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = args.first() else {
        eprintln!("usage: raw_commit DIR [SECONDS]");
        return ExitCode::FAILURE;
    };
    let seconds = args.get(1).and_then(|s| s.parse::<u64>().ok()).unwrap_or(5);
    match run(&PathBuf::from(dir), Duration::from_secs(seconds)) {
        Ok((commits, spent)) => {
            let secs = spent.as_secs_f64();
            println!(
                "raw_commit: {commits} commits in {secs:.2} s = {:.0} commits/s",
                commits as f64 / secs
            );
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("raw_commit: {err}");
            ExitCode::FAILURE
        }
    }
}

fn run(place: &std::path::Path, time: Duration) -> Result<(u64, Duration), Box<dyn std::error::Error>> {
    let file = match place.extension().is_some_and(|ext| ext == "redb") {
        true => place.to_owned(),
        false => place.join("raw.redb"),
    };
    let db = Database::create(file)?;
    let row = [7u8; 200];
    let started = Instant::now();
    let mut commits = 0u64;
    while started.elapsed() < time {
        let mut txn = db.begin_write()?;
        txn.set_durability(Durability::Immediate)?;
        txn.open_table(ROWS)?.insert(commits % 1000, row.as_slice())?;
        txn.commit()?;
        commits += 1;
    }
    Ok((commits, started.elapsed()))
}
