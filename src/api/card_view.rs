//! A card on a board as its face shows it: the title, due day, priority, status, assignee and
//! place. The whole task (description, author, instants) is `GET /api/tasks/{id}`, read when a
//! card is opened, so a board of hundreds of cards stays light.

use super::vocabulary::{TaskPriorityName, TaskStatusName};
use crate::domain::timetable::clock;
use crate::domain::{TaskId, UserId};
use crate::service::work::task_list::ShownTask;
use poem_openapi::Object;

/// A card.
#[derive(Debug, Object, serde::Serialize)]
pub struct CardView {
    /// The task's id.
    pub id: TaskId,
    pub title: String,
    /// Whether the task has a description (the card shows a mark).
    pub has_description: bool,
    pub assignee_id: UserId,
    /// «Смирнова А. П.».
    pub assignee_name: String,
    /// «2026-11-23».
    pub due_on: String,
    /// «14:30».
    #[oai(nullable)]
    pub due_time: Option<String>,
    pub priority: TaskPriorityName,
    pub status: TaskStatusName,
    /// A column of the board.
    pub column_id: u64,
    /// Its fractional position in the column (cards sort by it as strings, byte by byte).
    pub position: String,
    /// Not done and due before the school's today.
    pub overdue: bool,
}

impl CardView {
    /// The card of `shown`, if it is on a board.
    pub fn new(shown: ShownTask) -> Option<Self> {
        let ShownTask {
            task,
            assignee_name,
            overdue,
            ..
        } = shown;
        let place = task.placement?;
        Some(Self {
            id: task.id,
            title: task.title,
            has_description: !task.description.trim().is_empty(),
            assignee_id: task.assignee_id,
            assignee_name,
            due_on: task.due_on.to_string(),
            due_time: task.due_time.map(clock),
            priority: task.priority.into(),
            status: task.status.into(),
            column_id: place.column_id,
            position: place.position,
            overdue,
        })
    }
}
