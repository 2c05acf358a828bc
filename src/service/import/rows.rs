//! What each row of a file does: its cells as read, its action, and, for someone already in
//! the school, every field it changes («было → станет»).

use super::RowError;
use super::columns::Column;
use super::table::Table;
use crate::domain::{Role, Tag, TagId, User, UserId};
use crate::service::ServiceError;
use crate::service::people::summary::{self, field_changes};
use crate::store::WriteTxn;
use crate::store::{family, record, users};
use std::collections::BTreeSet;

/// What a row does to the school.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowAction {
    /// A new person.
    Create,
    /// Someone already in the school (found by e-mail) whose card changes.
    Update,
    /// A deleted person brought back (maybe with changes).
    Restore,
    /// Nothing is written for this row: it changes nothing, or it has errors.
    Skip,
}

/// One field a row changes, under the header of its column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowChange {
    pub column: Column,
    /// The column's header as the file wrote it.
    pub field: String,
    /// The value before (empty when there was none).
    pub from: String,
    pub to: String,
}

impl RowChange {
    /// "Телефон: «—» → «+79…»" for the activity log; notes, which may be long, only by name.
    pub fn summary(&self) -> String {
        let shown = |v: &str| if v.is_empty() { "—".to_owned() } else { v.to_owned() };
        match self.column {
            Column::Notes => format!("{}: изменены", self.field),
            _ => format!("{}: «{}» → «{}»", self.field, shown(&self.from), shown(&self.to)),
        }
    }
}

/// One data row: what it read, does and changes, and its problems.
#[derive(Clone, Debug)]
pub struct RowReport {
    pub row: u32,
    pub action: RowAction,
    /// The trimmed cell (empty when blank) of every recognised column, in the order of the
    /// report's `columns`; filled when the import is done, from the file's own strings.
    pub values: Vec<String>,
    pub changes: Vec<RowChange>,
    /// Roles the person gains (all of a new person's): a new worker is staff.
    pub roles_added: Vec<Role>,
    pub errors: Vec<RowError>,
}

impl RowReport {
    /// The data row numbered `row`, not yet judged (`Skip` until a person is found or made).
    pub fn new(row: u32) -> Self {
        Self {
            row,
            action: RowAction::Skip,
            values: Vec::new(),
            changes: Vec::new(),
            roles_added: Vec::new(),
            errors: Vec::new(),
        }
    }

    /// Marks the row as writing nothing (it has errors, or the import was refused): no action,
    /// no changes, no roles; its errors stay.
    pub fn writes_nothing(&mut self) {
        self.action = RowAction::Skip;
        self.changes.clear();
        self.roles_added.clear();
    }
}

/// The tag names of `ids`, sorted, joined by ", ".
fn tag_list(txn: &WriteTxn, ids: &BTreeSet<TagId>) -> Result<String, ServiceError> {
    let mut names = Vec::with_capacity(ids.len());
    for id in ids {
        if let Some(tag) = record::get::<Tag>(txn, *id)? {
            names.push(tag.name);
        }
    }
    names.sort();
    Ok(names.join(", "))
}

/// Every field, role and tag that differs between the stored `before` and the row's `after`.
pub fn changes(txn: &WriteTxn, table: &Table, before: &User, after: &User) -> Result<Vec<RowChange>, ServiceError> {
    let change = |column: Column, from: String, to: String| RowChange {
        column,
        field: table.header(column),
        from,
        to,
    };
    let mut found: Vec<RowChange> = field_changes(before, after)
        .into_iter()
        .filter_map(|c| Column::of_field(c.field).map(|column| change(column, c.from, c.to)))
        .collect();
    if before.roles != after.roles {
        let (from, to) = (summary::roles(&before.roles), summary::roles(&after.roles));
        found.push(change(Column::Roles, from, to));
    }
    if before.tags != after.tags {
        let (from, to) = (tag_list(txn, &before.tags)?, tag_list(txn, &after.tags)?);
        found.push(change(Column::Tags, from, to));
    }
    Ok(found)
}

/// The e-mails of `child`'s parents, sorted, joined by ", ".
pub fn parent_list(txn: &WriteTxn, child: UserId) -> Result<String, ServiceError> {
    let mut emails = Vec::new();
    for id in family::parents_of(txn, child)? {
        if let Some(parent) = users::get(txn, id)? {
            emails.push(parent.email.to_string());
        }
    }
    emails.sort();
    Ok(emails.join(", "))
}
