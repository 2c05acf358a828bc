//! A card on a board as its face shows it: the title, due day, priority, status, assignee and
//! place. The whole task (description, author, instants) is `GET /api/tasks/{id}`, read when a
//! card is opened, so a board of hundreds of cards stays light.

use super::vocabulary::{TaskPriorityName, TaskStatusName};
use crate::domain::timetable::clock;
use crate::domain::{TaskId, UserId};
use crate::service::work::boards::ShownCard;
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
    #[oai(validator(minimum(value = "1")))]
    pub column_id: u64,
    /// Its fractional position in the column (cards sort by it as strings, byte by byte).
    pub position: String,
    /// Not done and due before the school's today.
    pub overdue: bool,
}

impl CardView {
    /// The card `shown`.
    pub fn new(shown: ShownCard) -> Self {
        let ShownCard {
            head,
            column_id,
            position,
            assignee_name,
            overdue,
        } = shown;
        Self {
            id: head.id,
            title: head.title,
            has_description: head.has_description,
            assignee_id: head.assignee_id,
            assignee_name,
            due_on: head.due_on.to_string(),
            due_time: head.due_time.map(clock),
            priority: head.priority.into(),
            status: head.status.into(),
            column_id,
            position,
            overdue,
        }
    }
}
