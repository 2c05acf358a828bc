//! Charges that follow attendance: what a held lesson settles for each of its students (a
//! charge at his price, or one lesson of a package that covers it; nothing for a free lesson, its
//! own price 0), kept per (lesson, student) so that any later change — attendance, the lesson's
//! own price, students, status, cancel — reverses the charge and writes a new one, or gives the
//! package lesson back (credited, to a package whose unused part was returned). A student's or
//! subject's price changed later does not reach a lesson already charged. Runs in the caller's
//! transaction.

use super::{alerts, refunds};
use crate::config::Config;
use crate::domain::journal::AttendanceStatus;
use crate::domain::ledger::{ChargeReason, EntryKind, LedgerEntry, LessonCharge};
use crate::domain::lesson::{Lesson, LessonStatus};
use crate::domain::money::format_rub;
use crate::domain::package::Package;
use crate::domain::{LessonId, PackageId, UserId};
use crate::service::journal::Change;
use crate::store::WriteTxn;
use crate::store::{StoreError, attendance, ledger, packages, record, subjects, users};
use jiff::Timestamp;
use jiff::civil::Date;
use std::collections::BTreeMap;

/// Whether `status` makes a held lesson charge.
fn chargeable(status: AttendanceStatus, config: &Config) -> bool {
    match status {
        AttendanceStatus::Present | AttendanceStatus::Late => true,
        AttendanceStatus::Unexcused => config.money.charge_unexcused,
        AttendanceStatus::Excused => false,
    }
}

/// What the lesson should settle for `student`, before packages: `Some(price)` for a held
/// lesson he attended chargeably (`price` is `None` when nobody set one above 0: a package
/// lesson, else nothing). `None` when he owes nothing: the lesson not held or not his, his
/// status not charged, or the lesson free (its own price 0: no charge and no package lesson).
fn owed(
    txn: &WriteTxn,
    lesson: &Lesson,
    student: UserId,
    status: Option<AttendanceStatus>,
    config: &Config,
) -> Result<Option<Option<i64>>, StoreError> {
    let held = lesson.status == LessonStatus::Done && lesson.student_ids.contains(&student);
    let free = lesson.price == Some(0);
    if !held || free || !status.is_some_and(|s| chargeable(s, config)) {
        return Ok(None);
    }
    let price = match lesson.price {
        Some(price) => Some(price),
        None => subjects::price_for(txn, lesson.subject_id, student)?,
    };
    Ok(Some(price.filter(|p| *p > 0)))
}

/// The first of `student`'s packages that covers `lesson` on `day`.
fn covering(txn: &WriteTxn, lesson: &Lesson, student: UserId, day: Date) -> Result<Option<Package>, StoreError> {
    Ok(packages::of_student(txn, student)?
        .into_iter()
        .find(|p| p.covers(lesson.subject_id, lesson.course_id, day)))
}

