//! List versions on a small record type of its own: a card on a board.

use super::*;
use crate::store::codec;
use crate::store::record::{IndexRow, RankIndex, Record, Rows, get_stored, insert, remove, update};
use crate::store::{Store, WriteTxn};
use serde::{Deserialize, Serialize};

crate::ids! {
    /// A card's id.
    CardId;
}
const CARDS: Rows = TableDefinition::new("test-cards-1");
const CARDS_ON_BOARD: RankIndex = TableDefinition::new("test-cards-on-board-1");

/// A card on a board, in a column at a fractional position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Card {
    id: CardId,
    title: String,
    board: u64,
    position: String,
}

impl Record for Card {
    const TABLE: Rows = CARDS;
    type Id = CardId;

    fn id(&self) -> CardId {
        self.id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        vec![IndexRow::Ranked(CARDS_ON_BOARD, self.board, 1, self.position.clone())]
    }

    fn versioned_lists(&self) -> Vec<ListKey> {
        vec![ListKey::of(&CARDS_ON_BOARD, self.board)]
    }
}

/// A new card «Позвонить» at the top of board 1.
fn call_on_board_1(id: CardId) -> Card {
    Card {
        id,
        title: "Позвонить".into(),
        board: 1,
        position: "a0".into(),
    }
}

/// Runs `step` in a write transaction and commits it.
fn committed<T>(store: &Store, step: impl FnOnce(&WriteTxn) -> T) -> T {
    let txn = store.write().expect("write");
    let done = step(&txn);
    txn.commit().expect("commit");
    done
}

#[test]
fn a_versioned_list_gets_a_new_version_with_every_committed_change_of_a_record_in_it_and_only_then() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let version = |board| store.versions.now().of(ListKey::of(&CARDS_ON_BOARD, board));
    assert_eq!((version(1), version(2)), (0, 0), "no version before the first card");
    let txn = store.write().expect("write");
    let card = insert(&txn, call_on_board_1).expect("insert");
    assert_eq!(version(1), 0, "not before the commit");
    txn.commit().expect("commit");
    let added = version(1);
    assert_ne!(added, 0);
    assert_eq!(version(2), 0, "another board keeps its version");

    let renamed = Card {
        title: "Позвонить маме".into(),
        ..card.clone()
    };
    committed(&store, |txn| update(txn, &renamed).expect("update"));
    let after_rename = version(1);
    assert_ne!(after_rename, added, "a change that leaves the index rows as they were");

    let moved = Card { board: 2, ..renamed };
    committed(&store, |txn| update(txn, &moved).expect("update"));
    let stored = get_stored::<Card>(&store.read().expect("read"), card.id).expect("get");
    assert_eq!(stored, Some((moved.clone(), codec::encode(&moved).into_boxed_slice())));
    let (left, joined) = (version(1), version(2));
    assert!(
        left != after_rename && joined != 0,
        "the list it left and the one it joined"
    );

    committed(&store, |txn| remove::<Card>(txn, card.id).expect("remove"));
    assert_eq!(version(1), left, "the list it left earlier is not touched");
    assert_ne!(version(2), joined);
    assert_eq!(
        get_stored::<Card>(&store.read().expect("read"), CardId(1)).expect("get"),
        None,
        "removed"
    );
}

#[test]
fn an_aborted_change_leaves_the_versions_as_they_were() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    committed(&store, |txn| insert(txn, call_on_board_1).expect("insert"));
    let before = store.versions.now().of(ListKey::of(&CARDS_ON_BOARD, 1));
    let txn = store.write().expect("write");
    insert(&txn, call_on_board_1).expect("insert");
    txn.abort().expect("abort");
    let dropped = store.write().expect("write");
    insert(&dropped, call_on_board_1).expect("insert");
    drop(dropped);
    assert_eq!(store.versions.now().of(ListKey::of(&CARDS_ON_BOARD, 1)), before);
}

#[test]
fn versions_seen_before_a_commit_read_after_it_as_numbers_no_list_ever_has() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let list = ListKey::of(&CARDS_ON_BOARD, 1);
    committed(&store, |txn| insert(txn, call_on_board_1).expect("insert"));
    let (seen, snapshot) = store.read_versioned().expect("read");
    let settled = seen.of(list);
    assert_eq!(
        settled,
        store.versions.now().of(list),
        "settled: nothing committed since"
    );
    let card = committed(&store, |txn| insert(txn, call_on_board_1).expect("insert"));
    assert_eq!(
        get_stored::<Card>(&snapshot, card.id).expect("get"),
        None,
        "the snapshot is older"
    );
    let (first, second) = (seen.of(list), seen.of(list));
    let now = store.versions.now().of(list);
    assert!(
        first != second && ![settled, now].contains(&first) && ![settled, now].contains(&second),
        "an answer made from the older snapshot is kept under no version a reader finds: {first}, {second}, {now}"
    );
    assert_ne!(
        seen.of(ListKey::of(&CARDS_ON_BOARD, 2)),
        0,
        "every list, changed or not"
    );
}
