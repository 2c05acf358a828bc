//! A list in a request body whose refusal names the item: poem-openapi's own list tells which
//! type it could not read but not where, so a 422 could say «kind» but not «marks[2].kind».

use poem_openapi::registry::{MetaSchemaRef, Registry};
use poem_openapi::types::{ParseError, ParseFromJSON, ParseResult, ToJSON, Type};
use serde_json::Value;
use std::borrow::Cow;

/// A body's list of `T`: read and described as poem-openapi's `Vec<T>` (same name, same
/// schema), refused as «failed to parse "list_T": item 2 of 〔the item's refusal〕», which
/// `crate::rejection` turns into a 422 on «field[2].…».
#[derive(Debug)]
pub struct Items<T>(pub Vec<T>);

impl<T: Type> Type for Items<T> {
    const IS_REQUIRED: bool = true;

    type RawValueType = Self;

    type RawElementValueType = T::RawValueType;

    fn name() -> Cow<'static, str> {
        Vec::<T>::name()
    }

    fn schema_ref() -> MetaSchemaRef {
        Vec::<T>::schema_ref()
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
    }

    fn as_raw_value(&self) -> Option<&Self::RawValueType> {
        Some(self)
    }

    fn raw_element_iter<'a>(&'a self) -> Box<dyn Iterator<Item = &'a Self::RawElementValueType> + 'a> {
        Box::new(self.0.iter().filter_map(|item| item.as_raw_value()))
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<T: ParseFromJSON> ParseFromJSON for Items<T> {
    /// Each item as `T`; the first that is not one refuses the list with its position.
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        match value.unwrap_or_default() {
            Value::Array(values) => values
                .into_iter()
                .enumerate()
                .map(|(i, value)| {
                    T::parse_from_json(Some(value))
                        .map_err(|e| ParseError::custom(format!("item {i} of 〔{}〕", e.into_message())))
                })
                .collect::<Result<_, _>>()
                .map(Items),
            other => Err(ParseError::expected_type(other)),
        }
    }
}

impl<T: ToJSON> ToJSON for Items<T> {
    /// As the `Vec<T>` it holds.
    fn to_json(&self) -> Option<Value> {
        self.0.to_json()
    }
}
