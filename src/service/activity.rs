//! Reading the activity log: a page of entries, each kept as the text it was last shown as (an
//! entry never changes), and the directory that names the people in them.

use super::ServiceError;
use crate::domain::activity::{ActivityEntry, ActivityFilter};
use crate::domain::{ActivityId, Page, PageRequest, User, UserId};
use crate::store::directory::Directory;
use crate::store::shelf::Shelf;
use crate::store::{Store, activity};
use std::collections::HashMap;
use std::sync::Arc;

/// An entry as the API writes it, in three pieces around the two names in it that can change:
/// its actor's and its impersonator's current full names go between them.
#[derive(Debug)]
pub struct EntryText {
    pub pieces: [Box<str>; 3],
    pub actor: Option<UserId>,
    pub impersonator: Option<UserId>,
}

/// How many entries' texts are kept: twenty pages of fifty, about half a megabyte.
const KEPT: usize = 1_000;

/// What reading the log keeps: the texts of the entries shown lately, and where its dates were
/// found (`activity::Bounds`). An entry never changes, so its text stays right; a full shelf is
/// emptied, and the pages read next fill it again.
#[derive(Debug)]
pub struct LogShelf {
    texts: Shelf<ActivityId, Arc<EntryText>>,
    bounds: activity::Bounds,
}

impl Default for LogShelf {
    fn default() -> Self {
        Self {
            texts: Shelf::new(KEPT),
            bounds: activity::Bounds::default(),
        }
    }
}

/// A page of the log as texts, and the people who can be named in them.
pub struct LogPage {
    pub page: Page<Arc<EntryText>>,
    directory: Arc<Directory>,
}

impl LogPage {
    /// The name of `id` as it is now, as `render` shows it (once per version of the person, see
    /// `Entry::name_shown`), if the person exists.
    pub fn name(&self, id: UserId, render: impl FnOnce(&User) -> String) -> Option<&str> {
        self.directory.find(id).map(|entry| entry.name_shown(render))
    }
}

/// One page of the entries passing `filter`, newest first: the texts kept on `shelf`, and
/// `render` of the others, which are read and kept.
pub fn page(
    store: &Store,
    shelf: &LogShelf,
    filter: &ActivityFilter,
    request: PageRequest,
    render: impl Fn(ActivityEntry) -> EntryText,
) -> Result<LogPage, ServiceError> {
    let txn = store.read()?;
    let ids = activity::page_ids(&txn, &shelf.bounds, filter, request)?;
    let kept = shelf.texts.find(&ids.items);
    let missing: Vec<ActivityId> = ids
        .items
        .iter()
        .zip(&kept)
        .filter(|(_, text)| text.is_none())
        .map(|(id, _)| *id)
        .collect();
    let mut fresh = HashMap::with_capacity(missing.len());
    if !missing.is_empty() {
        for entry in activity::entries(&txn, &missing)? {
            fresh.insert(entry.id, Arc::new(render(entry)));
        }
        shelf.texts.keep(fresh.iter().map(|(id, text)| (*id, text.clone())));
    }
    let items = ids
        .items
        .iter()
        .zip(kept)
        .filter_map(|(id, text)| text.or_else(|| fresh.get(id).cloned()));
    Ok(LogPage {
        page: Page {
            items: items.collect(),
            total: ids.total,
            request,
        },
        directory: store.directory(&txn)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::activity::{Action, Entity};
    use jiff::Timestamp;
    use std::cell::Cell;

    /// A store whose log holds `count` entries.
    fn log_of(count: u64) -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Store::open(dir.path(), 4).expect("open");
        let txn = store.write().expect("txn");
        for n in 0..count {
            let entry = ActivityEntry {
                id: ActivityId(0),
                at: Timestamp::from_second(1_780_000_000 + n as i64).expect("time"),
                actor: Some(UserId(1)),
                impersonator: None,
                action: Action::UserUpdated,
                entity: Entity::User,
                entity_id: None,
                summary: format!("запись {}", n + 1),
                ip: None,
                subjects: Vec::new(),
            };
            activity::append(&txn, entry).expect("append");
        }
        txn.commit().expect("commit");
        (dir, store)
    }

    #[test]
    fn an_entry_is_rendered_once_and_a_full_shelf_starts_again() {
        let (_dir, store) = log_of(KEPT as u64 + 60);
        let shelf = LogShelf::default();
        let rendered = Cell::new(0);
        let read = |page| {
            let render = |entry: ActivityEntry| {
                rendered.set(rendered.get() + 1);
                EntryText {
                    pieces: [entry.summary.into(), "".into(), "".into()],
                    actor: entry.actor,
                    impersonator: None,
                }
            };
            let found = page_of(&store, &shelf, PageRequest::new(Some(page), Some(50)), render);
            found
                .page
                .items
                .iter()
                .map(|t| t.pieces[0].to_string())
                .collect::<Vec<_>>()
        };
        let newest = (1011..=1060).rev().map(|n| format!("запись {n}")).collect::<Vec<_>>();
        assert_eq!(read(1), newest);
        assert_eq!(rendered.get(), 50);
        assert_eq!(read(1), newest, "the kept texts, in the same order");
        assert_eq!(rendered.get(), 50, "nothing rendered again");
        for page in 2..=20 {
            read(page);
        }
        assert_eq!((rendered.get(), shelf.texts.count()), (1_000, KEPT));
        read(21);
        assert_eq!(
            (rendered.get(), shelf.texts.count()),
            (1_050, 50),
            "a full shelf was emptied"
        );
        read(1);
        assert_eq!(rendered.get(), 1_100);
    }

    fn page_of(
        store: &Store,
        shelf: &LogShelf,
        request: PageRequest,
        render: impl Fn(ActivityEntry) -> EntryText,
    ) -> LogPage {
        let filter = ActivityFilter {
            person: None,
            action: None,
            from: None,
            until: None,
        };
        page(store, shelf, &filter, request, render).expect("page")
    }
}
