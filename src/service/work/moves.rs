//! Moving a card on a board: its new fractional position is computed from its real neighbours,
//! read from the board's index in the same write transaction, so a move writes one record;
//! a column whose keys grew too long is spread anew in that transaction (rarely).

use super::task_notices::done_notice;
use super::tasks::task_not_found;
use crate::domain::activity::{Action, Entity};
use crate::domain::board::{Board, Column};
use crate::domain::position;
use crate::domain::task::{Placement, Task};
use crate::domain::{BoardId, TaskId};
use crate::policy::{self, Actor, Denied};
use crate::service::journal::{Change, Journal};
use crate::service::{FieldErrors, ServiceError};
use crate::store::WriteTxn;
use crate::store::tasks::{Card, cards};
use crate::store::{Store, record, users};
use jiff::Timestamp;

/// Where a card is dropped: a column of a board, between two of its cards as the client saw
/// them (either may be null: the top or the bottom of the column).
#[derive(Clone, Debug)]
pub struct MoveForm {
    pub board_id: BoardId,
    pub column_id: u64,
    pub after_id: Option<TaskId>,
    pub before_id: Option<TaskId>,
}

/// The board `id` if `actor` keeps it, or a 422 on `board_id`.
pub(super) fn kept_board(txn: &WriteTxn, actor: &Actor, id: BoardId) -> Result<Board, ServiceError> {
    record::get::<Board>(txn, id)?
        .filter(|b| policy::keeps_board(actor, b))
        .ok_or_else(|| FieldErrors::one("board_id", "Доска не найдена"))
}

/// Why a task may not go on a board: a card there must be one its owner can open.
pub const OWNER_DOES_NOT_SEE: &str = "Владелец доски не видит эту задачу";

/// Whether the owner of `board` sees `task` (`policy::user_sees_task`).
pub(super) fn owner_sees(txn: &WriteTxn, board: &Board, task: &Task) -> Result<bool, ServiceError> {
    Ok(users::get(txn, board.owner_id)?.is_some_and(|owner| policy::user_sees_task(&owner, task)))
}

/// The column `id` of `board`, or a 422 on `column_id`.
pub(super) fn column_of(board: &Board, id: u64) -> Result<Column, ServiceError> {
    board
        .column(id)
        .cloned()
        .ok_or_else(|| FieldErrors::one("column_id", "Колонка не найдена"))
}

/// The key for `moving` in `column` of `board` at `at` (an index among the other cards of the
/// column, `cards` as the index lists them now). When the key between its neighbours would be
/// too long (or there is none), the column is spread anew: every other card of it gets a fresh
/// short key, written here, and the moving card's key is returned.
fn key_at(txn: &WriteTxn, board: BoardId, column: u64, others: &[Card], at: usize) -> Result<String, ServiceError> {
    let low = at.checked_sub(1).map(|i| others[i].position.as_str());
    let high = others.get(at).map(|c| c.position.as_str());
    if let Some(key) = position::between(low, high).filter(|k| !position::too_long(k)) {
        return Ok(key);
    }
    let mut keys = position::spread(others.len() + 1);
    let mine = keys.remove(at);
    for (card, key) in others.iter().zip(keys) {
        if card.position == key {
            continue;
        }
        let Some(old) = record::get::<Task>(txn, card.task_id)? else {
            continue;
        };
        let mut new = old.clone();
        new.placement = Some(Placement {
            board_id: board,
            column_id: column,
            position: key,
        });
        record::replace(txn, &old, &new)?;
    }
    Ok(mine)
}

/// The cards of a column but `moving`.
fn others(txn: &WriteTxn, board: BoardId, column: u64, moving: Option<TaskId>) -> Result<Vec<Card>, ServiceError> {
    let mut found = cards(txn, board, Some(column))?;
    found.retain(|c| Some(c.task_id) != moving);
    Ok(found)
}

/// A placement at the end of `column` of `board` for `moving` (None: a task not yet written).
pub(super) fn at_end(
    txn: &WriteTxn,
    board: BoardId,
    column: u64,
    moving: Option<TaskId>,
) -> Result<Placement, ServiceError> {
    let others = others(txn, board, column, moving)?;
    let position = key_at(txn, board, column, &others, others.len())?;
    Ok(Placement {
        board_id: board,
        column_id: column,
        position,
    })
}

