//! Users' file cabinets: file records, their contents in chunks, and the per-user index,
//! always written and removed together.

use super::{StoreError, codec, sequence, tables};
use crate::domain::UserId;
use jiff::Timestamp;
use redb::{ReadTransaction, ReadableTable, Table, WriteTransaction};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

const TABLE: &str = "files-1";

/// Bytes per stored chunk: small enough that a download holds one chunk at a time.
pub const CHUNK_SIZE: usize = 256 * 1024;

/// A file in a user's cabinet (its contents are in `FILE_CHUNKS`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredFile {
    pub id: u64,
    /// Whose cabinet holds it.
    pub user_id: UserId,
    /// The original name, cleaned (`domain::file_name::clean_file_name`).
    pub name: String,
    pub content_type: String,
    /// Bytes.
    pub size: u64,
    /// Lower-case hex SHA-256 of the contents.
    pub sha256: String,
    /// How many chunks hold the contents (numbered from 0).
    pub chunks: u32,
    pub uploaded_at: Timestamp,
    pub uploaded_by: UserId,
}

/// What a new file's record says besides what writing its contents tells.
pub struct NewFile {
    pub user_id: UserId,
    pub name: String,
    pub content_type: String,
    pub uploaded_at: Timestamp,
    pub uploaded_by: UserId,
}

/// Writes one new file's contents chunk by chunk, hashing as it goes; `finish` stores the record.
pub struct FileWriter<'txn> {
    txn: &'txn WriteTransaction,
    chunks: Table<'txn, (u64, u32), &'static [u8]>,
    id: u64,
    count: u32,
    size: u64,
    hasher: Sha256,
}

impl<'txn> FileWriter<'txn> {
    /// Starts a new file (its id is taken from the sequence).
    pub fn start(txn: &'txn WriteTransaction) -> Result<Self, StoreError> {
        let id = sequence::next_id(txn, TABLE)?;
        Ok(Self {
            txn,
            chunks: txn.open_table(tables::FILE_CHUNKS)?,
            id,
            count: 0,
            size: 0,
            hasher: Sha256::new(),
        })
    }

    /// Appends the next chunk (callers pass at most `CHUNK_SIZE` bytes; empty chunks are skipped).
    pub fn push(&mut self, bytes: &[u8]) -> Result<(), StoreError> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.chunks.insert((self.id, self.count), bytes)?;
        self.hasher.update(bytes);
        self.count += 1;
        self.size += bytes.len() as u64;
        Ok(())
    }

    /// Stores the record and the user's index entry.
    pub fn finish(self, new: NewFile) -> Result<StoredFile, StoreError> {
        let file = StoredFile {
            id: self.id,
            user_id: new.user_id,
            name: new.name,
            content_type: new.content_type,
            size: self.size,
            sha256: hex::encode(self.hasher.finalize()),
            chunks: self.count,
            uploaded_at: new.uploaded_at,
            uploaded_by: new.uploaded_by,
        };
        drop(self.chunks);
        self.txn
            .open_table(tables::FILES_BY_USER)?
            .insert((file.user_id.0, file.id), ())?;
        self.txn
            .open_table(tables::FILES)?
            .insert(file.id, codec::encode(&file).as_slice())?;
        Ok(file)
    }
}

fn load(table: &impl ReadableTable<u64, &'static [u8]>, id: u64) -> Result<Option<StoredFile>, StoreError> {
    table
        .get(id)?
        .map(|bytes| codec::decode(TABLE, bytes.value()))
        .transpose()
}

/// A user's files, newest first.
pub fn list(txn: &ReadTransaction, user: UserId) -> Result<Vec<StoredFile>, StoreError> {
    let index = txn.open_table(tables::FILES_BY_USER)?;
    let files = txn.open_table(tables::FILES)?;
    let mut found = Vec::new();
    for entry in index.range((user.0, 0)..=(user.0, u64::MAX))?.rev() {
        if let Some(file) = load(&files, entry?.0.value().1)? {
            found.push(file);
        }
    }
    Ok(found)
}

/// The file `id` if it is in `user`'s cabinet.
pub fn get(txn: &ReadTransaction, user: UserId, id: u64) -> Result<Option<StoredFile>, StoreError> {
    if txn.open_table(tables::FILES_BY_USER)?.get((user.0, id))?.is_none() {
        return Ok(None);
    }
    load(&txn.open_table(tables::FILES)?, id)
}

/// The file `id` if it is in `user`'s cabinet, inside a write transaction.
pub fn get_in(txn: &WriteTransaction, user: UserId, id: u64) -> Result<Option<StoredFile>, StoreError> {
    if txn.open_table(tables::FILES_BY_USER)?.get((user.0, id))?.is_none() {
        return Ok(None);
    }
    load(&txn.open_table(tables::FILES)?, id)
}

/// The contents of `file`, one chunk per item, read from the snapshot `txn` as the caller
/// asks for them (a download holds one chunk in memory, and sees the file even if it is
/// deleted meanwhile).
pub fn contents(
    txn: &ReadTransaction,
    file: &StoredFile,
) -> Result<impl Iterator<Item = Result<Vec<u8>, StoreError>> + Send + 'static, StoreError> {
    let table = txn.open_table(tables::FILE_CHUNKS)?;
    let id = file.id;
    Ok((0..file.chunks).map(move |n| match table.get((id, n))? {
        Some(bytes) => Ok(bytes.value().to_vec()),
        None => Err(StoreError::Corrupt {
            table: "file-chunks-1",
            reason: format!("file {id}: chunk {n} missing"),
        }),
    }))
}

/// Removes a file's chunks, record and index entry.
pub fn remove(txn: &WriteTransaction, file: &StoredFile) -> Result<(), StoreError> {
    let mut chunks = txn.open_table(tables::FILE_CHUNKS)?;
    for n in 0..file.chunks {
        chunks.remove((file.id, n))?;
    }
    txn.open_table(tables::FILES_BY_USER)?
        .remove((file.user_id.0, file.id))?;
    txn.open_table(tables::FILES)?.remove(file.id)?;
    Ok(())
}
