//! A JSON answer assembled ahead as text, documented in OpenAPI as the type whose shape it has.

use bytes::Bytes;
use poem::{IntoResponse, Response};
use poem_openapi::ApiResponse;
use poem_openapi::payload::{Json, Payload};
use poem_openapi::registry::{MetaResponses, MetaSchemaRef, Registry};
use poem_openapi::types::{ToJSON, Type};
use std::marker::PhantomData;

/// JSON text with the shape of `T`: the OpenAPI document shows exactly what `Json<T>` would,
/// and the text is sent as it is. For answers put together from pieces rendered earlier; the
/// code that writes the text keeps it in the shape of `T` (a test should compare the two).
#[derive(Debug)]
pub struct JsonText<T> {
    text: Bytes,
    /// A kept text: sent again and again, so worth sending compressed (`web::KeptAnswer`).
    kept: bool,
    shape: PhantomData<fn() -> T>,
}

impl<T> JsonText<T> {
    /// `text`, which must be JSON of the shape of `T` (sent without a copy).
    pub fn new(text: impl Into<Bytes>) -> Self {
        Self {
            text: text.into(),
            kept: false,
            shape: PhantomData,
        }
    }

    /// `text`, kept (`service::kept_texts`) and sent to other requests too: a long one goes
    /// compressed to a client that takes gzip (`web::compress_long_answers`).
    pub fn kept(text: Bytes) -> Self {
        Self {
            kept: true,
            ..Self::new(text)
        }
    }
}

impl<T> JsonText<T> {
    /// The text, to keep (and send again with `new`).
    pub fn into_text(self) -> Bytes {
        self.text
    }
}

impl<T: serde::Serialize> JsonText<T> {
    /// `value` written straight to JSON text by serde, without the `serde_json::Value` tree that
    /// `Json<T>` builds first: for long answers. `T`'s serde and OpenAPI names must agree (a
    /// test should compare the two).
    pub fn serialized(value: &T) -> Result<Self, serde_json::Error> {
        Ok(Self::new(serde_json::to_string(value)?))
    }
}

impl<T: Type> Payload for JsonText<T> {
    const CONTENT_TYPE: &'static str = Json::<T>::CONTENT_TYPE;

    fn check_content_type(content_type: &str) -> bool {
        Json::<T>::check_content_type(content_type)
    }

    fn schema_ref() -> MetaSchemaRef {
        Json::<T>::schema_ref()
    }

    fn register(registry: &mut Registry) {
        <Json<T> as Payload>::register(registry);
    }
}

impl<T: Type> IntoResponse for JsonText<T> {
    fn into_response(self) -> Response {
        let length = self.text.len();
        let mut response = Response::builder().content_type(Self::CONTENT_TYPE).body(self.text);
        if self.kept {
            response.extensions_mut().insert(crate::web::KeptAnswer(length));
        }
        response
    }
}

impl<T: ToJSON> ApiResponse for JsonText<T> {
    fn meta() -> MetaResponses {
        <Json<T> as ApiResponse>::meta()
    }

    fn register(registry: &mut Registry) {
        <Json<T> as ApiResponse>::register(registry);
    }
}

/// Asserts that `value()` written by serde (`JsonText::serialized`) is, once parsed, the same
/// JSON as `Json(value())` sends: the same names, nulls and numbers.
#[cfg(test)]
pub async fn assert_serde_agrees<T: serde::Serialize + ToJSON>(value: impl Fn() -> T) {
    let text = JsonText::serialized(&value()).expect("text");
    assert_eq!(parsed(text).await, parsed(Json(value())).await);
}

/// The JSON an answer's body holds, parsed: answers compared by value, whatever the order of
/// their keys.
#[cfg(test)]
pub async fn parsed(response: impl IntoResponse) -> serde_json::Value {
    let text = response.into_response().into_body().into_string().await.expect("body");
    serde_json::from_str(&text).expect("JSON")
}
