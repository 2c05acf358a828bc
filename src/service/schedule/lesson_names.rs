//! The names a page of lessons shows (subject and its colour, teacher, group), each distinct
//! id looked up once per request, however many lessons share it.

use crate::domain::group::Group;
use crate::domain::lesson::Lesson;
use crate::domain::subject::Subject;
use crate::domain::{GroupId, SubjectId, User, UserId};
use crate::service::ServiceError;
use crate::store::Store;
use crate::store::shelf::{self, Renderings, Shown};
use redb::ReadTransaction;
use std::collections::HashMap;
use std::sync::Arc;

/// The ids a lesson's names come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamedBy {
    pub subject: SubjectId,
    pub teacher: UserId,
    pub group: Option<GroupId>,
}

impl NamedBy {
    /// The ids `lesson`'s names come from.
    pub fn of(lesson: &Lesson) -> Self {
        Self {
            subject: lesson.subject_id,
            teacher: lesson.teacher_id,
            group: lesson.group_id,
        }
    }
}

/// The subjects and group names lists showed lately, each used again while its record is
/// stored unchanged: a page's names cost lookups, not decoding.
#[derive(Debug)]
pub struct NameShelf {
    subjects: Renderings<Subject>,
    groups: Renderings<(GroupId, String)>,
}

/// How many subjects and groups the shelf keeps of each: every one of a large school.
const KEPT_NAMES: usize = 2_000;

impl Default for NameShelf {
    fn default() -> Self {
        Self {
            subjects: Renderings::new(KEPT_NAMES),
            groups: Renderings::new(KEPT_NAMES),
        }
    }
}

/// The names of the subjects, teachers and groups some lessons refer to.
#[derive(Debug, Default)]
pub struct LessonNames {
    subjects: HashMap<SubjectId, Arc<Shown<Subject>>>,
    teachers: HashMap<UserId, String>,
    groups: HashMap<GroupId, Arc<Shown<(GroupId, String)>>>,
}

impl LessonNames {
    /// The names of lessons named by `lessons`, read in `txn` (subjects and groups through
    /// `shelf`, people from the store's directory), each distinct id once.
    pub fn of(
        store: &Store,
        txn: &ReadTransaction,
        shelf: &NameShelf,
        lessons: impl IntoIterator<Item = NamedBy>,
    ) -> Result<Self, ServiceError> {
        let mut distinct: Vec<NamedBy> = Vec::new();
        for lesson in lessons {
            if !distinct.contains(&lesson) {
                distinct.push(lesson);
            }
        }
        let mut subject_ids: Vec<SubjectId> = distinct.iter().map(|l| l.subject).collect();
        let mut group_ids: Vec<GroupId> = distinct.iter().filter_map(|l| l.group).collect();
        subject_ids.sort_unstable_by_key(|id| id.0);
        subject_ids.dedup();
        group_ids.sort_unstable_by_key(|id| id.0);
        group_ids.dedup();
        let directory = store.directory(txn)?;
        let mut names = Self::default();
        for subject in shelf::shown::<Subject, _>(txn, &subject_ids, &shelf.subjects, |s| s)? {
            names.subjects.insert(subject.value.id, subject);
        }
        for group in shelf::shown::<Group, _>(txn, &group_ids, &shelf.groups, |g| (g.id, g.name))? {
            names.groups.insert(group.value.0, group);
        }
        for lesson in &distinct {
            names.teachers.entry(lesson.teacher).or_insert_with(|| {
                directory
                    .find(lesson.teacher)
                    .map_or_else(|| format!("№{}", lesson.teacher), |entry| User::short_name(&entry.user))
            });
        }
        Ok(names)
    }

    /// The subjects and groups named (people's names come from the directory).
    pub fn named(&self) -> (Vec<SubjectId>, Vec<GroupId>) {
        (
            self.subjects.keys().copied().collect(),
            self.groups.keys().copied().collect(),
        )
    }

    /// The subject's name, empty when it is gone.
    pub fn subject(&self, id: SubjectId) -> &str {
        self.subjects.get(&id).map_or("", |s| s.value.name.as_str())
    }

    /// The subject's palette colour, empty when it is gone.
    pub fn color(&self, id: SubjectId) -> &str {
        self.subjects.get(&id).map_or("", |s| s.value.color.as_str())
    }

    /// «Белов И. В.», or «№7» for someone unknown.
    pub fn teacher(&self, id: UserId) -> String {
        self.teachers.get(&id).cloned().unwrap_or_else(|| format!("№{id}"))
    }

    /// The group's name; none for an individual lesson (or a group that is gone).
    pub fn group(&self, id: Option<GroupId>) -> Option<String> {
        id.and_then(|id| self.groups.get(&id).map(|group| group.value.1.clone()))
    }
}
