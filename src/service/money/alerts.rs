//! Money alerts to parents (`[alerts]`): a balance falling below `low_balance` (once per
//! crossing: only the entry that takes it from at or above the line to below it tells), and a
//! package left with `package_lessons_left` lessons. Each is a notice added to the change that
//! caused it, so it is told in the same commit.

use crate::config::Alerts;
use crate::domain::UserId;
use crate::domain::money::format_rub;
use crate::domain::notification::NotificationKind;
use crate::domain::package::Package;
use crate::service::gradebook::alerts::tell_parents;
use crate::service::journal::Change;
use crate::store::StoreError;
use crate::store::record::Reader;

/// `change` telling `student`'s parents his balance fell below the line, if it just crossed it
/// (from `before` at or above to `after` below).
pub fn low_balance(
    txn: &impl Reader,
    change: Change,
    student: UserId,
    before: i64,
    after: i64,
    alerts: &Alerts,
) -> Result<Change, StoreError> {
    let line = alerts.low_balance_kopecks();
    if !(before >= line && after < line) {
        return Ok(change);
    }
    let body = format!("Баланс ниже {}: {}", format_rub(line), format_rub(after));
    let link = format!("/users/{student}/payments");
    tell_parents(txn, change, student, NotificationKind::LowBalance, &body, link)
}

/// `change` telling the parents of `package`'s student that it has `package_lessons_left`
/// lessons left, if it has just come down to that (`was_left` before).
pub fn package_ending(
    txn: &impl Reader,
    change: Change,
    package: &Package,
    was_left: u32,
    alerts: &Alerts,
) -> Result<Change, StoreError> {
    let left = package.lessons_left();
    if left >= was_left || left != alerts.package_lessons_left {
        return Ok(change);
    }
    let body = format!(
        "В абонементе осталось занятий: {left} из {} (действует до {})",
        package.lessons_total,
        package.valid_to.strftime("%d.%m.%Y")
    );
    let link = format!("/users/{}/payments", package.student_id);
    tell_parents(
        txn,
        change,
        package.student_id,
        NotificationKind::PackageEnding,
        &body,
        link,
    )
}
