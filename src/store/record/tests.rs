//! The kit on a small record type of its own: a note with a unique title and an owner.

use super::*;
use crate::store::Store;
use serde::Deserialize;

const NOTES: Rows = TableDefinition::new("test-notes-1");
const NOTES_BY_TITLE: TableDefinition<&str, u64> = TableDefinition::new("test-notes-by-title-1");
const NOTES_BY_OWNER: Index = TableDefinition::new("test-notes-by-owner-1");

crate::ids! {
    /// A note's id.
    NoteId;
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Note {
    id: NoteId,
    owner: u64,
    title: String,
}

impl Record for Note {
    const TABLE: Rows = NOTES;
    type Id = NoteId;

    fn id(&self) -> NoteId {
        self.id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        vec![
            IndexRow::Unique {
                table: NOTES_BY_TITLE,
                key: self.title.to_lowercase(),
                field: "title",
                taken: "Заметка с таким заголовком уже есть",
            },
            IndexRow::Under(NOTES_BY_OWNER, self.owner),
        ]
    }
}

fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let txn = store.write().expect("write");
    txn.open_table(NOTES).expect("table");
    txn.open_table(NOTES_BY_TITLE).expect("table");
    txn.open_table(NOTES_BY_OWNER).expect("table");
    txn.commit().expect("commit");
    (dir, store)
}

fn try_add(txn: &WriteTxn, owner: u64, title: &str) -> Result<Note, StoreError> {
    insert(txn, |id| Note {
        id,
        owner,
        title: title.into(),
    })
}

fn add(txn: &WriteTxn, owner: u64, title: &str) -> Note {
    try_add(txn, owner, title).expect("insert")
}

#[test]
fn insert_numbers_and_get_reads_through_both_transaction_kinds() {
    let (_dir, store) = store();
    let txn = store.write().expect("write");
    let first = add(&txn, 1, "Первая");
    let second = add(&txn, 1, "Вторая");
    assert_eq!((first.id, second.id), (NoteId(1), NoteId(2)));
    assert_eq!(get::<Note>(&txn, second.id).expect("get"), Some(second.clone()));
    txn.commit().expect("commit");
    let read = store.read().expect("read");
    assert_eq!(get::<Note>(&read, first.id).expect("get"), Some(first));
    assert_eq!(get::<Note>(&read, NoteId(9)).expect("get"), None);
    let titles = find_unique::<NoteId>(&read, NOTES_BY_TITLE, "вторая").expect("find");
    assert_eq!(titles, Some(NoteId(2)));
}

#[test]
fn update_moves_the_index_rows_and_refuses_a_taken_key() {
    let (_dir, store) = store();
    let txn = store.write().expect("write");
    let note = add(&txn, 1, "Старое");
    add(&txn, 2, "Занято");
    let moved = Note {
        owner: 2,
        title: "Новое".into(),
        ..note.clone()
    };
    let old = update(&txn, &moved).expect("update");
    assert_eq!(old, note);
    assert_eq!(
        find_unique::<NoteId>(&txn, NOTES_BY_TITLE, "старое").expect("find"),
        None
    );
    assert_eq!(find_unique(&txn, NOTES_BY_TITLE, "новое").expect("find"), Some(note.id));
    assert!(ids_under::<NoteId>(&txn, NOTES_BY_OWNER, 1).expect("ids").is_empty());
    assert_eq!(
        ids_under::<NoteId>(&txn, NOTES_BY_OWNER, 2).expect("ids"),
        vec![note.id, NoteId(2)]
    );
    let clash = Note {
        title: "ЗАНЯТО".into(),
        ..moved.clone()
    };
    assert!(matches!(
        update(&txn, &clash),
        Err(StoreError::Taken { field: "title", .. })
    ));
    // A refused update writes nothing: the record and both titles' rows are as they were.
    assert_eq!(get::<Note>(&txn, note.id).expect("get"), Some(moved));
    assert_eq!(find_unique(&txn, NOTES_BY_TITLE, "новое").expect("find"), Some(note.id));
    assert_eq!(
        find_unique(&txn, NOTES_BY_TITLE, "занято").expect("find"),
        Some(NoteId(2))
    );
    let twin = try_add(&txn, 5, "Занято");
    assert!(matches!(twin, Err(StoreError::Taken { field: "title", .. })));
}

