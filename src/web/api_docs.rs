//! The API docs at `/api/docs`: Swagger UI over `/api/openapi.json`, built with the UI into
//! `ui/dist/api-docs/` and served from the binary like the UI's files (nothing is built at start).

use super::spa::{self, FileSource, SpaEndpoint};
use poem::{Endpoint, Request, Response, Result};

const FOLDER: &str = "api-docs";

/// Serves `api-docs/` of the UI build under the path it is nested at.
#[derive(Clone, Copy)]
pub struct ApiDocsEndpoint {
    files: FileSource,
}

impl ApiDocsEndpoint {
    /// The docs of the UI embedded in this binary.
    pub fn embedded() -> Self {
        Self::of(SpaEndpoint::embedded())
    }

    /// The docs of `ui`'s build.
    fn of(ui: SpaEndpoint) -> Self {
        Self { files: ui.files }
    }
}

impl Endpoint for ApiDocsEndpoint {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Response> {
        if let Some(refused) = spa::refuse_method(&req) {
            return Ok(refused);
        }
        let file = match req.uri().path().trim_start_matches('/') {
            "" => "index.html",
            file => file,
        };
        let name = format!("{FOLDER}/{file}");
        Ok(match spa::find(self.files, &name) {
            Some(found) => spa::respond(&req, &name, found),
            None => spa::not_found(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use poem::http::{StatusCode, header};
    use poem::test::TestClient;

    #[derive(rust_embed::Embed)]
    #[folder = "tests/fixtures/ui-dist"]
    struct Fixture;

    #[tokio::test]
    async fn the_page_and_its_script_come_from_the_build_with_the_strict_policy() {
        let client = TestClient::new(ApiDocsEndpoint::of(SpaEndpoint { files: Fixture::get }));
        let page = client.get("/").send().await;
        page.assert_status_is_ok();
        page.assert_content_type("text/html");
        page.assert_header_exist(header::CONTENT_SECURITY_POLICY);
        let html = page.0.into_body().into_string().await.expect("unzipped page");
        assert!(html.contains("/api/docs/init.js"), "{html}");
        let script = client
            .get("/init.js")
            .header(header::ACCEPT_ENCODING, "gzip")
            .send()
            .await;
        script.assert_content_type("text/javascript");
        script.assert_header(header::CONTENT_ENCODING, "gzip");
        client
            .get("/missing.js")
            .send()
            .await
            .assert_status(StatusCode::NOT_FOUND);
    }
}
