//! `/api/tasks` and `/api/users/{id}/tasks`: the list with filters, one task, creating,
//! changing, deleting, completing several at once, and moving a card on a board.

use super::envelope::{Data, Paged};
use super::json_text::JsonText;
use super::paging::paged_text;
use super::task_view::TaskView;
use super::vocabulary::{TaskPriorityName, TaskStatusName};
use super::{ApiTags, NoContent, State};
use crate::domain::task::Task;
use crate::domain::{BoardId, PageRequest, TaskId, UserId};
use crate::error::ApiError;
use crate::policy::{self, Actor, Caller};
use crate::service::work::moves::{self, MoveForm};
use crate::service::work::person_tasks;
use crate::service::work::task_list::{self, TaskQuery, TaskSort};
use crate::service::work::tasks::{self, TaskForm};
use crate::service::{FieldErrors, ServiceError};
use jiff::Timestamp;
use jiff::civil::Date;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::types::MaybeUndefined;
use poem_openapi::{ApiResponse, Object, OpenApi};

/// A task as a form sends it. On a change, a field left out keeps its value;
/// `related_user_id`, `due_time` and `board_id` may be sent as null to clear them.
#[derive(Debug, Object)]
pub struct TaskBody {
    /// Up to 200 characters; required on a new task.
    #[oai(nullable)]
    pub title: Option<String>,
    /// Plain text, up to 5000 characters.
    #[oai(nullable)]
    pub description: Option<String>,
    /// On a new task, left out: the caller. Anyone may assign to himself, staff to staff, a
    /// manager to anyone.
    #[oai(nullable)]
    pub assignee_id: Option<UserId>,
    /// The student or parent it is about.
    #[oai(nullable)]
    pub related_user_id: MaybeUndefined<UserId>,
    /// «2026-11-23»; required on a new task.
    #[oai(nullable)]
    pub due_on: Option<String>,
    /// «14:30».
    #[oai(nullable)]
    pub due_time: MaybeUndefined<String>,
    #[oai(nullable)]
    pub priority: Option<TaskPriorityName>,
    #[oai(nullable)]
    pub status: Option<TaskStatusName>,
    /// A board the caller keeps; the card goes to the end of `column_id` (left out: the column
    /// of the `status` sent, else the first column). Null takes the card off its board.
    #[oai(nullable)]
    pub board_id: MaybeUndefined<BoardId>,
    /// A column of that board; one with a status gives the task that status, over `status`.
    #[oai(nullable)]
    pub column_id: Option<u64>,
}

fn sent<T>(value: MaybeUndefined<T>) -> Option<Option<T>> {
    match value {
        MaybeUndefined::Undefined => None,
        MaybeUndefined::Null => Some(None),
        MaybeUndefined::Value(v) => Some(Some(v)),
    }
}

impl TaskBody {
    fn form(self) -> TaskForm {
        TaskForm {
            title: self.title,
            description: self.description,
            assignee_id: self.assignee_id,
            related_user_id: sent(self.related_user_id),
            due_on: self.due_on,
            due_time: sent(self.due_time),
            priority: self.priority.map(Into::into),
            status: self.status.map(Into::into),
            board_id: sent(self.board_id),
            column_id: self.column_id,
        }
    }
}

/// The tasks «Выполнено» marks done.
#[derive(Debug, Object)]
pub struct CompleteBody {
    pub ids: Vec<TaskId>,
}

/// Where a card is dropped: a column of a board, between two cards of it as the client saw
/// them (`after_id` above it, `before_id` below it; either null at an end of the column).
#[derive(Debug, Object)]
pub struct MoveBody {
    pub board_id: BoardId,
    pub column_id: u64,
    #[oai(nullable)]
    pub after_id: Option<TaskId>,
    #[oai(nullable)]
    pub before_id: Option<TaskId>,
}

/// The answer to a create.
#[derive(Debug, ApiResponse)]
pub enum TaskCreated {
    /// Created.
    #[oai(status = 201)]
    Created(Json<Data<TaskView>>),
}

/// The filters of the lists as the query sends them.
#[derive(Default)]
struct Filters {
    status: Option<TaskStatusName>,
    due_from: Option<String>,
    due_to: Option<String>,
    sort: Option<String>,
}

impl Filters {
    /// The query, or a 422 naming each filter that does not parse.
    fn query(self) -> Result<TaskQuery, ServiceError> {
        let mut errors = FieldErrors::new();
        let (due_from, due_to) = (
            errors.day("due_from", self.due_from.as_deref()),
            errors.day("due_to", self.due_to.as_deref()),
        );
        let sort = match self.sort.as_deref().filter(|s| !s.is_empty()) {
            None => TaskSort::default(),
            Some(name) => TaskSort::parse(name).unwrap_or_else(|| {
                errors.push("sort", format!("Допустимо: {}", TaskSort::NAMES));
                TaskSort::default()
            }),
        };
        errors.into_result()?;
        Ok(TaskQuery {
            status: self.status.map(Into::into),
            due_from,
            due_to,
            sort,
            ..TaskQuery::default()
        })
    }
}

