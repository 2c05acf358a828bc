//! Work: the staff's tasks (a list, a person's, one task), kanban boards and moving cards on
//! them by fractional positions; the school's events (with the holidays that cancel lessons)
//! and the daily reminder of tasks due tomorrow.

mod audience;
pub mod boards;
mod event_form;
pub mod events;
pub mod holiday;
pub mod moves;
pub mod person_tasks;
pub mod reminders;
pub mod task_list;
mod task_notices;
pub mod task_pages;
pub mod tasks;
