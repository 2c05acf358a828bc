//! Paging a record table newest first, whole or through an index, the way the mail history,
//! the activity log and notifications list their rows.

use super::{StoreError, codec};
use crate::domain::{Page, PageRequest, UserId};
use redb::{ReadTransaction, ReadableTable, ReadableTableMetadata, TableDefinition};
use serde::de::DeserializeOwned;
use std::ops::RangeInclusive;

/// Where the rows of one list live.
pub struct Source {
    /// Record id -> codec-encoded record.
    pub rows: TableDefinition<'static, u64, &'static [u8]>,
    /// (user id, record id) -> (), the rows that concern one user.
    pub by_user: TableDefinition<'static, (u64, u64), ()>,
    /// The rows' table name, for errors.
    pub name: &'static str,
}

/// Which rows of a source a page goes through.
#[derive(Clone, Copy)]
pub enum Scope {
    /// Every row.
    All,
    /// Every row, in a table whose ids have no gaps (1, 2, 3 … as appended, none removed):
    /// counting the rows of a window of ids takes no reading.
    Gapless,
    /// The rows an index lists under a key: (key, record id) -> ().
    Indexed(Index, u64),
    /// The rows two indexes both list, each under its key (e.g. one person's and one kind's).
    Both((Index, u64), (Index, u64)),
}

/// An index of a record table: (key, record id) -> ().
pub type Index = TableDefinition<'static, (u64, u64), ()>;

/// Every id.
pub const ANY_ID: RangeInclusive<u64> = 0..=u64::MAX;

/// One page of the rows of `source` (only `user`'s when given) that `keep` admits, newest
/// first. See `page_within`.
pub fn page<T: DeserializeOwned>(
    txn: &ReadTransaction,
    source: &Source,
    user: Option<UserId>,
    keep: Option<&dyn Fn(&T) -> bool>,
    request: PageRequest,
) -> Result<Page<T>, StoreError> {
    let scope = user.map_or(Scope::All, |user| Scope::Indexed(source.by_user, user.0));
    page_within(txn, source, scope, ANY_ID, keep, request)
}

/// One page of the rows of `source` in `scope` with ids in `window` that `keep` admits, newest
/// first. Without `keep`, only the rows of the page are decoded, and the rest are counted by
/// their keys (or not read at all: the whole table, a gapless window); with it, rows are decoded
/// one at a time and only the page is kept, so a long list costs time, not memory.
pub fn page_within<T: DeserializeOwned>(
    txn: &ReadTransaction,
    source: &Source,
    scope: Scope,
    window: RangeInclusive<u64>,
    keep: Option<&dyn Fn(&T) -> bool>,
    request: PageRequest,
) -> Result<Page<T>, StoreError> {
    if window.is_empty() {
        return Ok(Page {
            items: Vec::new(),
            total: 0,
            request,
        });
    }
    let rows = txn.open_table(source.rows)?;
    let load = |id: u64| -> Result<Option<T>, StoreError> {
        rows.get(id)?
            .map(|bytes| codec::decode(source.name, bytes.value()))
            .transpose()
    };
    let counted = match (scope, keep) {
        (Scope::All, None) if window == ANY_ID => Some(rows.len()?),
        (Scope::Gapless, None) => Some(gapless_count(&rows, &window)?),
        _ => None,
    };
    let (first, second);
    let ids: Ids = match scope {
        Scope::Indexed(index, key) => {
            first = txn.open_table(index)?;
            listed(&first, key, &window)?
        }
        Scope::Both((index_a, key_a), (index_b, key_b)) => {
            (first, second) = (txn.open_table(index_a)?, txn.open_table(index_b)?);
            in_both(listed(&first, key_a, &window)?, listed(&second, key_b, &window)?)
        }
        Scope::All | Scope::Gapless => Box::new(rows.range(window)?.rev().map(|entry| Ok(entry?.0.value()))),
    };
    let Some(keep) = keep else {
        let page = match counted {
            // Counted already: only the page's ids are walked to.
            Some(total) => Page {
                items: ids.skip(request.offset()).take(request.per_page as usize).collect(),
                total,
                request,
            },
            None => request.slice(ids),
        };
        let mut items = Vec::with_capacity(page.items.len());
        for id in page.items {
            items.extend(load(id?)?);
        }
        return Ok(Page {
            items,
            total: page.total,
            request,
        });
    };
    // A row that does not load is kept, so the page holding it reports the error.
    let loaded = ids.filter_map(|id| id.and_then(load).transpose());
    let page = request.slice(loaded.filter(|row| row.as_ref().map_or(true, keep)));
    Ok(Page {
        items: page.items.into_iter().collect::<Result<Vec<_>, _>>()?,
        total: page.total,
        request,
    })
}

/// Record ids, newest first.
type Ids<'a> = Box<dyn Iterator<Item = Result<u64, StoreError>> + 'a>;

/// The ids `index` lists under `key` within `window`, newest first.
fn listed<'a>(
    index: &'a redb::ReadOnlyTable<(u64, u64), ()>,
    key: u64,
    window: &RangeInclusive<u64>,
) -> Result<Ids<'a>, StoreError> {
    let range = index.range((key, *window.start())..=(key, *window.end()))?;
    Ok(Box::new(range.rev().map(|entry| Ok(entry?.0.value().1))))
}

/// The ids both lists hold (each newest first), by walking them side by side: no record is read.
fn in_both<'a>(a: Ids<'a>, b: Ids<'a>) -> Ids<'a> {
    let (mut a, mut b) = (a, b.peekable());
    Box::new(std::iter::from_fn(move || {
        loop {
            let id = match a.next()? {
                Ok(id) => id,
                Err(err) => return Some(Err(err)),
            };
            loop {
                match b.peek()? {
                    Err(_) => return b.next(),
                    Ok(other) if *other > id => {
                        b.next();
                    }
                    Ok(other) if *other == id => {
                        b.next();
                        return Some(Ok(id));
                    }
                    Ok(_) => break,
                }
            }
        }
    }))
}

/// How many rows a gapless table has with ids in `window`: from the first and last id alone.
fn gapless_count(
    rows: &impl ReadableTable<u64, &'static [u8]>,
    window: &RangeInclusive<u64>,
) -> Result<u64, StoreError> {
    let mut inside = rows.range(window.clone())?;
    let first = inside.next().transpose()?.map(|(id, _)| id.value());
    let last = inside.next_back().transpose()?.map(|(id, _)| id.value());
    Ok(match (first, last) {
        (Some(first), Some(last)) => last - first + 1,
        (Some(_), None) => 1,
        _ => 0,
    })
}
