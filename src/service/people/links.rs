//! Family links and tags on a person.

use super::edit::known_tags;
use super::{load_for_change, summary};
use crate::domain::activity::Action;
use crate::domain::family::{InvalidLink, check_link};
use crate::domain::{TagId, User, UserId};
use crate::service::ServiceError;
use crate::service::journal::{Change, Journal};
use crate::store::{Store, family, tags, users};
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

/// Which side of a family link a save replaces.
#[derive(Clone, Copy)]
enum Side {
    Parents,
    Children,
}

impl Side {
    fn field(self) -> &'static str {
        match self {
            Side::Parents => "parents",
            Side::Children => "children",
        }
    }
}

/// Makes `parents` exactly the parents of `child`, refusing self-links and loops.
pub fn save_parents(store: &Store, journal: &Journal, child: UserId, parents: &[u64]) -> Result<User, ServiceError> {
    save_links(store, journal, child, parents, Side::Parents)
}

/// Makes `children` exactly the children of `parent`, refusing self-links and loops.
pub fn save_children(store: &Store, journal: &Journal, parent: UserId, children: &[u64]) -> Result<User, ServiceError> {
    save_links(store, journal, parent, children, Side::Children)
}

/// Makes `others` exactly the `side` of `id`, and records what was added and removed.
fn save_links(store: &Store, journal: &Journal, id: UserId, others: &[u64], side: Side) -> Result<User, ServiceError> {
    let txn = store.write()?;
    let user = load_for_change(&txn, id)?;
    let wanted = existing(&txn, others, side.field())?;
    let current = match side {
        Side::Parents => family::parents_of_in(&txn, id)?,
        Side::Children => family::children_of_in(&txn, id)?,
    };
    let current: BTreeSet<UserId> = current.into_iter().collect();
    let pair = |other: UserId| match side {
        Side::Parents => (other, id),
        Side::Children => (id, other),
    };
    let removed: Vec<UserId> = current.difference(&wanted).copied().collect();
    let added: Vec<UserId> = wanted.difference(&current).copied().collect();
    for gone in &removed {
        let (parent, child) = pair(*gone);
        family::unlink(&txn, parent, child)?;
    }
    for new in &added {
        let (parent, child) = pair(*new);
        link_checked(&txn, parent, child, side.field())?;
    }
    let (what, action) = match side {
        Side::Parents => ("родители", Action::ParentsChanged),
        Side::Children => ("дети", Action::ChildrenChanged),
    };
    if let Some(text) = summary::links_changed(what, &names(&txn, &added)?, &names(&txn, &removed)?) {
        let summary = format!("{}: {text}", user.full_name());
        let change = Change::on_user(action, &user, summary).concerning(added.into_iter().chain(removed));
        journal.record(&txn, change)?;
    }
    journal.commit(txn)?;
    Ok(user)
}

/// Links `parents` to `child`, a person made in this same transaction (the create form), by the
/// rule of saving a person's parents; returns the parents and their names for the log.
pub(super) fn add_parents_in(
    txn: &WriteTransaction,
    child: UserId,
    parents: &[u64],
) -> Result<(Vec<UserId>, Vec<String>), ServiceError> {
    let wanted: Vec<UserId> = existing(txn, parents, Side::Parents.field())?.into_iter().collect();
    for parent in &wanted {
        link_checked(txn, *parent, child, Side::Parents.field())?;
    }
    let names = names(txn, &wanted)?;
    Ok((wanted, names))
}

/// The full names of `ids`, for a summary.
fn names(txn: &WriteTransaction, ids: &[UserId]) -> Result<Vec<String>, ServiceError> {
    let mut names = Vec::with_capacity(ids.len());
    for id in ids {
        names.extend(users::get_in(txn, *id)?.map(|u| u.full_name()));
    }
    Ok(names)
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
pub fn attach_tags(store: &Store, journal: &Journal, id: UserId, tags: &[u64]) -> Result<User, ServiceError> {
    let txn = store.write()?;
    let mut user = load_for_change(&txn, id)?;
    let wanted = known_tags(&txn, tags)?;
    let tag_names = |ids: Vec<&TagId>| -> Result<Vec<String>, ServiceError> {
        let mut names = Vec::with_capacity(ids.len());
        for id in ids {
            names.extend(tags::get_in(&txn, *id)?.map(|t| format!("«{}»", t.name)));
        }
        Ok(names)
    };
    let added = tag_names(wanted.difference(&user.tags).collect())?;
    let removed = tag_names(user.tags.difference(&wanted).collect())?;
    let Some(text) = summary::links_changed("теги", &added, &removed) else {
        return Ok(user);
    };
    user.tags = wanted;
    user.updated_at = jiff::Timestamp::now();
    users::update(&txn, &user)?;
    let summary = format!("{}: {text}", user.full_name());
    journal.record(&txn, Change::on_user(Action::TagsChanged, &user, summary))?;
    journal.commit(txn)?;
    Ok(user)
}
