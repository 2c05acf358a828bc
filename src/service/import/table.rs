//! Reading the decoded text as a table: the header's columns, then rows of cells, within
//! the limits on rows and columns.

use super::RowError;
use super::columns::Column;
use super::text::{sniff_delimiter, unclosed_quote};

/// Most data rows one file may hold.
pub const MAX_ROWS: usize = 20_000;
/// Most columns one row may hold.
pub const MAX_COLUMNS: usize = 50;

/// One data row: its number in the file (the header is row 1) and its cells by column.
pub struct Row {
    pub number: u32,
    pub cells: Vec<(Column, String)>,
    /// Non-empty cells beyond the header's columns.
    pub extra: usize,
}

impl Row {
    /// The trimmed cell of `column`, or `None` when absent or blank.
    pub fn cell(&self, column: Column) -> Option<&str> {
        self.cells
            .iter()
            .find(|(c, _)| *c == column)
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty())
    }

    /// Takes the trimmed cell of `column` out of the row (empty when absent or blank).
    pub fn take(&mut self, column: Column) -> String {
        let Some((_, cell)) = self.cells.iter_mut().find(|(c, _)| *c == column) else {
            return String::new();
        };
        let mut cell = std::mem::take(cell);
        cell.truncate(cell.trim_end().len());
        cell.drain(..cell.len() - cell.trim_start().len());
        cell
    }
}

/// A parsed file.
pub struct Table {
    /// The header's text for each recognised column.
    pub headers: Vec<(Column, String)>,
    pub rows: Vec<Row>,
    /// Columns that were ignored, as messages.
    pub warnings: Vec<String>,
}

impl Table {
    /// The header text of `column` as the file wrote it, or its usual title.
    pub fn header(&self, column: Column) -> String {
        self.headers
            .iter()
            .find(|(c, _)| *c == column)
            .map_or_else(|| column.title().to_owned(), |(_, h)| h.clone())
    }
}

fn file_error(row: u32, message: impl Into<String>) -> RowError {
    RowError {
        row,
        column: String::new(),
        message: message.into(),
    }
}

/// Line breaks in `text`: `\r\n`, `\n` and a lone `\r` count once each.
fn line_breaks(text: &str) -> usize {
    text.matches('\n').count() + text.matches('\r').count() - text.matches("\r\n").count()
}

/// Numbers the records of a text as Excel shows their rows: a blank line is a row too (the csv
/// crate skips it), a line break inside a quoted cell is not.
struct RowNumbers<'a> {
    text: &'a str,
    /// The row of the last record numbered.
    row: u32,
    /// Its first byte in `text`.
    start: usize,
    /// The line breaks inside its quoted cells.
    inside: usize,
}

impl<'a> RowNumbers<'a> {
    /// Numbering that goes on after `header`, row 1 of `text`.
    fn after(text: &'a str, header: &csv::StringRecord) -> Self {
        Self {
            text,
            row: 1,
            start: start_of(text, header).unwrap_or(0),
            inside: header.iter().map(line_breaks).sum(),
        }
    }

    /// The row of `record`, the record read after the last one numbered.
    fn row_of(&mut self, record: &csv::StringRecord) -> u32 {
        let start = start_of(self.text, record).unwrap_or(self.start);
        let breaks = self.text.get(self.start..start).map_or(0, line_breaks);
        let rows = u32::try_from(breaks.saturating_sub(self.inside).max(1)).unwrap_or(u32::MAX);
        self.row = self.row.saturating_add(rows);
        self.start = start;
        self.inside = record.iter().map(line_breaks).sum();
        self.row
    }
}

/// Where `record` starts in `text`: the csv crate's position is where its reading began,
/// before the rest of the last line break and the blank lines it skipped.
fn start_of(text: &str, record: &csv::StringRecord) -> Option<usize> {
    let from = usize::try_from(record.position()?.byte()).ok()?;
    let skipped = text.get(from..)?.bytes().take_while(|b| matches!(b, b'\r' | b'\n'));
    Some(from + skipped.count())
}

