//! The money ledger: entries appended with their student's balance in the same transaction,
//! indexed by student (numbered, so a page is counted without reading) and by day (with the
//! figures a filter needs) and summed by day, kind and method (so a month's totals read a few
//! rows); what each held lesson settled; and a recount that checks every balance against its
//! entries. Each entry renews the version of its student's entries and of the school's, by
//! which pages of them are kept (`service::money::ledger_texts`).

use super::newest_first::{self, Scope, append_numbered};
use super::record::{self, ListKey, Reader, Record, Rows, day_after, day_key};
use super::{StoreError, codec, sequence, tables};
use crate::domain::ledger::{EntryKind, LedgerEntry, LessonCharge};
use crate::domain::{EntryId, LessonId, Page, PageRequest, UserId};
use crate::store::WriteTxn;
use jiff::civil::Date;
use redb::{ReadTransaction, ReadableTable};
use std::collections::BTreeMap;

impl Record for LedgerEntry {
    const TABLE: Rows = tables::LEDGER;
    type Id = EntryId;

    fn id(&self) -> EntryId {
        self.id
    }
}

/// The list of `student`'s entries, whose version changes with each of them.
pub fn list_of(student: UserId) -> ListKey {
    ListKey::of(&tables::LEDGER_BY_STUDENT, student.0)
}

/// The list of the school's entries, whose version changes with each of them.
pub fn list_of_school() -> ListKey {
    ListKey::of(&tables::LEDGER_BY_DAY, 0)
}

/// An appended entry with the balance before and after it.
#[derive(Clone, Debug)]
pub struct Appended {
    pub entry: LedgerEntry,
    pub before: i64,
    pub after: i64,
}

/// Appends the entry `build` makes around its new id, with its index rows, moves its student's
/// balance by its effect and renews his list's version and the school's, all in `txn`. A reversal is recorded against the entry it
/// reverses (the service refuses a second one first).
pub fn append(txn: &WriteTxn, build: impl FnOnce(EntryId) -> LedgerEntry) -> Result<Appended, StoreError> {
    let entry = build(EntryId(sequence::next_id(txn, record::name_of::<LedgerEntry>())?));
    let (id, student) = (entry.id.0, entry.student_id.0);
    txn.open_table(tables::LEDGER)?
        .insert(id, codec::encode(&entry).as_slice())?;
    append_numbered(&mut txn.open_table(tables::LEDGER_BY_STUDENT)?, student, id)?;
    txn.open_table(tables::LEDGER_BY_DAY)?.insert(
        (day_key(entry.date), id),
        (student, entry.kind_code(), entry.detail_code(), entry.effect()),
    )?;
    let mut sums = txn.open_table(tables::LEDGER_DAY_TOTALS)?;
    let key = (day_key(entry.date), entry.kind_code(), entry.detail_code());
    let (count, effect) = sums.get(key)?.map_or((0, 0), |sum| sum.value());
    sums.insert(key, (count + 1, effect + entry.effect()))?;
    drop(sums);
    if let Some(reversed) = entry.reverses_id {
        txn.open_table(tables::LEDGER_REVERSED)?.insert(reversed.0, id)?;
    }
    let mut balances = txn.open_table(tables::BALANCES)?;
    let before = balances.get(student)?.map_or(0, |b| b.value());
    let after = before + entry.effect();
    balances.insert(student, after)?;
    if before < 0 || after < 0 {
        let mut debts = txn.open_table(tables::DEBTS)?;
        debts.remove((before, student))?;
        if after < 0 {
            debts.insert((after, student), ())?;
        }
    }
    txn.renew([list_of(entry.student_id), list_of_school()]);
    Ok(Appended { entry, before, after })
}

/// Entry `id`, if there is one.
pub fn get(txn: &impl Reader, id: EntryId) -> Result<Option<LedgerEntry>, StoreError> {
    record::get(txn, id)
}

/// The entries `ids` names, in that order.
pub fn load(txn: &impl Reader, ids: &[EntryId]) -> Result<Vec<LedgerEntry>, StoreError> {
    record::get_many(txn, ids)
}

