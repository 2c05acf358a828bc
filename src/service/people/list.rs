//! Finding people: search (ё = е), filters, Russian sort, paging, and who may see whom.

use super::not_found;
use crate::domain::search::{matches, query_words};
use crate::domain::{Page, PageRequest, Role, TagId, User, UserId};
use crate::policy::Actor;
use crate::service::ServiceError;
use crate::store::directory::Entry;
use crate::store::{Store, family, users};

/// Which deleted users a list shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Trashed {
    /// Only users that are not deleted.
    #[default]
    Without,
    With,
    Only,
}

/// The order of a list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sort {
    /// By last name, the Russian way.
    #[default]
    LastName,
    LastNameDesc,
    CreatedAt,
    CreatedAtDesc,
    Email,
    EmailDesc,
}

/// A list request.
#[derive(Clone, Debug, Default)]
pub struct UserQuery {
    pub search: Option<String>,
    /// Users holding any of these roles (empty: any).
    pub roles: Vec<Role>,
    /// Users carrying any of these tags (empty: any).
    pub tags: Vec<TagId>,
    pub trashed: Trashed,
    pub sort: Sort,
    pub page: PageRequest,
}

/// A user with the family links the card shows.
pub struct Person {
    pub user: User,
    pub parents: Vec<UserId>,
    pub children: Vec<UserId>,
}

fn admits(entry: &Entry, query: &UserQuery, words: &[String], actor: &Actor) -> bool {
    let trashed = match query.trashed {
        Trashed::Without => !entry.deleted,
        Trashed::With => true,
        Trashed::Only => entry.deleted,
    };
    trashed
        && actor.sees(entry.id)
        && (query.roles.is_empty() || query.roles.iter().any(|r| entry.roles.contains(r)))
        && (query.tags.is_empty() || query.tags.iter().any(|t| entry.tags.contains(t)))
        && matches(&entry.search, words)
}

/// One page of the users `actor` may see, matching `query`.
pub fn list(store: &Store, actor: &Actor, query: &UserQuery) -> Result<Page<User>, ServiceError> {
    let txn = store.read()?;
    let directory = store.directory(&txn)?;
    let words = query_words(query.search.as_deref().unwrap_or_default());
    let mut found: Vec<&Entry> = directory
        .entries
        .iter()
        .filter(|e| admits(e, query, &words, actor))
        .collect();
    match query.sort {
        Sort::LastName => {}
        Sort::LastNameDesc => found.reverse(),
        Sort::CreatedAt => found.sort_by_key(|e| (e.created_at, e.id)),
        Sort::CreatedAtDesc => found.sort_by_key(|e| std::cmp::Reverse((e.created_at, e.id))),
        Sort::Email => found.sort_by(|a, b| a.email.cmp(&b.email)),
        Sort::EmailDesc => found.sort_by(|a, b| b.email.cmp(&a.email)),
    }
    let page = query.page.slice(found.into_iter().map(|e| e.id));
    let mut users = Vec::with_capacity(page.items.len());
    for id in &page.items {
        users.push(users::get(&txn, *id)?.ok_or_else(not_found)?);
    }
    Ok(Page {
        items: users,
        total: page.total,
        request: page.request,
    })
}

/// One user with family links, if `actor` may see them (deleted ones only for staff).
pub fn get(store: &Store, actor: &Actor, id: UserId) -> Result<Person, ServiceError> {
    let txn = store.read()?;
    let user = users::get(&txn, id)?
        .filter(|u| u.deleted_at.is_none() || actor.is_staff())
        .ok_or_else(not_found)?;
    Ok(Person {
        parents: family::parents_of(&txn, id)?,
        children: family::children_of(&txn, id)?,
        user,
    })
}
