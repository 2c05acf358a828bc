//! Reading the activity log: a page of entries, each kept as the text it was last shown as (an
//! entry never changes), and the directory that names the people in them; a page as a whole is
//! kept too, while nothing was added to the log and no name changed.

use super::ServiceError;
use crate::domain::activity::{ActivityEntry, ActivityFilter};
use crate::domain::{ActivityId, Page, PageRequest, User, UserId};
use crate::service::kept_texts::{self, KeptTexts};
use crate::store::directory::Directory;
use crate::store::shelf::Shelf;
use crate::store::{Store, activity};
use bytes::Bytes;
use redb::ReadTransaction;
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

/// How many whole pages are kept (a page of 50 entries is ~20 KB).
const KEPT_PAGES: usize = 32;

/// What reading the log keeps: the texts of the entries shown lately, the pages shown lately as
/// written, and where its dates were found (`activity::Bounds`). An entry never changes, so its
/// text stays right; a full shelf is emptied, and the pages read next fill it again.
pub struct LogShelf {
    texts: Shelf<ActivityId, Arc<EntryText>>,
    pages: KeptTexts<()>,
    bounds: activity::Bounds,
}

impl Default for LogShelf {
    fn default() -> Self {
        Self {
            texts: Shelf::new(KEPT),
            pages: KeptTexts::new(KEPT_PAGES),
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

/// One page of the entries passing `filter`, newest first, as `write` writes it: kept whole
/// on `shelf` while no entry was added to the log and no person changed (the page names them
/// as they are now); otherwise made of the entries' kept texts and `render` of the others.
pub fn page_text(
    store: &Store,
    shelf: &LogShelf,
    filter: &ActivityFilter,
    request: PageRequest,
    render: impl Fn(ActivityEntry) -> EntryText,
    write: impl FnOnce(&LogPage) -> Bytes,
) -> Result<Bytes, ServiceError> {
    let (versions, txn) = store.read_versioned()?;
    let directory = store.directory(&txn)?;
    let mut head = kept_texts::versions_of(&versions, &[activity::log_list()]);
    head.extend(directory.revision().to_le_bytes());
    let question = format!("{filter:?} {request:?}");
    kept_texts::kept_whole(&shelf.pages, &question, &head, || {
        Ok(write(&page(&txn, directory, shelf, filter, request, render)?))
    })
}

/// One page of the entries passing `filter` in `txn`, newest first, naming people from
/// `directory`: the texts kept on `shelf`, and `render` of the others, which are read and kept.
fn page(
    txn: &ReadTransaction,
    directory: Arc<Directory>,
    shelf: &LogShelf,
    filter: &ActivityFilter,
    request: PageRequest,
    render: impl Fn(ActivityEntry) -> EntryText,
) -> Result<LogPage, ServiceError> {
    let ids = activity::page_ids(txn, &shelf.bounds, filter, request)?;
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
        for entry in activity::entries(txn, &missing)? {
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
        directory,
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
        append(&store, 0..count);
        (dir, store)
    }

    /// Appends the entries «запись N+1» for each N of `numbers`, in one commit.
    fn append(store: &Store, numbers: std::ops::Range<u64>) {
        let txn = store.write().expect("txn");
        for n in numbers {
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
    }

    /// An entry's text: its summary.
    fn plain(entry: ActivityEntry) -> EntryText {
        EntryText {
            pieces: [entry.summary.into(), "".into(), "".into()],
            actor: entry.actor,
            impersonator: None,
        }
    }

    fn everything() -> ActivityFilter {
        ActivityFilter {
            person: None,
            action: None,
            from: None,
            until: None,
        }
    }

    #[test]
    fn an_entry_is_rendered_once_and_a_full_shelf_starts_again() {
        let (_dir, store) = log_of(KEPT as u64 + 60);
        let shelf = LogShelf::default();
        let rendered = Cell::new(0);
        let read = |page| {
            let render = |entry: ActivityEntry| {
                rendered.set(rendered.get() + 1);
                plain(entry)
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
        let txn = store.read().expect("read");
        let directory = store.directory(&txn).expect("directory");
        page(&txn, directory, shelf, &everything(), request, render).expect("page")
    }

    #[test]
    fn a_whole_page_is_kept_until_the_log_grows() {
        let (_dir, store) = log_of(60);
        let shelf = LogShelf::default();
        let written = Cell::new(0);
        let first_of_page = |page| {
            let write = |found: &LogPage| {
                written.set(written.get() + 1);
                Bytes::from(found.page.items[0].pieces[0].to_string())
            };
            let request = PageRequest::new(Some(page), Some(50));
            page_text(&store, &shelf, &everything(), request, plain, write).expect("page")
        };
        assert_eq!((first_of_page(1), written.get()), (Bytes::from("запись 60"), 1));
        assert_eq!(
            (first_of_page(1), written.get()),
            (Bytes::from("запись 60"), 1),
            "the kept page"
        );
        assert_eq!((first_of_page(2), written.get()), (Bytes::from("запись 10"), 2));
        append(&store, 60..61);
        assert_eq!(
            (first_of_page(1), written.get()),
            (Bytes::from("запись 61"), 3),
            "an entry added: the page made again"
        );
        assert_eq!((first_of_page(2), written.get()), (Bytes::from("запись 11"), 4));
    }
}
