//! Work: the staff's tasks and boards, and the school's events (with the holidays that cancel
//! lessons and the daily reminder of tasks due tomorrow).

mod audience;
mod event_form;
pub mod events;
pub mod holiday;
pub mod reminders;
