//! The domain's record ids as the API reads and writes them: plain non-negative numbers
//! (`integer`, `uint64`, `minimum: 0`), parsed from JSON and from the address like `u64`.
//! One macro line per id type; `domain` itself stays free of poem-openapi.

use crate::domain::{TagId, UserId};
use poem_openapi::registry::{MetaSchema, MetaSchemaRef};
use poem_openapi::types::{ParseError, ParseFromJSON, ParseFromParameter, ParseResult, ToJSON, Type};
use serde_json::Value;
use std::borrow::Cow;

/// The schema of every id: a `uint64` that says it is never negative.
fn id_schema() -> MetaSchemaRef {
    let mut schema = MetaSchema::new_with_format("integer", "uint64");
    schema.minimum = Some(0.0);
    MetaSchemaRef::Inline(Box::new(schema))
}

/// The poem-openapi traits of an id newtype over `u64` (`struct XId(pub u64)`).
macro_rules! api_ids {
    ($($id:ident),* $(,)?) => {$(
        impl Type for $id {
            const IS_REQUIRED: bool = true;
            type RawValueType = Self;
            type RawElementValueType = Self;

            // The name of `u64`, which the Russian parse messages (`rejection.rs`) read.
            fn name() -> Cow<'static, str> {
                <u64 as Type>::name()
            }

            fn schema_ref() -> MetaSchemaRef {
                id_schema()
            }

            fn as_raw_value(&self) -> Option<&Self::RawValueType> {
                Some(self)
            }

            fn raw_element_iter<'a>(&'a self) -> Box<dyn Iterator<Item = &'a Self::RawElementValueType> + 'a> {
                Box::new(self.as_raw_value().into_iter())
            }
        }

        impl ParseFromJSON for $id {
            fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
                u64::parse_from_json(value).map($id).map_err(ParseError::propagate)
            }
        }

        impl ParseFromParameter for $id {
            fn parse_from_parameter(value: &str) -> ParseResult<Self> {
                u64::parse_from_parameter(value).map($id).map_err(ParseError::propagate)
            }
        }

        impl ToJSON for $id {
            fn to_json(&self) -> Option<Value> {
                self.0.to_json()
            }
        }
    )*};
}

api_ids!(UserId, TagId);
