//! Prepaid packages (абонементы): sold by a manager (one charge of its price, reason
//! `package`, in the same commit), listed and read by staff and by the student or his
//! parents, their note and end changed, frozen (the end moves on by the freeze's length).

use super::alerts;
use super::entry_view::{ShownPackage, show_packages};
use super::payments::today;
use super::retries::{self, RequestKey};
use crate::config::Config;
use crate::domain::activity::{Action, Entity};
use crate::domain::course::Course;
use crate::domain::ledger::LessonCharge;
use crate::domain::ledger::{ChargeReason, EntryKind, LedgerEntry};
use crate::domain::lesson::Lesson;
use crate::domain::money::format_rub;
use crate::domain::package::{Freeze, Package, PackageStatus, freeze_errors};
use crate::domain::subject::Subject;
use crate::domain::timetable::{day_in, day_text};
use crate::domain::{CourseId, PackageId, Page, PageRequest, Role, SubjectId, UserId};
use crate::policy::{self, Actor};
use crate::service::journal::{Change, Journal};
use crate::service::schedule::lesson_list::start_of;
use crate::service::{DAY_FORMAT, FieldErrors, ServiceError};
use crate::store::WriteTxn;
use crate::store::lessons::{self, Whose};
use crate::store::{Store, StoreError, ledger, packages, record, users};
use jiff::Timestamp;
use jiff::tz::TimeZone;

/// A package as the sale form sends it.
#[derive(Clone, Debug)]
pub struct NewPackage {
    pub student_id: UserId,
    pub subject_id: Option<SubjectId>,
    pub course_id: Option<CourseId>,
    pub lessons_total: u32,
    /// Kopecks.
    pub price: i64,
    pub valid_from: String,
    pub valid_to: String,
    pub note: Option<String>,
}

/// A package as shown, with its student's balance.
pub struct PackageWithBalance {
    pub package: ShownPackage,
    pub balance: i64,
}

/// The 404 of a package that is not there.
pub(super) fn not_found() -> ServiceError {
    ServiceError::NotFound("Абонемент не найден".into())
}

/// Why a package ended by hand (its sale reversed, its unused part given back) is neither
/// frozen nor given a new end, if it was.
fn closed(package: &Package) -> Option<&'static str> {
    if package.cancelled {
        Some("Абонемент аннулирован: его нельзя заморозить или продлить")
    } else if package.returned.is_some() {
        Some("Остаток абонемента возвращён: его нельзя заморозить или продлить")
    } else {
        None
    }
}

/// A package's note (or a return's), trimmed; over 500 characters is a 422 on `note`.
pub(super) fn note(errors: &mut FieldErrors, raw: Option<String>) -> String {
    let note = raw.unwrap_or_default().trim().to_owned();
    if note.chars().count() > 500 {
        errors.push("note", "Не длиннее 500 символов");
    }
    note
}

/// One package shown, read afresh.
pub(super) fn shown(store: &Store, id: PackageId, config: &Config) -> Result<ShownPackage, ServiceError> {
    let txn = store.read()?;
    let package = record::get::<Package>(&txn, id)?.ok_or_else(not_found)?;
    show_packages(store, &txn, today(config), vec![package])?
        .pop()
        .ok_or_else(not_found)
}

/// Packages `actor` may see: of `student` (staff any, others only their own or their
/// children's), with `status` today, paged, newest first.
pub fn list(
    store: &Store,
    actor: &Actor,
    student: Option<UserId>,
    status: Option<PackageStatus>,
    request: PageRequest,
    config: &Config,
) -> Result<Page<ShownPackage>, ServiceError> {
    let txn = store.read()?;
    let found = match student {
        Some(student) if policy::sees_money_of(actor, student) => packages::of_student(&txn, student)?,
        Some(_) => return Err(ServiceError::Forbidden(policy::NOT_YOURS_PACKAGES)),
        None if actor.is_staff() => record::all::<Package>(&txn)?,
        None => return Err(ServiceError::Forbidden(policy::NOT_YOURS_PACKAGES)),
    };
    let today = today(config);
    let kept: Vec<Package> = found
        .into_iter()
        .rev()
        .filter(|p| status.is_none_or(|s| p.status_on(today) == s))
        .collect();
    let page = request.slice(kept.into_iter());
    Ok(Page {
        items: show_packages(store, &txn, today, page.items)?,
        total: page.total,
        request: page.request,
    })
}

/// Package `id`, for staff, its student or his parents (404 for anyone else).
pub fn one(store: &Store, actor: &Actor, id: PackageId, config: &Config) -> Result<ShownPackage, ServiceError> {
    let package = shown(store, id, config)?;
    if !policy::sees_money_of(actor, package.package.student_id) {
        return Err(not_found());
    }
    Ok(package)
}

