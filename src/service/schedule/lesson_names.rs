//! The names a page of lessons shows (subject and its colour, teacher, group), each distinct
//! id looked up once per request, however many lessons share it.

use crate::domain::group::{Group, GroupName};
use crate::domain::lesson::Lesson;
use crate::domain::subject::Subject;
use crate::domain::{GroupId, SubjectId, User, UserId};
use crate::service::ServiceError;
use crate::store::record::{self, Reader};
use crate::store::{Store, tables};
use redb::ReadTransaction;
use std::collections::HashMap;

/// The names of the subjects, teachers and groups some lessons refer to.
#[derive(Debug, Default)]
pub struct LessonNames {
    subjects: HashMap<SubjectId, Subject>,
    teachers: HashMap<UserId, String>,
    groups: HashMap<GroupId, String>,
}

impl LessonNames {
    /// The names `lessons` show, read in `txn` (people from the store's directory).
    pub fn of(store: &Store, txn: &ReadTransaction, lessons: &[Lesson]) -> Result<Self, ServiceError> {
        let mut names = Self::default();
        let directory = store.directory(txn)?;
        let (subjects, groups) = (txn.open(tables::SUBJECTS)?, txn.open(tables::GROUPS)?);
        for lesson in lessons {
            if !names.subjects.contains_key(&lesson.subject_id)
                && let Some(subject) = record::load::<Subject>(&subjects, lesson.subject_id)?
            {
                names.subjects.insert(subject.id, subject);
            }
            names.teachers.entry(lesson.teacher_id).or_insert_with(|| {
                directory.find(lesson.teacher_id).map_or_else(
                    || format!("№{}", lesson.teacher_id),
                    |entry| User::short_name(&entry.user),
                )
            });
            if let Some(group) = lesson.group_id
                && !names.groups.contains_key(&group)
                && let Some(found) = record::load_head::<Group, GroupName>(&groups, group)?
            {
                names.groups.insert(group, found.name);
            }
        }
        Ok(names)
    }

    /// The subject's name, empty when it is gone.
    pub fn subject(&self, id: SubjectId) -> &str {
        self.subjects.get(&id).map_or("", |s| s.name.as_str())
    }

    /// The subject's palette colour, empty when it is gone.
    pub fn color(&self, id: SubjectId) -> &str {
        self.subjects.get(&id).map_or("", |s| s.color.as_str())
    }

    /// «Белов И. В.», or «№7» for someone unknown.
    pub fn teacher(&self, id: UserId) -> String {
        self.teachers.get(&id).cloned().unwrap_or_else(|| format!("№{id}"))
    }

    /// The group's name; none for an individual lesson (or a group that is gone).
    pub fn group(&self, id: Option<GroupId>) -> Option<String> {
        id.and_then(|id| self.groups.get(&id).cloned())
    }
}
