//! Telling students and their parents that lessons were scheduled, moved or cancelled: one
//! notice per person per change, however many lessons the change touched.

use crate::domain::UserId;
use crate::domain::notification::{Notice, NotificationKind};
use crate::service::journal::Change;
use crate::store::record::Reader;
use crate::store::{StoreError, family};
use std::collections::BTreeSet;

/// `change` telling each of `students` and each of their parents, once, of `kind`.
pub fn tell(
    txn: &impl Reader,
    mut change: Change,
    students: impl IntoIterator<Item = UserId>,
    kind: NotificationKind,
    body: &str,
    link: &str,
) -> Result<Change, StoreError> {
    let mut people = BTreeSet::new();
    for student in students {
        people.insert(student);
        people.extend(family::parents_of(txn, student)?);
    }
    for to in people {
        change = change.notify(Notice {
            to,
            kind,
            body: body.to_owned(),
            link: Some(link.to_owned()),
        });
    }
    Ok(change)
}
