//! The `meta` of a paged answer (Laravel's paginator fields, which clients expect).

use crate::domain::Page;
use poem_openapi::Object;

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
