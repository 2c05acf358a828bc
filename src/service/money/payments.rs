//! Money at the desk: a payment or a manual charge recorded by a manager, the reversal that
//! corrects a mistake (it needs a reason and stays visible), one entry with its student's
//! balance (the receipt), and a student's ledger with his balance and packages.

use super::entry_view::{Named, ShownEntry, ShownPackage, show_entries, show_page};
use super::ledger_texts::{self, LedgerTexts};
use super::retries::{self, RequestKey};
use super::{refunds, reversal};
use crate::config::Config;
use crate::domain::activity::{Action, Entity};
use crate::domain::ledger::{ChargeReason, EntryKind, LedgerEntry, PaymentMethod, amount_error};
use crate::domain::money::format_rub;
use crate::domain::package::Package;
use crate::domain::{EntryId, Page, PageRequest, Role, UserId};
use crate::policy::{self, Actor};
use crate::service::journal::{Change, Journal};
use crate::service::{FieldErrors, ServiceError};
use crate::store::WriteTxn;
use crate::store::ledger::{self, Appended};
use crate::store::{Store, packages, record, users};
use bytes::Bytes;
use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};
use redb::ReadTransaction;

/// The longest note or reason, in characters.
const MAX_NOTE: usize = 500;

/// A payment (`method`), a manual charge (`kind: charge`, `reason`) or money paid out to the
/// client (`kind: refund`, `method`) as the form sends it.
#[derive(Clone, Debug)]
pub struct NewEntry {
    pub student_id: UserId,
    /// Kopecks.
    pub amount: i64,
    /// `Payment` when left out.
    pub kind: Option<EntryKind>,
    pub method: Option<PaymentMethod>,
    pub reason: Option<ChargeReason>,
    /// `ГГГГ-ММ-ДД`; the school's today when left out.
    pub date: Option<String>,
    pub note: Option<String>,
}

/// An entry as shown, with its student's balance after it.
pub struct WithBalance {
    pub entry: ShownEntry,
    pub balance: i64,
}

/// A page of a student's ledger, his balance and his packages.
pub struct StudentLedger {
    pub page: Page<ShownEntry>,
    pub balance: i64,
    pub packages: Vec<ShownPackage>,
}

fn not_found() -> ServiceError {
    ServiceError::NotFound("Запись не найдена".into())
}

/// The school's today.
pub fn today(config: &Config) -> Date {
    Timestamp::now().to_zoned(config.time_zone()).date()
}

/// A day a manager may date an entry: not in the future, not more than a year back.
fn entry_day(errors: &mut FieldErrors, raw: Option<&str>, today: Date) -> Option<Date> {
    let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
        return Some(today);
    };
    let day = errors.day("date", Some(raw))?;
    if day > today {
        errors.push("date", "Дата не может быть в будущем");
        return None;
    }
    if today.checked_sub(1.year()).is_ok_and(|earliest| day < earliest) {
        errors.push("date", "Дата не может быть раньше, чем год назад");
        return None;
    }
    Some(day)
}

fn note(errors: &mut FieldErrors, field: &str, raw: Option<String>) -> String {
    let note = raw.unwrap_or_default().trim().to_owned();
    if note.chars().count() > MAX_NOTE {
        errors.push(field, format!("Не длиннее {MAX_NOTE} символов"));
    }
    note
}

/// What a log line says of an entry: «Оплата 1 500,00 ₽ (наличные), Белов Иван».
fn described(entry: &LedgerEntry, student: &str) -> String {
    let detail = match (entry.method, entry.reason) {
        (Some(method), _) => method.label().to_lowercase(),
        (None, Some(reason)) => reason.label().to_lowercase(),
        (None, None) => String::new(),
    };
    format!(
        "{} {} ({detail}), {student}",
        entry.kind.label(),
        format_rub(entry.amount)
    )
}

/// Appends the entry `build` makes (kept as what the request with `key` wrote), logs `change`
/// (telling the parents when the balance just fell below the line) and commits; then reads it
/// back as shown.
fn commit(
    store: &Store,
    journal: &Journal,
    (txn, key): (WriteTxn, Option<&RequestKey>),
    config: &Config,
    entry: LedgerEntry,
    change: impl FnOnce(&LedgerEntry) -> Change,
) -> Result<WithBalance, ServiceError> {
    let Appended { entry, before, after } = ledger::append(&txn, |id| LedgerEntry { id, ..entry })?;
    retries::remember(&txn, key, entry.id.0)?;
    let told = super::alerts::low_balance(&txn, change(&entry), entry.student_id, before, after, &config.alerts)?;
    journal.commit_change(txn, told)?;
    let read = store.read()?;
    let shown = show_entries(store, &read, &config.time_zone(), vec![entry])?;
    Ok(WithBalance {
        entry: shown.into_iter().next().ok_or_else(not_found)?,
        balance: after,
    })
}

