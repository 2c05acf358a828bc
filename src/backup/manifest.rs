//! The manifest inside every copy: which release made it, of which schema, when, how many
//! rows each table had, and the SHA-256 of the database file it carries.

use crate::store::copy::Counts;
use serde::{Deserialize, Serialize};

/// Version of the copy's layout (a tar with `manifest.json` then `klass.redb`, gzip-compressed).
pub const FORMAT: u32 = 1;

/// What a copy says about itself.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub format: u32,
    /// The Klass release that made the copy.
    pub klass_version: String,
    /// The database schema version of the copy (older ones migrate at the next start).
    pub schema_version: u32,
    pub created_at: jiff::Timestamp,
    /// Rows per table at the moment of the copy.
    pub tables: Counts,
    /// Size of `klass.redb` inside the copy, in bytes.
    pub db_size: u64,
    /// SHA-256 of `klass.redb` inside the copy, lowercase hex.
    pub sha256: String,
}

impl Manifest {
    /// All rows of all tables.
    pub fn records(&self) -> u64 {
        self.tables.values().sum()
    }
}
