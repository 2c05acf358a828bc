//! A group's journal over a period: its students against its lessons, with each student's
//! standing in the group's subject. Its answer is kept while nothing it shows has changed.

use super::grid::{self, Frame, Grid};
use super::period::{Ask, Fallback, Period};
use crate::domain::group::Group;
use crate::domain::subject::Subject;
use crate::domain::{GroupId, UserId};
use crate::policy::{self, Actor};
use crate::service::ServiceError;
use crate::store::lessons::{self, Whose};
use crate::store::record::ListVersions;
use crate::store::shelf::{self, Renderings};
use crate::store::{Store, attendance, marks, record};
use bytes::Bytes;
use redb::{ReadTransaction, ReadableTable};
use std::hash::{BuildHasher, RandomState};

/// The journal of one group over one period.
#[derive(Debug)]
pub struct GroupJournal {
    pub group: Group,
    pub grid: Grid,
}

/// The groups' journals as the API writes them, by a hash of the group and the period (both
/// are in what each is checked against, so two with one hash only take each other's place).
pub struct JournalTexts {
    journals: Renderings<KeptJournal, u64>,
    hasher: RandomState,
}

/// A journal's text and the students it shows, whose lists' versions it is checked against.
struct KeptJournal {
    text: Bytes,
    students: Vec<UserId>,
}

/// How many journals are kept (a group of 8's term is ~7 KB).
const KEPT_JOURNALS: usize = 64;

/// The longest period whose journal is kept (a half-year: a group of 30's is ~200 KB), so the
/// kept journals stay within ~13 MB; a longer one is made at each read.
const KEPT_DAYS: i32 = 190;

impl Default for JournalTexts {
    fn default() -> Self {
        Self {
            journals: Renderings::new(KEPT_JOURNALS),
            hasher: RandomState::new(),
        }
    }
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
    let txn = store.read().map_err(ServiceError::from)?;
    let (group, stored) = record::get_stored::<Group>(&txn, id)
        .map_err(ServiceError::from)?
        .ok_or_else(|| ServiceError::NotFound("Группа не найдена".into()))?;
    if !policy::reads_group_journal(actor, &group) {
        return Err(ServiceError::Forbidden(policy::NOT_YOUR_GROUP_JOURNAL).into());
    }
    if period
        .from
        .until(period.to)
        .map_or(true, |span| span.get_days() > KEPT_DAYS)
    {
        return render(made(store, &txn, group, period, ask)?);
    }
    let question = format!("{id} {period:?}");
    let key = texts.hasher.hash_one(&question);
    let versions = record::list_versions(&txn).map_err(ServiceError::from)?;
    let head = head(store, &txn, &versions, &group, question, stored)?;
    let source = |kept: &KeptJournal| -> Result<Box<[u8]>, E> {
        let mut bytes = head.clone();
        for &student in &kept.students {
            for list in [attendance::list_of(student), marks::list_of(student)] {
                bytes.extend(versions.of(list).map_err(ServiceError::from)?.to_le_bytes());
            }
        }
        Ok(bytes.into())
    };
    let shown = shelf::kept_or_made_by(&texts.journals, key, source, || {
        let journal = made(store, &txn, group, period, ask)?;
        let students = journal.grid.students.iter().map(|s| s.id).collect();
        Ok(KeptJournal {
            text: render(journal)?,
            students,
        })
    })?;
    Ok(shown.value.text.clone())
}

/// What a journal's students are found from, and the names it shows: the question, the stored
/// group and subject, the version of the group's lessons and the directory's revision (each
/// part led by its length).
fn head(
    store: &Store,
    txn: &ReadTransaction,
    versions: &ListVersions<impl ReadableTable<(&'static str, u64), u64>>,
    group: &Group,
    question: String,
    stored: Box<[u8]>,
) -> Result<Vec<u8>, ServiceError> {
    let subject = record::get_stored::<Subject>(txn, group.subject_id)?.map(|(_, bytes)| bytes);
    let mut head = Vec::with_capacity(question.len() + stored.len() + 128);
    for part in [question.as_bytes(), &stored, subject.as_deref().unwrap_or_default()] {
        head.extend(part.len().to_le_bytes());
        head.extend(part);
    }
    head.extend(versions.of(lessons::list_of_group(group.id))?.to_le_bytes());
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