/// Records a payment, a manual charge or money paid out (not more than the balance holds), as
/// a manager. Sent again with the same `key`, it writes nothing and gives the entry the first
/// request wrote with the balance now (`retries`).
pub fn record(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    (form, key): (NewEntry, Option<RequestKey>),
    config: &Config,
) -> Result<WithBalance, ServiceError> {
    let today = today(config);
    let txn = store.write()?;
    if let Some(id) = retries::earlier(&txn, key.as_ref())? {
        txn.abort()?;
        return one(store, actor, EntryId(id), config);
    }
    let mut errors = FieldErrors::new();
    let student =
        users::get(&txn, form.student_id)?.filter(|u| u.deleted_at.is_none() && u.roles.contains(&Role::Student));
    if student.is_none() {
        errors.push("student_id", "Выберите ученика");
    }
    if let Some(message) = amount_error(form.amount) {
        errors.push("amount", message);
    }
    let kind = form.kind.unwrap_or(EntryKind::Payment);
    let (method, reason) = match kind {
        EntryKind::Payment => {
            if form.method.is_none() {
                errors.push("method", "Выберите способ оплаты");
            }
            (form.method, None)
        }
        EntryKind::Charge => {
            match form.reason {
                Some(ChargeReason::Course | ChargeReason::Other) => {}
                Some(_) => errors.push("reason", "Занятия и абонементы списываются сами"),
                None => errors.push("reason", "Выберите, за что списание"),
            }
            (None, form.reason)
        }
        EntryKind::Reversal => {
            errors.push("kind", "Сторно делается из записи, которую оно отменяет");
            (None, None)
        }
        EntryKind::Refund => {
            if form.method.is_none() {
                errors.push("method", "Выберите, как выданы деньги");
            }
            if let Some(student) = student.as_ref().filter(|_| amount_error(form.amount).is_none()) {
                refunds::check_payout(&txn, &mut errors, student.id, form.amount)?;
            }
            (form.method, None)
        }
    };
    let date = entry_day(&mut errors, form.date.as_deref(), today);
    let note = note(&mut errors, "note", form.note);
    errors.into_result()?;
    let (Some(student), Some(date)) = (student, date) else {
        return Err(FieldErrors::one("student_id", "Выберите ученика"));
    };
    let entry = LedgerEntry {
        id: EntryId(0),
        student_id: student.id,
        kind,
        amount: form.amount,
        method,
        reason,
        lesson_id: None,
        package_id: None,
        reverses_id: None,
        reverses_refund: false,
        note,
        date,
        created_by: Some(actor.user.id),
        created_at: Timestamp::now(),
    };
    let action = match kind {
        EntryKind::Payment => Action::PaymentRecorded,
        EntryKind::Refund => Action::MoneyPaidOut,
        _ => Action::EntryCharged,
    };
    commit(store, journal, (txn, key.as_ref()), config, entry, |entry| {
        Change::new(
            action,
            Entity::Payment,
            Some(entry.id.0),
            described(entry, &student.full_name()),
        )
        .concerning([student.id])
    })
}

