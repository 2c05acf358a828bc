//! Paging a record table newest first, whole or through an index, the way the mail history,
//! the activity log and notifications list their rows (`record::page` for most record types).

use super::{StoreError, codec};
use crate::domain::{Page, PageRequest};
use redb::{ReadTransaction, ReadableTable, ReadableTableMetadata, TableDefinition};
use serde::de::DeserializeOwned;
use std::ops::RangeInclusive;

/// Which rows of a record table a page goes through.
#[derive(Clone, Copy)]
pub enum Scope {
    /// Every row.
    All,
    /// Every row, in a table whose ids have no gaps (1, 2, 3 … as appended, none removed):
    /// counting the rows of a window of ids, or listing a page of them, takes no reading.
    Gapless,
    /// The rows an index lists under a key: (key, record id) -> ().
    Indexed(Index, u64),
    /// The rows a numbered index lists under a key: counted from the window's two ends.
    Numbered(NumberedIndex, u64),
    /// The rows two numbered indexes both list, each under its key (e.g. one person's and one
    /// kind's).
    Both((NumberedIndex, u64), (NumberedIndex, u64)),
}

/// An index of a record table: (key, record id) -> ().
pub type Index = TableDefinition<'static, (u64, u64), ()>;

/// An index of a record table that numbers the rows under each key: (key, record id) -> 1, 2, 3 …
/// in the order of the record ids.
pub type NumberedIndex = TableDefinition<'static, (u64, u64), u64>;

/// Lists record `id` under `key` in a numbered index, numbered one past the last row listed there.
pub fn append_numbered(index: &mut redb::Table<(u64, u64), u64>, key: u64, id: u64) -> Result<(), StoreError> {
    let last = index.range((key, 0)..=(key, u64::MAX))?.next_back().transpose()?;
    let number = last.map_or(0, |(_, number)| number.value()) + 1;
    index.insert((key, id), number)?;
    Ok(())
}

/// Every id.
pub const ANY_ID: RangeInclusive<u64> = 0..=u64::MAX;

