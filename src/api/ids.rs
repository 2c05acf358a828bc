//! The OpenAPI half of the record ids (`domain::id`): each id is an `integer` (`uint64`,
//! `minimum: 1`) in a schema, a plain number in JSON, and a number in a path or query.

use crate::domain::{
    ActivityId, BoardId, CourseId, EnrolmentId, EntryId, EventId, FileId, GroupId, LessonId, MailId, MarkId,
    NotificationId, PackageId, SubjectId, TagId, TaskId, UserId,
};
use poem_openapi::registry::{MetaSchema, MetaSchemaRef};
use poem_openapi::types::{ParseError, ParseFromJSON, ParseFromParameter, ParseResult, ToJSON, Type};
use serde_json::Value;
use std::borrow::Cow;

/// The schema of every id.
fn id_schema() -> MetaSchemaRef {
    MetaSchemaRef::Inline(Box::new(MetaSchema {
        minimum: Some(1.0),
        ..MetaSchema::new_with_format("integer", "uint64")
    }))
}

/// An id from its number: ids start at 1.
fn id_from(number: u64) -> ParseResult<u64> {
    if number == 0 {
        return Err(ParseError::custom("Номер записи начинается с 1"));
    }
    Ok(number)
}

/// Implements the OpenAPI traits for id newtypes made by `ids!`; a new area adds its id here.
macro_rules! openapi_ids {
    ($($name:ident),*) => {$(
        impl Type for $name {
            const IS_REQUIRED: bool = true;
            type RawValueType = Self;
            type RawElementValueType = Self;

            fn name() -> Cow<'static, str> {
                "integer(uint64)".into()
            }

            fn schema_ref() -> MetaSchemaRef {
                id_schema()
            }

            fn as_raw_value(&self) -> Option<&Self> {
                Some(self)
            }

            fn raw_element_iter<'a>(&'a self) -> Box<dyn Iterator<Item = &'a Self> + 'a> {
                Box::new(self.as_raw_value().into_iter())
            }
        }

        impl ParseFromJSON for $name {
            fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
                u64::parse_from_json(value).and_then(id_from).map(Self).map_err(ParseError::propagate)
            }
        }

        impl ParseFromParameter for $name {
            fn parse_from_parameter(value: &str) -> ParseResult<Self> {
                u64::parse_from_parameter(value).and_then(id_from).map(Self).map_err(ParseError::propagate)
            }
        }

        impl ToJSON for $name {
            fn to_json(&self) -> Option<Value> {
                self.0.to_json()
            }
        }
    )*};
}

openapi_ids!(
    UserId,
    TagId,
    FileId,
    MailId,
    NotificationId,
    ActivityId,
    SubjectId,
    CourseId,
    EnrolmentId,
    GroupId,
    LessonId,
    MarkId,
    EntryId,
    PackageId,
    TaskId,
    BoardId,
    EventId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_a_positive_uint64_in_the_document_and_a_number_in_json() {
        let MetaSchemaRef::Inline(schema) = TagId::schema_ref() else {
            panic!("inline schema");
        };
        assert_eq!(
            (schema.ty, schema.format, schema.minimum),
            ("integer", Some("uint64"), Some(1.0))
        );
        assert_eq!(UserId(7).to_json(), Some(serde_json::json!(7)));
        assert_eq!(
            FileId::parse_from_json(Some(serde_json::json!(3))).ok(),
            Some(FileId(3))
        );
        assert_eq!(MailId::parse_from_parameter("12").ok(), Some(MailId(12)));
        assert!(NotificationId::parse_from_parameter("0").is_err());
        assert!(ActivityId::parse_from_parameter("abc").is_err());
        assert!(UserId::parse_from_json(Some(serde_json::json!(-1))).is_err());
    }
}
