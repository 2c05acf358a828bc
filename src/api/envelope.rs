//! The two envelopes every answer comes in, declared once: `{data}` and `{data: [...], meta}`.
//! Their OpenAPI names are derived from what they carry (`Data_TagView`, `Paged_UserView_PageMeta`).

use super::paging::PageMeta;
use poem_openapi::Object;
use poem_openapi::types::{ParseFromJSON, ToJSON};

/// `{data: T}`: one record, a list, or a report.
#[derive(Debug, Object, serde::Serialize)]
pub struct Data<T: ParseFromJSON + ToJSON> {
    pub data: T,
}

impl<T: ParseFromJSON + ToJSON> Data<T> {
    /// `{data: value}` as a JSON answer.
    pub fn json(data: T) -> poem_openapi::payload::Json<Self> {
        poem_openapi::payload::Json(Self { data })
    }
}

/// `{data: [T…], meta}`: one page of a list, `meta` saying where the page stands (`PageMeta`, or
/// an area's own meta that flattens `PageMeta` in); or a whole list with its own `meta`.
#[derive(Debug, Object, serde::Serialize)]
pub struct Paged<T: ParseFromJSON + ToJSON, M: ParseFromJSON + ToJSON = PageMeta> {
    pub data: Vec<T>,
    pub meta: M,
}
