//! Users and their e-mail and role indexes, on the record kit: reading a user opens one table
//! and decodes one record, as before the kit.

use super::record::{self, IndexRow, Reader, Record, Rows};
use super::{Store, StoreError, codec, tables};
use crate::domain::{Email, NewUser, Role, User, UserId};
use crate::store::WriteTxn;
use jiff::Timestamp;
use redb::{ReadTransaction, ReadableTable, ReadableTableMetadata};

impl Record for User {
    const TABLE: Rows = tables::USERS;
    type Id = UserId;

    fn id(&self) -> UserId {
        self.id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        let email = IndexRow::Unique {
            table: tables::USERS_BY_EMAIL,
            key: self.email.as_str().to_owned(),
            field: "email",
            taken: "Этот email уже используется",
        };
        let roles = self
            .roles
            .iter()
            .map(|role| IndexRow::Named(tables::USERS_BY_ROLE, role.as_str()));
        std::iter::once(email).chain(roles).collect()
    }
}

/// Creates a user with its indexes; refuses an e-mail that is already taken
/// (`StoreError::Taken` on `email`).
pub fn insert(txn: &WriteTxn, new: NewUser, now: Timestamp) -> Result<User, StoreError> {
    let user = record::insert(txn, |id| User::create(new, id, now))?;
    super::directory::bump_revision(txn)?;
    Ok(user)
}

/// Replaces a stored user, moving its index entries when the e-mail or roles changed.
pub fn update(txn: &WriteTxn, user: &User) -> Result<(), StoreError> {
    let old = record::update(txn, user)?;
    // The directory keeps each user's whole record, so any change to it (a sign-in's
    // last_login_at too) makes the next list rebuild; saving identical bytes does not.
    if codec::encode(&old) != codec::encode(user) {
        super::directory::bump_revision(txn)?;
    }
    Ok(())
}

/// A user by id, through either kind of transaction.
pub fn get(txn: &impl Reader, id: UserId) -> Result<Option<User>, StoreError> {
    record::get(txn, id)
}

/// Several users by id, in the order asked, through one table handle; missing ones are skipped.
pub fn get_many(txn: &ReadTransaction, ids: &[UserId]) -> Result<Vec<User>, StoreError> {
    let table = txn.open_table(tables::USERS)?;
    let mut found = Vec::with_capacity(ids.len());
    for id in ids {
        found.extend(record::load::<User>(&table, *id)?);
    }
    Ok(found)
}

/// A user by e-mail (case-insensitive: the index holds normalised addresses).
pub fn find_by_email(txn: &impl Reader, email: &Email) -> Result<Option<User>, StoreError> {
    match record::find_unique(txn, tables::USERS_BY_EMAIL, email.as_str())? {
        Some(id) => get(txn, id),
        None => Ok(None),
    }
}

/// Every user, in id order.
pub fn all(txn: &ReadTransaction) -> Result<Vec<User>, StoreError> {
    record::all(txn)
}

/// Ids of the users holding `role`, in id order.
pub fn ids_with_role(txn: &impl Reader, role: Role) -> Result<Vec<UserId>, StoreError> {
    let index = txn.open(tables::USERS_BY_ROLE)?;
    let rows = index.range((role.as_str(), 0)..=(role.as_str(), u64::MAX))?;
    rows.map(|row| Ok(UserId(row?.0.value().1))).collect()
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
