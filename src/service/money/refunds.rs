//! Money given back, as a manager: the unused part of a package credited to its student's
//! balance (the package ends: it covers no more lessons), and money paid out to the client from
//! his balance (cash, card or transfer), never more than the balance holds. A lesson given back
//! to a returned package is credited on its own; a refund's reversal reopens what it closed.

use super::alerts;
use super::packages::{PackageWithBalance, named};
use super::payments::today;
use crate::config::Config;
use crate::domain::activity::{Action, Entity};
use crate::domain::ledger::{ChargeReason, EntryKind, LedgerEntry, amount_error};
use crate::domain::money::format_rub;
use crate::domain::package::{Package, Returned};
use crate::domain::plural::plural;
use crate::domain::{LessonId, PackageId, UserId};
use crate::policy::Actor;
use crate::service::journal::{Change, Journal};
use crate::service::{FieldErrors, ServiceError};
use crate::store::{Store, StoreError, WriteTxn, ledger, record};
use jiff::Timestamp;
use jiff::civil::Date;

/// What a manager sends to give back a package's unused part.
#[derive(Clone, Debug, Default)]
pub struct PackageRefund {
    /// Kopecks; the whole unused part when left out, never more.
    pub amount: Option<i64>,
    pub note: Option<String>,
}

/// «3 занятия».
fn lessons(count: u32) -> String {
    plural(u64::from(count), ["занятие", "занятия", "занятий"])
}

/// Why `package`'s unused part cannot be given back, if it cannot (on `id`): its sale
/// reversed, its part given back already, or nothing left of it.
pub fn refusal(package: &Package) -> Option<&'static str> {
    if package.cancelled {
        Some("Абонемент аннулирован: возвращать нечего")
    } else if package.returned.is_some() {
        Some("Остаток абонемента уже возвращён")
    } else if package.unused_value() == 0 {
        Some("Все занятия абонемента использованы: возвращать нечего")
    } else {
        None
    }
}

/// What a manager may give back of `package` now, in kopecks (0 when nothing).
pub fn refundable(package: &Package) -> i64 {
    if refusal(package).is_some() {
        0
    } else {
        package.unused_value()
    }
}

/// The amount to give back of `package`: `asked` (above zero, not above the unused part), or
/// the whole unused part.
fn amount(errors: &mut FieldErrors, package: &Package, asked: Option<i64>) -> i64 {
    let most = package.unused_value();
    let Some(asked) = asked else { return most };
    if let Some(message) = amount_error(asked) {
        errors.push("amount", message);
    } else if asked > most {
        errors.push(
            "amount",
            format!("Не больше неиспользованной части: {}", format_rub(most)),
        );
    }
    asked
}

/// Gives back package `id`'s unused part, as a manager: one refund entry (reason `package`)
/// credits `form.amount` (at most the price of the lessons left) to the student's balance, and
/// the package ends, in one commit. A 422 on `id` for a package cancelled, returned already or
/// used up; on `amount` for an amount above the unused part.
pub fn refund_package(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    id: PackageId,
    form: PackageRefund,
    config: &Config,
) -> Result<PackageWithBalance, ServiceError> {
    let txn = store.write()?;
    let mut package = record::get::<Package>(&txn, id)?.ok_or_else(super::packages::not_found)?;
    if let Some(message) = refusal(&package) {
        return Err(FieldErrors::one("id", message));
    }
    let mut errors = FieldErrors::new();
    let amount = amount(&mut errors, &package, form.amount);
    let note = super::packages::note(&mut errors, form.note);
    errors.into_result()?;
    let credited = ledger::append(&txn, |entry_id| LedgerEntry {
        id: entry_id,
        student_id: package.student_id,
        kind: EntryKind::Refund,
        amount,
        method: None,
        reason: Some(ChargeReason::Package),
        lesson_id: None,
        package_id: Some(package.id),
        reverses_id: None,
        reverses_refund: false,
        note,
        date: today(config),
        created_by: Some(actor.user.id),
        created_at: Timestamp::now(),
    })?;
    package.returned = Some(Returned {
        entry_id: credited.entry.id,
        lessons: package.lessons_left(),
        later: 0,
    });
    record::update(&txn, &package)?;
    let change = returned(&txn, &package, amount)?;
    let change = alerts::low_balance(
        &txn,
        change,
        package.student_id,
        credited.before,
        credited.after,
        &config.alerts,
    )?;
    journal.commit_change(txn, change)?;
    Ok(PackageWithBalance {
        package: super::packages::shown(store, id, config)?,
        balance: credited.after,
    })
}

