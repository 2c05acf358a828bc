//! List versions on a small record type of its own: a card on a board.

use super::*;
use crate::store::Store;
use crate::store::codec;
use crate::store::record::{IndexRow, RankIndex, Record, Rows, get_stored, insert, remove, update};
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

#[test]
fn a_versioned_list_gets_a_new_version_with_every_change_of_a_record_in_it_and_only_then() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let txn = store.write().expect("write");
    let version = |board| list_version(&txn, ListKey::of(&CARDS_ON_BOARD, board)).expect("version");
    assert_eq!((version(1), version(2)), (0, 0), "no version before the first card");
    let card = insert(&txn, |id| Card {
        id,
        title: "Позвонить".into(),
        board: 1,
        position: "a0".into(),
    })
    .expect("insert");
    let added = version(1);
    assert_ne!(added, 0);
    assert_eq!(version(2), 0, "another board keeps its version");

    let renamed = Card {
        title: "Позвонить маме".into(),
        ..card.clone()
    };
    update(&txn, &renamed).expect("update");
    let after_rename = version(1);
    assert_ne!(after_rename, added, "a change that leaves the index rows as they were");

    let moved = Card { board: 2, ..renamed };
    update(&txn, &moved).expect("update");
    let stored = get_stored::<Card>(&txn, card.id).expect("get");
    assert_eq!(stored, Some((moved.clone(), codec::encode(&moved).into_boxed_slice())));
    let (left, joined) = (version(1), version(2));
    assert!(
        left != after_rename && joined != 0,
        "the list it left and the one it joined"
    );

    remove::<Card>(&txn, card.id).expect("remove");
    assert_eq!(version(1), left, "the list it left earlier is not touched");
    assert_ne!(version(2), joined);
    txn.commit().expect("commit");

    let read = store.read().expect("read");
    assert_eq!(
        list_version(&read, ListKey::of(&CARDS_ON_BOARD, 1)).expect("version"),
        left,
        "committed"
    );
    assert_eq!(get_stored::<Card>(&read, CardId(1)).expect("get"), None, "removed");
}