#[test]
fn remove_takes_the_record_and_its_index_rows() {
    let (_dir, store) = store();
    let txn = store.write().expect("write");
    let note = add(&txn, 3, "Удаляемая");
    assert_eq!(remove::<Note>(&txn, note.id).expect("remove"), Some(note.clone()));
    assert_eq!(remove::<Note>(&txn, note.id).expect("again"), None);
    assert_eq!(get::<Note>(&txn, note.id).expect("get"), None);
    assert_eq!(
        find_unique::<NoteId>(&txn, NOTES_BY_TITLE, "удаляемая").expect("find"),
        None
    );
    assert!(ids_under::<NoteId>(&txn, NOTES_BY_OWNER, 3).expect("ids").is_empty());
    // The title is free again.
    add(&txn, 3, "Удаляемая");
}

#[test]
fn pages_newest_first_whole_or_through_an_index() {
    let (_dir, store) = store();
    let txn = store.write().expect("write");
    for n in 1..=7 {
        add(&txn, n % 2, &format!("Заметка {n}"));
    }
    txn.commit().expect("commit");
    let read = store.read().expect("read");
    let ids = |page: Page<Note>| (page.items.iter().map(|n| n.id.0).collect::<Vec<_>>(), page.total);
    let first = page::<Note>(&read, None, None, PageRequest::new(Some(1), Some(3))).expect("page");
    assert_eq!(ids(first), (vec![7, 6, 5], 7));
    let last = page::<Note>(&read, None, None, PageRequest::new(Some(3), Some(3))).expect("page");
    assert_eq!(ids(last), (vec![1], 7));
    let odd = page::<Note>(
        &read,
        Some((NOTES_BY_OWNER, 1)),
        None,
        PageRequest::new(Some(1), Some(3)),
    )
    .expect("page");
    assert_eq!(ids(odd), (vec![7, 5, 3], 4));
    let keep = |note: &Note| note.id.0 < 5;
    let kept = page::<Note>(&read, None, Some(&keep), PageRequest::new(Some(1), Some(3))).expect("page");
    assert_eq!(ids(kept), (vec![4, 3, 2], 4));
    let all: Vec<Note> = all(&read).expect("all");
    assert_eq!(all.len(), 7);
    let newest: Vec<Note> = under(&read, NOTES_BY_OWNER, 0).expect("under");
    assert_eq!(newest.iter().map(|n| n.id.0).collect::<Vec<_>>(), vec![6, 4, 2]);
}

#[test]
fn replace_moves_the_rows_of_a_record_already_read() {
    let (_dir, store) = store();
    let txn = store.write().expect("write");
    let note = add(&txn, 1, "Черновик");
    let done = Note {
        owner: 4,
        title: "Готово".into(),
        ..note.clone()
    };
    replace(&txn, &note, &done).expect("replace");
    assert_eq!(get::<Note>(&txn, note.id).expect("get"), Some(done));
    assert_eq!(
        find_unique::<NoteId>(&txn, NOTES_BY_TITLE, "черновик").expect("find"),
        None
    );
    assert_eq!(
        ids_under::<NoteId>(&txn, NOTES_BY_OWNER, 4).expect("ids"),
        vec![note.id]
    );
}

#[test]
fn a_change_keeps_the_rows_it_leaves_alone_and_delete_takes_every_row() {
    let (_dir, store) = store();
    let txn = store.write().expect("write");
    let note = add(&txn, 1, "Черновик");
    // The same unique key (titles fold case) under another owner: the key stays, the owner row moves.
    let recased = Note {
        owner: 3,
        title: "ЧЕРНОВИК".into(),
        ..note.clone()
    };
    replace(&txn, &note, &recased).expect("replace");
    assert_eq!(
        find_unique(&txn, NOTES_BY_TITLE, "черновик").expect("find"),
        Some(note.id)
    );
    assert!(ids_under::<NoteId>(&txn, NOTES_BY_OWNER, 1).expect("ids").is_empty());
    assert_eq!(
        ids_under::<NoteId>(&txn, NOTES_BY_OWNER, 3).expect("ids"),
        vec![note.id]
    );
    // Two rows with equal keys in different indexes are not the same row.
    let key = IndexRow::Under(NOTES_BY_OWNER, 3);
    assert!(key.same_as(&IndexRow::Under(NOTES_BY_OWNER, 3)));
    assert!(!key.same_as(&IndexRow::Under(TableDefinition::new("test-other-1"), 3)));
    assert!(!key.same_as(&IndexRow::Under(NOTES_BY_OWNER, 4)));

    delete(&txn, &recased).expect("delete");
    assert_eq!(get::<Note>(&txn, note.id).expect("get"), None);
    assert_eq!(
        find_unique::<NoteId>(&txn, NOTES_BY_TITLE, "черновик").expect("find"),
        None
    );
    assert!(ids_under::<NoteId>(&txn, NOTES_BY_OWNER, 3).expect("ids").is_empty());
}

