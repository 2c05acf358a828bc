//! `/api/users/{id}/files`: a user's file cabinet (managers only): list, upload, download, delete.

use super::upload_form::{Received, UploadForm};
use super::{ApiTags, NoContent, State};
use crate::domain::file::StoredFile;
use crate::domain::file_name::{attachment_disposition, served_type};
use crate::domain::{FileId, UserId};
use crate::error::{ApiError, ErrorBody};
use crate::policy::{Caller, Rule};
use crate::service::files;
use poem::Body;
use poem_openapi::param::Path;
use poem_openapi::payload::{Binary, Json};
use poem_openapi::{ApiResponse, Object, OpenApi};

/// A file in a user's cabinet.
#[derive(Debug, Object)]
pub struct FileView {
    pub id: u64,
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
            id: file.id.0,
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

/// A user's files, newest first.
#[derive(Debug, Object)]
pub struct FileList {
    pub data: Vec<FileView>,
    pub meta: FileListMeta,
}

/// `{data: file}`.
#[derive(Debug, Object)]
pub struct FileEnvelope {
    pub data: FileView,
}

/// The answer to an upload.
#[derive(Debug, ApiResponse)]
pub enum UploadAnswer {
    /// Stored.
    #[oai(status = 201)]
    Created(Json<FileEnvelope>),
    /// The file is larger than `files.max_upload_mb`.
    #[oai(status = 413)]
    TooLarge(Json<ErrorBody>),
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
        Binary<Body>,
        #[oai(header = "Content-Type")] String,
        #[oai(header = "Content-Disposition")] String,
        #[oai(header = "Content-Length")] u64,
        #[oai(header = "Content-Security-Policy")] String,
    ),
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
    async fn list(&self, state: State<'_>, caller: Caller, id: Path<u64>) -> Result<Json<FileList>, ApiError> {
        caller.allow(Rule::Manager)?;
        let found = state.read(|store| files::list(store, UserId(id.0)))?;
        let limits = crate::web::BodyLimits::from_mib(1, state.config.files.max_upload_mb);
        Ok(Json(FileList {
            data: found.into_iter().map(FileView::from).collect(),
            meta: FileListMeta {
                max_upload_bytes: u64::try_from(limits.upload).unwrap_or(u64::MAX),
            },
        }))
    }

    /// Upload a file
    ///
    /// Managers only. `multipart/form-data` with the field `file`; the file is kept in the
    /// database with its original name. Larger than `files.max_upload_mb`: 413; an empty file
    /// or no `file` field: 422.
    #[oai(path = "/api/users/:id/files", method = "post", operation_id = "files_upload")]
    async fn upload(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<u64>,
        form: UploadForm<'_>,
    ) -> Result<UploadAnswer, ApiError> {
        let by = caller.actor(Rule::Manager)?.user.id;
        let limits = crate::web::BodyLimits::from_mib(1, state.config.files.max_upload_mb);
        let upload = match form.receive(limits.upload, &state.config.data_dir).await? {
            Received::Form(upload) => upload,
            Received::TooLarge => {
                return Ok(UploadAnswer::TooLarge(Json(ErrorBody {
                    message: crate::web::file_too_large_message(limits.upload),
                    errors: None,
                    error_id: None,
                })));
            }
        };
        let journal = state.journal(caller.origin());
        let file = state
            .run(move |store| files::upload(store, &journal, UserId(id.0), by, upload))
            .await?;
        Ok(UploadAnswer::Created(Json(FileEnvelope { data: file.into() })))
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
        id: Path<u64>,
        file: Path<u64>,
    ) -> Result<FileDownload, ApiError> {
        caller.allow(Rule::Manager)?;
        let (stored, contents) = state.read(|store| files::download(store, UserId(id.0), FileId(file.0)))?;
        let chunks = contents.map(|chunk| chunk.map_err(|err| std::io::Error::other(err.to_string())));
        let body = Body::from_bytes_stream(futures_util::stream::iter(chunks));
        Ok(FileDownload::File(
            Binary(body),
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
        id: Path<u64>,
        file: Path<u64>,
    ) -> Result<NoContent, ApiError> {
        caller.allow(Rule::Manager)?;
        let journal = state.journal(caller.origin());
        state
            .run(move |store| files::delete(store, &journal, UserId(id.0), FileId(file.0)))
            .await?;
        Ok(NoContent::Done)
    }
}
