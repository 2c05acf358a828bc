//! Kanban boards, indexed by owner.

use super::record::{self, IndexRow, Reader, Record, Rows};
use super::{StoreError, tables};
use crate::domain::board::Board;
use crate::domain::{BoardId, UserId};

impl Record for Board {
    const TABLE: Rows = tables::BOARDS;
    type Id = BoardId;

    fn id(&self) -> BoardId {
        self.id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        vec![IndexRow::Under(tables::BOARDS_BY_OWNER, self.owner_id.0)]
    }
}

/// `owner`'s boards, oldest first.
pub fn of_owner(txn: &impl Reader, owner: UserId) -> Result<Vec<Board>, StoreError> {
    let mut boards: Vec<Board> = record::under(txn, tables::BOARDS_BY_OWNER, owner.0)?;
    boards.reverse();
    Ok(boards)
}
