//! The JSON text of an import's report, written straight from the service's report.

use super::import::{ImportOutcome, ImportRow, ImportRowError};
use super::json_text::JsonText;
use crate::error::ApiError;
use crate::service::import::Report;

/// A report as the JSON text of an `ImportReport`, written from the service's report without
/// first copying it whole: each row becomes an `ImportRow` only while it is written (10,000
/// rows copied at once were ~10 MB). A test keeps the two the same JSON.
struct ReportText<'a>(&'a Report);

impl serde::Serialize for ReportText<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let report = self.0;
        let rows = report
            .rows
            .iter()
            .map(|row| ImportRow::of(row.clone(), &report.columns));
        let errors = report.errors.iter().cloned().map(ImportRowError::from);
        let mut out = serializer.serialize_struct("ImportReport", 8)?;
        out.serialize_field("columns", &report.columns)?;
        out.serialize_field("rows", &Each(std::cell::Cell::new(Some(rows))))?;
        out.serialize_field("rows_total", &report.rows_total)?;
        out.serialize_field("created", &report.created)?;
        out.serialize_field("updated", &report.updated)?;
        out.serialize_field("restored", &report.restored)?;
        out.serialize_field("errors", &Each(std::cell::Cell::new(Some(errors))))?;
        out.serialize_field("warnings", &report.warnings)?;
        out.end()
    }
}

/// A sequence written from an iterator, once.
struct Each<I>(std::cell::Cell<Option<I>>);

impl<I: Iterator<Item = T>, T: serde::Serialize> serde::Serialize for Each<I> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.take().into_iter().flatten())
    }
}

/// `{data: report}` as text.
#[derive(serde::Serialize)]
struct DoneText<'a> {
    data: ReportText<'a>,
}

/// `{message, data: report}` as text.
#[derive(serde::Serialize)]
struct RejectedText<'a> {
    message: String,
    data: ReportText<'a>,
}

/// The answer of a preview or a written import.
pub fn done(report: Report) -> Result<ImportOutcome, ApiError> {
    let text = serde_json::to_string(&DoneText {
        data: ReportText(&report),
    });
    text.map(|text| ImportOutcome::Done(JsonText::new(text)))
        .map_err(ApiError::internal)
}

/// The answer of an import that wrote nothing: `message` and the report.
pub fn rejected(message: String, report: Report) -> Result<ImportOutcome, ApiError> {
    let text = serde_json::to_string(&RejectedText {
        message,
        data: ReportText(&report),
    });
    text.map(|text| ImportOutcome::Rejected(JsonText::new(text)))
        .map_err(ApiError::internal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::envelope::Data;
    use crate::api::import::{ImportRejected, ImportReport};
    use crate::service::import::{RowAction, RowChange, RowError, RowReport};
    use poem::IntoResponse;

    /// The service's report copied whole into the documented shape.
    fn documented(report: Report) -> ImportReport {
        let Report {
            columns,
            rows,
            rows_total,
            created,
            updated,
            restored,
            errors,
            warnings,
        } = report;
        ImportReport {
            rows: rows.into_iter().map(|row| ImportRow::of(row, &columns)).collect(),
            columns,
            rows_total,
            created,
            updated,
            restored,
            errors: errors.into_iter().map(ImportRowError::from).collect(),
            warnings,
        }
    }

    fn service_report() -> Report {
        let error = RowError {
            row: 3,
            column: "Email".into(),
            message: "Укажите email".into(),
        };
        let row = |row: u32, action: RowAction, values: [&str; 2]| RowReport {
            row,
            action,
            values: values.map(String::from).to_vec(),
            changes: Vec::new(),
            roles_added: Vec::new(),
            errors: Vec::new(),
        };
        let mut updated = row(2, RowAction::Update, ["Иванов", "i@s.ru"]);
        updated.changes.push(RowChange {
            column: crate::service::import::Column::LastName,
            field: "Фамилия".into(),
            from: "Петров".into(),
            to: "Иванов".into(),
        });
        updated.roles_added.push(crate::domain::Role::Worker);
        let mut wrong = row(3, RowAction::Skip, ["Сидоров", ""]);
        wrong.errors.push(error.clone());
        Report {
            columns: vec!["Фамилия".into(), "Email".into()],
            rows: vec![updated, wrong],
            rows_total: 2,
            created: 0,
            updated: 1,
            restored: 0,
            errors: vec![error],
            warnings: vec!["Столбец «Класс» пропущен".into()],
        }
    }

    #[tokio::test]
    async fn the_text_of_a_report_is_the_json_of_its_documented_shape() {
        async fn parsed(response: impl IntoResponse) -> serde_json::Value {
            let text = response.into_response().into_body().into_string().await.expect("body");
            serde_json::from_str(&text).expect("JSON")
        }
        let written = done(service_report()).expect("text");
        let shape = poem_openapi::payload::Json(Data {
            data: documented(service_report()),
        });
        assert_eq!(parsed(written).await, parsed(shape).await);
        let message = "Ошибок в файле: 1. Ничего не записано";
        let written = rejected(message.into(), service_report()).expect("text");
        let shape = poem_openapi::payload::Json(ImportRejected {
            message: message.into(),
            data: documented(service_report()),
        });
        assert_eq!(parsed(written).await, parsed(shape).await);
    }
}