const VISITS: Rows = TableDefinition::new("test-visits-1");
const VISITS_BY_TIME: TimeIndex = TableDefinition::new("test-visits-by-time-1");
const VISITS_BY_GUEST: OwnedTimeIndex = TableDefinition::new("test-visits-by-guest-1");
const VISITS_BY_PLACE: NamedTimeIndex = TableDefinition::new("test-visits-by-place-1");

/// A visit: a guest, a place and a time, listed by time whole, per guest and per place.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Visit {
    id: NoteId,
    guest: u64,
    place: String,
    at: i64,
}

impl Record for Visit {
    const TABLE: Rows = VISITS;
    type Id = NoteId;

    fn id(&self) -> NoteId {
        self.id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        vec![
            IndexRow::Timed(VISITS_BY_TIME, self.at),
            IndexRow::OwnedTimed(VISITS_BY_GUEST, self.guest, self.at),
            IndexRow::NamedTimed(VISITS_BY_PLACE, self.place.clone(), self.at),
        ]
    }
}

#[test]
fn time_indexes_list_a_window_by_time_whole_per_owner_and_per_name() {
    let (_dir, store) = store();
    let txn = store.write().expect("write");
    let visits = [(1, "зал", 300), (2, "зал", 100), (1, "сад", 200), (1, "зал", 900)];
    for (guest, place, at) in visits {
        insert(&txn, |id| Visit {
            id,
            guest,
            place: place.into(),
            at,
        })
        .expect("insert");
    }
    let ids = |found: Vec<NoteId>| found.into_iter().map(|id| id.0).collect::<Vec<_>>();
    assert_eq!(
        ids(ids_between(&txn, VISITS_BY_TIME, 100, 900).expect("ids")),
        [2, 3, 1]
    );
    assert_eq!(
        ids(ids_owned_between(&txn, VISITS_BY_GUEST, 1, 0, 1000).expect("ids")),
        [3, 1, 4]
    );
    assert_eq!(
        ids(ids_owned_between(&txn, VISITS_BY_GUEST, 2, 101, 1000).expect("ids")),
        [0u64; 0]
    );
    let counted = |first| owned_counted::<NoteId>(&txn, VISITS_BY_GUEST, 1, (0, 1000), first).expect("rows");
    assert_eq!(
        counted(2),
        (3, vec![(200, NoteId(3)), (300, NoteId(1))]),
        "all counted, two kept"
    );
    assert_eq!(counted(9).1.len(), 3);
    assert_eq!(counted(0), (3, vec![]));
    assert_eq!(
        ids(ids_named_between(&txn, VISITS_BY_PLACE, "зал", 0, 900).expect("ids")),
        [2, 1]
    );
    // Moving a visit moves its rows in every index.
    let moved = Visit {
        id: NoteId(1),
        guest: 2,
        place: "сад".into(),
        at: 50,
    };
    update(&txn, &moved).expect("update");
    assert_eq!(
        ids(ids_between(&txn, VISITS_BY_TIME, 0, 1000).expect("ids")),
        [1, 2, 3, 4]
    );
    assert_eq!(
        ids(ids_owned_between(&txn, VISITS_BY_GUEST, 2, 0, 1000).expect("ids")),
        [1, 2]
    );
    assert_eq!(
        ids(ids_named_between(&txn, VISITS_BY_PLACE, "сад", 0, 1000).expect("ids")),
        [1, 3]
    );
    remove::<Visit>(&txn, NoteId(1)).expect("remove");
    assert_eq!(
        ids(ids_named_between(&txn, VISITS_BY_PLACE, "сад", 0, 1000).expect("ids")),
        [3]
    );
}
