//! A group's journal over a period: its students against its lessons, with each student's
//! standing in the group's subject. Its answer is kept while nothing it shows has changed.

use super::grid::{self, Frame, Grid};
use super::journal_texts::{self, JournalTexts};
use super::period::{Ask, Fallback, Period};
use crate::domain::group::Group;
use crate::domain::subject::Subject;
use crate::domain::{GroupId, UserId};
use crate::policy::{self, Actor};
use crate::service::ServiceError;
use crate::service::kept_texts;
use crate::store::lessons::{self, Whose};
use crate::store::record::Seen;
use crate::store::{Store, attendance, marks, record};
use bytes::Bytes;
use redb::ReadTransaction;

/// The journal of one group over one period.
#[derive(Debug)]
pub struct GroupJournal {
    pub group: Group,
    pub grid: Grid,
}

/// The journal of group `id` over the period `ask` names (the current term by default), as
/// `render` writes it, for someone who may read it. The text is kept and given again while the
/// group, its subject, its lessons (their list's version), the names (the directory's
/// revision) and each of its students' attendance and marks (their lists' versions) are what
/// they were: a journal read again costs a few lookups, not its lessons decoded and written.
pub fn shown<E: From<ServiceError>>(
    store: &Store,
    texts: &JournalTexts,
    actor: &Actor,
    id: GroupId,
    ask: &Ask<'_>,
    render: impl FnOnce(GroupJournal) -> Result<Bytes, E>,
) -> Result<Bytes, E> {
    let period = ask.period(Fallback::Term)?;
    let (versions, txn) = store.read_versioned().map_err(ServiceError::from)?;
    let (group, stored) = record::get_stored::<Group>(&txn, id)
        .map_err(ServiceError::from)?
        .ok_or_else(|| ServiceError::NotFound("Группа не найдена".into()))?;
    if !policy::reads_group_journal(actor, &group) {
        return Err(ServiceError::Forbidden(policy::NOT_YOUR_GROUP_JOURNAL).into());
    }
    if !journal_texts::keeps(&period) {
        return render(made(store, &txn, group, period, ask)?);
    }
    let question = format!("group {id} {period:?}");
    let head = head(store, (&versions, &txn), &group, &stored)?;
    let tail = |students: &Vec<u64>, bytes: &mut Vec<u8>| -> Result<(), E> {
        for &student in students {
            for list in [attendance::list_of(UserId(student)), marks::list_of(UserId(student))] {
                bytes.extend(versions.of(list).to_le_bytes());
            }
        }
        Ok(())
    };
    kept_texts::kept(&texts.0, &question, &head, tail, || {
        let journal = made(store, &txn, group, period, ask)?;
        let students = journal.grid.students.iter().map(|s| s.id.0).collect();
        Ok((render(journal)?, students))
    })
}

/// What a journal's students are found from, and the names it shows: the stored group and
/// subject (each led by its length), the version of the group's lessons and the directory's
/// revision.
fn head(
    store: &Store,
    (versions, txn): (&Seen, &ReadTransaction),
    group: &Group,
    stored: &[u8],
) -> Result<Vec<u8>, ServiceError> {
    let subject = record::get_stored::<Subject>(txn, group.subject_id)?.map(|(_, bytes)| bytes);
    let mut head = Vec::with_capacity(stored.len() + 128);
    for part in [stored, subject.as_deref().unwrap_or_default()] {
        head.extend(part.len().to_le_bytes());
        head.extend(part);
    }
    head.extend(versions.of(lessons::list_of_group(group.id)).to_le_bytes());
    head.extend(store.directory(txn)?.revision().to_le_bytes());
    Ok(head)
}

/// The journal of `group` over `period`, read in `txn`: its students now, then anyone else at
/// its lessons of the period.
fn made(
    store: &Store,
    txn: &ReadTransaction,
    group: Group,
    period: Period,
    ask: &Ask<'_>,
) -> Result<GroupJournal, ServiceError> {
    let (from, to) = period.span(ask.tz);
    let frame = Frame {
        lessons: lessons::of(txn, &Whose::Group(group.id), from, to)?,
        roster: &group.student_ids,
        subject_id: group.subject_id,
        period,
    };
    let grid = grid::build(store, txn, frame, ask)?;
    Ok(GroupJournal { group, grid })
}

#[cfg(test)]
mod tests;
