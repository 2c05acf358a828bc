//! `/api/boards` and `/api/users/{id}/boards`: a person's kanban boards, a board with its
//! cards, creating, renaming, changing the columns, deleting.

use super::card_view::CardView;
use super::envelope::{Data, Paged};
use super::json_text::JsonText;
use super::paging::paged;
use super::vocabulary::TaskStatusName;
use super::{ApiTags, NoContent, State};
use crate::domain::board::Board;
use crate::domain::{BoardId, PageRequest, UserId};
use crate::error::ApiError;
use crate::policy::{self, Caller};
use crate::service::work::boards::{self, BoardForm, BoardWithCards, ColumnInput};
use bytes::Bytes;
use jiff::Timestamp;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

/// A column of a board.
#[derive(Debug, Object, serde::Serialize)]
pub struct ColumnView {
    /// Unique within its board.
    #[oai(validator(minimum(value = "1")))]
    pub id: u64,
    pub name: String,
    /// 0, 1, 2 … from the left.
    pub position: u32,
    /// The status a card dropped here takes (the three columns a board starts with).
    #[oai(nullable)]
    pub status: Option<TaskStatusName>,
}

/// A board.
#[derive(Debug, Object)]
pub struct BoardView {
    pub id: BoardId,
    pub owner_id: UserId,
    pub name: String,
    /// Left to right.
    pub columns: Vec<ColumnView>,
}

impl From<Board> for BoardView {
    fn from(board: Board) -> Self {
        Self {
            id: board.id,
            owner_id: board.owner_id,
            name: board.name,
            columns: board
                .columns
                .into_iter()
                .map(|c| ColumnView {
                    id: c.id,
                    name: c.name,
                    position: c.position,
                    status: c.status.map(Into::into),
                })
                .collect(),
        }
    }
}

/// A board with its cards.
#[derive(Debug, Object, serde::Serialize)]
pub struct BoardDetail {
    pub id: BoardId,
    pub owner_id: UserId,
    pub name: String,
    pub columns: Vec<ColumnView>,
    /// By column (left to right), then position.
    pub cards: Vec<CardView>,
}

impl BoardDetail {
    /// `found` as the answer's JSON text.
    fn text(found: BoardWithCards) -> Result<Bytes, ApiError> {
        let view = BoardView::from(found.board);
        let detail = Self {
            id: view.id,
            owner_id: view.owner_id,
            name: view.name,
            columns: view.columns,
            cards: found.cards.into_iter().map(CardView::new).collect(),
        };
        Ok(serde_json::to_vec(&Data { data: detail })
            .map_err(ApiError::internal)?
            .into())
    }
}

/// A new board.
#[derive(Debug, Object)]
pub struct BoardBody {
    /// Up to 60 characters.
    #[oai(nullable)]
    pub name: Option<String>,
    /// Whose board (left out: the caller's; someone else's: managers).
    #[oai(nullable)]
    pub owner_id: Option<UserId>,
}

/// A column as the form sends it.
#[derive(Debug, Object)]
pub struct ColumnBody {
    /// An existing column; null for a new one.
    #[oai(nullable)]
    pub id: Option<u64>,
    /// Up to 60 characters.
    pub name: String,
}

/// A change of a board: fields left out keep their values.
#[derive(Debug, Object)]
pub struct BoardPatch {
    #[oai(nullable)]
    pub name: Option<String>,
    /// The whole list in its new order: rename, reorder, add (id null), remove (an empty
    /// column; each one with cards is a 422 «В колонке «В работе» есть задачи — перенесите
    /// их»).
    #[oai(nullable)]
    pub columns: Option<Vec<ColumnBody>>,
}

/// The answer to a create.
#[derive(Debug, ApiResponse)]
pub enum BoardCreated {
    /// Created.
    #[oai(status = 201)]
    Created(Json<Data<BoardView>>),
}

/// Boards.
#[derive(Default)]
pub struct BoardsApi;

#[OpenApi(tag = "ApiTags::Work")]
impl BoardsApi {
    /// My boards
    ///
    /// Anyone signed in: his own boards, oldest first; `page`, `per_page` (≤ 100).
    #[oai(path = "/api/boards", method = "get", operation_id = "boards_list")]
    async fn list(
        &self,
        state: State<'_>,
        caller: Caller,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
    ) -> Result<Json<Paged<BoardView>>, ApiError> {
        let me = caller.actor(policy::KEEP_TASKS)?.user.id;
        let found = state.read(|store| boards::of_owner(store, me))?;
        let request = PageRequest::new(page.0, per_page.0);
        Ok(paged(request.slice(found.into_iter()), BoardView::from))
    }

