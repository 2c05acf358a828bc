//! Requests the framework could not read, answered in Russian without parser internals: a
//! malformed id in the address is 404, a body that is not JSON 400, JSON of the wrong shape 422
//! (on its field, when the API's schemas tell which), a query value of the wrong form 422 on its
//! parameter.

mod body_field;

use crate::error::ErrorBody;
use body_field::Schemas;
use poem::http::StatusCode;
use poem_openapi::error::{ParseMultipartError, ParseParamError, ParsePathError, ParseRequestPayloadError};
use std::collections::BTreeMap;
use std::sync::LazyLock;

/// The API's body schemas, read the first time a body is refused.
static SCHEMAS: LazyLock<Schemas> = LazyLock::new(|| Schemas::from_registry(crate::api::schemas()));

/// The message of a body that is not JSON at all.
pub const NOT_JSON: &str = "Тело запроса не является корректным JSON";

/// The answer to `err` when it is a request poem or poem-openapi could not read.
pub fn answer(err: &poem::Error) -> Option<(StatusCode, ErrorBody)> {
    if err.is::<ParsePathError>() {
        // `/api/users/abc`, `/api/users/-1`, an id past u64: the address names no record.
        return Some((StatusCode::NOT_FOUND, plain("Не найдено")));
    }
    if let Some(param) = err.downcast_ref::<ParseParamError>() {
        let field = param.name.trim_end_matches("[]").to_owned();
        let message = format!("Недопустимое значение параметра «{}»", param.name);
        let body = ErrorBody {
            message: message.clone(),
            errors: Some(BTreeMap::from([(field, vec![message])])),
            error_id: None,
        };
        return Some((StatusCode::UNPROCESSABLE_ENTITY, body));
    }
    if let Some(payload) = err.downcast_ref::<ParseRequestPayloadError>() {
        return Some(payload_answer(&payload.reason, &SCHEMAS));
    }
    if err.is::<ParseMultipartError>() {
        let message = "Тело запроса не является корректной формой multipart/form-data";
        return Some((StatusCode::BAD_REQUEST, plain(message)));
    }
    None
}

fn plain(message: &str) -> ErrorBody {
    ErrorBody {
        message: message.to_owned(),
        errors: None,
        error_id: None,
    }
}

/// poem-openapi reads a JSON body in two steps: text to JSON (serde_json's message, which
/// ends with the position), then JSON to the operation's type (its own message, which
/// starts with "Expected input type" or "failed to parse" and names the expected type). The
/// second is a 422 on the field it is about when `schemas` tell which (an unknown value of a
/// list of values names the values allowed).
fn payload_answer(reason: &str, schemas: &Schemas) -> (StatusCode, ErrorBody) {
    if expected_type(reason).is_none() {
        return (StatusCode::BAD_REQUEST, plain(&not_json(reason)));
    }
    let top_level = !reason.contains("(occurred while parsing");
    // Refused in an item of a list: the item's own refusal says what was expected.
    let (field, reason) = schemas.path_of(reason);
    let expected = expected_type(reason).unwrap_or_default();
    let missing = reason.contains(", found null.");
    let what = expected_in_russian(expected);
    let message = match (missing, top_level, &field) {
        (false, _, Some((_, allowed))) if !allowed.is_empty() => {
            let found = body_field::found_text(reason)
                .map(|text| format!(" «{text}»"))
                .unwrap_or_default();
            format!("Недопустимое значение{found}: допустимы {}", allowed.join(", "))
        }
        (true, true, _) => format!("Тело запроса пустое: ожидается {what}"),
        (true, false, _) => format!("Не хватает обязательного значения: ожидается {what}"),
        (false, _, _) => format!("Значение неверного типа: ожидается {what}"),
    };
    let errors = field.map(|(field, _)| BTreeMap::from([(field, vec![message.clone()])]));
    let body = ErrorBody {
        message,
        errors,
        error_id: None,
    };
    (StatusCode::UNPROCESSABLE_ENTITY, body)
}

/// The type poem-openapi's refusal `reason` says it expected, if it is one of its own.
fn expected_type(reason: &str) -> Option<&str> {
    reason
        .strip_prefix("Expected input type \"")
        .or_else(|| reason.strip_prefix("failed to parse \""))
        .and_then(|rest| rest.split_once('"'))
        .map(|(expected, _)| expected)
}