/// The reversal that cancels entry `id`, if one does.
pub fn reversal_of(txn: &impl Reader, id: EntryId) -> Result<Option<EntryId>, StoreError> {
    Ok(txn
        .open(tables::LEDGER_REVERSED)?
        .get(id.0)?
        .map(|r| EntryId(r.value())))
}

/// The reversal of each of `ids` that has one: (reversed, reversal), through one table handle.
pub fn reversals_of(txn: &impl Reader, ids: &[EntryId]) -> Result<Vec<(EntryId, EntryId)>, StoreError> {
    let table = txn.open(tables::LEDGER_REVERSED)?;
    let mut found = Vec::new();
    for &id in ids {
        if let Some(reversal) = table.get(id.0)? {
            found.push((id, EntryId(reversal.value())));
        }
    }
    Ok(found)
}

/// `student`'s balance in kopecks (0 before his first entry).
pub fn balance_of(txn: &impl Reader, student: UserId) -> Result<i64, StoreError> {
    Ok(txn.open(tables::BALANCES)?.get(student.0)?.map_or(0, |b| b.value()))
}

/// Every student with an entry and his balance, by student id.
pub fn balances(txn: &impl Reader) -> Result<Vec<(UserId, i64)>, StoreError> {
    let table = txn.open(tables::BALANCES)?;
    let mut all = Vec::new();
    for row in table.range::<u64>(..)? {
        let (student, balance) = row?;
        all.push((UserId(student.value()), balance.value()));
    }
    Ok(all)
}

/// Every student below zero with his balance, the largest debt first (then by student id).
pub fn debts(txn: &impl Reader) -> Result<Vec<(UserId, i64)>, StoreError> {
    let table = txn.open(tables::DEBTS)?;
    let rows = table.range::<(i64, u64)>(..)?;
    rows.map(|row| {
        let (balance, student) = row?.0.value();
        Ok((UserId(student), balance))
    })
    .collect()
}

/// One page of `student`'s entries, newest first.
pub fn page_of(txn: &ReadTransaction, student: UserId, request: PageRequest) -> Result<Page<LedgerEntry>, StoreError> {
    newest_first::page_within(
        txn,
        (tables::LEDGER, tables::name(&tables::LEDGER)),
        Scope::Numbered(tables::LEDGER_BY_STUDENT, student.0),
        newest_first::ANY_ID,
        None,
        request,
    )
}

/// One entry as the day index lists it: enough to filter and total without reading the entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayRow {
    pub id: EntryId,
    /// The entry's day as `record::day_key` keys it.
    pub day: i64,
    pub student_id: UserId,
    pub kind: EntryKind,
    /// `PaymentMethod::code` or `ChargeReason::code`.
    pub detail: u8,
    /// What it does to the balance.
    pub effect: i64,
}

/// The entries dated `from` to `to` (both included), by day and then in the order written.
pub fn of_days(txn: &impl Reader, from: Date, to: Date) -> Result<Vec<DayRow>, StoreError> {
    let index = txn.open(tables::LEDGER_BY_DAY)?;
    let rows = index.range((day_key(from), 0)..(day_after(to), 0))?;
    rows.map(|row| row.map_err(StoreError::from).and_then(day_row))
        .collect()
}

/// The `take` newest entries dated `from` to `to` that `keep` admits, after skipping `skip` of
/// them: one page, read from the newest end of the range without walking the rest.
pub fn newest_of_days(
    txn: &impl Reader,
    (from, to): (Date, Date),
    keep: impl Fn(&DayRow) -> bool,
    skip: usize,
    take: usize,
) -> Result<Vec<DayRow>, StoreError> {
    let index = txn.open(tables::LEDGER_BY_DAY)?;
    let rows = index.range((day_key(from), 0)..(day_after(to), 0))?.rev();
    let kept = rows.map(|row| row.map_err(StoreError::from).and_then(day_row));
    let kept = kept.filter(|row| row.as_ref().map_or(true, &keep));
    kept.skip(skip).take(take).collect()
}

type DayIndexRow<'a> = (
    redb::AccessGuard<'a, (i64, u64)>,
    redb::AccessGuard<'a, (u64, u8, u8, i64)>,
);