/// Reverses entry `id` with `reason`, as a manager: a payment, a charge or a refund not
/// reversed yet (`reversal::refusal`, a 422 on `id` otherwise). A reversed lesson charge still
/// stands for its lesson, so saving the journal again does not charge it anew; a later change of attendance or price settles it afresh
/// (without a second reversal). A package's sale is reversed only while none of its lessons is
/// used (a 422 on `id` otherwise: the lessons it covered would be paid by nobody) and not after
/// its unused part was given back; the package is then cancelled. Money paid out comes back to
/// the balance; a package's unused part credited is taken back and the package reopens (not
/// while lessons given back to it since stand credited: a 422 on `id`).
pub fn reverse(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    id: EntryId,
    reason: Option<String>,
    config: &Config,
) -> Result<WithBalance, ServiceError> {
    let txn = store.write()?;
    let original = ledger::get(&txn, id)?.ok_or_else(not_found)?;
    let mut errors = FieldErrors::new();
    let reason = note(&mut errors, "reason", reason);
    if reason.is_empty() {
        errors.push("reason", policy::REVERSAL_NEEDS_REASON);
    }
    let package = match original.package_id {
        Some(package) => record::get::<Package>(&txn, package)?,
        None => None,
    };
    let reversed = ledger::reversal_of(&txn, id)?.is_some();
    if let Some(message) = reversal::refusal(&original, reversed, package.as_ref()) {
        errors.push("id", message);
    }
    errors.into_result()?;
    let student =
        users::get(&txn, original.student_id)?.map_or_else(|| format!("№{}", original.student_id), |u| u.full_name());
    let cancelled = match package.filter(|p| reversal::sells(&original, p)) {
        Some(package) => cancel(&txn, package)?,
        None => refunds::reopen(&txn, &original)?,
    };
    let reversal = LedgerEntry {
        id: EntryId(0),
        kind: EntryKind::Reversal,
        reverses_id: Some(id),
        reverses_refund: original.kind == EntryKind::Refund,
        note: reason,
        date: today(config),
        created_by: Some(actor.user.id),
        created_at: Timestamp::now(),
        ..original.clone()
    };
    commit(store, journal, (txn, None), config, reversal, |entry| {
        let summary = format!(
            "Сторно записи №{id}: {}; причина: {}{cancelled}",
            described(&original, &student),
            entry.note
        );
        Change::new(Action::EntryReversed, Entity::Payment, Some(entry.id.0), summary).concerning([original.student_id])
    })
}

/// Cancels `package` (its sale reversed, none of its lessons used) so that it covers no more
/// lessons; returns what the log adds («; абонемент №3 аннулирован»).
fn cancel(txn: &WriteTxn, mut package: Package) -> Result<String, ServiceError> {
    package.cancelled = true;
    record::update(txn, &package)?;
    Ok(format!("; абонемент №{} аннулирован", package.id))
}

/// Entry `id` with its student's balance, for staff, the student and his parents (404 for
/// anyone else).
pub fn one(store: &Store, actor: &Actor, id: EntryId, config: &Config) -> Result<WithBalance, ServiceError> {
    let txn = store.read()?;
    let entry = ledger::get(&txn, id)?
        .filter(|e| policy::sees_money_of(actor, e.student_id))
        .ok_or_else(not_found)?;
    let balance = ledger::balance_of(&txn, entry.student_id)?;
    let shown = show_entries(store, &txn, &config.time_zone(), vec![entry])?;
    Ok(WithBalance {
        entry: shown.into_iter().next().ok_or_else(not_found)?,
        balance,
    })
}

/// One page of `student`'s ledger, newest first, with his balance and packages, as `render`
/// writes it; kept (`ledger_texts`) while his entries and packages (their lists' versions), the
/// names and the records the page names are what they were, and for the day only (a package's
/// status follows the day).
pub fn of_student<E: From<ServiceError>>(
    store: &Store,
    texts: &LedgerTexts,
    (student, request): (UserId, PageRequest),
    config: &Config,
    render: impl FnOnce(StudentLedger) -> Result<Bytes, E>,
) -> Result<Bytes, E> {
    let (versions, txn) = store.read_versioned().map_err(ServiceError::from)?;
    if users::get(&txn, student).map_err(ServiceError::from)?.is_none() {
        return Err(ServiceError::NotFound("Пользователь не найден".into()).into());
    }
    let today = today(config);
    let question = format!("student {student} {request:?} {today}");
    let lists = [ledger::list_of(student), packages::list_of(student)];
    ledger_texts::kept(store, (&versions, &txn), texts, (&question, &lists), || {
        let (found, named) = student_ledger(store, &txn, (student, request), (&config.time_zone(), today))?;
        Ok((render(found)?, named))
    })
}

/// One page of `student`'s ledger with his balance and packages, read in `txn`, and the records
/// it names.
fn student_ledger(
    store: &Store,
    txn: &ReadTransaction,
    (student, request): (UserId, PageRequest),
    (tz, today): (&TimeZone, Date),
) -> Result<(StudentLedger, Named), ServiceError> {
    let page = ledger::page_of(txn, student, request)?;
    let (request, total) = (page.request, page.total);
    let shown = show_page(store, txn, (tz, today), page.items, packages::of_student(txn, student)?)?;
    let found = StudentLedger {
        page: Page {
            items: shown.entries,
            total,
            request,
        },
        balance: ledger::balance_of(txn, student)?,
        packages: shown.packages,
    };
    Ok((found, shown.named))
}
