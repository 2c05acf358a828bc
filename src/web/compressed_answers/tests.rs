//! Long kept answers go compressed, made once for a buffer; short ones, those not kept and
//! those to a client without gzip go as they are.

use super::*;
use poem::test::TestClient;
use poem::{EndpointExt, handler};
use std::io::Read;

/// A kept answer: one buffer sent again and again.
fn kept() -> Bytes {
    static TEXT: std::sync::LazyLock<Bytes> = std::sync::LazyLock::new(|| {
        Bytes::from(format!("[{}]", r#"{"title":"Проверить тетради"},"#.repeat(400) + "{}"))
    });
    TEXT.clone()
}

#[handler]
fn answer(path: poem::web::Path<String>) -> Response {
    let (text, marked) = match path.0.as_str() {
        "kept" => (kept(), true),
        "fresh" => (Bytes::from(kept().to_vec()), false),
        _ => (Bytes::from_static(br#"{"short":true}"#), true),
    };
    let text_len = text.len();
    let mut response = Response::builder()
        .content_type("application/json; charset=utf-8")
        .body(text);
    if marked {
        response.extensions_mut().insert(KeptAnswer(text_len));
    }
    response
}

fn client() -> TestClient<impl Endpoint> {
    let answers = Arc::new(CompressedAnswers::default());
    let app = poem::Route::new()
        .at("/:what", answer)
        .around(move |next, req| compress_long_answers(next, req, answers.clone()));
    TestClient::new(app)
}

/// The encoding and the body of `/what`, asked with or without `Accept-Encoding: gzip`.
async fn fetch(client: &TestClient<impl Endpoint>, what: &str, gzip: bool) -> (Option<String>, Vec<u8>, bool) {
    let mut request = client.get(format!("/{what}"));
    if gzip {
        request = request.header(header::ACCEPT_ENCODING, "gzip, deflate, br");
    }
    let response = request.send().await;
    response.assert_status_is_ok();
    let headers = response.0.headers();
    let varies = headers.get(header::VARY).is_some_and(|v| v == "accept-encoding");
    let encoding = headers
        .get(header::CONTENT_ENCODING)
        .map(|v| v.to_str().expect("ascii").to_owned());
    (encoding, response.0.into_body().into_vec().await.expect("body"), varies)
}

#[tokio::test]
async fn a_long_kept_answer_goes_compressed_to_a_client_that_takes_gzip() {
    let client = client();
    for _ in 0..2 {
        let (encoding, body, varies) = fetch(&client, "kept", true).await;
        assert_eq!(encoding.as_deref(), Some("gzip"));
        assert!(varies);
        assert!(body.len() < kept().len() / 10, "{} bytes", body.len());
        let mut unzipped = Vec::new();
        flate2::read::GzDecoder::new(body.as_slice())
            .read_to_end(&mut unzipped)
            .expect("gzip");
        assert_eq!(unzipped, kept().as_ref());
    }
    let (encoding, body, varies) = fetch(&client, "kept", false).await;
    assert_eq!(
        (encoding, body.as_slice(), varies),
        (None, kept().as_ref(), true),
        "not to a client without gzip"
    );
}

#[test]
fn a_buffer_is_compressed_once_and_its_copy_kept_until_newer_ones_push_it_out() {
    let answers = CompressedAnswers::default();
    let text = kept();
    let first = answers.of(&text).expect("compressed");
    assert!(
        same_buffer(&first, &answers.of(&text.clone()).expect("kept")),
        "the kept copy"
    );
    let equal_elsewhere = Bytes::from(text.to_vec());
    assert!(
        !same_buffer(&first, &answers.of(&equal_elsewhere).expect("compressed")),
        "another buffer: its own"
    );
    for n in 0..KEPT {
        answers
            .of(&Bytes::from(format!("{n}").repeat(SHORTEST)))
            .expect("compressed");
    }
    assert!(
        !same_buffer(&first, &answers.of(&text).expect("compressed again")),
        "pushed out"
    );
    assert_eq!(answers.copies.lock().expect("lock").len(), KEPT);

    // Big texts push older ones out before their bytes pass the limit; one alone is kept.
    let big = |fill: char| Bytes::from(fill.to_string().repeat(KEPT_BYTES / 3));
    let (a, b, c) = (big('а'), big('б'), big('в'));
    for text in [&a, &b, &c] {
        answers.of(text).expect("compressed");
    }
    let copies = answers.copies.lock().expect("lock");
    assert!(copies.iter().map(|(t, c)| t.len() + c.len()).sum::<usize>() <= KEPT_BYTES);
    assert!(copies.iter().any(|(t, _)| same_buffer(t, &c)), "the newest stays");
    assert!(!copies.iter().any(|(t, _)| same_buffer(t, &a)), "the oldest went");
}

#[tokio::test]
async fn answers_not_kept_or_short_go_as_they_are() {
    let client = client();
    for what in ["fresh", "short"] {
        let (encoding, body, varies) = fetch(&client, what, true).await;
        assert_eq!((encoding, varies), (None, false), "{what}");
        assert!(!body.is_empty());
    }
}