/// The log's entry of `package`'s return: «Возврат остатка абонемента №7 (Петрова Анна): 3
/// занятия из 8, 2 400,00 ₽ на баланс».
fn returned(txn: &WriteTxn, package: &Package, amount: i64) -> Result<Change, StoreError> {
    let back = package.returned.map_or(0, |r| r.lessons);
    let summary = format!(
        "Возврат остатка абонемента {}: {} из {}, {} на баланс",
        named(txn, package)?,
        lessons(back),
        package.lessons_total,
        format_rub(amount)
    );
    Ok(
        Change::new(Action::PackageRefunded, Entity::Package, Some(package.id.0), summary)
            .concerning([package.student_id]),
    )
}

/// Refuses (on `amount`) money paid out to `student` beyond what his balance holds.
pub fn check_payout(txn: &WriteTxn, errors: &mut FieldErrors, student: UserId, amount: i64) -> Result<(), StoreError> {
    let balance = ledger::balance_of(txn, student)?;
    if balance <= 0 {
        errors.push("amount", "На счёте ученика нет денег к возврату");
    } else if amount > balance {
        errors.push("amount", format!("Не больше остатка на счёте: {}", format_rub(balance)));
    }
    Ok(())
}

/// The returned package whose unused part refund `entry` credited (with the return itself or
/// for a lesson given back to it since); `None` for any other entry.
fn credited_package(txn: &WriteTxn, entry: &LedgerEntry) -> Result<Option<Package>, StoreError> {
    let credit = entry.kind == EntryKind::Refund && entry.reason == Some(ChargeReason::Package);
    let Some(id) = entry.package_id.filter(|_| credit) else {
        return Ok(None);
    };
    Ok(record::get::<Package>(txn, id)?.filter(|p| p.returned.is_some()))
}

/// Undoes what refund `entry`, being reversed, did to its package: the return's credit taken
/// back reopens the package (it covers lessons again, as before the return); a lesson's credit
/// taken back leaves that lesson in the package, uncredited. Returns what the log adds.
pub fn reopen(txn: &WriteTxn, entry: &LedgerEntry) -> Result<String, StoreError> {
    let Some(mut package) = credited_package(txn, entry)? else {
        return Ok(String::new());
    };
    let Some(mut returned) = package.returned else {
        return Ok(String::new());
    };
    let added = if returned.entry_id == entry.id {
        package.returned = None;
        format!("; абонемент №{} снова действует", package.id)
    } else {
        returned.later = returned.later.saturating_sub(1);
        package.returned = Some(returned);
        format!("; возврат за занятие абонемента №{} отменён", package.id)
    };
    record::update(txn, &package)?;
    Ok(added)
}

/// Credits `package`, if its unused part was returned already, with the share of its price of
/// one lesson of it just given back by `lesson` (what the lesson adds to its unused part), on
/// `day`, written by `by`. Returns the log's line, or `None` when it credits nothing (a package
/// not returned, or without a price).
pub fn credit_lesson(
    txn: &WriteTxn,
    package: &mut Package,
    lesson: LessonId,
    (day, by): (Date, Option<UserId>),
) -> Result<Option<String>, StoreError> {
    let Some(mut returned) = package.returned else {
        return Ok(None);
    };
    let before = Package {
        lessons_used: package.lessons_used + 1,
        ..package.clone()
    };
    let share = package.unused_value() - before.unused_value();
    if share <= 0 {
        return Ok(None);
    }
    ledger::append(txn, |id| LedgerEntry {
        id,
        student_id: package.student_id,
        kind: EntryKind::Refund,
        amount: share,
        method: None,
        reason: Some(ChargeReason::Package),
        lesson_id: Some(lesson),
        package_id: Some(package.id),
        reverses_id: None,
        reverses_refund: false,
        note: "Занятие вернулось в абонемент после возврата остатка".to_owned(),
        date: day,
        created_by: by,
        created_at: Timestamp::now(),
    })?;
    returned.later += 1;
    package.returned = Some(returned);
    Ok(Some(format!(
        "Абонемент {}: остаток уже возвращён, за занятие {} на баланс",
        package.id,
        format_rub(share)
    )))
}
