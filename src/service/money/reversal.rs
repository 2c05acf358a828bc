//! Whether a ledger entry may be reversed: the one rule `payments::reverse` enforces and every
//! ledger row tells (`ShownEntry::reversible`), so a page offers «Сторно» only where the
//! server takes it.

use crate::domain::ledger::{ChargeReason, EntryKind, LedgerEntry};
use crate::domain::package::Package;

/// Whether `entry` is the sale of `package`, while its sale stands (it is not cancelled).
pub fn sells(entry: &LedgerEntry, package: &Package) -> bool {
    entry.kind == EntryKind::Charge
        && entry.reason == Some(ChargeReason::Package)
        && entry.package_id == Some(package.id)
        && !package.cancelled
}

/// Why `entry` cannot be reversed, if it cannot (a 422 on `id`): it is a reversal, it is
/// reversed already (`reversed`), it sold `package` whose unused part was given back or whose
/// lessons were used (those lessons would be paid by nobody), or it returned `package`'s unused
/// part and lessons given back to it since stand credited (reversing it would reopen the
/// package with those lessons in it, paid twice). `package` is the one `entry` names, if any.
pub fn refusal(entry: &LedgerEntry, reversed: bool, package: Option<&Package>) -> Option<String> {
    if entry.kind == EntryKind::Reversal {
        return Some("Сторно нельзя сторнировать".into());
    }
    if reversed {
        return Some("Запись уже сторнирована".into());
    }
    let package = package.filter(|p| entry.package_id == Some(p.id))?;
    if sells(entry, package) {
        return sale_refusal(package);
    }
    let returned = package.returned.filter(|r| r.entry_id == entry.id && r.later > 0)?;
    Some(format!(
        "После возврата остатка в абонемент вернулись занятия ({}): сначала сторнируйте возвраты за них",
        returned.later
    ))
}

/// Why the sale of `package` cannot be reversed, if it cannot: its unused part was given back,
/// or some of its lessons were used.
fn sale_refusal(package: &Package) -> Option<String> {
    if package.returned.is_some() {
        return Some("Остаток абонемента уже возвращён: сторно невозможно".into());
    }
    (package.lessons_used > 0).then(|| {
        format!(
            "По абонементу уже списаны занятия ({}): сторно невозможно, нажмите «Вернуть остаток» у абонемента",
            package.lessons_used
        )
    })
}
