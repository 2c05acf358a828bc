//! The embedded UI (`ui/dist`): hashed assets cached for a year, `index.html` revalidated,
//! quoted ETags with 304, gzip/brotli, and `index.html` for every deep link.

use super::compress::{Encoding, compressed};
use super::headers::SPA_CSP;
use poem::http::{Method, StatusCode, header};
use poem::{Endpoint, Request, Response, Result};
use rust_embed::EmbeddedFile;

#[derive(rust_embed::Embed)]
#[folder = "ui/dist"]
#[allow_missing = true]
struct UiFiles;

const INDEX: &str = "index.html";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

/// Shown at `/` when the binary was built without the UI.
const NOT_BUILT: &str = "<!doctype html><html lang=\"ru\"><meta charset=\"utf-8\"><title>Klass</title>\
<body style=\"font-family:sans-serif;max-width:40rem;margin:3rem auto\"><h1>Интерфейс не собран</h1>\
<p>Этот файл klass собран без веб-интерфейса. API работает: <a href=\"/api/health\">/api/health</a>, \
<a href=\"/api/docs\">/api/docs</a>.</p><p>Чтобы собрать интерфейс, выполните в каталоге проекта \
<code>make build</code> (или <code>cd ui &amp;&amp; npm ci &amp;&amp; npm run build</code>, затем \
<code>cargo build --release</code>).</p></body></html>";

/// Where the UI's files come from: the embedded `ui/dist`, or a fixture in tests.
type FileSource = fn(&str) -> Option<EmbeddedFile>;

/// Serves the UI for every path outside `/api`.
#[derive(Clone, Copy)]
pub struct SpaEndpoint {
    files: FileSource,
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
        if req.method() != Method::GET && req.method() != Method::HEAD {
            return Ok(Response::builder()
                .status(StatusCode::METHOD_NOT_ALLOWED)
                .header(header::ALLOW, "GET, HEAD")
                .finish());
        }
        let path = req.uri().path().trim_start_matches('/');
        let (name, file) = match (self.files)(path).filter(|_| !path.is_empty()) {
            Some(file) => (path, file),
            // A missing file (it has an extension) is a 404; any other path is a page of the app.
            None if has_extension(path) => return Ok(not_found()),
            None => match (self.files)(INDEX) {
                Some(file) => (INDEX, file),
                None => return Ok(ui_not_built()),
            },
        };
        let etag = format!("\"{}\"", hex::encode(&file.metadata.sha256_hash()[..16]));
        let cache = if name.starts_with("assets/") {
            IMMUTABLE
        } else {
            REVALIDATE
        };
        let mut builder = Response::builder()
            .header(header::ETAG, &etag)
            .header(header::CACHE_CONTROL, cache)
            .header(header::VARY, "Accept-Encoding");
        if name == INDEX {
            builder = builder.header(header::CONTENT_SECURITY_POLICY, SPA_CSP);
        }
        if matches_etag(&req, &etag) {
            return Ok(builder.status(StatusCode::NOT_MODIFIED).finish());
        }
        let mime = mime_guess::from_path(name).first_or_octet_stream();
        builder = builder.content_type(mime.essence_str());
        let encoding = Encoding::negotiate(&req, mime.essence_str());
        let body = match encoding {
            Some(encoding) => {
                builder = builder.header(header::CONTENT_ENCODING, encoding.name());
                compressed(&file.metadata.sha256_hash(), &file.data, encoding)
            }
            None => file.data.into_owned(),
        };
        if req.method() == Method::HEAD {
            return Ok(builder.header(header::CONTENT_LENGTH, body.len()).finish());
        }
        Ok(builder.body(body))
    }
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

fn not_found() -> Response {
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
