//! The catalogue: every table of the database, its key and its value. Names carry a version;
//! a change of a table's key or value layout gets a new name and a migration.

use redb::TableDefinition;

/// Database facts by name (`schema_version` -> u32 as little-endian bytes).
pub const META: TableDefinition<&str, &[u8]> = TableDefinition::new("meta-1");

/// Last id handed out per table name.
pub const SEQUENCES: TableDefinition<&str, u64> = TableDefinition::new("sequences-1");

/// User id -> `domain::User` (codec-encoded).
pub const USERS: TableDefinition<u64, &[u8]> = TableDefinition::new("users-1");

/// Index: normalised e-mail -> user id. Written with every change of a user's e-mail.
pub const USERS_BY_EMAIL: TableDefinition<&str, u64> = TableDefinition::new("users-by-email-1");

/// Index: (role name, user id) -> (). Written with every change of a user's roles.
pub const USERS_BY_ROLE: TableDefinition<(&str, u64), ()> = TableDefinition::new("users-by-role-1");
