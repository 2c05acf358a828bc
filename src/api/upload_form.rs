//! The body of a file upload: `multipart/form-data` with a `file` field. It is read only after
//! the operation has checked its caller (so a stranger gets 401/403, not a body error), and
//! the file is spooled to a temporary file in the data directory while its size is counted. A
//! full disk while spooling answers the same 507 as a database write that meets it.

use super::deferred_form::{DeferredForm, FormShape, file_field, invalid as invalid_field};
use crate::error::ApiError;
use crate::service::ServiceError;
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

/// A spool that could not be written: no room (a full disk, or the file-size limit) is the 507
/// with the message a database write gets, anything else a logged 500. The spool has no name in
/// the directory, so dropping it frees its space and leaves no file behind.
fn not_spooled(err: std::io::Error) -> ApiError {
    ServiceError::spool(err).into()
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
            let spool = tempfile::tempfile_in(spool_dir).map_err(not_spooled)?;
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
                spool.write_all(&buffer[..read]).await.map_err(not_spooled)?;
            }
            spool.flush().await.map_err(not_spooled)?;
            spool.rewind().await.map_err(not_spooled)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Error, ErrorKind};

    #[test]
    fn no_room_for_the_spool_is_the_507_of_a_full_disk_and_other_failures_a_500() {
        // ENOSPC and EFBIG (what a write past RLIMIT_FSIZE gets), as Linux numbers them.
        for errno in [28, 27] {
            match not_spooled(Error::from_raw_os_error(errno)) {
                ApiError::InsufficientStorage(body) => {
                    assert!(body.0.message.starts_with("На диске сервера закончилось место"));
                }
                other => panic!("errno {errno}: {other:?}"),
            }
        }
        assert!(matches!(
            not_spooled(Error::from(ErrorKind::PermissionDenied)),
            ApiError::Internal(_)
        ));
    }
}
