//! `klass money verify`: recounts every student's balance from the whole ledger and reports each
//! one that differs from the stored balance (with the server stopped, like `klass user`).

use crate::config::Config;
use crate::domain::money::format_rub;
use crate::service::money::verify;
use crate::store::Store;
use clap::Subcommand;
use std::process::ExitCode;

/// Money commands.
#[derive(Debug, Subcommand)]
pub enum MoneyCommand {
    /// Recount every balance from the ledger; exit 1 when any differs.
    Verify,
}

/// Runs a money command, reporting in Russian; exit code 1 when a balance differs.
pub fn run(command: &MoneyCommand, config: &Config) -> anyhow::Result<ExitCode> {
    let MoneyCommand::Verify = command;
    let store = Store::open(&config.data_dir, config.storage.cache_mb)?;
    let started = std::time::Instant::now();
    let recount = verify::recount(&store)?;
    println!(
        "Записей в журнале оплат: {}; учеников с балансом: {}; сумма балансов: {}; пересчёт занял {:.2} с",
        recount.entries,
        recount.students,
        format_rub(recount.total),
        started.elapsed().as_secs_f64()
    );
    if recount.differences.is_empty() {
        println!("Все балансы равны сумме своих записей.");
        return Ok(ExitCode::SUCCESS);
    }
    for difference in &recount.differences {
        eprintln!(
            "Ученик №{}: хранится {}, по записям {}",
            difference.student_id,
            format_rub(difference.stored),
            format_rub(difference.counted)
        );
    }
    eprintln!("Балансов, не равных сумме записей: {}", recount.differences.len());
    Ok(ExitCode::FAILURE)
}
