//! Checking and writing every row in one write transaction: committed only when no row has
//! a problem (and not in a preview), otherwise dropped, so nothing is written.

use super::cells::{form_of, parent_emails, roles_of, tag_names};
use super::columns::Column;
use super::table::{Row, Table};
use super::{Options, Report, RowError};
use crate::config::Config;
use crate::domain::activity::{Action, Entity};
use crate::domain::family::InvalidLink;
use crate::domain::tag::check_tag;
use crate::domain::{Email, PasswordHash, TagId, User, UserId, search::fold};
use crate::mail::MailKind;
use crate::service::journal::{Change, Journal};
use crate::service::people::summary::{self, who};
use crate::service::people::{SET_PASSWORD_MINUTES, link_family};
use crate::service::{ServiceError, mail_links};
use crate::store::{Store, tags, users};
use jiff::Timestamp;
use jiff::civil::Date;
use redb::WriteTransaction;
use std::collections::{BTreeSet, HashMap};

/// Colour of the tags an import creates.
const NEW_TAG_COLOR: &str = "gray";

/// The state of one import while its rows are written.
struct Import<'a> {
    txn: &'a WriteTransaction,
    table: &'a Table,
    today: Date,
    hash: PasswordHash,
    now: Timestamp,
    /// Normalised e-mail -> the first row that has it.
    in_file: HashMap<String, u32>,
    /// Normalised e-mail -> id of the person written from the file.
    written: HashMap<String, UserId>,
    tags: HashMap<String, TagId>,
    /// (row, child, parents' e-mails) to link once everyone is written.
    links: Vec<(u32, UserId, Vec<Email>)>,
    created: Vec<User>,
    updated: Vec<User>,
    errors: Vec<RowError>,
}

/// Checks every row, writes the good ones, and commits when all are good and `dry_run` is off.
/// `hash` is what new people get as a password hash (of a random, never shown password).
pub fn apply(
    store: &Store,
    journal: &Journal,
    config: &Config,
    table: &Table,
    today: Date,
    hash: PasswordHash,
    options: Options,
) -> Result<Report, ServiceError> {
    let txn = store.write()?;
    let mut import = Import {
        txn: &txn,
        table,
        today,
        hash,
        now: Timestamp::now(),
        in_file: HashMap::with_capacity(table.rows.len()),
        written: HashMap::with_capacity(table.rows.len()),
        tags: HashMap::new(),
        links: Vec::new(),
        created: Vec::new(),
        updated: Vec::new(),
        errors: Vec::new(),
    };
    let duplicates = import.index_emails();
    for row in &table.rows {
        import.row(row, duplicates.contains(&row.number))?;
    }
    import.link_families()?;
    import.errors.sort_by_key(|e| e.row);
    let Import {
        created,
        updated,
        errors,
        ..
    } = import;
    let report = Report {
        rows: table.rows.len() as u32,
        created: created.len() as u32,
        updated: updated.len() as u32,
        errors,
        warnings: table.warnings.clone(),
    };
    if report.errors.is_empty() && !options.dry_run {
        if options.send_invites {
            for user in &created {
                mail_links::queue(&txn, config, user, MailKind::SetPassword, SET_PASSWORD_MINUTES)?;
            }
        }
        record(&txn, journal, &report, &created, &updated)?;
        journal.commit(txn)?;
    } else {
        txn.abort()?;
    }
    Ok(report)
}

/// Records each person the import made or changed, and the import itself.
fn record(
    txn: &WriteTransaction,
    journal: &Journal,
    report: &Report,
    created: &[User],
    updated: &[User],
) -> Result<(), ServiceError> {
    for user in created {
        let summary = format!(
            "Создан при импорте CSV: {}, роли: {}",
            who(user),
            summary::roles(&user.roles)
        );
        let change = Change::on_user(Action::UserCreated, user, summary).notify(summary::account_created(user));
        journal.record(txn, change)?;
    }
    for user in updated {
        let summary = format!("Обновлён при импорте CSV: {}", who(user));
        journal.record(txn, Change::on_user(Action::UserUpdated, user, summary))?;
    }
    let summary = format!(
        "Импорт CSV: строк {}, создано {}, обновлено {}",
        report.rows, report.created, report.updated
    );
    journal.record(txn, Change::new(Action::UsersImported, Entity::Import, None, summary))?;
    Ok(())
}

