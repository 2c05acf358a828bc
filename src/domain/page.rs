//! Paging of lists: what page a client asks for, and one page of results.

/// Rows per page when the client does not say.
pub const DEFAULT_PER_PAGE: u32 = 25;
/// Most rows one page may hold.
pub const MAX_PER_PAGE: u32 = 100;

/// A requested page, 1-based, with its size clamped to 1..=MAX_PER_PAGE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageRequest {
    pub page: u32,
    pub per_page: u32,
}

impl PageRequest {
    /// Clamps what a client sent (missing values take the defaults).
    pub fn new(page: Option<u32>, per_page: Option<u32>) -> Self {
        Self {
            page: page.unwrap_or(1).max(1),
            per_page: per_page.unwrap_or(DEFAULT_PER_PAGE).clamp(1, MAX_PER_PAGE),
        }
    }

    /// How many rows come before this page.
    pub fn offset(&self) -> usize {
        (self.page as usize - 1) * self.per_page as usize
    }

    /// Cuts this page out of an iterator of every matching row, counting them all (for an
    /// exact-size iterator such as a `Vec`'s, the rows after the page are counted, not visited).
    pub fn slice<T>(&self, rows: impl Iterator<Item = T>) -> Page<T> {
        let mut rows = rows.fuse();
        let before = rows.by_ref().take(self.offset()).count();
        let items: Vec<T> = rows.by_ref().take(self.per_page as usize).collect();
        let after = rows.count();
        Page {
            total: (before + items.len() + after) as u64,
            items,
            request: *self,
        }
    }
}

impl Default for PageRequest {
    fn default() -> Self {
        Self::new(None, None)
    }
}

/// One page of results and the count of all of them.
#[derive(Clone, Debug, PartialEq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total: u64,
    pub request: PageRequest,
}

impl<T> Page<T> {
    /// The number of the last page (1 when there are no rows).
    pub fn last_page(&self) -> u32 {
        let pages = self.total.div_ceil(u64::from(self.request.per_page)).max(1);
        u32::try_from(pages).unwrap_or(u32::MAX)
    }

    /// The same page with each row converted.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page {
            items: self.items.into_iter().map(f).collect(),
            total: self.total,
            request: self.request,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_and_counts() {
        let page = PageRequest::new(Some(2), Some(3)).slice(1..=8);
        assert_eq!(page.items, vec![4, 5, 6]);
        assert_eq!((page.total, page.last_page()), (8, 3));
        let past = PageRequest::new(Some(9), Some(3)).slice(1..=8);
        assert!(past.items.is_empty());
        assert_eq!(
            PageRequest::new(Some(0), Some(1000)),
            PageRequest {
                page: 1,
                per_page: MAX_PER_PAGE
            }
        );
        assert_eq!(PageRequest::default().slice(0..0).last_page(), 1);
    }
}
