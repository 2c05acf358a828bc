//! Checking and writing every row in one write transaction: committed only when no row has
//! a problem (and not in a preview), otherwise dropped, so nothing is written.

use super::cells::{form_of, manager_refusal, parent_emails, roles_of, tag_names};
use super::columns::Column;
use super::record;
use super::rows::{self, RowAction, RowChange, RowReport};
use super::table::{Row, Table};
use super::{Options, Report, RowError};
use crate::config::Config;
use crate::domain::family::InvalidLink;
use crate::domain::tag::check_tag;
use crate::domain::{Email, PasswordHash, TagId, UserId, search::fold};
use crate::mail::MailKind;
use crate::service::journal::Journal;
use crate::service::people::{SET_PASSWORD_MINUTES, link_family, roles_fit_family};
use crate::service::{ServiceError, mail_links};
use crate::store::WriteTxn;
use crate::store::{Store, tags, users};
use jiff::Timestamp;
use jiff::civil::Date;
use std::collections::{BTreeSet, HashMap};

/// Colour of the tags an import creates.
const NEW_TAG_COLOR: &str = "gray";

/// The state of one import while its rows are written.
struct Import<'a> {
    txn: &'a WriteTxn,
    table: &'a Table,
    today: Date,
    now: Timestamp,
    /// Normalised e-mail -> the first row that has it.
    in_file: HashMap<String, u32>,
    /// Normalised e-mail -> id of the person written from the file.
    written: HashMap<String, UserId>,
    tags: HashMap<String, TagId>,
    /// (index of the row, child, parents' e-mails) to link once everyone is written.
    links: Vec<(usize, UserId, Vec<Email>)>,
    /// Each row as read and judged, in the file's order.
    rows: Vec<RowReport>,
    /// The person each row wrote, beside `rows` (ids only: 10,000 whole cards cost megabytes).
    people: Vec<Option<UserId>>,
    errors: Vec<RowError>,
}

/// Checks every row, writes the good ones, and commits when all are good and `dry_run` is off.
pub fn apply(
    store: &Store,
    journal: &Journal,
    config: &Config,
    table: Table,
    today: Date,
    options: Options,
) -> Result<Report, ServiceError> {
    let txn = store.write()?;
    let mut import = Import {
        txn: &txn,
        table: &table,
        today,
        now: Timestamp::now(),
        in_file: HashMap::with_capacity(table.rows.len()),
        written: HashMap::with_capacity(table.rows.len()),
        tags: HashMap::new(),
        links: Vec::new(),
        rows: Vec::with_capacity(table.rows.len()),
        people: Vec::with_capacity(table.rows.len()),
        errors: Vec::new(),
    };
    let duplicates = import.index_emails();
    for row in &table.rows {
        import.row(row, duplicates.contains(&row.number))?;
    }
    import.link_families()?;
    let Import {
        mut rows,
        people,
        mut errors,
        ..
    } = import;
    errors.sort_by_key(|e| e.row);
    give_rows_their_errors(&mut rows, &errors);
    let count = |action: RowAction| rows.iter().filter(|r| r.action == action).count() as u32;
    let mut report = Report {
        columns: table.headers.iter().map(|(_, header)| header.clone()).collect(),
        rows_total: table.rows.len() as u32,
        created: count(RowAction::Create),
        updated: count(RowAction::Update),
        restored: count(RowAction::Restore),
        errors,
        warnings: Vec::new(),
        rows,
    };
    if report.errors.is_empty() && !options.dry_run {
        let written = report.rows.iter().zip(people).filter_map(|(row, id)| Some((row, id?)));
        for (row, id) in written {
            let Some(user) = users::get(&txn, id)? else { continue };
            if options.send_invites && row.action == RowAction::Create {
                mail_links::queue(&txn, config, &user, MailKind::SetPassword, SET_PASSWORD_MINUTES)?;
            }
            record::person(&txn, journal, row, &user)?;
        }
        record::import(&txn, journal, &report)?;
        journal.commit(txn)?;
    } else {
        txn.abort()?;
        if !options.dry_run {
            refused(&mut report);
        }
    }
    // The cells move from the file into the report: 10,000 rows copied were megabytes more.
    let Table {
        headers,
        rows,
        warnings,
    } = table;
    for (shown, mut read) in report.rows.iter_mut().zip(rows) {
        shown.values = headers.iter().map(|(column, _)| read.take(*column)).collect();
    }
    report.warnings = warnings;
    Ok(report)
}

