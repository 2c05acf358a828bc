//! Paging a record table newest first, whole or through a per-user index, the way the mail
//! history, the activity log and notifications list their rows.

use super::{StoreError, codec};
use crate::domain::{Page, PageRequest, UserId};
use redb::{ReadTransaction, ReadableTable, TableDefinition};
use serde::de::DeserializeOwned;

/// Where the rows of one list live.
pub struct Source {
    /// Record id -> codec-encoded record.
    pub rows: TableDefinition<'static, u64, &'static [u8]>,
    /// (user id, record id) -> (), the rows that concern one user.
    pub by_user: TableDefinition<'static, (u64, u64), ()>,
    /// The rows' table name, for errors.
    pub name: &'static str,
}

/// One page of the rows of `source` (only `user`'s when given) that `keep` admits, newest
/// first. Without `keep`, only the rows of the page are decoded; with it, rows are decoded one
/// at a time and only the page is kept, so a long list costs time, not memory.
pub fn page<T: DeserializeOwned>(
    txn: &ReadTransaction,
    source: &Source,
    user: Option<UserId>,
    keep: Option<&dyn Fn(&T) -> bool>,
    request: PageRequest,
) -> Result<Page<T>, StoreError> {
    let rows = txn.open_table(source.rows)?;
    let index = txn.open_table(source.by_user)?;
    let ids: Box<dyn Iterator<Item = Result<u64, StoreError>>> = match user {
        Some(user) => Box::new(
            index
                .range((user.0, 0)..=(user.0, u64::MAX))?
                .rev()
                .map(|entry| Ok(entry?.0.value().1)),
        ),
        None => Box::new(rows.iter()?.rev().map(|entry| Ok(entry?.0.value()))),
    };
    let load = |id: u64| -> Result<Option<T>, StoreError> {
        rows.get(id)?
            .map(|bytes| codec::decode(source.name, bytes.value()))
            .transpose()
    };
    let items = match keep {
        None => {
            let page = request.slice(ids);
            let mut items = Vec::with_capacity(page.items.len());
            for id in page.items {
                items.extend(load(id?)?);
            }
            return Ok(Page {
                items,
                total: page.total,
                request,
            });
        }
        Some(keep) => {
            // A row that does not load is kept, so the page holding it reports the error.
            let loaded = ids.filter_map(|id| id.and_then(load).transpose());
            request.slice(loaded.filter(|row| row.as_ref().map_or(true, keep)))
        }
    };
    Ok(Page {
        items: items.items.into_iter().collect::<Result<Vec<_>, _>>()?,
        total: items.total,
        request,
    })
}
