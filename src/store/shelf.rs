//! A shelf: what reads keep of the records they showed, so a record shown again is not decoded
//! and rendered again. Bounded: a full shelf is emptied, and the reads that follow fill it again.
//! `shown` keeps each rendering with the stored bytes it was made from and uses it only while
//! the record is stored unchanged; `kept_or_made` does the same for an answer made of many
//! records, checked against bytes that change whenever any of them does.

use super::record::{self, Reader, Record};
use super::{StoreError, codec};
use redb::ReadableTable;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard};

/// Up to `capacity` values by key.
#[derive(Debug)]
pub struct Shelf<K, V> {
    kept: Mutex<HashMap<K, V>>,
    capacity: usize,
}

impl<K: Eq + Hash + Copy, V: Clone> Shelf<K, V> {
    /// An empty shelf that holds up to `capacity` values.
    pub fn new(capacity: usize) -> Self {
        Self {
            kept: Mutex::default(),
            capacity,
        }
    }

    fn kept(&self) -> MutexGuard<'_, HashMap<K, V>> {
        self.kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The values kept under `keys`, in their order (one lock for all).
    pub fn find<'k>(&self, keys: impl IntoIterator<Item = &'k K>) -> Vec<Option<V>>
    where
        K: 'k,
    {
        let kept = self.kept();
        keys.into_iter().map(|key| kept.get(key).cloned()).collect()
    }

    /// Keeps `fresh` (one lock for all), emptying the shelf first when they would overfill it.
    pub fn keep(&self, fresh: impl ExactSizeIterator<Item = (K, V)>) {
        if fresh.len() == 0 {
            return;
        }
        let mut kept = self.kept();
        if kept.len() + fresh.len() > self.capacity {
            kept.clear();
        }
        kept.extend(fresh);
    }

    /// How many values are kept.
    #[cfg(test)]
    pub fn count(&self) -> usize {
        self.kept().len()
    }
}

/// A rendering, with the stored bytes it was made from.
#[derive(Debug)]
pub struct Shown<T> {
    record: Box<[u8]>,
    pub value: T,
}

/// Renderings by key (a record's id by default), each valid while what it was made from is
/// stored unchanged.
pub type Renderings<T, K = u64> = Shelf<K, Arc<Shown<T>>>;

/// The rendering `shelf` keeps under `key` when it was made from `source`, or else `make()`,
/// which is then kept with `source`. `source` must change whenever the rendering would: e.g. a
/// board's stored bytes, the version of its list of cards (`record::ListVersions`), the
/// directory's revision for the names and the day.
pub fn kept_or_made<K: Eq + Hash + Copy, T, E>(
    shelf: &Renderings<T, K>,
    key: K,
    source: Box<[u8]>,
    make: impl FnOnce() -> Result<T, E>,
) -> Result<Arc<Shown<T>>, E> {
    kept_or_made_by(shelf, key, |_| Ok(source.clone()), make)
}

/// As `kept_or_made`, for a rendering whose sources it names itself: `source(rendering)` gives
/// the bytes it is made from now (e.g. a journal's head and the versions of the lists of the
/// students it holds). The kept rendering is given while they are the bytes it was kept with;
/// otherwise `make()`'s, kept with `source` of it. Both read the same snapshot.
pub fn kept_or_made_by<K: Eq + Hash + Copy, T, E>(
    shelf: &Renderings<T, K>,
    key: K,
    source: impl Fn(&T) -> Result<Box<[u8]>, E>,
    make: impl FnOnce() -> Result<T, E>,
) -> Result<Arc<Shown<T>>, E> {
    if let Some(Some(kept)) = shelf.find([&key]).pop()
        && kept.record == source(&kept.value)?
    {
        return Ok(kept);
    }
    let value = make()?;
    let made = Arc::new(Shown {
        record: source(&value)?,
        value,
    });
    shelf.keep(std::iter::once((key, made.clone())));
    Ok(made)
}

/// The renderings of the records `ids` names, in that order (any gone are skipped): for each,
/// the one `shelf` keeps when the record is stored as it was then, or else `render` of the
/// decoded record, which is then kept. Reading a kept one costs a lookup and a comparison of
/// bytes: no decoding.
pub fn shown<R: Record, T>(
    txn: &impl Reader,
    ids: &[R::Id],
    shelf: &Renderings<T>,
    mut render: impl FnMut(R) -> T,
) -> Result<Vec<Arc<Shown<T>>>, StoreError> {
    let keys: Vec<u64> = ids.iter().map(|id| (*id).into()).collect();
    let kept = shelf.find(&keys);
    let rows = txn.open(R::TABLE)?;
    let mut found = Vec::with_capacity(keys.len());
    let mut fresh = Vec::new();
    for (key, kept) in keys.into_iter().zip(kept) {
        let Some(bytes) = rows.get(key)? else {
            continue;
        };
        let stored = bytes.value();
        match kept {
            Some(kept) if *kept.record == *stored => found.push(kept),
            _ => {
                let shown = Arc::new(Shown {
                    value: render(codec::decode(record::name_of::<R>(), stored)?),
                    record: stored.into(),
                });
                fresh.push((key, shown.clone()));
                found.push(shown);
            }
        }
    }
    shelf.keep(fresh.into_iter());
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::SubjectId;
    use crate::domain::subject::Subject;
    use crate::store::Store;

    fn subject(id: u64, name: &str) -> Subject {
        Subject {
            id: SubjectId(id),
            name: name.into(),
            color: "blue".into(),
            archived: false,
            price: None,
        }
    }

    #[test]
    fn a_rendering_is_kept_while_its_record_is_unchanged_and_made_again_after_a_change() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Store::open(dir.path(), 4).expect("open");
        let txn = store.write().expect("txn");
        for (id, name) in [(1, "Математика"), (2, "Физика")] {
            record::insert_built(&txn, &subject(id, name)).expect("insert");
        }
        txn.commit().expect("commit");
        let shelf = Renderings::new(10);
        let renders = std::cell::Cell::new(0);
        let names = |ids: &[SubjectId]| -> Vec<String> {
            let txn = store.read().expect("read");
            shown(&txn, ids, &shelf, |s: Subject| {
                renders.set(renders.get() + 1);
                s.name
            })
            .expect("shown")
            .iter()
            .map(|s| s.value.clone())
            .collect()
        };
        let both = [SubjectId(1), SubjectId(2), SubjectId(3)];
        assert_eq!(names(&both), ["Математика", "Физика"], "a missing record is skipped");
        assert_eq!(names(&both), ["Математика", "Физика"]);
        assert_eq!(renders.get(), 2, "the second read renders nothing");
        let txn = store.write().expect("txn");
        record::update(&txn, &subject(2, "Астрономия")).expect("update");
        txn.commit().expect("commit");
        assert_eq!(names(&both), ["Математика", "Астрономия"]);
        assert_eq!(renders.get(), 3, "only the changed record is rendered again");
    }

    #[test]
    fn a_full_shelf_is_emptied_before_it_takes_more() {
        let shelf: Shelf<u64, u64> = Shelf::new(3);
        shelf.keep([(1, 1), (2, 2)].into_iter());
        shelf.keep([(3, 3)].into_iter());
        assert_eq!(shelf.count(), 3);
        shelf.keep([(4, 4)].into_iter());
        assert_eq!((shelf.count(), shelf.find(&[1, 4])), (1, vec![None, Some(4)]));
        shelf.keep(std::iter::empty());
        assert_eq!(shelf.count(), 1);
    }
}
