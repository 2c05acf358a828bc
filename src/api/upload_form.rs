//! The body of a file upload: `multipart/form-data` with a `file` field. It is read only after
//! the operation has checked its caller (so a stranger gets 401/403, not a body error), and
//! the file is spooled to a temporary file in the data directory while its size is counted.

use super::deferred_form::{DeferredForm, FormShape, file_field, invalid as invalid_field};
use crate::error::ApiError;
use crate::service::files::Upload;
use poem_openapi::registry::MetaSchemaRef;
use std::path::Path;
use tokio::io::{AsyncReadExt, AsyncSeekExt, AsyncWriteExt};

/// The form field that carries the file.
const FIELD: &str = "file";

/// The shape of an upload form.
pub struct FileUpload;

impl FormShape for FileUpload {
    const DESCRIPTION: &'static str = "`multipart/form-data` с полем `file`";
    fn fields() -> (Vec<(&'static str, MetaSchemaRef)>, Vec<&'static str>) {
        (vec![(FIELD, file_field())], vec![FIELD])
    }
}

/// An upload's body, not yet read.
pub type UploadForm<'a> = DeferredForm<'a, FileUpload>;

/// What the form held.
pub enum Received {
    /// The `file` field (spooled), or `None` when the form had none.
    Form(Option<Upload>),
    /// The file is larger than the limit (nothing kept).
    TooLarge,
}

fn invalid(message: &str) -> ApiError {
    invalid_field(FIELD, message)
}

impl UploadForm<'_> {
    /// Reads the form, spooling the `file` field into `spool_dir` up to `limit` bytes.
    pub async fn receive(self, limit: usize, spool_dir: &Path) -> Result<Received, ApiError> {
        let mut form = self
            .fields(FIELD, "Отправьте файл формой multipart/form-data в поле file")
            .await?;
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