/// Parses `text`; a problem with the file as a whole is one error (row 0 for the file, 1 for the header).
pub fn parse(text: &str) -> Result<Table, RowError> {
    // Excel understands (and hides) a first line `sep=;` naming the delimiter.
    let (body, delimiter) = match text.strip_prefix("sep=").map(|rest| rest.split_once('\n')) {
        Some(Some((sep, rest))) if sep.trim_end().len() == 1 => (rest, sep.as_bytes()[0]),
        _ => (text, sniff_delimiter(text)),
    };
    if let Some(line) = unclosed_quote(text, delimiter) {
        return Err(file_error(
            0,
            format!("Незакрытая кавычка: в строке {line} текста открыта кавычка, которая нигде не закрывается"),
        ));
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(body.as_bytes());
    let mut records = reader.records();
    // The csv crate's own text is English: the person is told the line instead.
    let broken = |err: csv::Error| {
        let line = err
            .position()
            .map_or(0, |at| u32::try_from(at.line()).unwrap_or(u32::MAX));
        file_error(line, "Файл не читается как CSV-таблица")
    };
    let header = match records.next() {
        Some(record) => record.map_err(broken)?,
        None => return Err(file_error(0, "Файл пустой: в нём нет ни заголовка, ни строк")),
    };
    if header.len() > MAX_COLUMNS {
        let n = header.len();
        return Err(file_error(
            1,
            format!("В заголовке {n} столбцов, допустимо не больше {MAX_COLUMNS}"),
        ));
    }
    let mut headers = Vec::new();
    let mut positions = Vec::new();
    let mut warnings = Vec::new();
    for (i, text) in header.iter().enumerate() {
        let shown = text.trim().trim_start_matches('\u{feff}').to_owned();
        match Column::recognise(text) {
            Some(column) if headers.iter().any(|(c, _)| *c == column) => {
                return Err(RowError {
                    row: 1,
                    column: shown,
                    message: format!("Столбец «{}» встречается в заголовке дважды", column.title()),
                });
            }
            Some(column) => {
                headers.push((column, shown));
                positions.push((i, column));
            }
            None if shown.is_empty() => {}
            None => warnings.push(format!("Столбец «{shown}» не распознан и пропущен")),
        }
    }
    for required in [Column::Email, Column::LastName, Column::FirstName] {
        if !headers.iter().any(|(c, _)| *c == required) {
            return Err(file_error(
                1,
                format!(
                    "В заголовке нет столбца «{}»: первая строка должна называть столбцы (Фамилия, Имя, Email, Роль …)",
                    required.title()
                ),
            ));
        }
    }
    let mut rows = Vec::new();
    let mut numbers = RowNumbers::after(body, &header);
    for record in records {
        let record = record.map_err(broken)?;
        let number = numbers.row_of(&record);
        if record.len() > MAX_COLUMNS {
            let n = record.len();
            return Err(file_error(
                number,
                format!("В строке {number} {n} ячеек, допустимо не больше {MAX_COLUMNS}"),
            ));
        }
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        if rows.len() == MAX_ROWS {
            return Err(file_error(
                0,
                format!("В файле больше {MAX_ROWS} строк: разделите его на части"),
            ));
        }
        let cells = positions
            .iter()
            .map(|(i, column)| (*column, record.get(*i).unwrap_or_default().to_owned()))
            .collect();
        let extra = record
            .iter()
            .skip(header.len())
            .filter(|cell| !cell.trim().is_empty())
            .count();
        rows.push(Row { number, cells, extra });
    }
    if rows.is_empty() {
        return Err(file_error(0, "В файле только заголовок: нет ни одной строки с людьми"));
    }
    Ok(Table {
        headers,
        rows,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_semicolon_table_and_skips_blank_rows() {
        let table = parse("Фамилия;Имя;Email;Класс\nИванов;Иван;i@s.ru;5А\n;;;\nПетров;Пётр;p@s.ru;\n").expect("table");
        assert_eq!(table.rows.len(), 2);
        assert_eq!(table.rows[1].number, 4);
        assert_eq!(table.rows[1].cell(Column::FirstName), Some("Пётр"));
        assert_eq!(table.warnings.len(), 1);
        let excel = parse("sep=,\r\nФамилия,Имя,Email\r\nИванов,Иван,i@s.ru\r\n").expect("table");
        assert_eq!(excel.rows[0].cell(Column::Email), Some("i@s.ru"));
    }

    #[test]
    fn rows_are_numbered_as_excel_shows_them() {
        let numbers = |text: &str| -> Vec<u32> {
            let table = parse(text).expect("table");
            table.rows.iter().map(|row| row.number).collect()
        };
        let blank_lines = "Фамилия;Имя;Email\n\nИванов;Иван;i@s.ru\n\n\nПетров;;p@s.ru\n";
        assert_eq!(numbers(blank_lines), [3, 6]);
        assert_eq!(numbers(&blank_lines.replace('\n', "\r\n")), [3, 6]);
        assert_eq!(numbers(&blank_lines.replace('\n', "\r")), [3, 6]);
        let quoted_breaks = "Фамилия;Имя;Email;Заметки\r\n\
                             А;Б;a@s.ru;\"две\r\nстроки\"\r\n\r\n\
                             В;Г;b@s.ru;\"три\nкороткие\nстроки\"\nД;Е;c@s.ru;\n";
        assert_eq!(numbers(quoted_breaks), [2, 4, 5]);
        assert_eq!(numbers("sep=;\nФамилия;Имя;Email\n\nИванов;Иван;i@s.ru\n"), [3]);
    }

    #[test]
    fn a_stray_quote_inside_a_cell_is_read_as_a_character() {
        let table = parse("Фамилия;Имя;Email;Роль;Заметки\nИванов;Иван;a@s.ru;ученик;Рост 5'8\"\n").expect("table");
        assert_eq!(table.rows[0].cell(Column::Notes), Some("Рост 5'8\""));
        let unclosed = parse("Фамилия;Имя;Email;Заметки\nИванов;Иван;a@s.ru;\"Рост 5'8\n").err();
        assert_eq!(
            unclosed.map(|e| e.message),
            Some("Незакрытая кавычка: в строке 2 текста открыта кавычка, которая нигде не закрывается".into())
        );
    }

    #[test]
    fn a_taken_cell_is_trimmed_and_a_missing_one_empty() {
        let mut table = parse("Фамилия;Имя;Email\n  Иванов \t; ;i@s.ru\n").expect("table");
        let row = &mut table.rows[0];
        assert_eq!(row.take(Column::LastName), "Иванов");
        assert_eq!(row.take(Column::FirstName), "");
        assert_eq!(row.take(Column::Phone), "");
        assert_eq!(row.take(Column::Email), "i@s.ru");
    }

    #[test]
    fn refuses_what_is_not_a_table_of_people() {
        assert_eq!(parse("Фамилия,Имя,Email\n").err().map(|e| e.row), Some(0));
        assert_eq!(parse("a,b,c\n1,2,3").err().map(|e| e.row), Some(1));
        let wide = format!("Фамилия,Имя,Email\n{}", "x,".repeat(500));
        assert_eq!(parse(&wide).err().map(|e| e.row), Some(2));
        assert!(parse("Фамилия,Имя,Email\n\"Иванов,Иван,i@s.ru\n").is_err());
    }
}
