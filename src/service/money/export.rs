//! The school's ledger as a file Excel in Russia opens directly: CSV in Windows-1251,
//! semicolons between fields, a decimal comma, a header row in Russian.

use super::entry_view::{ShownEntry, show_entries};
use super::school_ledger::LedgerQuery;
use crate::config::Config;
use crate::service::ServiceError;
use crate::store::{Store, ledger};
use encoding_rs::EncoderResult;

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

/// A text cell Excel keeps as text: one that starts like a formula (`=`, `+`, `-`, `@`, a tab
/// or a CR) gets a leading `'`, so a note such as `=HYPERLINK(…)` is never run.
fn text(cell: &str) -> String {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{cell}")
    } else {
        cell.to_owned()
    }
}

/// One entry's cells: the date, the amount and the number as Excel reads them, the rest as text.
fn row(shown: &ShownEntry) -> [String; 9] {
    let entry = &shown.entry;
    let detail = match (entry.method, entry.reason) {
        (Some(method), _) => method.label(),
        (None, Some(reason)) => reason.label(),
        (None, None) => "",
    };
    [
        entry.date.strftime("%d.%m.%Y").to_string(),
        text(&shown.student_name),
        text(entry.kind.label()),
        text(detail),
        amount(entry.effect()),
        text(&shown.title),
        text(&entry.note),
        text(shown.created_by_name.as_deref().unwrap_or_default()),
        entry.id.to_string(),
    ]
}

/// `text` in Windows-1251, each character it cannot hold (`Ә`, an emoji) as `?`.
fn windows_1251(text: &str) -> Vec<u8> {
    let mut encoder = encoding_rs::WINDOWS_1251.new_encoder();
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text;
    loop {
        let (result, read) = encoder.encode_from_utf8_to_vec_without_replacement(rest, &mut bytes, true);
        rest = &rest[read..];
        match result {
            EncoderResult::InputEmpty => return bytes,
            EncoderResult::OutputFull => bytes.reserve(rest.len()),
            EncoderResult::Unmappable(_) => bytes.push(b'?'),
        }
    }
}

/// The file of `entries`: the header, then a row each, in Windows-1251.
fn file_of(entries: &[ShownEntry]) -> Result<Vec<u8>, ServiceError> {
    let mut writer = csv::WriterBuilder::new()
        .delimiter(b';')
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    let failed = |e: csv::Error| ServiceError::Spool(std::io::Error::other(e));
    writer.write_record(HEADER).map_err(failed)?;
    for shown in entries {
        writer.write_record(row(shown)).map_err(failed)?;
    }
    let text = writer
        .into_inner()
        .map_err(|e| ServiceError::Spool(std::io::Error::other(e.to_string())))?;
    Ok(windows_1251(&String::from_utf8_lossy(&text)))
}

/// Every entry `query` keeps, newest first, as the file's bytes.
pub fn csv(store: &Store, query: &LedgerQuery, config: &Config) -> Result<Vec<u8>, ServiceError> {
    query.check()?;
    let txn = store.read()?;
    let ids: Vec<_> = query.rows(&txn)?.into_iter().map(|row| row.id).collect();
    let entries = show_entries(store, &txn, &config.time_zone(), ledger::load(&txn, &ids)?)?;
    file_of(&entries)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ledger::{EntryKind, LedgerEntry, PaymentMethod};
    use crate::domain::{EntryId, UserId};

    #[test]
    fn amounts_have_a_decimal_comma_and_no_spaces() {
        assert_eq!(amount(-1_234_50), "-1234,50");
        assert_eq!(amount(5), "0,05");
    }

    /// A refund of 1 700 ₽ with `note`, for `student`, written by `by`.
    fn reversal(student: &str, note: &str, by: &str) -> ShownEntry {
        ShownEntry {
            entry: LedgerEntry {
                id: EntryId(7),
                student_id: UserId(3),
                kind: EntryKind::Reversal,
                amount: 1_700_00,
                method: Some(PaymentMethod::Cash),
                reason: None,
                lesson_id: None,
                package_id: None,
                reverses_id: Some(EntryId(6)),
                reverses_refund: false,
                note: note.to_owned(),
                date: jiff::civil::date(2026, 11, 2),
                created_by: Some(UserId(1)),
                created_at: jiff::Timestamp::UNIX_EPOCH,
            },
            student_name: student.to_owned(),
            created_by_name: Some(by.to_owned()),
            title: "+7 900 000-00-00".to_owned(),
            reversed_by: None,
            reversible: false,
        }
    }

    /// The data rows of the file, decoded from Windows-1251.
    fn rows_of(entries: &[ShownEntry]) -> Vec<String> {
        let bytes = file_of(entries).expect("file");
        let (text, _, broken) = encoding_rs::WINDOWS_1251.decode(&bytes);
        assert!(!broken);
        text.split("\r\n")
            .skip(1)
            .filter(|line| !line.is_empty())
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn text_that_starts_like_a_formula_stays_text_and_amounts_stay_numbers() {
        let rows = rows_of(&[
            reversal("=1+1", "=HYPERLINK(\"http://x.ru\";\"Оплата\")", "@Орлова"),
            reversal("-Белов", "\tвозврат", "Орлова Н. А."),
        ]);
        assert_eq!(
            rows[0],
            "02.11.2026;'=1+1;Сторно;Наличные;-1700,00;'+7 900 000-00-00;\
             \"'=HYPERLINK(\"\"http://x.ru\"\";\"\"Оплата\"\")\";'@Орлова;7"
        );
        assert_eq!(
            rows[1],
            "02.11.2026;'-Белов;Сторно;Наличные;-1700,00;'+7 900 000-00-00;'\tвозврат;Орлова Н. А.;7"
        );
    }

    #[test]
    fn characters_windows_1251_lacks_become_question_marks() {
        let rows = rows_of(&[reversal("Әлия 😀 Ёлкина", "№5 — «ок»", "Орлова")]);
        assert!(rows[0].contains(";?лия ? Ёлкина;"), "{}", rows[0]);
        assert!(rows[0].contains(";№5 — «ок»;"), "{}", rows[0]);
    }
}
