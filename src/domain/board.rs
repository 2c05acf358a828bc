//! A kanban board of one person: named columns in order; its cards are tasks placed on it.

use super::task::TaskStatus;
use super::{BoardId, UserId};
use serde::{Deserialize, Serialize};

/// The longest board or column name, in characters.
pub const MAX_NAME: usize = 60;
/// The most columns a board has.
pub const MAX_COLUMNS: usize = 12;

/// A column of a board. Its id is unique within the board and never reused there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Column {
    pub id: u64,
    pub name: String,
    /// 0, 1, 2 … from the left.
    pub position: u32,
    /// The status a card dropped here takes, for the columns a new board starts with.
    #[serde(default)]
    pub status: Option<TaskStatus>,
}

/// A stored board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    pub id: BoardId,
    pub owner_id: UserId,
    pub name: String,
    /// In `position` order.
    pub columns: Vec<Column>,
    /// The largest column id the board ever gave (0 on boards stored before it was kept:
    /// their largest present id stands for it), so a deleted column's id is not given again.
    #[serde(default)]
    pub last_column_id: u64,
}

impl Board {
    /// A new board with the three columns every board starts with: «К выполнению», «В работе»,
    /// «Готово» (a card dropped in one takes its status).
    pub fn new(id: BoardId, owner_id: UserId, name: String) -> Self {
        let columns = [TaskStatus::Todo, TaskStatus::InProgress, TaskStatus::Done]
            .into_iter()
            .zip(1..)
            .map(|(status, n)| Column {
                id: n,
                name: status.label().to_owned(),
                position: (n - 1) as u32,
                status: Some(status),
            })
            .collect::<Vec<_>>();
        Self {
            last_column_id: columns.len() as u64,
            id,
            owner_id,
            name,
            columns,
        }
    }

    /// The column `id`, if the board has it.
    pub fn column(&self, id: u64) -> Option<&Column> {
        self.columns.iter().find(|c| c.id == id)
    }

    /// The id a new column gets: one past the largest the board ever gave.
    pub fn next_column_id(&self) -> u64 {
        self.columns.iter().map(|c| c.id).fold(self.last_column_id, u64::max) + 1
    }

    /// Sets the columns to `columns`, remembering the largest id given.
    pub fn set_columns(&mut self, columns: Vec<Column>) {
        self.last_column_id = columns.iter().map(|c| c.id).fold(self.next_column_id() - 1, u64::max);
        self.columns = columns;
    }
}

/// A trimmed board or column name, or the Russian message for its field.
pub fn name_checked(raw: &str) -> Result<String, &'static str> {
    let name = raw.trim();
    if name.is_empty() {
        Err("Обязательное поле")
    } else if name.chars().count() > MAX_NAME {
        Err("Не длиннее 60 символов")
    } else {
        Ok(name.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_board_has_three_columns_with_their_statuses() {
        let board = Board::new(BoardId(1), UserId(2), "Мои дела".into());
        let names: Vec<&str> = board.columns.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["К выполнению", "В работе", "Готово"]);
        assert_eq!(board.column(3).and_then(|c| c.status), Some(TaskStatus::Done));
        assert_eq!(board.next_column_id(), 4);
        assert_eq!(name_checked(" "), Err("Обязательное поле"));
    }

    #[test]
    fn a_deleted_columns_id_is_not_given_again() {
        let mut board = Board::new(BoardId(1), UserId(2), "Мои дела".into());
        let mut fourth = board.columns[0].clone();
        fourth.id = board.next_column_id();
        board.set_columns(vec![board.columns[0].clone(), fourth]);
        assert_eq!(board.next_column_id(), 5);
        board.set_columns(vec![board.columns[0].clone()]);
        assert_eq!(board.next_column_id(), 5, "column 4 was deleted, its id stays taken");
        let stored_before = Board {
            last_column_id: 0,
            ..Board::new(BoardId(1), UserId(2), "Старая".into())
        };
        assert_eq!(
            stored_before.next_column_id(),
            4,
            "a board stored before: its largest id"
        );
    }
}
