//! Finding people: search (ё = е), filters, Russian sort, paging, and who may see whom.

use super::not_found;
use crate::domain::search::{Pairs, matches, query_words};
use crate::domain::{Page, PageRequest, Role, TagId, User, UserId};
use crate::policy::Actor;
use crate::service::ServiceError;
use crate::store::directory::{Entry, Mark, RoleBits};
use crate::store::{Store, family, users};
use std::sync::Arc;

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

/// What a list keeps of its query, worked out once rather than once per person.
struct Filter<'a> {
    query: &'a UserQuery,
    actor: &'a Actor,
    /// Staff see everyone (`Actor::sees`): asked once, not once per person.
    sees_everyone: bool,
    /// None: any roles.
    roles: Option<RoleBits>,
    words: Vec<String>,
    pairs: Pairs,
}

impl Filter<'_> {
    /// The tests on the mark: deletion, visibility, roles, and whether the search words may occur.
    fn passes(&self, mark: &Mark) -> bool {
        let trashed = match self.query.trashed {
            Trashed::Without => !mark.deleted,
            Trashed::With => true,
            Trashed::Only => mark.deleted,
        };
        trashed
            && (self.sees_everyone || self.actor.sees(mark.id))
            && self.roles.is_none_or(|roles| roles.meets(mark.roles))
            && mark.pairs.covers(&self.pairs)
    }

    /// Whether the entries themselves must be read: for tags and search words.
    fn reads_entries(&self) -> bool {
        !self.query.tags.is_empty() || !self.words.is_empty()
    }

    /// The tests on the entry of a person whose mark passed.
    fn admits(&self, entry: &Entry) -> bool {
        (self.query.tags.is_empty() || self.query.tags.iter().any(|t| entry.tags.contains(t)))
            && matches(&entry.search, &self.words)
    }
}

/// One page of the users `actor` may see, matching `query`, as their directory entries.
pub fn list(store: &Store, actor: &Actor, query: &UserQuery) -> Result<Page<Arc<Entry>>, ServiceError> {
    let directory = store.directory(&store.read()?)?;
    let words = query_words(query.search.as_deref().unwrap_or_default());
    let filter = Filter {
        sees_everyone: actor.is_staff(),
        roles: (!query.roles.is_empty()).then(|| RoleBits::of(&query.roles)),
        pairs: Pairs::of_words(&words),
        words,
        query,
        actor,
    };
    // Two passes, so that a list without tags or search words reads only the marks: reading
    // every entry costs a cache miss each.
    let mut found: Vec<&Arc<Entry>> = Vec::with_capacity(directory.entries.len());
    for (mark, entry) in directory.rows() {
        if filter.passes(mark) {
            found.push(entry);
        }
    }
    if filter.reads_entries() {
        found.retain(|entry| filter.admits(entry));
    }
    match query.sort {
        Sort::LastName => {}
        Sort::LastNameDesc => found.reverse(),
        Sort::CreatedAt => found.sort_by_key(|e| (e.created_at, e.id)),
        Sort::CreatedAtDesc => found.sort_by_key(|e| std::cmp::Reverse((e.created_at, e.id))),
        Sort::Email => found.sort_by(|a, b| a.email.cmp(&b.email)),
        Sort::EmailDesc => found.sort_by(|a, b| b.email.cmp(&a.email)),
    }
    // Only the rows of the page are cloned, for the same reason.
    Ok(query.page.slice(found.into_iter()).map(Arc::clone))
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
