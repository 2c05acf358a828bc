//! The school's ledger as a file Excel in Russia opens directly: CSV in Windows-1251,
//! semicolons between fields, a decimal comma, a header row in Russian.

use super::entry_view::{ShownEntry, show_entries};
use super::school_ledger::LedgerQuery;
use crate::config::Config;
use crate::service::ServiceError;
use crate::store::{Store, ledger};

const HEADER: [&str; 9] = [
    "Дата",
    "Ученик",
    "Вид",
    "Способ оплаты / причина",
    "Сумма, руб.",
    "За что",
    "Примечание",
    "Записал",
    "Номер записи",
];

/// Kopecks as Excel reads a number in Russia: «-1500,50».
fn amount(kopecks: i64) -> String {
    let sign = if kopecks < 0 { "-" } else { "" };
    let abs = kopecks.unsigned_abs();
    format!("{sign}{},{:02}", abs / 100, abs % 100)
}

fn row(shown: &ShownEntry) -> [String; 9] {
    let entry = &shown.entry;
    let detail = match (entry.method, entry.reason) {
        (Some(method), _) => method.label(),
        (None, Some(reason)) => reason.label(),
        (None, None) => "",
    };
    [
        entry.date.strftime("%d.%m.%Y").to_string(),
        shown.student_name.clone(),
        entry.kind.label().to_owned(),
        detail.to_owned(),
        amount(entry.effect()),
        shown.title.clone(),
        entry.note.clone(),
        shown.created_by_name.clone().unwrap_or_default(),
        entry.id.to_string(),
    ]
}

/// Every entry `query` keeps, newest first, as the file's bytes.
pub fn csv(store: &Store, query: &LedgerQuery, config: &Config) -> Result<Vec<u8>, ServiceError> {
    query.check()?;
    let txn = store.read()?;
    let ids: Vec<_> = query.rows(&txn)?.into_iter().map(|row| row.id).collect();
    let entries = show_entries(store, &txn, &config.time_zone(), ledger::load(&txn, &ids)?)?;
    let mut writer = csv::WriterBuilder::new()
        .delimiter(b';')
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    let failed = |e: csv::Error| ServiceError::Spool(std::io::Error::other(e));
    writer.write_record(HEADER).map_err(failed)?;
    for shown in &entries {
        writer.write_record(row(shown)).map_err(failed)?;
    }
    let text = writer
        .into_inner()
        .map_err(|e| ServiceError::Spool(std::io::Error::other(e.to_string())))?;
    let text = String::from_utf8_lossy(&text);
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(&text);
    Ok(bytes.into_owned())
}

#[cfg(test)]
mod tests {
    #[test]
    fn amounts_have_a_decimal_comma_and_no_spaces() {
        assert_eq!(super::amount(-1_234_50), "-1234,50");
        assert_eq!(super::amount(5), "0,05");
    }
}
