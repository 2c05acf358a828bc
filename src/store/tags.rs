//! Tags and their unique-name index: the smallest record type on the kit (`record`).

use super::record::{self, IndexRow, Reader, Record, Rows};
use super::{StoreError, tables};
use crate::domain::search::fold;
use crate::domain::{Tag, TagId};
use crate::store::WriteTxn;

impl Record for Tag {
    const TABLE: Rows = tables::TAGS;
    type Id = TagId;

    fn id(&self) -> TagId {
        self.id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        vec![IndexRow::Unique {
            table: tables::TAGS_BY_NAME,
            key: fold(&self.name),
            field: "name",
            taken: "Тег с таким названием уже есть",
        }]
    }
}

/// The tag already named so (ignoring case and ё/е), if any.
pub fn id_by_name(txn: &impl Reader, name: &str) -> Result<Option<TagId>, StoreError> {
    record::find_unique(txn, tables::TAGS_BY_NAME, &fold(name))
}

/// Creates a tag.
pub fn insert(txn: &WriteTxn, name: String, color: String) -> Result<Tag, StoreError> {
    record::insert(txn, |id| Tag { id, name, color })
}
