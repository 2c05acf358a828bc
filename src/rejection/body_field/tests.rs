//! The field is found from poem-openapi's own messages, made here by parsing bodies.

use super::*;
use poem_openapi::types::{ParseFromJSON, Type};
use poem_openapi::{Enum, Object};
use serde_json::json;

#[derive(Debug, Enum)]
#[oai(rename_all = "snake_case")]
enum Way {
    Cash,
    Card,
}

#[derive(Debug, Object)]
struct Inner {
    way: Way,
}

#[derive(Debug, Object)]
struct Paid {
    student_id: u64,
    amount: i64,
    method: Option<Way>,
    ids: Vec<u64>,
    note: Option<String>,
    reason: String,
    inner: Option<Inner>,
}

/// What poem-openapi says of `body` as a `Paid`.
fn refusal(body: serde_json::Value) -> String {
    Paid::parse_from_json(Some(body)).expect_err("refused").into_message()
}

fn schemas() -> Schemas {
    let mut registry = Registry::new();
    Paid::register(&mut registry);
    Schemas::from_registry(registry)
}

#[test]
fn the_field_is_the_one_of_the_expected_type() {
    let schemas = schemas();
    let base = json!({"student_id": 1, "amount": 5, "ids": [], "reason": "x"});
    let body_with = |field: &str, value: serde_json::Value| {
        let mut body = base.clone();
        body[field] = value;
        body
    };
    let with = |field: &str, value| schemas.field_of(&refusal(body_with(field, value)));
    let cash_card = vec!["cash".to_owned(), "card".to_owned()];
    assert_eq!(with("method", json!("bitcoin")), Some(("method", cash_card.clone())));
    assert_eq!(with("amount", json!(12.5)), Some(("amount", vec![])));
    assert_eq!(with("student_id", json!(-1)), Some(("student_id", vec![])));
    assert_eq!(with("ids", json!(["a"])), Some(("ids", vec![])), "an item of a list");
    assert_eq!(with("ids", json!("a")), Some(("ids", vec![])), "the list itself");
    assert_eq!(
        with("inner", json!({"way": "x"})),
        Some(("way", cash_card)),
        "the innermost object's field"
    );
    let mut missing = base.clone();
    missing.as_object_mut().expect("object").remove("amount");
    assert_eq!(schemas.field_of(&refusal(missing)), Some(("amount", vec![])));
    assert_eq!(
        with("reason", json!([1])),
        None,
        "two fields are strings: which is not known"
    );
    let mut no_reason = base.clone();
    no_reason.as_object_mut().expect("object").remove("reason");
    assert_eq!(
        schemas.field_of(&refusal(no_reason)),
        Some(("reason", vec![])),
        "of the two strings only the required one can be missing"
    );
    assert_eq!(
        schemas.field_of("Expected input type \"Paid\", found 1."),
        None,
        "the body itself"
    );
    assert_eq!(
        found_text(&refusal(body_with("method", json!("bitcoin")))),
        Some("bitcoin")
    );
    assert_eq!(found_text(&refusal(body_with("method", json!(5)))), None);
}

#[derive(Debug, Object)]
struct Lines {
    lines: crate::api::items::Items<Inner>,
}

#[test]
fn an_item_of_a_list_is_named_with_its_position() {
    let mut registry = Registry::new();
    Lines::register(&mut registry);
    let schemas = Schemas::from_registry(registry);
    let refused = |body| Lines::parse_from_json(Some(body)).expect_err("refused").into_message();
    let reason = refused(json!({"lines": [{"way": "cash"}, {"way": "〕x〔"}]}));
    let (field, innermost) = schemas.path_of(&reason);
    let cash_card = vec!["cash".to_owned(), "card".to_owned()];
    assert_eq!(field, Some(("lines[1].way".to_owned(), cash_card)), "{reason}");
    assert_eq!(found_text(innermost), Some("〕x〔"));
    let reason = refused(json!({"lines": [5]}));
    assert_eq!(
        schemas.path_of(&reason).0,
        Some(("lines[0]".to_owned(), vec![])),
        "the item itself"
    );
}
