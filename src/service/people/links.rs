//! Family links and tags on a person.

use super::edit::known_tags;
use super::load_for_change;
use crate::domain::family::{InvalidLink, check_link};
use crate::domain::{User, UserId};
use crate::service::ServiceError;
use crate::store::{Store, family, users};
use redb::WriteTransaction;
use std::collections::BTreeSet;

/// Checks that every id is a person who is not deleted (for the field `field`).
fn existing(txn: &WriteTransaction, ids: &[u64], field: &str) -> Result<BTreeSet<UserId>, ServiceError> {
    let mut set = BTreeSet::new();
    for id in ids {
        let found = users::get_in(txn, UserId(*id))?.filter(|u| u.deleted_at.is_none());
        found.ok_or_else(|| ServiceError::field(field, format!("Пользователь #{id} не найден")))?;
        set.insert(UserId(*id));
    }
    Ok(set)
}

/// Makes `parents` exactly the parents of `child`, refusing self-links and loops.
pub fn save_parents(store: &Store, child: UserId, parents: &[u64]) -> Result<User, ServiceError> {
    let txn = store.write()?;
    let user = load_for_change(&txn, child)?;
    let wanted = existing(&txn, parents, "parents")?;
    let current: BTreeSet<UserId> = family::parents_of_in(&txn, child)?.into_iter().collect();
    for gone in current.difference(&wanted) {
        family::unlink(&txn, *gone, child)?;
    }
    for parent in wanted.difference(&current) {
        link_checked(&txn, *parent, child, "parents")?;
    }
    txn.commit()?;
    Ok(user)
}

/// Makes `children` exactly the children of `parent`, refusing self-links and loops.
pub fn save_children(store: &Store, parent: UserId, children: &[u64]) -> Result<User, ServiceError> {
    let txn = store.write()?;
    let user = load_for_change(&txn, parent)?;
    let wanted = existing(&txn, children, "children")?;
    let current: BTreeSet<UserId> = family::children_of_in(&txn, parent)?.into_iter().collect();
    for gone in current.difference(&wanted) {
        family::unlink(&txn, parent, *gone)?;
    }
    for child in wanted.difference(&current) {
        link_checked(&txn, parent, *child, "children")?;
    }
    txn.commit()?;
    Ok(user)
}

fn link_checked(txn: &WriteTransaction, parent: UserId, child: UserId, field: &str) -> Result<(), ServiceError> {
    // Links already made in this transaction count: the check reads the same transaction.
    let parents_of = |person: UserId| family::parents_of_in(txn, person);
    check_link(parent, child, parents_of).map_err(|err| match err {
        InvalidLink::Lookup(err) => ServiceError::Store(err),
        refused => ServiceError::field(field, refused.to_string()),
    })?;
    family::link(txn, parent, child)?;
    Ok(())
}

/// Makes `tags` exactly the tags of the person.
pub fn attach_tags(store: &Store, id: UserId, tags: &[u64]) -> Result<User, ServiceError> {
    let txn = store.write()?;
    let mut user = load_for_change(&txn, id)?;
    user.tags = known_tags(&txn, tags)?;
    user.updated_at = jiff::Timestamp::now();
    users::update(&txn, &user)?;
    txn.commit()?;
    Ok(user)
}
