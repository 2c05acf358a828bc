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

    /// Why this release cannot take the copy back: it was made by a newer release (whose data
    /// this one may not understand), or the release it names cannot be read. None when it can.
    pub fn release_problem(&self) -> Option<String> {
        match (release(&self.klass_version), release(crate::VERSION)) {
            (Some(copy), Some(this)) if copy > this => Some(format!(
                "копия сделана более новой версией Klass ({}), а это версия {}: восстановите её Klass {} или новее",
                self.klass_version,
                crate::VERSION,
                self.klass_version
            )),
            (None, _) => Some(format!(
                "версия Klass в описании копии не читается («{}»)",
                self.klass_version
            )),
            _ => None,
        }
    }
}

/// The numbers of a release `MAJOR.MINOR.PATCH` (a `-…` or `+…` tail aside), for comparing.
fn release(version: &str) -> Option<(u64, u64, u64)> {
    let core = version.split(['-', '+']).next()?;
    let mut numbers = core.split('.').map(|part| part.parse::<u64>().ok());
    let release = (numbers.next()??, numbers.next()??, numbers.next()??);
    numbers.next().is_none().then_some(release)
}

#[cfg(test)]
mod tests {
    use super::release;

    #[test]
    fn releases_compare_by_their_numbers() {
        assert!(release("0.10.0") > release("0.9.3"));
        assert_eq!(release("1.2.3-rc.1"), Some((1, 2, 3)));
        assert_eq!(release("1.2"), None);
        assert_eq!(release("вчерашняя"), None);
    }
}
