//! A subject's journal over a period: the students of its lessons (every group's and the
//! individual ones; a worker's: those he teaches) and of its current groups, against those
//! lessons, with each student's standing in the subject.

use super::grid::{self, Frame, Grid};
use super::period::{Ask, Fallback};
use crate::domain::group::Group;
use crate::domain::subject::Subject;
use crate::domain::{GroupId, SubjectId, UserId};
use crate::policy::{self, Actor};
use crate::service::ServiceError;
use crate::store::lessons::{self, Whose};
use crate::store::{Store, groups, record};
use std::collections::BTreeSet;

/// The journal of one subject over one period.
#[derive(Debug)]
pub struct SubjectJournal {
    /// The groups of its lessons and its current groups, by name.
    pub groups: Vec<Group>,
    pub grid: Grid,
}

/// The journal of subject `id` over the period `ask` names (the current term by default): a
/// manager's holds every teacher's lessons of it, anyone else's only his own.
pub fn read(store: &Store, actor: &Actor, id: SubjectId, ask: &Ask<'_>) -> Result<SubjectJournal, ServiceError> {
    let period = ask.period(Fallback::Term)?;
    let txn = store.read()?;
    if record::get::<Subject>(&txn, id)?.is_none() {
        return Err(ServiceError::NotFound("Предмет не найден".into()));
    }
    let (from, to) = period.span(ask.tz);
    let teacher = policy::subject_journal_teacher(actor);
    let (lessons, current) = match teacher {
        None => (
            lessons::of(&txn, &Whose::Subject(id), from, to)?,
            record::all::<Group>(&txn)?,
        ),
        Some(me) => (
            lessons::of(&txn, &Whose::Teacher(me), from, to)?,
            groups::of_teacher(&txn, me)?,
        ),
    };
    let lessons: Vec<_> = lessons.into_iter().filter(|l| l.subject_id == id).collect();
    let current: Vec<Group> = current
        .into_iter()
        .filter(|g| g.subject_id == id && !g.archived)
        .collect();
    let roster: Vec<UserId> = current.iter().flat_map(|g| g.student_ids.iter().copied()).collect();
    let named: BTreeSet<GroupId> = current.iter().map(|g| g.id).collect();
    let mut groups = current;
    for group in lessons.iter().filter_map(|l| l.group_id).collect::<BTreeSet<_>>() {
        if !named.contains(&group) {
            groups.extend(record::get::<Group>(&txn, group)?);
        }
    }
    groups.sort_by(|a, b| a.name.cmp(&b.name).then(a.id.cmp(&b.id)));
    let frame = Frame {
        lessons,
        roster: &roster,
        subject_id: id,
        period,
    };
    let grid = grid::build(store, &txn, frame, ask)?;
    Ok(SubjectJournal { groups, grid })
}
