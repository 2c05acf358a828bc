//! How a task is shown: ids with the names a row needs, its due day and time, its place on a
//! board, instants in the school's time zone, and whether it is overdue today.

use super::lesson_view::local;
use super::vocabulary::{TaskPriorityName, TaskStatusName};
use crate::domain::timetable::clock;
use crate::domain::{BoardId, TaskId, UserId};
use crate::service::work::task_list::ShownTask;
use jiff::tz::TimeZone;
use poem_openapi::Object;

/// A task.
#[derive(Debug, Object, serde::Serialize)]
pub struct TaskView {
    pub id: TaskId,
    pub title: String,
    /// Plain text (the pages make its links clickable).
    pub description: String,
    pub author_id: UserId,
    /// «Соколова М. О.».
    pub author_name: String,
    pub assignee_id: UserId,
    pub assignee_name: String,
    /// The student or parent it is about.
    #[oai(nullable)]
    pub related_user_id: Option<UserId>,
    #[oai(nullable)]
    pub related_user_name: Option<String>,
    /// «2026-11-23».
    pub due_on: String,
    /// «14:30».
    #[oai(nullable)]
    pub due_time: Option<String>,
    pub priority: TaskPriorityName,
    pub status: TaskStatusName,
    #[oai(nullable)]
    pub board_id: Option<BoardId>,
    /// A column of that board.
    #[oai(nullable, validator(minimum(value = "1")))]
    pub column_id: Option<u64>,
    /// Its fractional position in the column (cards sort by it as strings, byte by byte).
    #[oai(nullable)]
    pub position: Option<String>,
    /// RFC 3339 with the school's offset.
    pub created_at: String,
    #[oai(nullable)]
    pub done_at: Option<String>,
    /// Not done and due before the school's today.
    pub overdue: bool,
}

impl TaskView {
    /// `shown` as the API shows it, instants in `tz`.
    pub fn new(shown: ShownTask, tz: &TimeZone) -> Self {
        let ShownTask {
            task,
            author_name,
            assignee_name,
            related_user_name,
            overdue,
        } = shown;
        let (board_id, column_id, position) = match task.placement {
            Some(p) => (Some(p.board_id), Some(p.column_id), Some(p.position)),
            None => (None, None, None),
        };
        Self {
            id: task.id,
            title: task.title,
            description: task.description,
            author_id: task.author_id,
            author_name,
            assignee_id: task.assignee_id,
            assignee_name,
            related_user_id: task.related_user_id,
            related_user_name,
            due_on: task.due_on.to_string(),
            due_time: task.due_time.map(clock),
            priority: task.priority.into(),
            status: task.status.into(),
            board_id,
            column_id,
            position,
            created_at: local(task.created_at, tz),
            done_at: task.done_at.map(|at| local(at, tz)),
            overdue,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::envelope::Paged;
    use crate::api::json_text::assert_serde_agrees;
    use crate::api::paging::PageMeta;
    use crate::api::vocabulary::{TaskPriorityName, TaskStatusName};
    use crate::domain::{Page, PageRequest};

    /// A task on a board with everything filled in, or one off the boards with the nulls.
    fn view(on_board: bool) -> TaskView {
        TaskView {
            id: TaskId(if on_board { 9_007_199_254_740_991 } else { 1 }),
            title: "Позвонить маме «Ёжикова» \"срочно\"".into(),
            description: "Строка\nвторая: https://example.org/?a=1&b=2".into(),
            author_id: UserId(2),
            author_name: "Соколова М. О.".into(),
            assignee_id: UserId(3),
            assignee_name: "Смирнова А. П.".into(),
            related_user_id: on_board.then_some(UserId(4)),
            related_user_name: on_board.then(|| "Ёжиков П.".to_owned()),
            due_on: "2026-11-23".into(),
            due_time: on_board.then(|| "14:30".to_owned()),
            priority: TaskPriorityName::High,
            status: TaskStatusName::InProgress,
            board_id: on_board.then_some(BoardId(5)),
            column_id: on_board.then_some(2),
            position: on_board.then(|| "a0V".to_owned()),
            created_at: "2026-11-20T09:15:00+03:00".into(),
            done_at: None,
            overdue: !on_board,
        }
    }

    #[tokio::test]
    async fn a_page_of_tasks_reads_the_same_written_by_serde() {
        assert_serde_agrees(|| Paged {
            data: vec![view(true), view(false)],
            meta: PageMeta::of(&Page {
                items: Vec::<()>::new(),
                total: 2,
                request: PageRequest::new(Some(1), Some(50)),
            }),
        })
        .await;
    }
}
