//! Paged lists: the `meta` of a paged answer (Laravel's paginator fields, which clients
//! expect), the page itself, and the archive filter lists share.

use super::envelope::Paged;
use super::json_text::JsonText;
use crate::domain::Page;
use crate::domain::catalog::Archived;
use crate::error::ApiError;
use poem_openapi::Object;
use poem_openapi::payload::Json;
use poem_openapi::types::{ParseFromJSON, ToJSON};

/// Where this page stands in the whole list.
#[derive(Debug, Object, serde::Serialize)]
pub struct PageMeta {
    pub current_page: u32,
    pub last_page: u32,
    pub per_page: u32,
    pub total: u64,
    /// 1-based number of the first row on this page (null when the page is empty).
    #[oai(nullable)]
    pub from: Option<u64>,
    /// 1-based number of the last row on this page (null when the page is empty).
    #[oai(nullable)]
    pub to: Option<u64>,
}

impl PageMeta {
    /// The meta of a page of results.
    pub fn of<T>(page: &Page<T>) -> Self {
        let first = page.request.offset() as u64 + 1;
        let count = page.items.len() as u64;
        Self {
            current_page: page.request.page,
            last_page: page.last_page(),
            per_page: page.request.per_page,
            total: page.total,
            from: (count > 0).then_some(first),
            to: (count > 0).then_some(first + count - 1),
        }
    }
}

/// A list's `archived` (or, for people, `trashed`) filter as the address sends it: left out or
/// empty shows only the records in use, `with` all of them, `only` the archived ones alone.
pub fn with_or_only(raw: Option<&str>) -> Result<Archived, &'static str> {
    match raw {
        None | Some("") => Ok(Archived::Without),
        Some("with") => Ok(Archived::With),
        Some("only") => Ok(Archived::Only),
        Some(_) => Err("Допустимо: with или only"),
    }
}

/// One page of a list, each record shown by `view`, with its `meta`.
fn page_of<R, V: ParseFromJSON + ToJSON>(found: Page<R>, view: impl FnMut(R) -> V) -> Paged<V> {
    let meta = PageMeta::of(&found);
    Paged {
        data: found.items.into_iter().map(view).collect(),
        meta,
    }
}

/// One page of a list as JSON, each record shown by `view`, with its `meta`.
pub fn paged<R, V: ParseFromJSON + ToJSON>(found: Page<R>, view: impl FnMut(R) -> V) -> Json<Paged<V>> {
    Json(page_of(found, view))
}

/// A page of `found` as JSON text of the shape `Paged<V>`: `row` writes each record's object
/// (from pieces rendered earlier), then the page's `meta` follows.
pub fn paged_pieces<R, V: ParseFromJSON + ToJSON>(
    found: &Page<R>,
    row_bytes: usize,
    mut row: impl FnMut(&R, &mut String),
) -> JsonText<Paged<V>> {
    let mut text = String::with_capacity(64 + row_bytes * found.items.len());
    text.push_str(r#"{"data":["#);
    for (i, item) in found.items.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        row(item, &mut text);
    }
    text.push_str(r#"],"meta":"#);
    // Numbers and nulls alone: serde cannot fail on them.
    text.push_str(&serde_json::to_string(&PageMeta::of(found)).unwrap_or_default());
    text.push('}');
    JsonText::new(text)
}

/// The same as `paged`, written straight to JSON text by serde (no `serde_json::Value` per
/// record): for lists read often or long. `V`'s serde and OpenAPI names must agree.
pub fn paged_text<R, V>(found: Page<R>, view: impl FnMut(R) -> V) -> Result<JsonText<Paged<V>>, ApiError>
where
    V: ParseFromJSON + ToJSON + serde::Serialize,
{
    JsonText::serialized(&page_of(found, view)).map_err(ApiError::internal)
}
