//! The body of a CSV import: `multipart/form-data` with `file`, `dry_run` and `send_invites`.
//! Read only after the operation has checked its caller, so a stranger gets 401/403 and the
//! server never parses his upload.

use super::deferred_form::{DeferredForm, FormShape, file_field, invalid};
use crate::error::ApiError;
use crate::service::import::Options;
use poem_openapi::registry::{MetaSchema, MetaSchemaRef};

/// The shape of an import form.
pub struct CsvImport;

impl FormShape for CsvImport {
    const DESCRIPTION: &'static str =
        "`multipart/form-data`: `file` (CSV), `dry_run` (`1` — только проверить), `send_invites` (`1` — письма новым)";
    fn fields() -> (Vec<(&'static str, MetaSchemaRef)>, Vec<&'static str>) {
        let flag = || {
            MetaSchemaRef::Inline(Box::new(MetaSchema {
                enum_items: vec!["0".into(), "1".into()],
                ..MetaSchema::new("string")
            }))
        };
        (
            vec![("file", file_field()), ("dry_run", flag()), ("send_invites", flag())],
            vec!["file"],
        )
    }
}

/// An import's body, not yet read.
pub type ImportForm<'a> = DeferredForm<'a, CsvImport>;

/// What the form held.
pub struct Received {
    pub file: Vec<u8>,
    pub options: Options,
}

fn flag(field: &str, text: &str) -> Result<bool, ApiError> {
    match text.trim() {
        "1" | "true" | "on" => Ok(true),
        "0" | "false" | "off" | "" => Ok(false),
        _ => Err(invalid(field, "Допустимо 1 или 0")),
    }
}

impl ImportForm<'_> {
    /// Reads the form (the body limit bounds its size); `file` is required.
    pub async fn receive(self) -> Result<Received, ApiError> {
        let mut form = self
            .fields("file", "Отправьте CSV-файл формой multipart/form-data в поле file")
            .await?;
        let unreadable = |_| invalid("file", "Не удалось прочитать загружаемый файл");
        let (mut file, mut options) = (None, Options::default());
        while let Some(field) = form.next_field().await.map_err(unreadable)? {
            match field.name().unwrap_or_default() {
                "file" => file = Some(field.bytes().await.map_err(unreadable)?),
                "dry_run" => options.dry_run = flag("dry_run", &field.text().await.map_err(unreadable)?)?,
                "send_invites" => {
                    options.send_invites = flag("send_invites", &field.text().await.map_err(unreadable)?)?
                }
                _ => {}
            }
        }
        let file = file.ok_or_else(|| invalid("file", "Выберите CSV-файл"))?;
        Ok(Received { file, options })
    }
}
