//! The class journal as teachers, students and parents read and write it.

pub mod averages;
pub mod group_journal;
pub mod period;
pub mod person_journal;