/// «Тело запроса не является корректным JSON (строка 1, столбец 5)» from serde_json's
/// "… at line 1 column 5".
fn not_json(reason: &str) -> String {
    let position = reason.rsplit_once(" at line ").and_then(|(_, at)| {
        let (line, column) = at.split_once(" column ")?;
        Some((line.parse::<u64>().ok()?, column.trim().parse::<u64>().ok()?))
    });
    match position {
        Some((line, column)) => format!("{NOT_JSON} (строка {line}, столбец {column})"),
        None => NOT_JSON.to_owned(),
    }
}

/// poem-openapi's name of a type (`optional_string`, `list_integer(uint64)`, `PersonBody` …) as
/// what a person is told to send.
fn expected_in_russian(name: &str) -> &'static str {
    let name = name.strip_prefix("optional_").unwrap_or(name);
    if name.starts_with("list_") {
        "список"
    } else if name == "string" || name.starts_with("string(") {
        "строка"
    } else if name.starts_with("integer(uint") {
        "целое неотрицательное число"
    } else if name.starts_with("integer") {
        "целое число"
    } else if name.starts_with("number") {
        "число"
    } else if name == "boolean" {
        "true или false"
    } else {
        "объект JSON"
    }
}

#[cfg(test)]
mod tests {
    use poem::test::TestClient;
    use poem_openapi::payload::Json;
    use poem_openapi::{Object, OpenApi, OpenApiService};

    #[derive(Object)]
    struct Body {
        name: Option<String>,
        ids: Vec<u64>,
    }

    struct Probe;

    #[OpenApi]
    impl Probe {
        #[oai(path = "/probe/:id", method = "post")]
        async fn probe(&self, id: poem_openapi::param::Path<u64>, body: Json<Body>) -> Json<u64> {
            Json(id.0 + body.0.ids.len() as u64 + body.0.name.map_or(0, |n| n.len() as u64))
        }
    }

    /// What a request with this path and body answers, as the portal renders errors.
    async fn answered(path: &str, body: &str) -> (u16, String) {
        let service = poem::IntoEndpoint::into_endpoint(OpenApiService::new(Probe, "probe", "1"));
        let app = poem::EndpointExt::catch_all_error(service, |err| async move { crate::error::render(err) });
        let response = TestClient::new(app)
            .post(path)
            .content_type("application/json")
            .body(body.to_owned())
            .send()
            .await;
        let status = response.0.status().as_u16();
        let body: serde_json::Value = response.0.into_body().into_json().await.expect("json");
        (status, body["message"].as_str().unwrap_or_default().to_owned())
    }

    // Pins poem-openapi's messages, which the mapping reads: an upgrade that changes them fails here.
    #[tokio::test]
    async fn the_framework_s_refusals_come_back_in_russian() {
        let cases = [
            ("/probe/abc", r#"{"ids":[]}"#, 404, "Не найдено"),
            ("/probe/18446744073709551616", r#"{"ids":[]}"#, 404, "Не найдено"),
            (
                "/probe/1",
                "{",
                400,
                "Тело запроса не является корректным JSON (строка 1, столбец 1)",
            ),
            ("/probe/1", "", 422, "Тело запроса пустое: ожидается объект JSON"),
            ("/probe/1", "[1]", 422, "Значение неверного типа: ожидается объект JSON"),
            (
                "/probe/1",
                r#"{"ids":"x"}"#,
                422,
                "Значение неверного типа: ожидается список",
            ),
            (
                "/probe/1",
                r#"{}"#,
                422,
                "Не хватает обязательного значения: ожидается список",
            ),
            (
                "/probe/1",
                r#"{"ids":[-1]}"#,
                422,
                "Значение неверного типа: ожидается целое неотрицательное число",
            ),
            (
                "/probe/1",
                r#"{"ids":[],"name":[1]}"#,
                422,
                "Значение неверного типа: ожидается строка",
            ),
            ("/probe/1", r#"{"ids":[2],"name":"ab"}"#, 200, ""),
        ];
        for (path, body, status, message) in cases {
            assert_eq!(
                answered(path, body).await,
                (status, message.to_owned()),
                "{path} {body}"
            );
        }
    }
}
