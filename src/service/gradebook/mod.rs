//! The class journal: a lesson's attendance and marks, marks by themselves, and the alerts
//! they raise for parents.

pub mod alerts;
pub mod lesson_journal;
pub mod lesson_rows;
pub mod mark_edit;
pub mod mark_list;
pub mod marks;