/// Sells a package, as a manager: the package and one charge of its price in one commit. Sent
/// again with the same `key`, it writes nothing and gives the package the first request sold
/// with the balance now (`retries`).
pub fn sell(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    (form, key): (NewPackage, Option<RequestKey>),
    config: &Config,
) -> Result<PackageWithBalance, ServiceError> {
    let txn = store.write()?;
    if let Some(id) = retries::earlier(&txn, key.as_ref())? {
        txn.abort()?;
        return sold(store, PackageId(id), config);
    }
    let mut errors = FieldErrors::new();
    let student =
        users::get(&txn, form.student_id)?.filter(|u| u.deleted_at.is_none() && u.roles.contains(&Role::Student));
    if student.is_none() {
        errors.push("student_id", "Выберите ученика");
    }
    if let Some(subject) = form.subject_id
        && record::get::<Subject>(&txn, subject)?.is_none()
    {
        errors.push("subject_id", "Предмет не найден");
    }
    if let Some(course) = form.course_id
        && record::get::<Course>(&txn, course)?.is_none()
    {
        errors.push("course_id", "Курс не найден");
    }
    if !(1..=200).contains(&form.lessons_total) {
        errors.push("lessons_total", "От 1 до 200 занятий");
    }
    if let Some(message) = crate::domain::ledger::amount_error(form.price) {
        errors.push("price", message);
    }
    let from = errors.required_day("valid_from", &form.valid_from);
    let to = errors.required_day("valid_to", &form.valid_to);
    if let (Some(from), Some(to)) = (from, to)
        && to < from
    {
        errors.push("valid_to", "Конец действия раньше начала");
    }
    let note = note(&mut errors, form.note);
    errors.into_result()?;
    let (Some(student), Some(valid_from), Some(valid_to)) = (student, from, to) else {
        return Err(FieldErrors::one("student_id", "Выберите ученика"));
    };
    let package = record::insert(&txn, |id| Package {
        id,
        student_id: student.id,
        subject_id: form.subject_id,
        course_id: form.course_id,
        lessons_total: form.lessons_total,
        lessons_used: 0,
        price: form.price,
        valid_from,
        valid_to,
        freezes: Vec::new(),
        note,
        cancelled: false,
        returned: None,
        created_by: Some(actor.user.id),
        created_at: Timestamp::now(),
    })?;
    retries::remember(&txn, key.as_ref(), package.id.0)?;
    let charged = ledger::append(&txn, |id| LedgerEntry {
        id,
        student_id: student.id,
        kind: EntryKind::Charge,
        amount: package.price,
        method: None,
        reason: Some(ChargeReason::Package),
        lesson_id: None,
        package_id: Some(package.id),
        reverses_id: None,
        reverses_refund: false,
        note: String::new(),
        date: today(config),
        created_by: Some(actor.user.id),
        created_at: Timestamp::now(),
    })?;
    let summary = format!(
        "Продан абонемент №{}: {} занятий за {}, {}",
        package.id,
        package.lessons_total,
        format_rub(package.price),
        student.full_name()
    );
    let change =
        Change::new(Action::PackageSold, Entity::Package, Some(package.id.0), summary).concerning([student.id]);
    let change = alerts::low_balance(&txn, change, student.id, charged.before, charged.after, &config.alerts)?;
    journal.commit_change(txn, change)?;
    Ok(PackageWithBalance {
        package: shown(store, package.id, config)?,
        balance: charged.after,
    })
}

/// Package `id` as sold, with its student's balance now.
fn sold(store: &Store, id: PackageId, config: &Config) -> Result<PackageWithBalance, ServiceError> {
    let package = shown(store, id, config)?;
    let balance = ledger::balance_of(&store.read()?, package.package.student_id)?;
    Ok(PackageWithBalance { package, balance })
}

