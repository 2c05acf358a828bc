//! Tasks, indexed by assignee and author (by due day and time), by the person they are about,
//! by due day and time, and by their place on a board (column and fractional position).

use super::record::{self, IndexRow, ListKey, Reader, Record, Rows, Seen, day_key};
use super::{StoreError, tables};
use crate::domain::task::Task;
use crate::domain::{BoardId, TaskId, UserId};
use redb::ReadableTable;

impl Record for Task {
    const TABLE: Rows = tables::TASKS;
    type Id = TaskId;

    fn id(&self) -> TaskId {
        self.id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        let due = due_key(self);
        let mut rows = vec![
            IndexRow::OwnedTimed(tables::TASKS_BY_ASSIGNEE, self.assignee_id.0, due),
            IndexRow::OwnedTimed(tables::TASKS_BY_AUTHOR, self.author_id.0, due),
            IndexRow::Timed(tables::TASKS_BY_DUE, due),
        ];
        if let Some(related) = self.related_user_id {
            rows.push(IndexRow::Under(tables::TASKS_BY_RELATED, related.0));
        }
        if let Some(place) = &self.placement {
            rows.push(IndexRow::Ranked(
                tables::TASKS_ON_BOARD,
                place.board_id.0,
                place.column_id,
                place.position.clone(),
            ));
        }
        rows
    }

    fn versioned_lists(&self) -> Vec<ListKey> {
        let mut lists = vec![ListKey::of(&tables::TASKS_BY_ASSIGNEE, self.assignee_id.0)];
        lists.extend(
            self.related_user_id
                .map(|related| ListKey::of(&tables::TASKS_BY_RELATED, related.0)),
        );
        lists.extend(
            self.placement
                .as_ref()
                .map(|place| ListKey::of(&tables::TASKS_ON_BOARD, place.board_id.0)),
        );
        lists
    }
}

/// Where a task's due day and time put it in the due indexes: its day's key (`record::day_key`)
/// plus the milliseconds of its due time into that day; a task with no time comes after every
/// timed one, at the day's last millisecond. A range of days (`day_key(from)..day_after(to)`)
/// takes in every task due in them; lists sorted by due time sort by this key and the id.
pub fn due_key(task: &Task) -> i64 {
    let into_day = task.due_time.map_or(LAST_MILLISECOND, |time| {
        let seconds = i64::from(time.hour()) * 3600 + i64::from(time.minute()) * 60 + i64::from(time.second());
        seconds * 1000 + i64::from(time.millisecond())
    });
    day_key(task.due_on) + into_day
}

/// The last millisecond of a day, from its midnight.
const LAST_MILLISECOND: i64 = 86_399_999;

/// A card of a board as its index lists it: column, position, task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    pub column_id: u64,
    pub position: String,
    pub task_id: TaskId,
}

/// The version of `board`'s list of cards: it changes whenever a card on it is written,
/// moved or removed (`record::ListVersions`).
pub fn cards_version(versions: &Seen, board: BoardId) -> u64 {
    versions.of(ListKey::of(&tables::TASKS_ON_BOARD, board.0))
}

/// The versions of the tasks assigned to `person` and of those about him: they change whenever
/// such a task is written or removed.
pub fn person_versions(versions: &Seen, person: UserId) -> [u64; 2] {
    [
        versions.of(ListKey::of(&tables::TASKS_BY_ASSIGNEE, person.0)),
        versions.of(ListKey::of(&tables::TASKS_BY_RELATED, person.0)),
    ]
}

/// The cards of `board` in order (by column id, then position, then task id), or of one of its
/// columns: read from the index alone, no task decoded.
pub fn cards(txn: &impl Reader, board: BoardId, column: Option<u64>) -> Result<Vec<Card>, StoreError> {
    let index = txn.open(tables::TASKS_ON_BOARD)?;
    let (first, last) = column.map_or((0, u64::MAX), |c| (c, c));
    let rows = index.range((board.0, first, "", 0)..=(board.0, last, "\u{7f}", u64::MAX))?;
    rows.map(|row| {
        let key = row?.0;
        let (_, column_id, position, task) = key.value();
        Ok(Card {
            column_id,
            position: position.to_owned(),
            task_id: TaskId(task),
        })
    })
    .collect()
}

/// Decodes `ids` through one table handle, skipping any that are gone.
pub fn load(txn: &impl Reader, ids: &[TaskId]) -> Result<Vec<Task>, StoreError> {
    record::get_many(txn, ids)
}
