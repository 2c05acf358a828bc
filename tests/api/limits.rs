//! The request body limit: 413 with a Russian message, by length or while streaming.

use crate::helpers::spawn_app;
use serde_json::Value;

const ELEVEN_MIB: usize = 11 * 1024 * 1024;

#[tokio::test]
async fn a_body_over_the_limit_is_413_by_content_length() {
    let app = spawn_app().await;
    let response = reqwest::Client::new()
        .post(app.url("/api/health"))
        .body(vec![b'x'; ELEVEN_MIB])
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), 413);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["message"], "Слишком большой запрос: не более 10 МиБ");
}

#[tokio::test]
async fn a_chunked_body_over_the_limit_is_413() {
    let app = spawn_app().await;
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> = (0..11).map(|_| Ok(vec![b'x'; 1024 * 1024])).collect();
    let body = reqwest::Body::wrap_stream(futures_util::stream::iter(chunks));
    let response = reqwest::Client::new()
        .post(app.url("/api/health"))
        .body(body)
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), 413);
}

#[tokio::test]
async fn the_server_keeps_serving_after_refusing() {
    let app = spawn_app().await;
    let _ = reqwest::Client::new()
        .post(app.url("/api/health"))
        .body(vec![b'x'; ELEVEN_MIB])
        .send()
        .await;
    let response = reqwest::Client::new()
        .get(app.url("/api/health"))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), 200);
}