/// Changes package `id`'s note or last day, as a manager (not the last day of one cancelled
/// or returned; sent unchanged, it is let be); a change that changes nothing writes nothing, not even a line in the log.
pub fn update(
    store: &Store,
    journal: &Journal,
    id: PackageId,
    new_note: Option<String>,
    valid_to: Option<String>,
    config: &Config,
) -> Result<ShownPackage, ServiceError> {
    let txn = store.write()?;
    let old = record::get::<Package>(&txn, id)?.ok_or_else(not_found)?;
    let mut errors = FieldErrors::new();
    let mut package = old.clone();
    let mut lines = Vec::new();
    if new_note.is_some() {
        package.note = note(&mut errors, new_note);
        if package.note != old.note {
            lines.push(format!("заметка: «{}» → «{}»", old.note, package.note));
        }
    }
    if let Some(raw) = valid_to
        && let Some(to) = errors.required_day("valid_to", &raw)
    {
        if to < package.valid_from {
            errors.push("valid_to", "Конец действия раньше начала");
        }
        package.valid_to = to;
        if let Some(message) = closed(&old).filter(|_| to != old.valid_to) {
            errors.push("valid_to", message);
        } else if to != old.valid_to {
            lines.push(format!("действует до: {} → {}", day_text(old.valid_to), day_text(to)));
        }
    }
    errors.into_result()?;
    if lines.is_empty() {
        txn.abort()?;
        return shown(store, id, config);
    }
    record::update(&txn, &package)?;
    let summary = format!("Абонемент {}: {}", named(&txn, &package)?, lines.join("; "));
    let change =
        Change::new(Action::PackageUpdated, Entity::Package, Some(id.0), summary).concerning([package.student_id]);
    journal.commit_change(txn, change)?;
    shown(store, id, config)
}

/// Freezes package `id` from `from` to `to` for `reason`, as a manager: its end moves on. A
/// package cancelled or returned, or one that a held lesson already used on one of the days, is
/// not frozen (a 422 on `from`: the lesson stays used, and the days would be paid twice).
pub fn freeze(
    store: &Store,
    journal: &Journal,
    id: PackageId,
    from: &str,
    to: &str,
    reason: &str,
    config: &Config,
) -> Result<ShownPackage, ServiceError> {
    let txn = store.write()?;
    let mut package = record::get::<Package>(&txn, id)?.ok_or_else(not_found)?;
    let mut errors = FieldErrors::new();
    let (from, to) = (errors.required_day("from", from), errors.required_day("to", to));
    errors.into_result()?;
    let (Some(from), Some(to)) = (from, to) else {
        return Err(FieldErrors::one("from", DAY_FORMAT));
    };
    let freeze = Freeze {
        from,
        to,
        reason: reason.trim().to_owned(),
    };
    let mut errors = FieldErrors::new();
    if let Some(message) = closed(&package) {
        errors.push("from", message);
    }
    errors.extend(freeze_errors(&package, &freeze));
    errors.into_result()?;
    if let Some(day) = used_within(&txn, &package, &freeze, &config.time_zone())? {
        let message = format!("{day} по абонементу уже списано занятие: заморозка не может включать этот день");
        return Err(FieldErrors::one("from", message));
    }
    let change = frozen(&txn, &package, &freeze)?;
    package.freeze(freeze);
    record::update(&txn, &package)?;
    journal.commit_change(txn, change)?;
    shown(store, id, config)
}

/// The day («12.11.2026») of the first lesson from `freeze.from` to `freeze.to` that used one
/// of `package`'s lessons, if one did.
fn used_within(
    txn: &WriteTxn,
    package: &Package,
    freeze: &Freeze,
    tz: &TimeZone,
) -> Result<Option<String>, StoreError> {
    let student = package.student_id;
    let from = start_of(freeze.from, tz);
    let to = freeze.to.tomorrow().map_or(Timestamp::MAX, |day| start_of(day, tz));
    let used = LessonCharge::Package { package_id: package.id };
    for id in lessons::ids(txn, &Whose::Student(student), from, to)? {
        if ledger::charges_of(txn, id)?.contains(&(student, used))
            && let Some(lesson) = record::get::<Lesson>(txn, id)?
        {
            return Ok(Some(day_in(lesson.starts_at, tz)));
        }
    }
    Ok(None)
}

/// A package as the log names it: «№7 (Иванов Артём Дмитриевич)».
pub(super) fn named(txn: &WriteTxn, package: &Package) -> Result<String, StoreError> {
    let student =
        users::get(txn, package.student_id)?.map_or_else(|| format!("№{}", package.student_id), |u| u.full_name());
    Ok(format!("№{} ({student})", package.id))
}

/// The log's entry of `freeze` put on `package`: «Абонемент №7 (Иванов Артём Дмитриевич)
/// заморожен 01.12.2026 – 07.12.2026: Болезнь».
pub fn frozen(txn: &WriteTxn, package: &Package, freeze: &Freeze) -> Result<Change, StoreError> {
    let summary = format!(
        "Абонемент {} заморожен {} – {}: {}",
        named(txn, package)?,
        day_text(freeze.from),
        day_text(freeze.to),
        freeze.reason
    );
    Ok(
        Change::new(Action::PackageFrozen, Entity::Package, Some(package.id.0), summary)
            .concerning([package.student_id]),
    )
}
