//! The body of a file upload: `multipart/form-data` with a `file` field. It is read only after
//! the operation has checked its caller (so a stranger gets 401/403, not a body error), and
//! the file is spooled to a temporary file in the data directory while its size is counted.

use crate::error::ApiError;
use crate::service::files::Upload;
use poem::web::Multipart;
use poem::{Body, FromRequest, Request, RequestBody};
use poem_openapi::registry::{MetaMediaType, MetaRequest, MetaSchema, MetaSchemaRef};
use poem_openapi::{ApiExtractor, ApiExtractorType, ExtractParamOptions};
use std::collections::BTreeMap;
use std::path::Path;
use tokio::io::{AsyncReadExt, AsyncSeekExt, AsyncWriteExt};

/// The form field that carries the file.
const FIELD: &str = "file";

/// An upload's body, not yet read.
pub struct UploadForm<'a> {
    request: &'a Request,
    body: Option<Body>,
}

/// What the form held.
pub enum Received {
    /// The `file` field (spooled), or `None` when the form had none.
    Form(Option<Upload>),
    /// The file is larger than the limit (nothing kept).
    TooLarge,
}

impl<'a> ApiExtractor<'a> for UploadForm<'a> {
    const TYPES: &'static [ApiExtractorType] = &[ApiExtractorType::RequestObject];

    type ParamType = ();
    type ParamRawType = ();

    fn request_meta() -> Option<MetaRequest> {
        let file = MetaSchemaRef::Inline(Box::new(MetaSchema::new_with_format("string", "binary")));
        let form = MetaSchema {
            required: vec![FIELD],
            properties: vec![(FIELD, file)],
            ..MetaSchema::new("object")
        };
        Some(MetaRequest {
            description: Some("`multipart/form-data` с полем `file`"),
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

fn invalid(message: &str) -> ApiError {
    ApiError::invalid(BTreeMap::from([(FIELD.to_owned(), vec![message.to_owned()])]))
}

impl UploadForm<'_> {
    /// Reads the form, spooling the `file` field into `spool_dir` up to `limit` bytes.
    pub async fn receive(self, limit: usize, spool_dir: &Path) -> Result<Received, ApiError> {
        let mut body = RequestBody::new(self.body.unwrap_or_default());
        let mut form = <Multipart as FromRequest>::from_request(self.request, &mut body)
            .await
            .map_err(|_| invalid("Отправьте файл формой multipart/form-data в поле file"))?;
        let unreadable = || invalid("Не удалось прочитать загружаемый файл");
        while let Some(field) = form.next_field().await.map_err(|_| unreadable())? {
            if field.name() != Some(FIELD) {
                continue;
            }
            let file_name = field.file_name().map(str::to_owned);
            let content_type = field.content_type().map(str::to_owned);
            let spool = tempfile::tempfile_in(spool_dir).map_err(ApiError::internal)?;
            let mut spool = tokio::fs::File::from_std(spool);
            let mut reader = std::pin::pin!(field.into_async_read());
            let mut buffer = vec![0; 64 * 1024];
            let mut size = 0_u64;
            loop {
                let read = reader.read(&mut buffer).await.map_err(|_| unreadable())?;
                if read == 0 {
                    break;
                }
                size += read as u64;
                if size > limit as u64 {
                    return Ok(Received::TooLarge);
                }
                spool.write_all(&buffer[..read]).await.map_err(ApiError::internal)?;
            }
            spool.flush().await.map_err(ApiError::internal)?;
            spool.rewind().await.map_err(ApiError::internal)?;
            return Ok(Received::Form(Some(Upload {
                file_name,
                content_type,
                contents: spool.into_std().await,
                size,
            })));
        }
        Ok(Received::Form(None))
    }
}
