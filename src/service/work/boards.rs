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
use crate::store::WriteTxn;
use crate::store::record::Seen;
use crate::store::shelf::{self, Renderings};
use crate::store::{Store, boards, record, tasks, users};
use bytes::Bytes;
use jiff::civil::Date;
use redb::ReadTransaction;

/// Why the column `name`, which has cards, cannot be removed.
fn column_not_empty(name: &str) -> String {
    format!("В колонке «{name}» есть задачи — перенесите их")
}

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

/// The boards' answers as the API writes them, kept while nothing they show has changed: a
/// board of 500 cards is then one lookup of the board and one of its cards' version, not 500
/// records decoded and written.
pub struct BoardTexts(Renderings<Bytes, BoardId>);

/// How many boards' answers are kept (one of 500 cards is ~120 KB).
const KEPT_BOARDS: usize = 64;

impl Default for BoardTexts {
    fn default() -> Self {
        Self(Renderings::new(KEPT_BOARDS))
    }
}

/// The board `id` with its cards as `render` writes it, if `actor` keeps it. The text is kept
/// and given again while the board, its cards (their list's version), the names (the
/// directory's revision) and `today` are what they were.
pub fn shown<E: From<ServiceError>>(
    store: &Store,
    texts: &BoardTexts,
    actor: &Actor,
    id: BoardId,
    today: Date,
    render: impl FnOnce(BoardWithCards) -> Result<Bytes, E>,
) -> Result<Bytes, E> {
    let (versions, txn) = store.read_versioned().map_err(ServiceError::from)?;
    let (board, names, source) = made_from(store, (&versions, &txn), actor, id, today)?;
    let shown = shelf::kept_or_made(&texts.0, id, source, || render(with_cards(&txn, names, board, today)?))?;
    Ok(shown.value.clone())
}

/// The board `id` if `actor` keeps it, the names its cards show, and the bytes its text is made
/// from: the stored board, its cards' version, the directory's revision and the day.
fn made_from(
    store: &Store,
    (versions, txn): (&Seen, &ReadTransaction),
    actor: &Actor,
    id: BoardId,
    today: Date,
) -> Result<(Board, Names, Box<[u8]>), ServiceError> {
    let (board, stored) = record::get_stored::<Board>(txn, id)?
        .filter(|(b, _)| policy::keeps_board(actor, b))
        .ok_or_else(board_not_found)?;
    let directory = store.directory(txn)?;
    let mut source = stored.into_vec();
    source.extend(tasks::cards_version(versions, id).to_le_bytes());
    source.extend(directory.revision().to_le_bytes());
    source.extend(record::day_key(today).to_le_bytes());
    Ok((board, Names::known_to(directory), source.into()))
}

/// `board` with its cards: its index gives each card's place, and only the fields a card shows
/// are decoded.
fn with_cards(
    txn: &ReadTransaction,
    mut names: Names,
    board: Board,
    today: Date,
) -> Result<BoardWithCards, ServiceError> {
    let places = tasks::cards(txn, board.id, None)?;
    let ids: Vec<_> = places.iter().map(|c| c.task_id).collect();
    let mut heads = record::heads::<Task, CardHead>(txn, &ids)?.into_iter().peekable();
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
fn kept(txn: &WriteTxn, actor: &Actor, id: BoardId) -> Result<Board, ServiceError> {
    record::get::<Board>(txn, id)?
        .filter(|b| policy::keeps_board(actor, b))
        .ok_or_else(board_not_found)
}

/// The new list of columns, or the 422 on `columns`.
fn columns(txn: &WriteTxn, board: &Board, wanted: Vec<ColumnInput>) -> Result<Vec<Column>, ServiceError> {
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
            errors.push("columns", column_not_empty(&gone.name));
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
            Ok(list) => new.set_columns(list),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::task::{Placement, TaskPriority, TaskStatus};
    use crate::domain::{Email, NewUser, Password, PersonName, Role, TaskId};
    use crate::service::test_store::TestStore;
    use jiff::Timestamp;
    use std::cell::Cell;
    use std::sync::Arc;

    #[test]
    fn a_board_is_written_again_only_when_its_cards_its_names_or_the_day_changed() {
        let store = TestStore::default();
        let new = NewUser::new(
            Email::parse("w@s.ru").expect("email"),
            PersonName::parse("Белов").expect("name"),
            PersonName::parse("Иван").expect("name"),
            [Role::Worker].into_iter().collect(),
            Password::generate().hash(),
        );
        let owner = store.insert_user(new).expect("user");
        store.insert(&[Board::new(BoardId(1), owner.id, "Дела".into())]);
        let task = Task {
            id: TaskId(1),
            title: "Позвонить".into(),
            description: String::new(),
            author_id: owner.id,
            assignee_id: owner.id,
            related_user_id: None,
            due_on: Date::constant(2026, 11, 23),
            due_time: None,
            priority: TaskPriority::Normal,
            status: TaskStatus::Todo,
            placement: Some(Placement {
                board_id: BoardId(1),
                column_id: 1,
                position: "a0".into(),
            }),
            created_at: Timestamp::UNIX_EPOCH,
            done_at: None,
            reminded_for: None,
        };
        store.insert(std::slice::from_ref(&task));
        let actor = Actor {
            user: Arc::new(owner),
            session_key: [0; 32],
            impersonator: None,
            csrf_token: String::new(),
            children: Vec::new(),
        };
        let (texts, renders) = (BoardTexts::default(), Cell::new(0));
        let read = |today: Date| -> String {
            let text = shown(&store, &texts, &actor, BoardId(1), today, |found| {
                renders.set(renders.get() + 1);
                let cards: Vec<_> = found
                    .cards
                    .iter()
                    .map(|c| format!("{} {}", c.head.title, c.overdue))
                    .collect();
                Ok::<_, ServiceError>(Bytes::from(cards.join(", ")))
            })
            .expect("board");
            String::from_utf8(text.to_vec()).expect("text")
        };
        let monday = Date::constant(2026, 11, 23);
        assert_eq!(
            (read(monday), read(monday)),
            ("Позвонить false".into(), "Позвонить false".into())
        );
        assert_eq!(renders.get(), 1, "the second read writes nothing");
        assert_eq!(
            read(monday.tomorrow().expect("day")),
            "Позвонить true",
            "late the next day"
        );
        store.update(&Task {
            title: "Позвонить маме".into(),
            ..task
        });
        assert_eq!(read(monday), "Позвонить маме false");
        assert_eq!(renders.get(), 3);
    }
}
