//! The body of a CSV import: `multipart/form-data` with `file`, `dry_run` and `send_invites`.
//! Read only after the operation has checked its caller, so a stranger gets 401/403 and the
//! server never parses his upload.

use crate::error::ApiError;
use crate::service::import::Options;
use poem::web::Multipart;
use poem::{Body, FromRequest, Request, RequestBody};
use poem_openapi::registry::{MetaMediaType, MetaRequest, MetaSchema, MetaSchemaRef};
use poem_openapi::{ApiExtractor, ApiExtractorType, ExtractParamOptions};
use std::collections::BTreeMap;

/// An import's body, not yet read.
pub struct ImportForm<'a> {
    request: &'a Request,
    body: Option<Body>,
}

/// What the form held.
pub struct Received {
    pub file: Vec<u8>,
    pub options: Options,
}

impl<'a> ApiExtractor<'a> for ImportForm<'a> {
    const TYPES: &'static [ApiExtractorType] = &[ApiExtractorType::RequestObject];

    type ParamType = ();
    type ParamRawType = ();

    fn request_meta() -> Option<MetaRequest> {
        let file = MetaSchemaRef::Inline(Box::new(MetaSchema::new_with_format("string", "binary")));
        let flag = || {
            MetaSchemaRef::Inline(Box::new(MetaSchema {
                enum_items: vec!["0".into(), "1".into()],
                ..MetaSchema::new("string")
            }))
        };
        let form = MetaSchema {
            required: vec!["file"],
            properties: vec![("file", file), ("dry_run", flag()), ("send_invites", flag())],
            ..MetaSchema::new("object")
        };
        Some(MetaRequest {
            description: Some(
                "`multipart/form-data`: `file` (CSV), `dry_run` (`1` — только проверить), `send_invites` (`1` — письма новым)",
            ),
            content: vec![MetaMediaType {
                content_type: "multipart/form-data",
                schema: MetaSchemaRef::Inline(Box::new(form)),
            }],
            required: true,
        })
    }

    async fn from_request(
        request: &'a Request,
        body: &mut RequestBody,
        _param_opts: ExtractParamOptions<Self::ParamType>,
    ) -> poem::Result<Self> {
        Ok(Self {
            request,
            body: body.take().ok(),
        })
    }
}

fn invalid(field: &str, message: &str) -> ApiError {
    ApiError::invalid(BTreeMap::from([(field.to_owned(), vec![message.to_owned()])]))
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
        let mut body = RequestBody::new(self.body.unwrap_or_default());
        let mut form = <Multipart as FromRequest>::from_request(self.request, &mut body)
            .await
            .map_err(|_| invalid("file", "Отправьте CSV-файл формой multipart/form-data в поле file"))?;
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
