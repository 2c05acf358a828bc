//! Finding people: search (ё = е), filters, Russian sort, paging, and who may see whom.

use super::not_found;
use crate::domain::search::{Pairs, Words};
use crate::domain::{Page, PageRequest, Role, TagId, User, UserId};
use crate::policy::{self, Actor};
use crate::service::ServiceError;
use crate::service::kept_texts::{self, KeptTexts};
use crate::store::Store;
/// A person as the directory keeps them in memory: what a list page is made of (the API
/// writes its rows from it without decoding the record again).
pub use crate::store::directory::Entry;
use bytes::Bytes;
use std::convert::Infallible;
use std::sync::Arc;

/// Which deleted users a list shows: without them (the default), with them, or only them.
pub type Trashed = crate::domain::catalog::Archived;

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

/// A person as an actor sees them: the directory's entry, and whether their private fields are
/// shown (`policy::sees_private_fields`, asked here, not by the API).
pub struct Seen {
    pub entry: Arc<Entry>,
    pub private_fields: bool,
}

impl Seen {
    fn by(actor: &Actor, entry: &Arc<Entry>) -> Self {
        Self {
            private_fields: policy::sees_private_fields(actor, &entry.user),
            entry: Arc::clone(entry),
        }
    }
}

/// A user, as the directory keeps them, with the family links the card shows.
pub struct Person {
    pub seen: Seen,
    pub parents: Vec<UserId>,
    pub children: Vec<UserId>,
}

/// The users directory a request reads people from: the one its caller's session was checked
/// against (`web::session_layer` keeps it for the request), so a card or a list needs no read
/// transaction and no freshness check of its own (~4k instructions of a ~75k card). It is of
/// the same instant as the caller; after a change, read a fresh one (`Directory::current`).
#[derive(Clone)]
pub struct Directory(Arc<crate::store::directory::Directory>);

impl Directory {
    /// The directory as it stands now.
    pub fn current(store: &Store) -> Result<Self, ServiceError> {
        Ok(Self(store.directory(&store.read()?)?))
    }

    /// The directory a caller was just checked against.
    pub fn of_caller(directory: Arc<crate::store::directory::Directory>) -> Self {
        Self(directory)
    }
}

/// Pages of people as last shown, kept by their question (who asks, and what) while the
/// directory is the one they were made from: a page opened again, or a search typed again,
/// costs a lookup, not the search and the rows put together.
pub struct PeopleTexts(KeptTexts<()>);

/// How many pages are kept (a page of 50 people is ~30 KB).
const KEPT_PAGES: usize = 32;

impl Default for PeopleTexts {
    fn default() -> Self {
        Self(KeptTexts::new(KEPT_PAGES))
    }
}

/// One page of the users `actor` may see, matching `query`, as `write` writes it: kept on
/// `texts` while `directory` (a new one after any change to a person) is the one it was made from.
pub fn list_text(
    texts: &PeopleTexts,
    directory: &Directory,
    actor: &Actor,
    query: &UserQuery,
    write: impl FnOnce(&Page<Seen>) -> Bytes,
) -> Bytes {
    let question = kept_texts::question(actor, format_args!("{query:?}"));
    let head = directory.0.revision().to_le_bytes();
    let made = || Ok::<_, Infallible>(write(&list(directory, actor, query)));
    let Ok(text) = kept_texts::kept_whole(&texts.0, &question, &head, made);
    text
}

/// One page of the users `actor` may see, matching `query`, as their directory entries.
fn list(directory: &Directory, actor: &Actor, query: &UserQuery) -> Page<Seen> {
    let directory = &directory.0;
    let columns = &directory.columns;
    let words = Words::of(query.search.as_deref().unwrap_or_default());
    // Bitmaps first: the letter pairs of the words, deletion and roles rule people out 64 at a
    // time; then only those left are looked at one by one, and only when that is needed.
    let mut found = columns.with_pairs(Pairs::of_words(&words));
    // Staff see everyone (`Actor::sees`): asked once, not once per person. Only they see the
    // deleted: a student or parent never lists a deleted child or parent.
    let sees_everyone = actor.sees_everyone();
    let trashed = if sees_everyone { query.trashed } else { Trashed::Without };
    match trashed {
        Trashed::Without => found.and_not(&columns.deleted),
        Trashed::With => {}
        Trashed::Only => found.and(&columns.deleted),
    }
    if !query.roles.is_empty() {
        found.and(&columns.holding_any(&query.roles));
    }
    if !sees_everyone || !words.is_empty() {
        found.retain(|at| (sees_everyone || actor.sees(columns.ids[at])) && words.all_in(columns.search(at)));
    }
    let entry = |at: usize| &directory.entries[at];
    // In the directory's order and without tags, the page is cut straight out of the bitmap,
    // which counts the rows after it without visiting them.
    if query.sort == Sort::LastName && query.tags.is_empty() {
        return query.page.slice(found.iter()).map(|at| Seen::by(actor, entry(at)));
    }
    let mut found: Vec<&Arc<Entry>> = found.iter().map(entry).collect();
    // Tags are read from the entries, so only here.
    if !query.tags.is_empty() {
        found.retain(|e| query.tags.iter().any(|t| e.tags.contains(t)));
    }
    match query.sort {
        Sort::LastName => {}
        Sort::LastNameDesc => found.reverse(),
        Sort::CreatedAt => found.sort_by_key(|e| (e.created_at, e.id)),
        Sort::CreatedAtDesc => found.sort_by_key(|e| std::cmp::Reverse((e.created_at, e.id))),
        Sort::Email => found.sort_by(|a, b| a.email.cmp(&b.email)),
        Sort::EmailDesc => found.sort_by(|a, b| b.email.cmp(&a.email)),
    }
    query.page.slice(found.into_iter()).map(|e| Seen::by(actor, e))
}

/// One user with family links, if `actor` may see them (`policy::sees_person`). The user comes
/// from the directory, so a card, like a list row, is rendered once per version of them.
pub fn get(directory: &Directory, actor: &Actor, id: UserId) -> Result<Person, ServiceError> {
    let directory = &directory.0;
    let entry = directory
        .find(id)
        .filter(|entry| policy::sees_person(actor, &entry.user))
        .ok_or_else(not_found)?;
    Ok(Person {
        parents: directory.parents_of(id).to_vec(),
        children: directory.children_of(id).to_vec(),
        seen: Seen::by(actor, entry),
    })
}

/// The signed-in user as they see themselves, with the manager acting as them, if any.
pub struct Me {
    pub user: Arc<User>,
    pub private_fields: bool,
    pub impersonator: Option<User>,
}

/// What the signed-in `actor` is shown of himself.
pub fn me(store: &Store, actor: &Actor) -> Result<Me, ServiceError> {
    let impersonator = match actor.impersonator {
        Some(id) => crate::service::users::find(store, id)?,
        None => None,
    };
    Ok(Me {
        private_fields: policy::sees_private_fields(actor, &actor.user),
        user: Arc::clone(&actor.user),
        impersonator,
    })
}