/// Settles `lesson` (already written, with its attendance) for every student it charged or
/// should charge; adds a line per change to `lines`, and to `change` the students it charged or
/// gave back (it concerns them) and the parents' alerts. What a student settled stays while he
/// still owes the lesson (a charge of a lesson without its own price whatever his price is now,
/// a package lesson whatever the price); a free lesson (own price 0) settles nothing and gives
/// back what it settled. `by` writes the entries (`None`: the server).
pub fn settle_lesson(
    txn: &WriteTxn,
    lesson: &Lesson,
    by: Option<UserId>,
    config: &Config,
    mut change: Change,
    lines: &mut Vec<String>,
) -> Result<Change, StoreError> {
    let day = lesson.starts_at.to_zoned(config.time_zone()).date();
    let statuses: BTreeMap<UserId, AttendanceStatus> = attendance::of_lesson(txn, lesson.id)?
        .into_iter()
        .map(|r| (r.student_id, r.status))
        .collect();
    let mut students: BTreeMap<UserId, Option<LessonCharge>> = ledger::charges_of(txn, lesson.id)?
        .into_iter()
        .map(|(student, charge)| (student, Some(charge)))
        .collect();
    for student in &lesson.student_ids {
        students.entry(*student).or_insert(None);
    }
    for (student, was) in students {
        let owed = owed(txn, lesson, student, statuses.get(&student).copied(), config)?;
        let keep = match (was, owed) {
            (Some(LessonCharge::Package { .. }), Some(_)) => true,
            // A lesson without a price of its own charged each student his price as it stood
            // then: a price changed or removed since does not reach a lesson already charged
            // while he still owes it (only his attendance, the students, the status or a price
            // of the lesson's own do).
            (Some(LessonCharge::Entry { .. }), Some(_)) if lesson.price.is_none() => true,
            (Some(LessonCharge::Entry { amount, .. }), Some(Some(price))) => amount == price,
            (None, None) => true,
            _ => false,
        };
        if keep {
            continue;
        }
        let (told, before) = (lines.len(), ledger::balance_of(txn, student)?);
        undo(txn, lesson, student, was, day, by, lines)?;
        let now = match owed {
            None => None,
            Some(price) => match covering(txn, lesson, student, day)? {
                Some(mut package) => {
                    let was_left = package.lessons_left();
                    package.lessons_used += 1;
                    record::update(txn, &package)?;
                    lines.push(format!(
                        "Абонемент {}: занятие списано, осталось {}",
                        package.id,
                        package.lessons_left()
                    ));
                    change = alerts::package_ending(txn, change, &package, was_left, &config.alerts)?;
                    Some(LessonCharge::Package { package_id: package.id })
                }
                None => match price {
                    Some(price) => {
                        let charged = ledger::append(txn, |id| LedgerEntry {
                            id,
                            student_id: student,
                            kind: EntryKind::Charge,
                            amount: price,
                            method: None,
                            reason: Some(ChargeReason::Lesson),
                            lesson_id: Some(lesson.id),
                            package_id: None,
                            reverses_id: None,
                            reverses_refund: false,
                            note: String::new(),
                            date: day,
                            created_by: by,
                            created_at: Timestamp::now(),
                        })?;
                        lines.push(format!("Списание {}, {}", format_rub(price), name_of(txn, student)?));
                        Some(LessonCharge::Entry {
                            entry_id: charged.entry.id,
                            amount: price,
                        })
                    }
                    None => None,
                },
            },
        };
        ledger::set_charge(txn, lesson.id, student, now)?;
        if lines.len() > told {
            change = change.concerning([student]);
        }
        let after = ledger::balance_of(txn, student)?;
        change = alerts::low_balance(txn, change, student, before, after, &config.alerts)?;
    }
    Ok(change)
}

/// Undoes what `lesson` settled for `student`: reverses its charge (unless a manager already
/// did) or gives the package lesson back.
fn undo(
    txn: &WriteTxn,
    lesson: &Lesson,
    student: UserId,
    was: Option<LessonCharge>,
    day: Date,
    by: Option<UserId>,
    lines: &mut Vec<String>,
) -> Result<(), StoreError> {
    match was {
        Some(LessonCharge::Entry { entry_id, amount }) if ledger::reversal_of(txn, entry_id)?.is_none() => {
            ledger::append(txn, |id| LedgerEntry {
                id,
                student_id: student,
                kind: EntryKind::Reversal,
                amount,
                method: None,
                reason: Some(ChargeReason::Lesson),
                lesson_id: Some(lesson.id),
                package_id: None,
                reverses_id: Some(entry_id),
                reverses_refund: false,
                note: "Посещение или цена занятия изменились".to_owned(),
                date: day,
                created_by: by,
                created_at: Timestamp::now(),
            })?;
            lines.push(format!(
                "Сторно списания {}, {}",
                format_rub(amount),
                name_of(txn, student)?
            ));
        }
        Some(LessonCharge::Package { package_id }) => give_back(txn, package_id, (lesson.id, day, by), lines)?,
        Some(LessonCharge::Entry { .. }) | None => {}
    }
    Ok(())
}

/// «Белов Иван Викторович» for a log line, or «ученик №12» for someone gone.
fn name_of(txn: &WriteTxn, student: UserId) -> Result<String, StoreError> {
    Ok(users::get(txn, student)?.map_or_else(|| format!("ученик №{student}"), |u| u.full_name()))
}

/// Gives one lesson (`lesson`, held on `day`; `by` undoes it) back to package `id`; to one
/// whose unused part was returned already, with the lesson's share of its price credited.
fn give_back(
    txn: &WriteTxn,
    id: PackageId,
    (lesson, day, by): (LessonId, Date, Option<UserId>),
    lines: &mut Vec<String>,
) -> Result<(), StoreError> {
    if let Some(mut package) = record::get::<Package>(txn, id)? {
        package.lessons_used = package.lessons_used.saturating_sub(1);
        let line = refunds::credit_lesson(txn, &mut package, lesson, (day, by))?
            .unwrap_or_else(|| format!("Абонемент {id}: занятие возвращено"));
        record::update(txn, &package)?;
        lines.push(line);
    }
    Ok(())
}
