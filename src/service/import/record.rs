//! What a written import leaves in the activity log: each person it made, changed or brought
//! back (a restored person as restored, like `POST users/{id}/restore`), and the import itself.

use super::Report;
use super::rows::{RowAction, RowReport};
use crate::domain::User;
use crate::domain::activity::{Action, Entity};
use crate::service::ServiceError;
use crate::service::journal::{Change, Journal};
use crate::service::people::summary::{self, who};
use crate::store::WriteTxn;

/// "; Фамилия: «Старый» → «Новый»; …" (empty when nothing changed).
fn listed(row: &RowReport) -> String {
    row.changes.iter().map(|c| format!("; {}", c.summary())).collect()
}

/// Records the person `user` that `row` wrote (nothing for a skipped row).
pub fn person(txn: &WriteTxn, journal: &Journal, row: &RowReport, user: &User) -> Result<(), ServiceError> {
    let change = match row.action {
        RowAction::Skip => return Ok(()),
        RowAction::Create => {
            let summary = format!(
                "Создан при импорте CSV: {}, роли: {}",
                who(user),
                summary::roles(&user.roles)
            );
            Change::on_user(Action::UserCreated, user, summary).notify(summary::account_created(user))
        }
        RowAction::Update => {
            let summary = format!("Обновлён при импорте CSV: {}{}", who(user), listed(row));
            Change::on_user(Action::UserUpdated, user, summary)
        }
        RowAction::Restore => {
            let summary = format!("Восстановлен при импорте CSV: {}{}", who(user), listed(row));
            Change::on_user(Action::UserRestored, user, summary)
        }
    };
    journal.record(txn, change)?;
    Ok(())
}

/// Records the import itself, with its counts.
pub fn import(txn: &WriteTxn, journal: &Journal, report: &Report) -> Result<(), ServiceError> {
    let summary = format!(
        "Импорт CSV: строк {}, создано {}, обновлено {}, восстановлено {}",
        report.rows_total, report.created, report.updated, report.restored
    );
    journal.record(txn, Change::new(Action::UsersImported, Entity::Import, None, summary))?;
    Ok(())
}
