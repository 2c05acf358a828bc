//! Users and their e-mail and role indexes, always written together.

use super::{Store, StoreError, codec, sequence, tables};
use crate::domain::{Email, NewUser, Role, User, UserId};
use jiff::Timestamp;
use redb::{ReadTransaction, ReadableTable, ReadableTableMetadata, WriteTransaction};

const TABLE: &str = "users-1";

/// Creates a user with its indexes; refuses an e-mail that is already taken.
pub fn insert(txn: &WriteTransaction, new: NewUser, now: Timestamp) -> Result<User, StoreError> {
    if txn
        .open_table(tables::USERS_BY_EMAIL)?
        .get(new.email.as_str())?
        .is_some()
    {
        return Err(StoreError::EmailTaken(new.email.to_string()));
    }
    let id = UserId(sequence::next_id(txn, TABLE)?);
    let user = User::create(new, id, now);
    write_indexes(txn, None, &user)?;
    super::directory::bump_revision(txn)?;
    txn.open_table(tables::USERS)?
        .insert(id.0, codec::encode(&user).as_slice())?;
    Ok(user)
}

/// Replaces a stored user, moving its index entries when the e-mail or roles changed.
pub fn update(txn: &WriteTransaction, user: &User) -> Result<(), StoreError> {
    let old = get_in(txn, user.id)?.ok_or_else(|| StoreError::Corrupt {
        table: TABLE,
        reason: format!("update of missing user {}", user.id.0),
    })?;
    if old.email != user.email
        && txn
            .open_table(tables::USERS_BY_EMAIL)?
            .get(user.email.as_str())?
            .is_some()
    {
        return Err(StoreError::EmailTaken(user.email.to_string()));
    }
    write_indexes(txn, Some(&old), user)?;
    // The directory keeps each user's whole record, so any change to it (a sign-in's
    // last_login_at too) makes the next list rebuild; saving identical bytes does not.
    let record = codec::encode(user);
    if codec::encode(&old) != record {
        super::directory::bump_revision(txn)?;
    }
    txn.open_table(tables::USERS)?.insert(user.id.0, record.as_slice())?;
    Ok(())
}

fn write_indexes(txn: &WriteTransaction, old: Option<&User>, new: &User) -> Result<(), StoreError> {
    let mut by_email = txn.open_table(tables::USERS_BY_EMAIL)?;
    let mut by_role = txn.open_table(tables::USERS_BY_ROLE)?;
    if let Some(old) = old {
        by_email.remove(old.email.as_str())?;
        for role in &old.roles {
            by_role.remove((role.as_str(), old.id.0))?;
        }
    }
    by_email.insert(new.email.as_str(), new.id.0)?;
    for role in &new.roles {
        by_role.insert((role.as_str(), new.id.0), ())?;
    }
    Ok(())
}

/// A user by id, read inside a write transaction.
pub fn get_in(txn: &WriteTransaction, id: UserId) -> Result<Option<User>, StoreError> {
    load(&txn.open_table(tables::USERS)?, id)
}

/// A user by id.
pub fn get(txn: &ReadTransaction, id: UserId) -> Result<Option<User>, StoreError> {
    load(&txn.open_table(tables::USERS)?, id)
}

/// Several users by id, in the order asked, through one table handle; missing ones are skipped.
pub fn get_many(txn: &ReadTransaction, ids: &[UserId]) -> Result<Vec<User>, StoreError> {
    let table = txn.open_table(tables::USERS)?;
    let mut found = Vec::with_capacity(ids.len());
    for id in ids {
        found.extend(load(&table, *id)?);
    }
    Ok(found)
}

fn load(table: &impl ReadableTable<u64, &'static [u8]>, id: UserId) -> Result<Option<User>, StoreError> {
    table
        .get(id.0)?
        .map(|bytes| codec::decode(TABLE, bytes.value()))
        .transpose()
}

fn id_by_email(index: &impl ReadableTable<&'static str, u64>, email: &Email) -> Result<Option<UserId>, StoreError> {
    Ok(index.get(email.as_str())?.map(|guard| UserId(guard.value())))
}

/// A user by e-mail (case-insensitive: the index holds normalised addresses).
pub fn find_by_email(txn: &ReadTransaction, email: &Email) -> Result<Option<User>, StoreError> {
    match id_by_email(&txn.open_table(tables::USERS_BY_EMAIL)?, email)? {
        Some(id) => get(txn, id),
        None => Ok(None),
    }
}

/// The same, inside a write transaction.
pub fn find_by_email_in(txn: &WriteTransaction, email: &Email) -> Result<Option<User>, StoreError> {
    match id_by_email(&txn.open_table(tables::USERS_BY_EMAIL)?, email)? {
        Some(id) => get_in(txn, id),
        None => Ok(None),
    }
}

/// Every user, in id order.
pub fn all(txn: &ReadTransaction) -> Result<Vec<User>, StoreError> {
    let table = txn.open_table(tables::USERS)?;
    table.iter()?.map(|row| codec::decode(TABLE, row?.1.value())).collect()
}

fn role_ids(index: &impl ReadableTable<(&'static str, u64), ()>, role: Role) -> Result<Vec<UserId>, StoreError> {
    let rows = index.range((role.as_str(), 0)..=(role.as_str(), u64::MAX))?;
    rows.map(|row| Ok(UserId(row?.0.value().1))).collect()
}

/// Ids of the users holding `role`, in id order.
pub fn ids_with_role(txn: &ReadTransaction, role: Role) -> Result<Vec<UserId>, StoreError> {
    role_ids(&txn.open_table(tables::USERS_BY_ROLE)?, role)
}

/// The same, inside a write transaction.
pub fn ids_with_role_in(txn: &WriteTransaction, role: Role) -> Result<Vec<UserId>, StoreError> {
    role_ids(&txn.open_table(tables::USERS_BY_ROLE)?, role)
}

/// How many users there are.
pub fn count(txn: &ReadTransaction) -> Result<u64, StoreError> {
    Ok(txn.open_table(tables::USERS)?.len()?)
}

impl Store {
    /// Creates one user in its own durable transaction.
    pub fn insert_user(&self, new: NewUser) -> Result<User, StoreError> {
        let txn = self.write()?;
        let user = insert(&txn, new, Timestamp::now())?;
        txn.commit()?;
        Ok(user)
    }
}