/// The school's today.
fn today(state: &State<'_>) -> Date {
    Timestamp::now().to_zoned(state.config.time_zone()).date()
}

/// A task with its names, as the API shows it.
fn shown(state: &State<'_>, task: Task) -> Result<Json<Data<TaskView>>, ApiError> {
    let today = today(state);
    let one = state.read(|store| task_list::show_one(store, task, today))?;
    Ok(Data::json(TaskView::new(one, &state.config.time_zone())))
}

fn owned(caller: &Caller) -> Result<Actor, ApiError> {
    Ok(caller.actor(policy::KEEP_TASKS)?.clone())
}

/// Tasks.
#[derive(Default)]
pub struct TasksApi;

#[OpenApi(tag = "ApiTags::Work")]
impl TasksApi {
    /// List tasks
    ///
    /// Anyone signed in: a manager sees every task, anyone else those he wrote or is assigned.
    /// Filters: `assignee_id`, `author_id`, `status`, `priority`, `due_from` and `due_to` (days,
    /// both included), `board_id`, `related_user_id`, `search` (words in the title or
    /// description); `sort` one of `due_on` (the default), `-due_on`, `priority` (the least
    /// urgent first), `-priority`, `title`, `-title`, `created_at`, `-created_at`.
    #[oai(path = "/api/tasks", method = "get", operation_id = "tasks_list")]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        state: State<'_>,
        caller: Caller,
        assignee_id: Query<Option<UserId>>,
        author_id: Query<Option<UserId>>,
        status: Query<Option<TaskStatusName>>,
        priority: Query<Option<TaskPriorityName>>,
        due_from: Query<Option<String>>,
        due_to: Query<Option<String>>,
        board_id: Query<Option<BoardId>>,
        related_user_id: Query<Option<UserId>>,
        search: Query<Option<String>>,
        sort: Query<Option<String>>,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
    ) -> Result<JsonText<Paged<TaskView>>, ApiError> {
        let actor = caller.actor(policy::KEEP_TASKS)?;
        let filters = Filters {
            status: status.0,
            due_from: due_from.0,
            due_to: due_to.0,
            sort: sort.0,
        };
        let query = TaskQuery {
            assignee: assignee_id.0,
            author: author_id.0,
            board: board_id.0,
            related: related_user_id.0,
            priority: priority.0.map(Into::into),
            search: search.0.filter(|s| !s.trim().is_empty()),
            ..filters.query()?
        };
        let (request, today, tz) = (
            PageRequest::new(page.0, per_page.0),
            today(&state),
            state.config.time_zone(),
        );
        let texts = &state.task_texts;
        let render = |found| Ok::<_, ApiError>(paged_text(found, |t| TaskView::new(t, &tz))?.into_text());
        let asked = (&query, request);
        let text = state.read(|store| task_list::listed(store, texts, actor, asked, today, render))?;
        Ok(JsonText::kept(text))
    }

    /// A person's tasks
    ///
    /// The tasks assigned to or about a person that the caller may see, by due day; `status`,
    /// `due_from`, `due_to` as in the list. Whoever may open the person's card (staff, the
    /// person, his parents); each task only if the caller sees it.
    #[oai(path = "/api/users/:id/tasks", method = "get", operation_id = "user_tasks")]
    #[allow(clippy::too_many_arguments)]
    async fn of_user(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        status: Query<Option<TaskStatusName>>,
        due_from: Query<Option<String>>,
        due_to: Query<Option<String>>,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
    ) -> Result<JsonText<Paged<TaskView>>, ApiError> {
        let actor = caller.actor(policy::reads_tasks_of(id.0))?;
        let filters = Filters {
            status: status.0,
            due_from: due_from.0,
            due_to: due_to.0,
            sort: None,
        };
        let query = filters.query()?;
        let (request, today, tz) = (
            PageRequest::new(page.0, per_page.0),
            today(&state),
            state.config.time_zone(),
        );
        let texts = &state.task_texts;
        let render = |found| Ok::<_, ApiError>(paged_text(found, |t| TaskView::new(t, &tz))?.into_text());
        let text =
            state.read(|store| person_tasks::shown(store, texts, actor, id.0, &query, request, today, render))?;
        Ok(JsonText::kept(text))
    }

    /// A task
    ///
    /// Its author, its assignee, or a manager (anyone else: 404).
    #[oai(path = "/api/tasks/:id", method = "get", operation_id = "tasks_show")]
    async fn show(&self, state: State<'_>, caller: Caller, id: Path<TaskId>) -> Result<Json<Data<TaskView>>, ApiError> {
        let actor = caller.actor(policy::KEEP_TASKS)?;
        let task = state.read(|store| tasks::get(store, actor, id.0))?;
        shown(&state, task)
    }

    /// Create a task
    ///
    /// Anyone signed in. Needs `title` and `due_on`; assigned to the caller unless
    /// `assignee_id` names someone (staff assign to staff, a manager to anyone: otherwise a
    /// 422 on `assignee_id`). Someone else assigned is notified. With `board_id` (a board the
    /// caller keeps) the card goes to the end of `column_id`, and takes that column's status.
    #[oai(path = "/api/tasks", method = "post", operation_id = "tasks_create")]
    async fn create(&self, state: State<'_>, caller: Caller, body: Json<TaskBody>) -> Result<TaskCreated, ApiError> {
        let actor = owned(&caller)?;
        let form = body.0.form();
        let task = state
            .change(caller.origin(), move |store, journal| {
                tasks::create(store, journal, &actor, form, Timestamp::now())
            })
            .await?;
        Ok(TaskCreated::Created(shown(&state, task)?))
    }

    /// Change a task
    ///
    /// Its author, its assignee, or a manager. Fields left out keep their values. A new
    /// assignee is notified; finishing a task someone else assigned notifies its author.
    #[oai(path = "/api/tasks/:id", method = "put", operation_id = "tasks_update")]
    async fn update(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<TaskId>,
        body: Json<TaskBody>,
    ) -> Result<Json<Data<TaskView>>, ApiError> {
        let actor = owned(&caller)?;
        let form = body.0.form();
        let task = state
            .change(caller.origin(), move |store, journal| {
                tasks::update(store, journal, &actor, id.0, form, Timestamp::now())
            })
            .await?;
        shown(&state, task)
    }

    /// Delete a task
    ///
    /// Its author or a manager (its assignee: 403).
    #[oai(path = "/api/tasks/:id", method = "delete", operation_id = "tasks_delete")]
    async fn delete(&self, state: State<'_>, caller: Caller, id: Path<TaskId>) -> Result<NoContent, ApiError> {
        let actor = owned(&caller)?;
        state
            .change(caller.origin(), move |store, journal| {
                tasks::delete(store, journal, &actor, id.0)
            })
            .await?;
        Ok(NoContent::Done)
    }

    /// Complete tasks
    ///
    /// «Выполнено» on several tasks at once, in one commit: each must be one the caller may
    /// change (its author, its assignee, a manager), or none is done. Authors of tasks done by
    /// someone else are notified.
    #[oai(path = "/api/tasks/complete", method = "post", operation_id = "tasks_complete")]
    async fn complete(
        &self,
        state: State<'_>,
        caller: Caller,
        body: Json<CompleteBody>,
    ) -> Result<Json<Data<Vec<TaskView>>>, ApiError> {
        let actor = owned(&caller)?;
        let ids = body.0.ids;
        let done = state
            .change(caller.origin(), move |store, journal| {
                tasks::complete(store, journal, &actor, &ids, Timestamp::now())
            })
            .await?;
        let (today, tz) = (today(&state), state.config.time_zone());
        let done = state.read(|store| task_list::named(store, done, today))?;
        Ok(Data::json(done.into_iter().map(|t| TaskView::new(t, &tz)).collect()))
    }

    /// Move a card
    ///
    /// Puts the task on a board the caller keeps (his own, or any for a manager), in
    /// `column_id`, between `after_id` and `before_id` (cards of that column; either null at
    /// an end). Moving writes this task alone: its new fractional `position` sorts between its
    /// neighbours. When a concurrent move landed between the two, the card goes right after
    /// `after_id` (or right before `before_id` when `after_id` is null). A column with a
    /// status gives the task that status. The caller must be able to change the task.
    #[oai(path = "/api/tasks/:id/move", method = "post", operation_id = "tasks_move")]
    async fn move_task(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<TaskId>,
        body: Json<MoveBody>,
    ) -> Result<Json<Data<TaskView>>, ApiError> {
        let actor = owned(&caller)?;
        let body = body.0;
        let form = MoveForm {
            board_id: body.board_id,
            column_id: body.column_id,
            after_id: body.after_id,
            before_id: body.before_id,
        };
        let task = state
            .change(caller.origin(), move |store, journal| {
                moves::move_task(store, journal, &actor, id.0, form, Timestamp::now())
            })
            .await?;
        shown(&state, task)
    }
}
