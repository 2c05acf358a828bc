//! A task (задача) of the staff or of anyone for himself: who wrote it, who does it, whom it
//! is about, when it is due, and where it sits on a board (a column and a fractional position).

use super::{BoardId, TaskId, UserId};
use jiff::Timestamp;
use jiff::civil::{Date, Time};
use serde::{Deserialize, Serialize};

/// The longest title, in characters.
pub const MAX_TITLE: usize = 200;
/// The longest description, in characters.
pub const MAX_DESCRIPTION: usize = 5000;

/// How urgent a task is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskPriority {
    Low,
    #[default]
    Normal,
    High,
}

impl TaskPriority {
    /// In Russian, as a badge says it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Low => "Низкий",
            Self::Normal => "Обычный",
            Self::High => "Высокий",
        }
    }
}

/// Where a task stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskStatus {
    #[default]
    Todo,
    InProgress,
    Done,
}

impl TaskStatus {
    /// In Russian, as a badge says it (and as a new board names its columns).
    pub fn label(self) -> &'static str {
        match self {
            Self::Todo => "К выполнению",
            Self::InProgress => "В работе",
            Self::Done => "Готово",
        }
    }
}

/// Where a task sits on a board: the board, its column, and its fractional position there
/// (`domain::position`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub board_id: BoardId,
    pub column_id: u64,
    pub position: String,
}

/// A stored task.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Task {
    pub id: TaskId,
    pub title: String,
    /// Plain text; the pages make its links clickable.
    pub description: String,
    pub author_id: UserId,
    pub assignee_id: UserId,
    /// The student or parent it is about.
    pub related_user_id: Option<UserId>,
    pub due_on: Date,
    pub due_time: Option<Time>,
    pub priority: TaskPriority,
    pub status: TaskStatus,
    /// On a board, or on none.
    pub placement: Option<Placement>,
    #[serde(with = "super::instant::millis")]
    pub created_at: Timestamp,
    #[serde(default, with = "super::instant::optional_millis")]
    pub done_at: Option<Timestamp>,
    /// The due day the assignee was last reminded of (the daily job reminds once per due day).
    #[serde(default)]
    pub reminded_for: Option<Date>,
}

/// The fields of a stored task a card on a board shows, decoded from the same bytes without
/// its description (only whether it has one), author, instants or place.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct CardHead {
    pub id: TaskId,
    pub title: String,
    /// Whether the description holds more than blanks.
    #[serde(rename = "description", deserialize_with = "non_blank")]
    pub has_description: bool,
    pub assignee_id: UserId,
    pub due_on: Date,
    pub due_time: Option<Time>,
    pub priority: TaskPriority,
    pub status: TaskStatus,
}

impl CardHead {
    /// Whether it is late on `today` (as `Task::overdue_on`).
    pub fn overdue_on(&self, today: Date) -> bool {
        late(self.status, self.due_on, today)
    }
}

/// Reads a text as whether it holds more than blanks, without keeping it.
fn non_blank<'de, D: serde::Deserializer<'de>>(text: D) -> Result<bool, D::Error> {
    struct NonBlank;
    impl serde::de::Visitor<'_> for NonBlank {
        type Value = bool;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a text")
        }
        fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<bool, E> {
            Ok(!text.trim().is_empty())
        }
    }
    text.deserialize_str(NonBlank)
}

/// Whether a task in `status` due on `due_on` is late on `today`: not done and due before it.
fn late(status: TaskStatus, due_on: Date, today: Date) -> bool {
    status != TaskStatus::Done && due_on < today
}

impl Task {
    /// Whether it is late on `today`: not done and due before it.
    pub fn overdue_on(&self, today: Date) -> bool {
        late(self.status, self.due_on, today)
    }

    /// Sets the status, keeping `done_at` true to it (set when it becomes done, cleared when it
    /// is reopened).
    pub fn set_status(&mut self, status: TaskStatus, now: Timestamp) {
        if status == TaskStatus::Done && self.status != TaskStatus::Done {
            self.done_at = Some(now);
        } else if status != TaskStatus::Done {
            self.done_at = None;
        }
        self.status = status;
    }
}

/// The trimmed title, or the Russian message for its field.
pub fn title_checked(raw: &str) -> Result<String, &'static str> {
    let title = raw.trim();
    if title.is_empty() {
        Err("Обязательное поле")
    } else if title.chars().count() > MAX_TITLE {
        Err("Не длиннее 200 символов")
    } else {
        Ok(title.to_owned())
    }
}

/// The trimmed description, or the Russian message for its field.
pub fn description_checked(raw: &str) -> Result<String, &'static str> {
    let text = raw.trim();
    if text.chars().count() > MAX_DESCRIPTION {
        Err("Не длиннее 5000 символов")
    } else {
        Ok(text.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a_task() -> Task {
        Task {
            id: TaskId(1),
            title: "Позвонить".into(),
            description: String::new(),
            author_id: UserId(1),
            assignee_id: UserId(2),
            related_user_id: None,
            due_on: Date::constant(2026, 11, 23),
            due_time: None,
            priority: TaskPriority::Normal,
            status: TaskStatus::Todo,
            placement: None,
            created_at: Timestamp::UNIX_EPOCH,
            done_at: None,
            reminded_for: None,
        }
    }

    #[test]
    fn done_at_follows_the_status() {
        let mut task = a_task();
        assert!(task.overdue_on(Date::constant(2026, 11, 24)));
        let now = Timestamp::from_second(100).expect("time");
        task.set_status(TaskStatus::Done, now);
        assert_eq!(task.done_at, Some(now));
        assert!(!task.overdue_on(Date::constant(2026, 11, 24)));
        task.set_status(TaskStatus::InProgress, now);
        assert_eq!(task.done_at, None);
    }

    #[test]
    fn title_and_description_are_checked() {
        assert_eq!(
            title_checked("  Позвонить маме Ёжикова "),
            Ok("Позвонить маме Ёжикова".into())
        );
        assert_eq!(title_checked("   "), Err("Обязательное поле"));
        assert!(title_checked(&"я".repeat(201)).is_err());
        assert!(description_checked(&"я".repeat(5001)).is_err());
    }

    #[test]
    fn a_card_head_reads_a_stored_task_keeping_only_whether_it_has_a_description() {
        let head = |description: &str| -> CardHead {
            let task = Task {
                description: description.into(),
                due_time: Some(Time::constant(14, 30, 0, 0)),
                placement: Some(Placement {
                    board_id: BoardId(5),
                    column_id: 2,
                    position: "a0".into(),
                }),
                ..a_task()
            };
            rmp_serde::from_slice(&rmp_serde::to_vec_named(&task).expect("encode")).expect("decode")
        };
        let card = head("Купить мел");
        assert!(card.has_description);
        assert_eq!(
            (card.id, card.title.as_str(), card.assignee_id, card.due_time),
            (TaskId(1), "Позвонить", UserId(2), Some(Time::constant(14, 30, 0, 0)))
        );
        assert!(card.overdue_on(Date::constant(2026, 11, 24)));
        assert!(!head(" \n\t ").has_description);
        assert!(!head("").has_description);
    }
}