fn day_row((key, value): DayIndexRow<'_>) -> Result<DayRow, StoreError> {
    let ((day, id), (student, kind, detail, effect)) = (key.value(), value.value());
    let Some(kind) = EntryKind::from_code(kind) else {
        return Err(StoreError::Corrupt {
            table: tables::name(&tables::LEDGER_BY_DAY),
            reason: format!("entry {id}: unknown kind {kind}"),
        });
    };
    Ok(DayRow {
        id: EntryId(id),
        day,
        student_id: UserId(student),
        kind,
        detail,
        effect,
    })
}

/// The entries of one kind and one method or reason on one day, summed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DaySum {
    pub kind: EntryKind,
    /// `PaymentMethod::code` or `ChargeReason::code`.
    pub detail: u8,
    pub count: u64,
    /// Their effect on the balances.
    pub effect: i64,
}

/// The sums of the entries dated `from` to `to` (both included), by day, kind and detail.
pub fn sums_of_days(txn: &impl Reader, from: Date, to: Date) -> Result<Vec<DaySum>, StoreError> {
    let table = txn.open(tables::LEDGER_DAY_TOTALS)?;
    let mut sums = Vec::new();
    for row in table.range((day_key(from), 0, 0)..(day_after(to), 0, 0))? {
        let (key, value) = row?;
        let ((_, kind, detail), (count, effect)) = (key.value(), value.value());
        let kind = EntryKind::from_code(kind).ok_or_else(|| StoreError::Corrupt {
            table: tables::name(&tables::LEDGER_DAY_TOTALS),
            reason: format!("unknown kind {kind}"),
        })?;
        sums.push(DaySum {
            kind,
            detail,
            count,
            effect,
        });
    }
    Ok(sums)
}

/// A balance that differs from the sum of its student's entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difference {
    pub student_id: UserId,
    pub stored: i64,
    pub counted: i64,
}

/// Recounts every student's balance from the whole ledger and lists each stored balance that
/// differs (a balance with no entries counts as 0), by student; also the number of entries read.
pub fn recount(txn: &impl Reader) -> Result<(u64, Vec<Difference>), StoreError> {
    let rows = txn.open(tables::LEDGER)?;
    let mut counted: BTreeMap<u64, i64> = BTreeMap::new();
    let mut entries = 0;
    for row in rows.range::<u64>(..)? {
        let (_, bytes) = row?;
        let entry: LedgerEntry = codec::decode(record::name_of::<LedgerEntry>(), bytes.value())?;
        *counted.entry(entry.student_id.0).or_default() += entry.effect();
        entries += 1;
    }
    let mut differences = Vec::new();
    let stored: BTreeMap<u64, i64> = balances(txn)?.into_iter().map(|(s, b)| (s.0, b)).collect();
    let students: std::collections::BTreeSet<u64> = stored.keys().chain(counted.keys()).copied().collect();
    for student in students {
        let (stored, counted) = (
            stored.get(&student).copied().unwrap_or(0),
            counted.get(&student).copied().unwrap_or(0),
        );
        if stored != counted {
            differences.push(Difference {
                student_id: UserId(student),
                stored,
                counted,
            });
        }
    }
    Ok((entries, differences))
}

/// What lesson `lesson` settled for each of its students, by student id.
pub fn charges_of(txn: &impl Reader, lesson: LessonId) -> Result<Vec<(UserId, LessonCharge)>, StoreError> {
    let table = txn.open(tables::LESSON_CHARGES)?;
    let mut found = Vec::new();
    for row in table.range((lesson.0, 0)..=(lesson.0, u64::MAX))? {
        let (key, bytes) = row?;
        let charge = codec::decode(tables::name(&tables::LESSON_CHARGES), bytes.value())?;
        found.push((UserId(key.value().1), charge));
    }
    Ok(found)
}

/// Records what lesson `lesson` settled for `student`, or (`None`) that it settles nothing.
pub fn set_charge(
    txn: &WriteTxn,
    lesson: LessonId,
    student: UserId,
    charge: Option<LessonCharge>,
) -> Result<(), StoreError> {
    let mut table = txn.open_table(tables::LESSON_CHARGES)?;
    match charge {
        Some(charge) => table.insert((lesson.0, student.0), codec::encode(&charge).as_slice())?,
        None => table.remove((lesson.0, student.0))?,
    };
    Ok(())
}

#[cfg(test)]
mod tests;