/// A record table (id -> codec-encoded record) and its name, for errors.
pub type Records = (TableDefinition<'static, u64, &'static [u8]>, &'static str);

/// One page of the rows of `records` in `scope` with ids in `window` that `keep` admits, newest
/// first. Without `keep`, only the rows of the page are decoded, and the rest are counted by
/// their keys (or not read at all: the whole table, a gapless window, a numbered index); with
/// it, rows are decoded one at a time and only the page is kept, so a long list costs time, not
/// memory.
pub fn page_within<T: DeserializeOwned>(
    txn: &ReadTransaction,
    (table, name): Records,
    scope: Scope,
    window: RangeInclusive<u64>,
    keep: Option<&dyn Fn(&T) -> bool>,
    request: PageRequest,
) -> Result<Page<T>, StoreError> {
    if window.is_empty() {
        return Ok(empty(request));
    }
    let rows = txn.open_table(table)?;
    let load = |id: u64| -> Result<Option<T>, StoreError> {
        rows.get(id)?
            .map(|bytes| codec::decode(name, bytes.value()))
            .transpose()
    };
    with_ids(txn, &rows, scope, &window, |ids, counted| {
        // With `keep`, only the rows it admits count.
        let Some(keep) = keep else {
            let page = page_of_ids(ids, counted, request)?;
            let mut items = Vec::with_capacity(page.items.len());
            for id in page.items {
                items.extend(load(id)?);
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
    })
}

/// The ids of one page of the rows of `records` in `scope` with ids in `window`, newest first,
/// none of them decoded: for a caller that keeps some rows in another form already.
pub fn ids_within(
    txn: &ReadTransaction,
    (table, _): Records,
    scope: Scope,
    window: RangeInclusive<u64>,
    request: PageRequest,
) -> Result<Page<u64>, StoreError> {
    if window.is_empty() {
        return Ok(empty(request));
    }
    let rows = txn.open_table(table)?;
    with_ids(txn, &rows, scope, &window, |ids, counted| {
        page_of_ids(ids, counted, request)
    })
}

/// A page with no rows.
fn empty<T>(request: PageRequest) -> Page<T> {
    Page {
        items: Vec::new(),
        total: 0,
        request,
    }
}

/// Calls `then` with the ids of the rows in `scope` within `window`, newest first, and their
/// count when it takes no walking (see `Scope`).
fn with_ids<R>(
    txn: &ReadTransaction,
    rows: &redb::ReadOnlyTable<u64, &'static [u8]>,
    scope: Scope,
    window: &RangeInclusive<u64>,
    then: impl FnOnce(Ids<'_>, Option<u64>) -> Result<R, StoreError>,
) -> Result<R, StoreError> {
    let (plain, first, second);
    let (ids, counted): (Ids, Option<u64>) = match scope {
        Scope::All => {
            let whole = if *window == ANY_ID { Some(rows.len()?) } else { None };
            (all_of(rows, window)?, whole)
        }
        Scope::Gapless => {
            // The window's first and last rows say which ids lie between: none is walked to.
            let mut inside = rows.range(window.clone())?;
            let ends = (inside.next(), inside.next_back());
            let ends = (number_of(ends.0, |id, _| id)?, number_of(ends.1, |id, _| id)?);
            let ids: Ids = match ends {
                (Some(first), last) => Box::new((first..=last.unwrap_or(first)).rev().map(Ok)),
                (None, _) => Box::new(std::iter::empty()),
            };
            (ids, Some(count_between(ends)))
        }
        Scope::Indexed(index, key) => {
            plain = txn.open_table(index)?;
            (listed(&plain, key, window)?, None)
        }
        Scope::Numbered(index, key) => {
            first = txn.open_table(index)?;
            (listed(&first, key, window)?, Some(numbered_count(&first, key, window)?))
        }
        Scope::Both((index_a, key_a), (index_b, key_b)) => {
            (first, second) = (txn.open_table(index_a)?, txn.open_table(index_b)?);
            let both = in_both(listed(&first, key_a, window)?, listed(&second, key_b, window)?);
            (both, None)
        }
    };
    then(ids, counted)
}

/// The page `request` asks for of `ids`: when `counted` already, only the page's ids are
/// walked to; otherwise every id is counted.
fn page_of_ids(ids: Ids<'_>, counted: Option<u64>, request: PageRequest) -> Result<Page<u64>, StoreError> {
    let page = match counted {
        Some(total) => Page {
            items: ids.skip(request.offset()).take(request.per_page as usize).collect(),
            total,
            request,
        },
        None => request.slice(ids),
    };
    Ok(Page {
        items: page.items.into_iter().collect::<Result<Vec<_>, _>>()?,
        total: page.total,
        request,
    })
}

/// Record ids, newest first.
type Ids<'a> = Box<dyn Iterator<Item = Result<u64, StoreError>> + 'a>;

/// The ids of the table's rows within `window`, newest first.
fn all_of<'a>(
    rows: &'a redb::ReadOnlyTable<u64, &'static [u8]>,
    window: &RangeInclusive<u64>,
) -> Result<Ids<'a>, StoreError> {
    Ok(Box::new(
        rows.range(window.clone())?.rev().map(|entry| Ok(entry?.0.value())),
    ))
}

/// The ids `index` lists under `key` within `window`, newest first.
fn listed<'a, V: redb::Value + 'static>(
    index: &'a redb::ReadOnlyTable<(u64, u64), V>,
    key: u64,
    window: &RangeInclusive<u64>,
) -> Result<Ids<'a>, StoreError> {
    let range = index.range((key, *window.start())..=(key, *window.end()))?;
    Ok(Box::new(range.rev().map(|entry| Ok(entry?.0.value().1))))
}

/// How many rows a numbered index lists under `key` within `window`: from the numbers of the
/// first and the last.
fn numbered_count(
    index: &redb::ReadOnlyTable<(u64, u64), u64>,
    key: u64,
    window: &RangeInclusive<u64>,
) -> Result<u64, StoreError> {
    let mut inside = index.range((key, *window.start())..=(key, *window.end()))?;
    let ends = (inside.next(), inside.next_back());
    Ok(count_between((
        number_of(ends.0, |_, number| number.value())?,
        number_of(ends.1, |_, number| number.value())?,
    )))
}

/// A row as a table's range yields it.
type Row<'a, K, V> = Result<(redb::AccessGuard<'a, K>, redb::AccessGuard<'a, V>), redb::StorageError>;

/// The number `read` takes from a row (its id, in a gapless table; its number, in an index).
fn number_of<K: redb::Key + 'static, V: redb::Value + 'static>(
    row: Option<Row<'_, K, V>>,
    read: impl FnOnce(K::SelfType<'_>, &redb::AccessGuard<'_, V>) -> u64,
) -> Result<Option<u64>, StoreError> {
    Ok(row.transpose()?.map(|(key, value)| read(key.value(), &value)))
}

/// How many rows lie from the first to the last of a run numbered without gaps; a run of one
/// row has no last apart from its first.
fn count_between(ends: (Option<u64>, Option<u64>)) -> u64 {
    match ends {
        (Some(first), Some(last)) => last - first + 1,
        (Some(_), None) => 1,
        _ => 0,
    }
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
