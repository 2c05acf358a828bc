//! The directory: an in-memory read model of every user (name key, search text, roles, tags and
//! the stored record) and of the family links between them, rebuilt from one consistent snapshot
//! whenever the users' revision in the database moved (a user or a link changed). Lists, search, sorting and the rows of a page come from it and its columns:
//! a page reads nothing from the database, and each row is rendered once per version of a user.

mod columns;

pub use columns::{Columns, Positions};

use super::{Store, StoreError, codec, tables};
use crate::domain::search::Pairs;
use crate::domain::{Roles, TagId, User, UserId};
use crate::store::WriteTxn;
use jiff::Timestamp;
use redb::{ReadTransaction, ReadableTable};
use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

const REVISION_KEY: &str = "users_rev";

/// What the directory knows of one user.
///
/// Any change to a user's stored record moves the revision (`store::users::update` compares
/// records), and a rebuild makes a new entry for each record that changed.
#[derive(Debug)]
pub struct Entry {
    pub id: UserId,
    /// Russian sort key of "last first middle".
    pub name_key: String,
    /// Folded names, e-mail and phone.
    search: String,
    pub email: String,
    pub roles: Roles,
    pub tags: BTreeSet<TagId>,
    pub created_at: Timestamp,
    pub deleted: bool,
    /// The letter pairs of `search`.
    pairs: Pairs,
    /// The record as stored (MessagePack): what an unchanged user is recognised by on a rebuild.
    record: Box<[u8]>,
    /// The record, decoded: what a request's actor and a card are made of.
    pub user: Arc<User>,
    /// The user as shown without (0) and with (1) their private fields, made on first use.
    shown: [OnceLock<Box<str>>; 2],
    /// The user's name as a list shows it, made on first use.
    name_shown: OnceLock<Box<str>>,
}

impl Entry {
    /// What the directory keeps of `user`.
    pub fn of(user: &User) -> Self {
        Self::with_record(user.clone(), codec::encode(user).into())
    }

    fn decode(record: &[u8]) -> Result<Self, StoreError> {
        Ok(Self::with_record(
            codec::decode(tables::name(&tables::USERS), record)?,
            record.into(),
        ))
    }

    fn with_record(user: User, record: Box<[u8]>) -> Self {
        let search = user.search_text();
        Self {
            id: user.id,
            name_key: user.name_key(),
            pairs: Pairs::of(&search),
            search,
            email: user.email.to_string(),
            roles: user.roles.clone(),
            tags: user.tags.clone(),
            created_at: user.created_at,
            deleted: user.deleted_at.is_some(),
            record,
            user: Arc::new(user),
            shown: Default::default(),
            name_shown: OnceLock::new(),
        }
    }

    /// The user as shown with (or without) their private fields: `render` of the stored user,
    /// called once per kind of view and kept for as long as the user does not change. Who sees
    /// which is `policy::sees_private_fields`, decided by the service.
    pub fn shown(&self, private_fields: bool, render: impl FnOnce(&User) -> String) -> &str {
        self.shown[usize::from(private_fields)].get_or_init(|| render(&self.user).into())
    }

    /// The user's name as a list shows it: `render` of the stored user, called once and kept
    /// for as long as the user does not change.
    pub fn name_shown(&self, render: impl FnOnce(&User) -> String) -> &str {
        self.name_shown.get_or_init(|| render(&self.user).into())
    }
}

/// Every user, sorted by name the Russian way.
#[derive(Debug)]
pub struct Directory {
    revision: u64,
    pub entries: Vec<Arc<Entry>>,
    /// What lists test of the entries, at the same positions.
    pub columns: Columns,
    /// Each user's position in `entries`, in id order: how a card finds its entry.
    by_id: Vec<(UserId, usize)>,
    /// Each parent's children and each child's parents, by id.
    children: HashMap<UserId, Vec<UserId>>,
    parents: HashMap<UserId, Vec<UserId>>,
}

impl Directory {
    /// The users' revision it was built at: a new one after any change to a user or a link.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The entry of user `id`, deleted or not.
    pub fn find(&self, id: UserId) -> Option<&Arc<Entry>> {
        let at = self.by_id.binary_search_by_key(&id, |(id, _)| *id).ok()?;
        Some(&self.entries[self.by_id[at].1])
    }

    /// The children of `parent`, by id (as `store::family::children_of` reads them).
    pub fn children_of(&self, parent: UserId) -> &[UserId] {
        self.children.get(&parent).map_or(&[], Vec::as_slice)
    }

