//! Users' file cabinets: file records, their contents in chunks, and the per-user index,
//! always written and removed together.

use super::record::{self, IndexRow, Reader, Record, Rows};
use super::{Store, StoreError, tables};
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

/// The contents of `file`, one chunk per item, each read in a snapshot of its own as the
/// caller asks for it: a download holds one chunk in memory and no transaction between chunks,
/// so a client that stalls keeps neither old pages from being reused nor the database from
/// being opened again after a failed write. A file deleted meanwhile ends with an error at its
/// next chunk (ids are never reused, so no other file's chunk can take its place).
pub fn contents(
    store: &Store,
    file: &StoredFile,
) -> impl Iterator<Item = Result<Vec<u8>, StoreError>> + Send + 'static {
    let (store, id) = (store.clone(), file.id.0);
    (0..file.chunks).map(move |n| {
        let txn = store.read()?;
        match txn.open_table(tables::FILE_CHUNKS)?.get((id, n))? {
            Some(bytes) => Ok(bytes.value().to_vec()),
            None => Err(StoreError::Corrupt {
                table: tables::name(&tables::FILE_CHUNKS),
                reason: format!("file {id}: chunk {n} missing (deleted during the download?)"),
            }),
        }
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_download_holds_no_snapshot_between_chunks() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Store::open(dir.path(), 4).expect("open");
        let txn = store.write().expect("write");
        let mut writer = FileWriter::start(&txn).expect("start");
        for part in [b"one", b"two", b"six"] {
            writer.push(part).expect("chunk");
        }
        let new = NewFile {
            user_id: UserId(1),
            name: "справка.txt".into(),
            content_type: "text/plain".into(),
            uploaded_at: Timestamp::now(),
            uploaded_by: UserId(1),
        };
        let file = writer.finish(new).expect("file");
        txn.commit().expect("commit");

        let mut download = contents(&store, &file);
        assert_eq!(download.next().expect("first").expect("read"), b"one");
        // Each chunk comes from the database as it is now, not from a snapshot kept open since
        // the download began: a file deleted meanwhile ends at its next chunk.
        let txn = store.write().expect("write");
        remove(&txn, &file).expect("remove");
        txn.commit().expect("commit");
        assert!(download.next().expect("second").is_err());
    }
}
