//! Family links and tags on a person.

use super::edit::known_tags;
use super::{load_for_change, summary};
use crate::domain::activity::Action;
use crate::domain::family::{InvalidLink, check_link, check_roles};
use crate::domain::{Role, Roles, Tag, TagId, User, UserId};
use crate::service::FieldErrors;
use crate::service::ServiceError;
use crate::service::journal::{Change, Journal};
use crate::store::WriteTxn;
use crate::store::{Store, calendar_feeds, family, record, users};
use std::collections::BTreeSet;

/// Checks that every id is a person, not deleted unless `current` links him already (a deleted
/// parent still on the card is sent back with the rest), for the field `field`.
fn existing(
    txn: &WriteTxn,
    ids: &[u64],
    current: &BTreeSet<UserId>,
    field: &str,
) -> Result<BTreeSet<UserId>, ServiceError> {
    let mut set = BTreeSet::new();
    for id in ids.iter().copied().map(UserId) {
        let linked = current.contains(&id);
        let found = users::get(txn, id)?.filter(|u| linked || u.deleted_at.is_none());
        found.ok_or_else(|| FieldErrors::one(field, format!("Пользователь #{} не найден", id.0)))?;
        set.insert(id);
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
    let current = match side {
        Side::Parents => family::parents_of(&txn, id)?,
        Side::Children => family::children_of(&txn, id)?,
    };
    let current: BTreeSet<UserId> = current.into_iter().collect();
    let wanted = existing(&txn, others, &current, side.field())?;
    let pair = |other: UserId| match side {
        Side::Parents => (other, id),
        Side::Children => (id, other),
    };
    let removed: Vec<UserId> = current.difference(&wanted).copied().collect();
    let added: Vec<UserId> = wanted.difference(&current).copied().collect();
    let mut feeds_ended = Vec::new();
    for gone in &removed {
        let (parent, child) = pair(*gone);
        if unlink_family(&txn, parent, child)? {
            feeds_ended.push(child);
        }
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
        let mut summary = format!("{}: {text}", user.full_name());
        if !feeds_ended.is_empty() {
            let whose = names(&txn, &feeds_ended)?.join(", ");
            summary.push_str(&format!("; отключена личная ссылка на календарь: {whose}"));
        }
        let change = Change::on_user(action, &user, summary).concerning(added.into_iter().chain(removed));
        journal.record(&txn, change)?;
    }
    journal.commit(txn)?;
    Ok(user)
}

/// Removes the link of `parent` to `child`, and ends the child's private calendar link with it:
/// the parent may know it, and a link does not record who made it (the child makes a new one).
/// True when the child had such a link (the log says it ended).
fn unlink_family(txn: &WriteTxn, parent: UserId, child: UserId) -> Result<bool, ServiceError> {
    family::unlink(txn, parent, child)?;
    Ok(calendar_feeds::remove(txn, child)?)
}

/// Links `parents` to `child`, a person made in this same transaction (the create form), by the
/// rule of saving a person's parents; returns the parents and their names for the log.
pub(super) fn add_parents_in(
    txn: &WriteTxn,
    child: UserId,
    parents: &[u64],
) -> Result<(Vec<UserId>, Vec<String>), ServiceError> {
    let none = BTreeSet::new();
    let wanted: Vec<UserId> = existing(txn, parents, &none, Side::Parents.field())?
        .into_iter()
        .collect();
    for parent in &wanted {
        link_checked(txn, *parent, child, Side::Parents.field())?;
    }
    let names = names(txn, &wanted)?;
    Ok((wanted, names))
}

/// The full names of `ids`, for a summary.
fn names(txn: &WriteTxn, ids: &[UserId]) -> Result<Vec<String>, ServiceError> {
    let mut names = Vec::with_capacity(ids.len());
    for id in ids {
        names.extend(users::get(txn, *id)?.map(|u| u.full_name()));
    }
    Ok(names)
}

/// Links the two, or says at `field` why not (naming the person whose roles are the reason:
/// the parent without the parent role, or the child who is staff, whichever side of the form
/// he is on).
fn link_checked(txn: &WriteTxn, parent: UserId, child: UserId, field: &str) -> Result<(), ServiceError> {
    let named = |who: UserId, refused: InvalidLink<ServiceError>| {
        let name = names(txn, &[who])?.concat();
        Err(FieldErrors::one(field, format!("{name}: {refused}")))
    };
    match link_family(txn, parent, child) {
        Ok(()) => Ok(()),
        Err(InvalidLink::Lookup(err)) => Err(err),
        Err(refused @ InvalidLink::NotAParent) => named(parent, refused),
        Err(refused @ InvalidLink::StaffChild) => named(child, refused),
        Err(refused) => Err(FieldErrors::one(field, refused.to_string())),
    }
}

/// Makes `parent` a parent of `child` when the family rules allow it: the parent holds the
/// parent role, the child is not staff, no self-link, no loop. Every link is made here (the
/// card's saves and the CSV import). Links and roles already written in `txn` count.
pub fn link_family(txn: &WriteTxn, parent: UserId, child: UserId) -> Result<(), InvalidLink<ServiceError>> {
    let roles = |id: UserId| match users::get(txn, id) {
        Ok(Some(user)) => Ok(user.roles),
        Ok(None) => Err(InvalidLink::Lookup(super::not_found())),
        Err(err) => Err(InvalidLink::Lookup(err.into())),
    };
    if parent != child {
        check_roles(&roles(parent)?, &roles(child)?)?;
    }
    let parents_of = |person: UserId| family::parents_of(txn, person).map_err(ServiceError::from);
    check_link(parent, child, parents_of)?;
    family::link(txn, parent, child).map_err(|err| InvalidLink::Lookup(err.into()))
}

/// Checks that `roles`, given to `id`, keep `id`'s links within the family rules (the same
/// rule as making a link): someone with children keeps the parent role, someone with parents
/// does not become staff.
pub fn roles_fit_family(txn: &WriteTxn, id: UserId, roles: &Roles) -> Result<(), ServiceError> {
    let as_parent = check_roles::<()>(roles, &Roles::new());
    if as_parent.is_err() && !family::children_of(txn, id)?.is_empty() {
        let message = "У пользователя есть дети: роль «Родитель» снять нельзя, сначала уберите связи с детьми";
        return Err(FieldErrors::one("roles", message));
    }
    let as_child = check_roles::<()>(&Roles::from([Role::Parent]), roles);
    if as_child.is_err() && !family::parents_of(txn, id)?.is_empty() {
        let message = "У пользователя есть родители: сотрудником или менеджером его сделать нельзя, \
                       сначала уберите связи с родителями";
        return Err(FieldErrors::one("roles", message));
    }
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
            names.extend(record::get::<Tag>(&txn, *id)?.map(|t| format!("«{}»", t.name)));
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