impl Import<'_> {
    fn note(&mut self, row: u32, column: Column, message: impl Into<String>) {
        self.errors.push(RowError {
            row,
            column: self.table.header(column),
            message: message.into(),
        });
    }

    /// Remembers each e-mail's first row; the rows that repeat one are returned (and noted).
    fn index_emails(&mut self) -> BTreeSet<u32> {
        let mut duplicates = BTreeSet::new();
        for row in &self.table.rows {
            let Some(Ok(email)) = row.cell(Column::Email).map(Email::parse) else {
                continue;
            };
            match self.in_file.get(email.as_str()) {
                Some(first) => {
                    let message = format!("Этот email уже встречается в строке {first}");
                    self.note(row.number, Column::Email, message);
                    duplicates.insert(row.number);
                }
                None => {
                    self.in_file.insert(email.as_str().to_owned(), row.number);
                }
            }
        }
        duplicates
    }

    /// Checks one row and, when it is good, creates or updates its person.
    fn row(&mut self, row: &Row, duplicate: bool) -> Result<(), ServiceError> {
        let before = self.errors.len();
        if row.extra > 0 {
            let message = format!(
                "Лишние ячейки: {} значений правее последнего столбца заголовка",
                row.extra
            );
            self.errors.push(RowError {
                row: row.number,
                column: String::new(),
                message,
            });
        }
        let email = row.cell(Column::Email).and_then(|raw| Email::parse(raw).ok());
        let existing = match &email {
            Some(email) => users::find_by_email(self.txn, email)?,
            None => None,
        };
        let checked = match form_of(row, existing.as_ref()).check(self.today) {
            Ok(checked) => Some(checked),
            Err(ServiceError::Invalid(fields)) => {
                for (field, messages) in fields {
                    let column = Column::of_field(&field).unwrap_or(Column::Email);
                    messages.into_iter().for_each(|m| self.note(row.number, column, m));
                }
                None
            }
            Err(other) => return Err(other),
        };
        let roles = roles_of(row, existing.as_ref())
            .map_err(|messages| {
                messages
                    .into_iter()
                    .for_each(|m| self.note(row.number, Column::Roles, m))
            })
            .ok();
        let tags = self.tags_of(row)?;
        let parents = self.parents_of(row)?;
        if self.errors.len() > before || duplicate {
            return Ok(());
        }
        let (Some(checked), Some(roles), Some(email)) = (checked, roles, email) else {
            return Ok(());
        };
        let id = match existing {
            Some(mut user) => {
                // The person was found by this e-mail, so apply_to leaves it as it is.
                checked.apply_to(&mut user);
                user.roles = roles;
                user.tags.extend(tags);
                user.deleted_at = None;
                user.updated_at = self.now;
                users::update(self.txn, &user)?;
                self.updated.push(user.clone());
                user.id
            }
            None => {
                let mut new = checked.into_new_user(roles, self.hash.clone());
                new.tags = tags;
                let user = users::insert(self.txn, new, self.now)?;
                let id = user.id;
                self.created.push(user);
                id
            }
        };
        self.written.insert(email.as_str().to_owned(), id);
        if !parents.is_empty() {
            self.links.push((row.number, id, parents));
        }
        Ok(())
    }

    /// The row's tags by name; missing ones are created (grey) in this transaction.
    fn tags_of(&mut self, row: &Row) -> Result<BTreeSet<TagId>, ServiceError> {
        let mut found = BTreeSet::new();
        for name in tag_names(row) {
            let key = fold(name);
            if let Some(id) = self.tags.get(&key) {
                found.insert(*id);
                continue;
            }
            let name = match check_tag(name, NEW_TAG_COLOR) {
                Ok(name) => name,
                Err(problems) => {
                    for (_, message) in problems {
                        self.note(row.number, Column::Tags, format!("«{name}»: {message}"));
                    }
                    continue;
                }
            };
            let id = match tags::id_by_name(self.txn, &name)? {
                Some(id) => id,
                None => tags::insert(self.txn, name, NEW_TAG_COLOR.to_owned())?.id,
            };
            self.tags.insert(key, id);
            found.insert(id);
        }
        Ok(found)
    }

    /// The row's parents: each must be in the file or in the school.
    fn parents_of(&mut self, row: &Row) -> Result<Vec<Email>, ServiceError> {
        let mut parents = Vec::new();
        for parent in parent_emails(row) {
            match parent {
                Err(message) => self.note(row.number, Column::ParentEmail, message),
                Ok(email) if self.in_file.contains_key(email.as_str()) => parents.push(email),
                Ok(email) => match users::find_by_email(self.txn, &email)? {
                    Some(user) if user.deleted_at.is_none() => parents.push(email),
                    _ => {
                        let message = format!("Родитель {email} не найден ни в файле, ни в школе");
                        self.note(row.number, Column::ParentEmail, message);
                    }
                },
            }
        }
        Ok(parents)
    }

    /// Links children to parents once everyone is written, by the family rules of the card.
    fn link_families(&mut self) -> Result<(), ServiceError> {
        for (row, child, parents) in std::mem::take(&mut self.links) {
            for email in parents {
                let parent = match self.written.get(email.as_str()) {
                    Some(id) => *id,
                    // A parent whose own row has problems: that row's errors say why.
                    None if self.in_file.contains_key(email.as_str()) => continue,
                    None => match users::find_by_email(self.txn, &email)? {
                        Some(user) => user.id,
                        None => continue,
                    },
                };
                match link_family(self.txn, parent, child) {
                    Ok(()) => {}
                    Err(InvalidLink::Lookup(err)) => return Err(err),
                    Err(refused) => self.note(row, Column::ParentEmail, format!("{email}: {refused}")),
                }
            }
        }
        Ok(())
    }
}
