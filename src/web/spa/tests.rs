//! Tests of the UI endpoint against a fixture build (`tests/fixtures/ui-dist`).

use super::*;
use poem::test::TestClient;

#[derive(rust_embed::Embed)]
#[folder = "tests/fixtures/ui-dist"]
struct Fixture;

fn client() -> TestClient<SpaEndpoint> {
    TestClient::new(SpaEndpoint { files: Fixture::get })
}

#[tokio::test]
async fn deep_links_get_index_html_revalidated_with_a_strict_policy() {
    let response = client().get("/users/42/lessons").send().await;
    response.assert_status_is_ok();
    response.assert_header(header::CACHE_CONTROL, "no-cache");
    response.assert_content_type("text/html");
    let csp = response
        .0
        .headers()
        .get(header::CONTENT_SECURITY_POLICY)
        .expect("csp")
        .to_str()
        .expect("ascii");
    let script_src = csp
        .split(';')
        .map(str::trim)
        .find(|d| d.starts_with("script-src"))
        .expect("script-src");
    assert_eq!(script_src, "script-src 'self'", "no inline script");
    assert!(csp.contains("frame-ancestors 'none'"));
    assert!(
        response
            .0
            .into_body()
            .into_string()
            .await
            .expect("body")
            .contains(r#"<div id="root">"#)
    );
}

#[tokio::test]
async fn hashed_assets_are_immutable_and_revalidate_by_quoted_etag() {
    let response = client().get("/assets/app-3f9a1c.js").send().await;
    response.assert_status_is_ok();
    response.assert_header(header::CACHE_CONTROL, "public, max-age=31536000, immutable");
    let etag = response
        .0
        .headers()
        .get(header::ETAG)
        .expect("etag")
        .to_str()
        .expect("ascii")
        .to_owned();
    assert!(
        etag.starts_with('"') && etag.ends_with('"') && etag.len() > 10,
        "{etag}"
    );
    let again = client()
        .get("/assets/app-3f9a1c.js")
        .header(header::IF_NONE_MATCH, &etag)
        .send()
        .await;
    again.assert_status(StatusCode::NOT_MODIFIED);
    assert!(again.0.into_body().into_bytes().await.expect("body").is_empty());
}

#[tokio::test]
async fn text_is_sent_as_stored_gzip_or_unzipped_for_a_client_that_takes_no_gzip() {
    let plain = client().get("/assets/app-3f9a1c.js").send().await;
    plain.assert_header_is_not_exist(header::CONTENT_ENCODING);
    let plain = plain.0.into_body().into_string().await.expect("plain");
    assert!(plain.starts_with("console.log(\"Привет, школа\");"), "{plain}");
    let gz = client()
        .get("/assets/app-3f9a1c.js")
        .header(header::ACCEPT_ENCODING, "gzip, deflate, br")
        .send()
        .await;
    gz.assert_header(header::CONTENT_ENCODING, "gzip");
    gz.assert_header(header::VARY, "Accept-Encoding");
    let gz = gz.0.into_body().into_bytes().await.expect("gz");
    assert!(gz.len() < plain.len() / 4, "{} vs {}", gz.len(), plain.len());
    assert_eq!(gzip::unzipped(&gz), plain.as_bytes());
    let png = client()
        .get("/favicon.png")
        .header(header::ACCEPT_ENCODING, "gzip, br")
        .send()
        .await;
    png.assert_status_is_ok();
    png.assert_header_is_not_exist(header::CONTENT_ENCODING);
}

#[tokio::test]
async fn a_missing_file_is_404_and_head_has_no_body() {
    client()
        .get("/assets/gone-123.js")
        .send()
        .await
        .assert_status(StatusCode::NOT_FOUND);
    client()
        .get("/robots.txt")
        .send()
        .await
        .assert_status(StatusCode::NOT_FOUND);
    let head = client().head("/").send().await;
    head.assert_status_is_ok();
    assert!(head.0.into_body().into_bytes().await.expect("body").is_empty());
    client()
        .post("/")
        .send()
        .await
        .assert_status(StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn without_a_ui_build_the_root_explains_in_russian() {
    let bare = TestClient::new(SpaEndpoint { files: |_| None });
    let response = bare.get("/").send().await;
    response.assert_status(StatusCode::SERVICE_UNAVAILABLE);
    assert!(
        response
            .0
            .into_body()
            .into_string()
            .await
            .expect("body")
            .contains("Интерфейс не собран")
    );
    assert_eq!(SpaEndpoint { files: |_| None }.build_id(), "dev");
    assert_eq!(SpaEndpoint { files: Fixture::get }.build_id(), "fixture-build-1");
}
