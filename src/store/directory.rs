//! The directory: an in-memory read model of every user (name key, search text, roles, tags),
//! rebuilt from one consistent snapshot whenever the users' revision in the database moved.
//! Lists, search and sorting run over it; only the page shown is read from the database.

use super::{Store, StoreError, codec, tables};
use crate::domain::{Roles, TagId, User, UserId};
use jiff::Timestamp;
use redb::{ReadTransaction, ReadableTable, ReadableTableMetadata, WriteTransaction};
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

const REVISION_KEY: &str = "users_rev";

/// What the directory knows of one user.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub id: UserId,
    /// Russian sort key of "last first middle".
    pub name_key: String,
    /// Folded names, e-mail and phone.
    pub search: String,
    pub email: String,
    pub roles: Roles,
    pub tags: BTreeSet<TagId>,
    pub created_at: Timestamp,
    pub deleted: bool,
}

impl Entry {
    /// What the directory keeps of `user`.
    pub fn of(user: &User) -> Self {
        Self {
            id: user.id,
            name_key: user.name_key(),
            search: user.search_text(),
            email: user.email.to_string(),
            roles: user.roles.clone(),
            tags: user.tags.clone(),
            created_at: user.created_at,
            deleted: user.deleted_at.is_some(),
        }
    }
}

/// Every user, sorted by name the Russian way.
#[derive(Debug)]
pub struct Directory {
    revision: u64,
    pub entries: Vec<Entry>,
}

/// The cached directory of one store.
#[derive(Default)]
pub struct DirectoryCache(Mutex<Option<Arc<Directory>>>);

/// Marks the users as changed; called by every write to the users table, in its transaction.
pub fn bump_revision(txn: &WriteTransaction) -> Result<(), StoreError> {
    let mut meta = txn.open_table(tables::META)?;
    let current = read_revision(&meta)?;
    meta.insert(REVISION_KEY, (current + 1).to_le_bytes().as_slice())?;
    Ok(())
}

fn read_revision(meta: &impl ReadableTable<&'static str, &'static [u8]>) -> Result<u64, StoreError> {
    let bytes = meta
        .get(REVISION_KEY)?
        .map(|g| g.value().to_vec())
        .unwrap_or_else(|| vec![0; 8]);
    let bytes: [u8; 8] = bytes.try_into().map_err(|_| StoreError::Corrupt {
        table: "meta-1",
        reason: "users_rev".into(),
    })?;
    Ok(u64::from_le_bytes(bytes))
}

impl Store {
    /// The directory as of `txn`'s snapshot: the cached one if still current, else rebuilt.
    pub fn directory(&self, txn: &ReadTransaction) -> Result<Arc<Directory>, StoreError> {
        let revision = read_revision(&txn.open_table(tables::META)?)?;
        let mut cache = self.directory.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(current) = cache.as_ref().filter(|d| d.revision == revision) {
            return Ok(current.clone());
        }
        let built = Arc::new(build(txn, revision)?);
        // Keep the newest: a reader on an older snapshot must not replace a newer directory.
        if cache.as_ref().is_none_or(|cached| cached.revision < revision) {
            *cache = Some(built.clone());
        }
        Ok(built)
    }
}

fn build(txn: &ReadTransaction, revision: u64) -> Result<Directory, StoreError> {
    let table = txn.open_table(tables::USERS)?;
    let mut entries = Vec::with_capacity(table.len()? as usize);
    for row in table.iter()? {
        let user: User = codec::decode("users-1", row?.1.value())?;
        entries.push(Entry::of(&user));
    }
    entries.sort_by(|a, b| a.name_key.cmp(&b.name_key).then(a.id.cmp(&b.id)));
    Ok(Directory { revision, entries })
}
