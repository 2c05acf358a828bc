//! `/api/users/{id}/files`: a user's file cabinet (managers only): list, upload, download, delete.

use super::envelope::{Data, Paged};
use super::upload_form::{Received, UploadForm};
use super::{ApiTags, NoContent, State};
use crate::domain::file::StoredFile;
use crate::domain::file_name::{attachment_disposition, served_type};
use crate::domain::{FileId, UserId};
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::files;
use poem::{Body, IntoResponse, Response};
use poem_openapi::param::Path;
use poem_openapi::payload::{Binary, Json, Payload};
use poem_openapi::registry::MetaSchemaRef;
use poem_openapi::{ApiResponse, Object, OpenApi};

/// A file in a user's cabinet.
#[derive(Debug, Object)]
pub struct FileView {
    pub id: FileId,
    /// The original name, as uploaded (without folders).
    pub name: String,
    pub content_type: String,
    /// Bytes.
    pub size: u64,
    /// Lower-case hex SHA-256 of the contents.
    pub sha256: String,
    pub uploaded_at: String,
    /// Id of the manager who uploaded it.
    pub uploaded_by: u64,
}

impl From<StoredFile> for FileView {
    fn from(file: StoredFile) -> Self {
        Self {
            id: file.id,
            name: file.name,
            content_type: file.content_type,
            size: file.size,
            sha256: file.sha256,
            uploaded_at: file.uploaded_at.to_string(),
            uploaded_by: file.uploaded_by.0,
        }
    }
}

/// What the cabinet accepts, so the page can say it before a file is chosen.
#[derive(Debug, Object)]
pub struct FileListMeta {
    /// The largest file an upload takes, in bytes (`files.max_upload_mb`); larger ones get 413.
    pub max_upload_bytes: u64,
}

/// The answer to an upload.
#[derive(Debug, ApiResponse)]
pub enum UploadAnswer {
    /// Stored.
    #[oai(status = 201)]
    Created(Json<Data<FileView>>),
}

/// The policy of a download: whatever it is, a browser that opens it runs nothing of it.
const DOWNLOAD_CSP: &str = "sandbox; default-src 'none'; frame-ancestors 'none'";

/// A file's contents.
#[derive(ApiResponse)]
pub enum FileDownload {
    /// The contents, with the stored type (`application/octet-stream` for types a browser
    /// would run: HTML, SVG, XML, JavaScript …), a `Content-Disposition` that keeps the name,
    /// and a sandboxing `Content-Security-Policy`.
    #[oai(status = 200)]
    File(
        FileBytes,
        #[oai(header = "Content-Type")] String,
        #[oai(header = "Content-Disposition")] String,
        #[oai(header = "Content-Length")] u64,
        #[oai(header = "Content-Security-Policy")] String,
    ),
}

/// Bytes of any type (a stored file, a backup copy): documented as any type (`*/*`), sent
/// with the type in the answer's `Content-Type` header.
pub struct FileBytes(pub Body);

impl Payload for FileBytes {
    const CONTENT_TYPE: &'static str = "*/*";

    fn check_content_type(_content_type: &str) -> bool {
        true
    }

    fn schema_ref() -> MetaSchemaRef {
        Binary::<Body>::schema_ref()
    }
}

impl IntoResponse for FileBytes {
    fn into_response(self) -> Response {
        Response::builder().body(self.0)
    }
}

/// Users' file cabinets.
#[derive(Default)]
pub struct FilesApi;

#[OpenApi(tag = "ApiTags::Files")]
impl FilesApi {
    /// List a user's files
    ///
    /// Managers only. Newest first; `meta.max_upload_bytes` is the largest file an upload takes.
    #[oai(path = "/api/users/:id/files", method = "get", operation_id = "files_list")]
    async fn list(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
    ) -> Result<Json<Paged<FileView, FileListMeta>>, ApiError> {
        caller.allow(Rule::Manager)?;
        let found = state.read(|store| files::list(store, id.0))?;
        let limits = crate::web::BodyLimits::from_mib(1, state.config.files.max_upload_mb);
        Ok(Json(Paged {
            data: found.into_iter().map(FileView::from).collect(),
            meta: FileListMeta {
                max_upload_bytes: u64::try_from(limits.upload).unwrap_or(u64::MAX),
            },
        }))
    }

    /// Upload a file
    ///
    /// Managers only. `multipart/form-data` with the field `file`; the file is kept in the
    /// database with its original name. Larger than `files.max_upload_mb`: 413; an empty file,
    /// no `file` field or a deleted user: 422. The user and his parents are told that a document
    /// was filed, not its name (only managers read that).
    #[oai(path = "/api/users/:id/files", method = "post", operation_id = "files_upload")]
    async fn upload(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        form: UploadForm<'_>,
    ) -> Result<UploadAnswer, ApiError> {
        let by = caller.actor(Rule::Manager)?.user.id;
        let limits = crate::web::BodyLimits::from_mib(1, state.config.files.max_upload_mb);
        let upload = match form.receive(limits.upload, &state.config.data_dir).await? {
            Received::Form(upload) => upload,
            Received::TooLarge => {
                return Err(ApiError::too_large(crate::web::file_too_large_message(limits.upload)));
            }
        };
        let journal = state.journal(caller.origin());
        let file = state
            .run(move |store| files::upload(store, &journal, id.0, by, upload))
            .await?;
        Ok(UploadAnswer::Created(Json(Data { data: file.into() })))
    }

    /// Download a file
    ///
    /// Managers only. The contents stream from the database with the stored content type (types
    /// a browser would run come as `application/octet-stream`), `Content-Disposition: attachment`
    /// carrying the name (RFC 5987 `filename*` for any letters) and `Content-Security-Policy: sandbox`.
    #[oai(path = "/api/users/:id/files/:file", method = "get", operation_id = "files_download")]
    async fn download(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        file: Path<FileId>,
    ) -> Result<FileDownload, ApiError> {
        caller.allow(Rule::Manager)?;
        let (stored, contents) = state.read(|store| files::download(store, id.0, file.0))?;
        let chunks = contents.map(|chunk| chunk.map_err(|err| std::io::Error::other(err.to_string())));
        let body = Body::from_bytes_stream(futures_util::stream::iter(chunks));
        Ok(FileDownload::File(
            FileBytes(body),
            served_type(&stored.content_type).to_owned(),
            attachment_disposition(&stored.name),
            stored.size,
            DOWNLOAD_CSP.to_owned(),
        ))
    }

    /// Delete a file
    ///
    /// Managers only. The contents and the record go in one transaction.
    #[oai(
        path = "/api/users/:id/files/:file",
        method = "delete",
        operation_id = "files_delete"
    )]
    async fn delete(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        file: Path<FileId>,
    ) -> Result<NoContent, ApiError> {
        caller.allow(Rule::Manager)?;
        let journal = state.journal(caller.origin());
        state
            .run(move |store| files::delete(store, &journal, id.0, file.0))
            .await?;
        Ok(NoContent::Done)
    }
}
