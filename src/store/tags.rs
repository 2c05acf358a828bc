//! Tags and their unique-name index.

use super::{StoreError, codec, sequence, tables};
use crate::domain::search::fold;
use crate::domain::{Tag, TagId};
use redb::{ReadTransaction, ReadableTable, WriteTransaction};

const TABLE: &str = "tags-1";

/// The tag already named so (ignoring case and ё/е), if any.
pub fn id_by_name(txn: &WriteTransaction, name: &str) -> Result<Option<TagId>, StoreError> {
    Ok(txn
        .open_table(tables::TAGS_BY_NAME)?
        .get(fold(name).as_str())?
        .map(|g| TagId(g.value())))
}

/// Creates a tag.
pub fn insert(txn: &WriteTransaction, name: String, color: String) -> Result<Tag, StoreError> {
    let tag = Tag {
        id: TagId(sequence::next_id(txn, TABLE)?),
        name,
        color,
    };
    txn.open_table(tables::TAGS_BY_NAME)?
        .insert(fold(&tag.name).as_str(), tag.id.0)?;
    txn.open_table(tables::TAGS)?
        .insert(tag.id.0, codec::encode(&tag).as_slice())?;
    Ok(tag)
}

/// Replaces a tag, moving its name in the index.
pub fn update(txn: &WriteTransaction, old: &Tag, new: &Tag) -> Result<(), StoreError> {
    let mut by_name = txn.open_table(tables::TAGS_BY_NAME)?;
    by_name.remove(fold(&old.name).as_str())?;
    by_name.insert(fold(&new.name).as_str(), new.id.0)?;
    txn.open_table(tables::TAGS)?
        .insert(new.id.0, codec::encode(new).as_slice())?;
    Ok(())
}

/// Deletes a tag (callers remove it from users first).
pub fn remove(txn: &WriteTransaction, tag: &Tag) -> Result<(), StoreError> {
    txn.open_table(tables::TAGS_BY_NAME)?.remove(fold(&tag.name).as_str())?;
    txn.open_table(tables::TAGS)?.remove(tag.id.0)?;
    Ok(())
}

fn load(table: &impl ReadableTable<u64, &'static [u8]>, id: TagId) -> Result<Option<Tag>, StoreError> {
    table
        .get(id.0)?
        .map(|bytes| codec::decode(TABLE, bytes.value()))
        .transpose()
}

/// A tag by id.
pub fn get(txn: &ReadTransaction, id: TagId) -> Result<Option<Tag>, StoreError> {
    load(&txn.open_table(tables::TAGS)?, id)
}

/// A tag by id, inside a write transaction.
pub fn get_in(txn: &WriteTransaction, id: TagId) -> Result<Option<Tag>, StoreError> {
    load(&txn.open_table(tables::TAGS)?, id)
}

/// Every tag, in id order.
pub fn all(txn: &ReadTransaction) -> Result<Vec<Tag>, StoreError> {
    let table = txn.open_table(tables::TAGS)?;
    table.iter()?.map(|row| codec::decode(TABLE, row?.1.value())).collect()
}
