//! Teaching in time: groups with a weekly timetable that fills itself with lessons, one-off
//! lessons, moving and cancelling them, with no teacher, student or room double-booked.

mod book;
pub mod form;
pub mod groups;
pub mod horizon;
pub mod leaving;
pub mod lesson_end;
pub mod lesson_list;
pub mod lesson_names;
pub mod lessons;
mod materialise;
mod notify;

use crate::domain::clash::Names;
use crate::domain::subject::Subject;
use crate::domain::{SubjectId, User, UserId};
use crate::service::ServiceError;
use crate::store::directory::Directory;
use crate::store::{Store, record};
use std::collections::HashMap;
use std::sync::Arc;

/// The school's people and subjects by id, as timetables and clash messages name them.
pub struct School {
    directory: Arc<Directory>,
    subjects: HashMap<SubjectId, Subject>,
}

impl School {
    /// The school as stored now.
    pub fn load(store: &Store) -> Result<Self, ServiceError> {
        let txn = store.read()?;
        let directory = store.directory(&txn)?;
        let subjects = record::all::<Subject>(&txn)?.into_iter().map(|s| (s.id, s)).collect();
        Ok(Self { directory, subjects })
    }

    /// «Белов И. В.», or «№7» for someone unknown.
    pub fn short_name(&self, id: UserId) -> String {
        self.person(id).map_or_else(|| format!("№{id}"), User::short_name)
    }

    /// «Белов Иван Викторович», or «№7» for someone unknown.
    pub fn full_name(&self, id: UserId) -> String {
        self.person(id).map_or_else(|| format!("№{id}"), User::full_name)
    }

    /// The subject, if it exists.
    pub fn subject_of(&self, id: SubjectId) -> Option<&Subject> {
        self.subjects.get(&id)
    }
}

/// A lesson asked for that does not exist.
fn lesson_not_found() -> ServiceError {
    ServiceError::NotFound("Занятие не найдено".into())
}

impl Names for School {
    fn person(&self, id: UserId) -> Option<&User> {
        self.directory.find(id).map(|entry| entry.user.as_ref())
    }

    fn subject(&self, id: SubjectId) -> String {
        self.subjects.get(&id).map(|s| s.name.clone()).unwrap_or_default()
    }
}
