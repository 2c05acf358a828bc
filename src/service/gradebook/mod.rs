//! The class journal: a lesson's attendance and marks, marks by themselves, the alerts they
//! raise for parents, and the journal as teachers, students and parents read it.

pub mod alerts;
pub mod averages;
pub mod grid;
pub mod group_journal;
pub mod journal_texts;
pub mod lesson_journal;
pub mod lesson_rows;
pub mod mark_edit;
pub mod mark_list;
pub mod marks;
pub mod period;
pub mod person_journal;
pub mod subject_journal;
pub mod unfilled;
