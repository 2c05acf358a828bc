//! A file in a person's cabinet, as stored (its contents are chunks kept by the store).

use super::{FileId, UserId};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};

/// A file in a user's cabinet (its contents are in the store's chunk table).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredFile {
    pub id: FileId,
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
