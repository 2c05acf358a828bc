//! Kanban boards: a person's list, a new board with its three columns, renaming it and
//! changing its columns (rename, reorder, add, remove an empty one), deleting it (its cards
//! leave the board, the tasks stay), and a board with its cards in order.

use super::task_list::Names;
use crate::domain::activity::{Action, Entity};
use crate::domain::board::{self, Board, Column, MAX_COLUMNS};
use crate::domain::task::{CardHead, Task};
use crate::domain::{BoardId, UserId};
use crate::policy::{self, Actor};
use crate::service::journal::{Change, Journal};
use crate::service::{FieldErrors, ServiceError};
use crate::store::{Store, boards, record, tasks, users};
use jiff::civil::Date;
use redb::WriteTransaction;

/// Why a column with cards cannot be removed.
pub const COLUMN_NOT_EMPTY: &str = "В колонке есть задачи — перенесите их";

/// A board with its cards: by column (left to right), then position.
pub struct BoardWithCards {
    pub board: Board,
    pub cards: Vec<ShownCard>,
}

/// A card with what its face shows.
#[derive(Clone, Debug)]
pub struct ShownCard {
    pub head: CardHead,
    /// Its column and fractional position there.
    pub column_id: u64,
    pub position: String,
    /// «Смирнова А. П.».
    pub assignee_name: String,
    /// Not done and due before the school's today.
    pub overdue: bool,
}

/// A column as the form sends it: an existing one by id, a new one with none.
#[derive(Clone, Debug)]
pub struct ColumnInput {
    pub id: Option<u64>,
    pub name: String,
}

/// A change of a board: a field left out keeps its value; `columns` is the whole list in its
/// new order.
#[derive(Clone, Debug, Default)]
pub struct BoardForm {
    pub name: Option<String>,
    pub columns: Option<Vec<ColumnInput>>,
}

fn board_not_found() -> ServiceError {
    ServiceError::NotFound("Доска не найдена".into())
}

/// `owner`'s boards, oldest first.
pub fn of_owner(store: &Store, owner: UserId) -> Result<Vec<Board>, ServiceError> {
    Ok(boards::of_owner(&store.read()?, owner)?)
}

/// A new board of `owner` (the actor, or anyone for a manager: the API checks
/// `policy::keeps_boards_of`) with the columns every board starts with.
pub fn create(store: &Store, journal: &Journal, owner: UserId, name: &str) -> Result<Board, ServiceError> {
    let name = board::name_checked(name).map_err(|m| FieldErrors::one("name", m))?;
    let txn = store.write()?;
    let person = users::get(&txn, owner)?
        .filter(|u| u.deleted_at.is_none())
        .ok_or_else(|| FieldErrors::one("owner_id", "Человек не найден"))?;
    let created = record::insert(&txn, |id| Board::new(id, owner, name))?;
    let summary = format!("Создана доска «{}» ({})", created.name, person.short_name());
    let change = Change::new(Action::BoardCreated, Entity::Board, Some(created.id.0), summary).concerning([owner]);
    journal.commit_change(txn, change)?;
    Ok(created)
}

/// The board `id` with its cards, if `actor` keeps it: its index gives each card's place, and
/// only the fields a card shows are decoded.
pub fn get(store: &Store, actor: &Actor, id: BoardId, today: Date) -> Result<BoardWithCards, ServiceError> {
    let txn = store.read()?;
    let board: Board = record::get(&txn, id)?
        .filter(|b| policy::keeps_board(actor, b))
        .ok_or_else(board_not_found)?;
    let places = tasks::cards(&txn, id, None)?;
    let ids: Vec<_> = places.iter().map(|c| c.task_id).collect();
    let mut heads = record::heads::<Task, CardHead>(&txn, &ids)?.into_iter().peekable();
    let mut names = Names::new(store, &txn)?;
    let mut cards = Vec::with_capacity(places.len());
    for place in places {
        let Some(head) = heads.next_if(|h| h.id == place.task_id) else {
            continue;
        };
        cards.push(ShownCard {
            column_id: place.column_id,
            position: place.position,
            assignee_name: names.of(head.assignee_id),
            overdue: head.overdue_on(today),
            head,
        });
    }
    // The index lists them by column id; the board shows its columns by position (a stable
    // sort keeps each column's order).
    cards.sort_by_key(|c| board.column(c.column_id).map_or(u32::MAX, |c| c.position));
    Ok(BoardWithCards { board, cards })
}