    /// A person's boards
    ///
    /// The person himself or a manager; oldest first; `page`, `per_page` (≤ 100).
    #[oai(path = "/api/users/:id/boards", method = "get", operation_id = "user_boards")]
    async fn of_user(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
    ) -> Result<Json<Paged<BoardView>>, ApiError> {
        caller.actor(policy::keeps_boards_of(id.0))?;
        let found = state.read(|store| boards::of_owner(store, id.0))?;
        let request = PageRequest::new(page.0, per_page.0);
        Ok(paged(request.slice(found.into_iter()), BoardView::from))
    }

    /// Create a board
    ///
    /// Anyone signed in, for himself; a manager also for someone else (`owner_id`). It starts
    /// with the columns «К выполнению», «В работе», «Готово».
    #[oai(path = "/api/boards", method = "post", operation_id = "boards_create")]
    async fn create(&self, state: State<'_>, caller: Caller, body: Json<BoardBody>) -> Result<BoardCreated, ApiError> {
        let me = caller.actor(policy::KEEP_TASKS)?.user.id;
        let owner = body.0.owner_id.unwrap_or(me);
        caller.actor(policy::keeps_boards_of(owner))?;
        let name = body.0.name.unwrap_or_default();
        let board = state
            .change(caller.origin(), move |store, journal| {
                boards::create(store, journal, owner, &name)
            })
            .await?;
        Ok(BoardCreated::Created(Data::json(board.into())))
    }

    /// A board with its cards
    ///
    /// Its owner or a manager (anyone else: 404). The cards by column, then position.
    #[oai(path = "/api/boards/:id", method = "get", operation_id = "boards_show")]
    async fn show(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<BoardId>,
    ) -> Result<JsonText<Data<BoardDetail>>, ApiError> {
        let actor = caller.actor(policy::KEEP_TASKS)?;
        let today = Timestamp::now().to_zoned(state.config.time_zone()).date();
        let texts = &state.board_texts;
        let text = state.read(|store| boards::shown(store, texts, actor, id.0, today, BoardDetail::text))?;
        Ok(JsonText::kept(text))
    }

    /// Rename a board or change its columns
    ///
    /// Its owner or a manager. `columns` is the whole list in its new order: rename, reorder,
    /// add (id null), remove an empty column (one with cards: a 422 on `columns`); at most 12.
    #[oai(path = "/api/boards/:id", method = "put", operation_id = "boards_update")]
    async fn update(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<BoardId>,
        body: Json<BoardPatch>,
    ) -> Result<Json<Data<BoardView>>, ApiError> {
        let actor = caller.actor(policy::KEEP_TASKS)?.clone();
        let form = BoardForm {
            name: body.0.name,
            columns: body.0.columns.map(|list| {
                list.into_iter()
                    .map(|c| ColumnInput { id: c.id, name: c.name })
                    .collect()
            }),
        };
        let board = state
            .change(caller.origin(), move |store, journal| {
                boards::update(store, journal, &actor, id.0, form)
            })
            .await?;
        Ok(Data::json(board.into()))
    }

    /// Delete a board
    ///
    /// Its owner or a manager. Its cards leave the board; the tasks stay.
    #[oai(path = "/api/boards/:id", method = "delete", operation_id = "boards_delete")]
    async fn delete(&self, state: State<'_>, caller: Caller, id: Path<BoardId>) -> Result<NoContent, ApiError> {
        let actor = caller.actor(policy::KEEP_TASKS)?.clone();
        state
            .change(caller.origin(), move |store, journal| {
                boards::delete(store, journal, &actor, id.0)
            })
            .await?;
        Ok(NoContent::Done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::json_text::assert_serde_agrees;
    use crate::api::vocabulary::TaskPriorityName;

    fn card(id: u64, due_time: Option<&str>) -> CardView {
        CardView {
            id: crate::domain::TaskId(id),
            title: "Позвонить маме «Ёжикова» \"срочно\"".into(),
            has_description: due_time.is_some(),
            assignee_id: UserId(3),
            assignee_name: "Смирнова А. П.".into(),
            due_on: "2026-11-23".into(),
            due_time: due_time.map(str::to_owned),
            priority: TaskPriorityName::High,
            status: TaskStatusName::InProgress,
            column_id: 2,
            position: "a0V".into(),
            overdue: due_time.is_none(),
        }
    }

    #[tokio::test]
    async fn a_board_with_its_cards_reads_the_same_written_by_serde() {
        assert_serde_agrees(|| Data {
            data: BoardDetail {
                id: BoardId(5),
                owner_id: UserId(3),
                name: "Учебный \"год\"".into(),
                columns: vec![
                    ColumnView {
                        id: 1,
                        name: "К выполнению".into(),
                        position: 0,
                        status: Some(TaskStatusName::Todo),
                    },
                    ColumnView {
                        id: 4,
                        name: "Отложено".into(),
                        position: 1,
                        status: None,
                    },
                ],
                cards: vec![card(9_007_199_254_740_991, Some("14:30")), card(1, None)],
            },
        })
        .await;
    }
}