/// Keeps a card's column true to its task's status: a task on a board whose column holds
/// another status goes to the end of the board's column for its status, if the board has one
/// (a task marked done from a list lands in «Готово»).
pub(super) fn follow_status(txn: &WriteTxn, task: &mut Task) -> Result<(), ServiceError> {
    let Some(place) = &task.placement else {
        return Ok(());
    };
    let Some(board) = record::get::<Board>(txn, place.board_id)? else {
        return Ok(());
    };
    let here = board.column(place.column_id).and_then(|c| c.status);
    if here == Some(task.status) {
        return Ok(());
    }
    if let Some(column) = board.columns.iter().find(|c| c.status == Some(task.status)) {
        task.placement = Some(at_end(txn, board.id, column.id, Some(task.id))?);
    }
    Ok(())
}

/// Where among `others` the card goes. Right after `after` and right before `before` when they
/// are still neighbours; when a concurrent move landed between them, right after `after` (or,
/// with no `after`, right before `before`): a defined order either way. With neither: at the
/// end of the column.
fn index_between(others: &[Card], after: Option<TaskId>, before: Option<TaskId>) -> Result<usize, ServiceError> {
    let find = |field: &str, id: TaskId| {
        others
            .iter()
            .position(|c| c.task_id == id)
            .ok_or_else(|| FieldErrors::one(field, "Этой карточки нет в колонке"))
    };
    let after = after.map(|id| find("after_id", id)).transpose()?;
    let before = before.map(|id| find("before_id", id)).transpose()?;
    Ok(match (after, before) {
        (Some(a), _) => a + 1,
        (None, Some(b)) => b,
        (None, None) => others.len(),
    })
}

/// Moves task `id` to a column of a board, between two cards: the actor must keep the board and
/// may edit the task. A column with a status gives the task that status (done tells the author
/// of a task someone else does). Moves that arrive together share their durable commit
/// (`Journal::write_together`), each applied in the order it came, on the cards as the one before
/// left them.
pub fn move_task(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    id: TaskId,
    form: MoveForm,
    now: Timestamp,
) -> Result<Task, ServiceError> {
    let actor = actor.clone();
    journal.write_together(store, move |txn, journal| {
        write_move(txn, journal, &actor, id, &form, now)
    })
}

/// Moves task `id` as `form` asks in `txn` (see `move_task`), logged in `journal`; gives the
/// task as moved.
fn write_move(
    txn: &WriteTxn,
    journal: &Journal,
    actor: &Actor,
    id: TaskId,
    form: &MoveForm,
    now: Timestamp,
) -> Result<Task, ServiceError> {
    let old: Task = record::get(txn, id)?
        .filter(|t| policy::sees_task(actor, t))
        .ok_or_else(task_not_found)?;
    if !policy::edits_task(actor, &old) {
        return Err(Denied::Forbidden.into());
    }
    let board = kept_board(txn, actor, form.board_id)?;
    if !owner_sees(txn, &board, &old)? {
        return Err(FieldErrors::one("board_id", OWNER_DOES_NOT_SEE));
    }
    let column = column_of(&board, form.column_id)?;
    let others = others(txn, board.id, column.id, Some(id))?;
    let at = index_between(&others, form.after_id, form.before_id)?;
    let position = key_at(txn, board.id, column.id, &others, at)?;
    // A spread (if any) rewrote the other cards of the column, never this one.
    let mut new = old.clone();
    new.placement = Some(Placement {
        board_id: board.id,
        column_id: column.id,
        position,
    });
    if let Some(status) = column.status {
        new.set_status(status, now);
    }
    record::replace(txn, &old, &new)?;
    let summary = format!(
        "Задача «{}» перемещена на доске «{}» в колонку «{}»",
        new.title, board.name, column.name
    );
    let change = Change::new(Action::TaskMoved, Entity::Task, Some(id.0), summary);
    let change = done_notice(txn, change, actor, &old, &new)?;
    journal.record(txn, change)?;
    Ok(new)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn column(cards: &[(u64, &str)]) -> Vec<Card> {
        cards
            .iter()
            .map(|&(id, position)| Card {
                column_id: 1,
                position: position.into(),
                task_id: TaskId(id),
            })
            .collect()
    }

    #[test]
    fn a_card_goes_between_its_neighbours_or_right_after_the_one_above() {
        let others = column(&[(1, "V"), (2, "W"), (3, "X")]);
        let at = |after: Option<u64>, before: Option<u64>| {
            index_between(&others, after.map(TaskId), before.map(TaskId)).ok()
        };
        assert_eq!(at(Some(1), Some(2)), Some(1), "between neighbours");
        assert_eq!(
            at(Some(1), Some(3)),
            Some(1),
            "no longer neighbours: right after the one above"
        );
        assert_eq!(at(None, Some(3)), Some(2), "right before the one below");
        assert_eq!(at(None, None), Some(3), "with neither: at the end");
        assert_eq!(at(Some(3), None), Some(3));
        assert!(at(Some(9), None).is_none(), "a card of another column");
        assert!(at(Some(1), Some(9)).is_none());
    }
}