    /// The parents of `child`, by id (as `store::family::parents_of` reads them).
    pub fn parents_of(&self, child: UserId) -> &[UserId] {
        self.parents.get(&child).map_or(&[], Vec::as_slice)
    }
}

/// The cached directory of one store.
#[derive(Default)]
pub struct DirectoryCache(Mutex<Option<Arc<Directory>>>);

/// Marks the users as changed; called by every write to the users table and to the family
/// links, in its transaction.
pub fn bump_revision(txn: &WriteTxn) -> Result<(), StoreError> {
    let mut meta = txn.open_table(tables::META)?;
    let current = read_revision(&meta)?;
    meta.insert(REVISION_KEY, (current + 1).to_le_bytes().as_slice())?;
    Ok(())
}

fn read_revision(meta: &impl ReadableTable<&'static str, &'static [u8]>) -> Result<u64, StoreError> {
    let bytes = meta
        .get(REVISION_KEY)?
        .map(|g| g.value().to_vec())
        .unwrap_or_else(|| vec![0; 8]);
    let bytes: [u8; 8] = bytes.try_into().map_err(|_| StoreError::Corrupt {
        table: tables::name(&tables::META),
        reason: "users_rev".into(),
    })?;
    Ok(u64::from_le_bytes(bytes))
}

impl Store {
    /// The directory as of `txn`'s snapshot: the cached one if still current, else rebuilt
    /// (taking over the cached entries of users whose records did not change).
    pub fn directory(&self, txn: &ReadTransaction) -> Result<Arc<Directory>, StoreError> {
        let revision = read_revision(&txn.open_table(tables::META)?)?;
        let mut cache = self.directory.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(current) = cache.as_ref().filter(|d| d.revision == revision) {
            return Ok(current.clone());
        }
        let built = Arc::new(build(txn, revision, cache.as_deref())?);
        // Keep the newest: a reader on an older snapshot must not replace a newer directory.
        if cache.as_ref().is_none_or(|cached| cached.revision < revision) {
            *cache = Some(built.clone());
        }
        Ok(built)
    }
}

fn build(txn: &ReadTransaction, revision: u64, previous: Option<&Directory>) -> Result<Directory, StoreError> {
    let started = Instant::now();
    let (before, before_by_id) = previous.map_or((&[][..], &[][..]), |p| (&p.entries[..], &p.by_id[..]));
    // The previous entries' positions in id order, walked beside the table (also in id order).
    let mut by_id = before_by_id.iter().copied().peekable();
    // The entry of each user still there, at the previous position; then the newcomers.
    let mut still: Vec<Option<Arc<Entry>>> = vec![None; before.len()];
    let mut newcomers = Vec::new();
    let mut kept = 0;
    for row in txn.open_table(tables::USERS)?.iter()? {
        let (id, record) = row?;
        let (id, record) = (UserId(id.value()), record.value());
        while by_id.next_if(|(old, _)| *old < id).is_some() {}
        match by_id.next_if(|(old, _)| *old == id).map(|(_, at)| at) {
            Some(at) if *before[at].record == *record => {
                kept += 1;
                still[at] = Some(Arc::clone(&before[at]));
            }
            Some(at) => still[at] = Some(Arc::new(Entry::decode(record)?)),
            None => newcomers.push(Arc::new(Entry::decode(record)?)),
        }
    }
    // In the previous order, entries are nearly sorted already: the sort, which merges sorted
    // runs, puts the few changed ones in place in about linear time.
    let mut entries: Vec<Arc<Entry>> = still.into_iter().flatten().chain(newcomers).collect();
    entries.sort_by(|a, b| a.name_key.cmp(&b.name_key).then(a.id.cmp(&b.id)));
    let columns = Columns::of(&entries);
    let mut by_id: Vec<(UserId, usize)> = columns.ids.iter().enumerate().map(|(at, id)| (*id, at)).collect();
    by_id.sort_unstable();
    // (parent, child) in key order: each list comes out sorted by id.
    let (mut children, mut parents) = (
        HashMap::<UserId, Vec<UserId>>::new(),
        HashMap::<UserId, Vec<UserId>>::new(),
    );
    for row in txn.open_table(tables::FAMILY)?.iter()? {
        let (parent, child) = row?.0.value();
        children.entry(UserId(parent)).or_default().push(UserId(child));
        parents.entry(UserId(child)).or_default().push(UserId(parent));
    }
    tracing::debug!(
        users = entries.len(),
        kept,
        ms = started.elapsed().as_secs_f64() * 1e3,
        "directory rebuilt"
    );
    Ok(Directory {
        revision,
        entries,
        columns,
        by_id,
        children,
        parents,
    })
}
