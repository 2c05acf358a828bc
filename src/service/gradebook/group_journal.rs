//! A group's journal over a period: its students against its lessons, with each student's
//! standing in the group's subject.

use super::grid::{self, Frame, Grid};
use super::period::{Ask, Fallback};
use crate::domain::GroupId;
use crate::domain::group::Group;
use crate::policy::{self, Actor};
use crate::service::ServiceError;
use crate::store::lessons::{self, Whose};
use crate::store::{Store, record};

/// The journal of one group over one period.
#[derive(Debug)]
pub struct GroupJournal {
    pub group: Group,
    pub grid: Grid,
}

/// The journal of group `id` over the period `ask` names (the current term by default), for
/// someone who may read it. Its students now, then anyone else at its lessons of the period.
pub fn read(store: &Store, actor: &Actor, id: GroupId, ask: &Ask<'_>) -> Result<GroupJournal, ServiceError> {
    let period = ask.period(Fallback::Term)?;
    let txn = store.read()?;
    let group: Group = record::get(&txn, id)?.ok_or_else(|| ServiceError::NotFound("Группа не найдена".into()))?;
    if !policy::reads_group_journal(actor, &group) {
        return Err(ServiceError::Forbidden(policy::NOT_YOUR_GROUP_JOURNAL));
    }
    let (from, to) = period.span(ask.tz);
    let frame = Frame {
        lessons: lessons::of(&txn, &Whose::Group(id), from, to)?,
        roster: &group.student_ids,
        subject_id: group.subject_id,
        period,
    };
    let grid = grid::build(store, &txn, frame, ask)?;
    Ok(GroupJournal { group, grid })
}
