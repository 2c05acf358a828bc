//! The embedded UI (`ui/dist`): hashed assets cached for a year, `index.html` revalidated,
//! quoted ETags with 304, text files gzip-compressed at build time, and `index.html` for every
//! deep link.

use super::gzip;
use super::headers::SPA_CSP;
use poem::http::{Method, StatusCode, header};
use poem::{Endpoint, Request, Response, Result};
use rust_embed::EmbeddedFile;

/// The build without the plain copies of the text files the UI build compressed (keep the
/// patterns in step with `COMPRESSED` in `ui/vite-plugins/precompress.ts`).
#[derive(rust_embed::Embed)]
#[folder = "ui/dist"]
#[allow_missing = true]
#[exclude = "*.js"]
#[exclude = "*.css"]
#[exclude = "*.html"]
#[exclude = "*.svg"]
#[exclude = "*.webmanifest"]
struct UiFiles;

const INDEX: &str = "index.html";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

/// Shown at `/` when the binary was built without the UI.
const NOT_BUILT: &str = "<!doctype html><html lang=\"ru\"><meta charset=\"utf-8\"><title>Klass</title>\
<body style=\"font-family:sans-serif;max-width:40rem;margin:3rem auto\"><h1>Интерфейс не собран</h1>\
<p>Этот файл klass собран без веб-интерфейса. API работает: <a href=\"/api/health\">/api/health</a>, \
<a href=\"/api/openapi.json\">/api/openapi.json</a>.</p><p>Чтобы собрать интерфейс, выполните в каталоге проекта \
<code>make build</code> (или <code>cd ui &amp;&amp; npm ci &amp;&amp; npm run build</code>, затем \
<code>cargo build --release</code>).</p></body></html>";

/// Where the UI's files come from: the embedded `ui/dist`, or a fixture in tests.
pub(super) type FileSource = fn(&str) -> Option<EmbeddedFile>;

/// Serves the UI for every path outside `/api`.
#[derive(Clone, Copy)]
pub struct SpaEndpoint {
    pub(super) files: FileSource,
}

impl SpaEndpoint {
    /// The UI embedded in this binary at build time.
    pub fn embedded() -> Self {
        Self { files: UiFiles::get }
    }

    /// The build id written by the UI build into `build.json`, or `dev` when there is no UI.
    pub fn build_id(&self) -> String {
        #[derive(serde::Deserialize)]
        struct BuildFile {
            build: String,
        }
        (self.files)("build.json")
            .and_then(|file| serde_json::from_slice::<BuildFile>(&file.data).ok())
            .map(|file| file.build)
            .unwrap_or_else(|| "dev".into())
    }
}

impl Endpoint for SpaEndpoint {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Response> {
        if let Some(refused) = refuse_method(&req) {
            return Ok(refused);
        }
        let path = req.uri().path().trim_start_matches('/');
        let found = Some(path).filter(|p| !p.is_empty()).and_then(|p| find(self.files, p));
        let (name, file) = match found {
            Some(file) => (path, file),
            // A missing file (it has an extension) is a 404; any other path is a page of the app.
            None if has_extension(path) => return Ok(not_found()),
            None => match find(self.files, INDEX) {
                Some(file) => (INDEX, file),
                None => return Ok(ui_not_built()),
            },
        };
        Ok(respond(&req, name, file))
    }
}

/// A file of the build as embedded: as it is, or gzip-compressed (its name with `.gz`).
pub(super) enum Stored {
    Plain(EmbeddedFile),
    Gzipped(EmbeddedFile),
}

/// The file `name` of the build, in whichever form it is embedded.
pub(super) fn find(files: FileSource, name: &str) -> Option<Stored> {
    files(name)
        .map(Stored::Plain)
        .or_else(|| files(&format!("{name}.gz")).map(Stored::Gzipped))
}

/// 405 for anything but GET and HEAD.
pub(super) fn refuse_method(req: &Request) -> Option<Response> {
    (req.method() != Method::GET && req.method() != Method::HEAD).then(|| {
        Response::builder()
            .status(StatusCode::METHOD_NOT_ALLOWED)
            .header(header::ALLOW, "GET, HEAD")
            .finish()
    })
}

/// The answer with the file `name`: hashed assets cached for a year, anything else revalidated
/// by its quoted ETag; a page with the strict content policy; gzip as stored when the client
/// takes it, else unzipped.
pub(super) fn respond(req: &Request, name: &str, file: Stored) -> Response {
    let (data, hash, gzipped) = match file {
        Stored::Plain(f) => (f.data, f.metadata.sha256_hash(), false),
        Stored::Gzipped(f) => (f.data, f.metadata.sha256_hash(), true),
    };
    let etag = format!("\"{}\"", hex::encode(&hash[..16]));
    let cache = if name.starts_with("assets/") {
        IMMUTABLE
    } else {
        REVALIDATE
    };
    let mut builder = Response::builder()
        .header(header::ETAG, &etag)
        .header(header::CACHE_CONTROL, cache)
        .header(header::VARY, "Accept-Encoding");
    if name.ends_with(".html") {
        builder = builder.header(header::CONTENT_SECURITY_POLICY, SPA_CSP);
    }
    if matches_etag(req, &etag) {
        return builder.status(StatusCode::NOT_MODIFIED).finish();
    }
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    builder = builder.content_type(mime.essence_str());
    let body = match (gzipped, gzip::accepted(req)) {
        (true, true) => {
            builder = builder.header(header::CONTENT_ENCODING, "gzip");
            data.into_owned()
        }
        (true, false) => gzip::unzipped(&data),
        (false, _) => data.into_owned(),
    };
    if req.method() == Method::HEAD {
        return builder.header(header::CONTENT_LENGTH, body.len()).finish();
    }
    builder.body(body)
}

fn has_extension(path: &str) -> bool {
    path.rsplit('/').next().is_some_and(|last| last.contains('.'))
}

fn matches_etag(req: &Request, etag: &str) -> bool {
    req.headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.split(',').any(|tag| tag.trim() == etag || tag.trim() == "*"))
}

pub(super) fn not_found() -> Response {
    Response::builder()
        .status(StatusCode::NOT_FOUND)
        .content_type("text/plain; charset=utf-8")
        .body("Файл не найден")
}

fn ui_not_built() -> Response {
    Response::builder()
        .status(StatusCode::SERVICE_UNAVAILABLE)
        .content_type("text/html; charset=utf-8")
        .header(header::CACHE_CONTROL, "no-store")
        .body(NOT_BUILT)
}

#[cfg(test)]
mod tests;