/// The board `id` for a change by `actor`.
fn kept(txn: &WriteTransaction, actor: &Actor, id: BoardId) -> Result<Board, ServiceError> {
    record::get::<Board>(txn, id)?
        .filter(|b| policy::keeps_board(actor, b))
        .ok_or_else(board_not_found)
}

/// The new list of columns, or the 422 on `columns`.
fn columns(txn: &WriteTransaction, board: &Board, wanted: Vec<ColumnInput>) -> Result<Vec<Column>, ServiceError> {
    let mut errors = FieldErrors::new();
    if wanted.is_empty() {
        errors.push("columns", "Нужна хотя бы одна колонка");
    }
    if wanted.len() > MAX_COLUMNS {
        errors.push("columns", format!("Не больше {MAX_COLUMNS} колонок"));
    }
    let mut next = board.next_column_id();
    let mut list: Vec<Column> = Vec::with_capacity(wanted.len());
    for (n, input) in wanted.into_iter().enumerate() {
        let name = errors.check(&format!("columns.{n}.name"), board::name_checked(&input.name));
        let kept = match input.id {
            None => None,
            Some(id) if list.iter().any(|c| c.id == id) => {
                errors.push(&format!("columns.{n}.id"), "Колонка указана дважды");
                continue;
            }
            Some(id) => match board.column(id) {
                None => {
                    errors.push(&format!("columns.{n}.id"), "Колонка не найдена");
                    continue;
                }
                found => found,
            },
        };
        let id = kept.map_or_else(
            || {
                next += 1;
                next - 1
            },
            |c| c.id,
        );
        list.push(Column {
            id,
            name: name.unwrap_or_default(),
            position: n as u32,
            status: kept.and_then(|c| c.status),
        });
    }
    for gone in board.columns.iter().filter(|c| !list.iter().any(|k| k.id == c.id)) {
        if !tasks::cards(txn, board.id, Some(gone.id))?.is_empty() {
            errors.push("columns", COLUMN_NOT_EMPTY);
            break;
        }
    }
    errors.into_result()?;
    Ok(list)
}

/// Renames board `id` and/or changes its columns.
pub fn update(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    id: BoardId,
    form: BoardForm,
) -> Result<Board, ServiceError> {
    let txn = store.write()?;
    let old = kept(&txn, actor, id)?;
    let mut new = old.clone();
    let mut errors = FieldErrors::new();
    if let Some(name) = form.name {
        new.name = errors.check("name", board::name_checked(&name)).unwrap_or_default();
    }
    if let Some(wanted) = form.columns {
        match columns(&txn, &old, wanted) {
            Ok(list) => new.columns = list,
            Err(ServiceError::Invalid(more)) => errors.merge(more),
            Err(other) => return Err(other),
        }
    }
    errors.into_result()?;
    if new == old {
        return Ok(new);
    }
    record::update(&txn, &new)?;
    let names = |b: &Board| b.columns.iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join(", ");
    let summary = if old.name == new.name {
        format!("Доска «{}»: колонки {} → {}", new.name, names(&old), names(&new))
    } else {
        format!(
            "Доска «{}» переименована в «{}»; колонки: {}",
            old.name,
            new.name,
            names(&new)
        )
    };
    let change = Change::new(Action::BoardUpdated, Entity::Board, Some(id.0), summary).concerning([new.owner_id]);
    journal.commit_change(txn, change)?;
    Ok(new)
}

/// Deletes board `id`; its cards leave the board and stay tasks.
pub fn delete(store: &Store, journal: &Journal, actor: &Actor, id: BoardId) -> Result<(), ServiceError> {
    let txn = store.write()?;
    let board = kept(&txn, actor, id)?;
    let ids: Vec<_> = tasks::cards(&txn, id, None)?.into_iter().map(|c| c.task_id).collect();
    for old in tasks::load(&txn, &ids)? {
        let mut new = old.clone();
        new.placement = None;
        record::replace(&txn, &old, &new)?;
    }
    record::remove::<Board>(&txn, id)?;
    let summary = format!("Удалена доска «{}»; карточек снято: {}", board.name, ids.len());
    let change = Change::new(Action::BoardDeleted, Entity::Board, Some(id.0), summary).concerning([board.owner_id]);
    journal.commit_change(txn, change)?;
    Ok(())
}