/// A refused import's report: nothing was written, so no row creates, changes or restores
/// anyone and every count is zero; the errors stay.
fn refused(report: &mut Report) {
    report.rows.iter_mut().for_each(RowReport::writes_nothing);
    (report.created, report.updated, report.restored) = (0, 0, 0);
}

/// Copies each error to its row (`errors` sorted by row); a row with errors writes nothing.
fn give_rows_their_errors(rows: &mut [RowReport], errors: &[RowError]) {
    let mut errors = errors.iter().filter(|e| e.row > 0).peekable();
    for row in rows {
        while let Some(error) = errors.next_if(|e| e.row <= row.row) {
            if error.row == row.row {
                row.errors.push(error.clone());
            }
        }
        if !row.errors.is_empty() {
            row.writes_nothing();
        }
    }
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

    /// Checks one row and, when it is good, creates, updates or restores its person.
    fn row(&mut self, row: &Row, duplicate: bool) -> Result<(), ServiceError> {
        let before = self.errors.len();
        self.rows.push(RowReport::new(row.number));
        self.people.push(None);
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
                for (field, messages) in fields.into_map() {
                    let column = Column::of_field(&field).unwrap_or(Column::Email);
                    messages.into_iter().for_each(|m| self.note(row.number, column, m));
                }
                None
            }
            Err(other) => return Err(other),
        };
        let roles = match roles_of(row, existing.as_ref()) {
            Ok(roles) => match manager_refusal(&roles, existing.as_ref()) {
                Some(message) => {
                    self.note(row.number, Column::Roles, message);
                    None
                }
                None => Some(roles),
            },
            Err(messages) => {
                messages
                    .into_iter()
                    .for_each(|m| self.note(row.number, Column::Roles, m));
                None
            }
        };
        if let (Some(person), Some(roles)) = (existing.as_ref(), roles.as_ref()) {
            // The card's rule: a child with parents is not made staff, a parent keeps his role.
            match roles_fit_family(self.txn, person.id, roles) {
                Err(ServiceError::Invalid(fields)) => fields
                    .into_messages()
                    .for_each(|m| self.note(row.number, Column::Roles, m)),
                other => other?,
            }
        }
        let tags = self.tags_of(row)?;
        let parents = self.parents_of(row)?;
        if self.errors.len() > before || duplicate {
            return Ok(());
        }
        let (Some(checked), Some(roles), Some(email)) = (checked, roles, email) else {
            return Ok(());
        };
        let index = self.rows.len() - 1;
        let user = match existing {
            Some(before) => {
                let mut user = before.clone();
                // The person was found by this e-mail, so apply_to leaves it as it is.
                checked.apply_to(&mut user);
                user.roles = roles;
                user.tags.extend(tags);
                let report = &mut self.rows[index];
                report.changes = rows::changes(self.txn, self.table, &before, &user)?;
                report.roles_added = user.roles.difference(&before.roles).copied().collect();
                report.action = match (before.deleted_at, report.changes.is_empty()) {
                    (Some(_), _) => RowAction::Restore,
                    (None, false) => RowAction::Update,
                    (None, true) => RowAction::Skip,
                };
                if report.action != RowAction::Skip {
                    user.deleted_at = None;
                    user.updated_at = self.now;
                    users::update(self.txn, &user)?;
                }
                user
            }
            None => {
                // No password until the person sets one through the mailed link.
                let mut new = checked.into_new_user(roles, PasswordHash::nobodys());
                new.tags = tags;
                let user = users::insert(self.txn, new, self.now)?;
                let report = &mut self.rows[index];
                report.action = RowAction::Create;
                report.roles_added = user.roles.iter().copied().collect();
                user
            }
        };
        self.written.insert(email.as_str().to_owned(), user.id);
        if !parents.is_empty() {
            self.links.push((index, user.id, parents));
        }
        self.people[index] = Some(user.id);
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

    /// Links children to parents once everyone is written, by the family rules of the card; a
    /// person already in the school who gains a parent is changed by that.
    fn link_families(&mut self) -> Result<(), ServiceError> {
        for (index, child, parents) in std::mem::take(&mut self.links) {
            let row = self.rows[index].row;
            let before = rows::parent_list(self.txn, child)?;
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
            let report = &mut self.rows[index];
            if report.action == RowAction::Create {
                continue;
            }
            let after = rows::parent_list(self.txn, child)?;
            if after != before {
                report.changes.push(RowChange {
                    column: Column::ParentEmail,
                    field: self.table.header(Column::ParentEmail),
                    from: before,
                    to: after,
                });
                if report.action == RowAction::Skip {
                    report.action = RowAction::Update;
                }
            }
        }
        Ok(())
    }
}
