//! Users' file cabinets: file records, their contents in chunks, and the per-user index,
//! always written and removed together.

use super::record::{self, IndexRow, Reader, Record, Rows};
use super::{StoreError, tables};
use crate::domain::file::StoredFile;
use crate::domain::{FileId, UserId};
use crate::store::WriteTxn;
use jiff::Timestamp;
use redb::{ReadTransaction, ReadableTable, Table};
use sha2::{Digest, Sha256};

/// Bytes per stored chunk: small enough that a download holds one chunk at a time.
pub const CHUNK_SIZE: usize = 256 * 1024;

impl Record for StoredFile {
    const TABLE: Rows = tables::FILES;
    type Id = FileId;

    fn id(&self) -> FileId {
        self.id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        vec![IndexRow::Under(tables::FILES_BY_USER, self.user_id.0)]
    }
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
    txn: &'txn WriteTxn,
    chunks: Table<'txn, (u64, u32), &'static [u8]>,
    id: FileId,
    count: u32,
    size: u64,
    hasher: Sha256,
}

impl<'txn> FileWriter<'txn> {
    /// Starts a new file (its id is taken from the sequence).
    pub fn start(txn: &'txn WriteTxn) -> Result<Self, StoreError> {
        let id = record::next_id::<StoredFile>(txn)?;
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
        self.chunks.insert((self.id.0, self.count), bytes)?;
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
        record::insert_built(self.txn, &file)?;
        Ok(file)
    }
}

/// A user's files, newest first.
pub fn list(txn: &ReadTransaction, user: UserId) -> Result<Vec<StoredFile>, StoreError> {
    record::under(txn, tables::FILES_BY_USER, user.0)
}

/// The file `id` if it is in `user`'s cabinet.
pub fn get(txn: &impl Reader, user: UserId, id: FileId) -> Result<Option<StoredFile>, StoreError> {
    if txn.open(tables::FILES_BY_USER)?.get((user.0, id.0))?.is_none() {
        return Ok(None);
    }
    record::get(txn, id)
}

/// The contents of `file`, one chunk per item, read from the snapshot `txn` as the caller
/// asks for them (a download holds one chunk in memory, and sees the file even if it is
/// deleted meanwhile).
pub fn contents(
    txn: &ReadTransaction,
    file: &StoredFile,
) -> Result<impl Iterator<Item = Result<Vec<u8>, StoreError>> + Send + 'static, StoreError> {
    let table = txn.open_table(tables::FILE_CHUNKS)?;
    let id = file.id.0;
    Ok((0..file.chunks).map(move |n| match table.get((id, n))? {
        Some(bytes) => Ok(bytes.value().to_vec()),
        None => Err(StoreError::Corrupt {
            table: tables::name(&tables::FILE_CHUNKS),
            reason: format!("file {id}: chunk {n} missing"),
        }),
    }))
}

/// Removes a file's chunks, record and index entry.
pub fn remove(txn: &WriteTxn, file: &StoredFile) -> Result<(), StoreError> {
    let mut chunks = txn.open_table(tables::FILE_CHUNKS)?;
    for n in 0..file.chunks {
        chunks.remove((file.id.0, n))?;
    }
    record::remove::<StoredFile>(txn, file.id)?;
    Ok(())
}
