//! `{message}`: the answer of an operation that only reports.

use poem_openapi::Object;
use poem_openapi::payload::Json;

/// A human-readable report, in Russian.
#[derive(Debug, Object)]
pub struct Message {
    pub message: String,
}

/// `{message}` as a JSON answer.
pub fn message(text: impl Into<String>) -> Json<Message> {
    Json(Message { message: text.into() })
}
