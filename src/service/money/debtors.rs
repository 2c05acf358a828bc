//! Who owes the school today: every student with a balance below zero, the largest debt first,
//! with his parents' contacts (to call or write to them), a page at a time; read from the index
//! of debts, so only the page's people are looked up, and kept (`ledger_texts`) while no entry
//! is written and the directory (names, contacts, family links) is unchanged.

use super::entry_view::Named;
use super::ledger_texts::{self, LedgerTexts};
use crate::domain::{Page, PageRequest, User, UserId};
use crate::service::ServiceError;
use crate::store::{Store, ledger};
use bytes::Bytes;
use redb::ReadTransaction;

/// How to reach a debtor's parent.
#[derive(Clone, Debug)]
pub struct Contact {
    pub id: UserId,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
}

/// A student who owes, with his balance (below zero, kopecks).
#[derive(Clone, Debug)]
pub struct Debtor {
    pub student_id: UserId,
    pub student_name: String,
    pub balance: i64,
    pub parents: Vec<Contact>,
}

/// One page of the debtors, the largest debt first, and the whole debt (kopecks, above zero),
/// as `render` writes them; kept while the school's entries (their list's version) and the
/// directory are unchanged.
pub fn shown<E: From<ServiceError>>(
    store: &Store,
    texts: &LedgerTexts,
    request: PageRequest,
    render: impl FnOnce(Page<Debtor>, i64) -> Result<Bytes, E>,
) -> Result<Bytes, E> {
    let (versions, txn) = store.read_versioned().map_err(ServiceError::from)?;
    let question = format!("debtors {request:?}");
    ledger_texts::kept(
        store,
        (&versions, &txn),
        texts,
        (&question, &[ledger::list_of_school()]),
        || {
            let (page, total_debt) = page(store, &txn, request)?;
            Ok((render(page, total_debt)?, Named::default()))
        },
    )
}

/// One page of the debtors and the whole debt, read in `txn`.
fn page(store: &Store, txn: &ReadTransaction, request: PageRequest) -> Result<(Page<Debtor>, i64), ServiceError> {
    let debts = ledger::debts(txn)?;
    let total_debt = -debts.iter().map(|(_, balance)| balance).sum::<i64>();
    let directory = store.directory(txn)?;
    let person = |id: UserId| directory.find(id).map(|entry| entry.user.clone());
    let mut items = Vec::with_capacity(request.per_page as usize);
    for &(student, balance) in debts.iter().skip(request.offset()).take(request.per_page as usize) {
        let mut parents = Vec::new();
        // The directory holds the family links: no table is opened per debtor.
        for &parent in directory.parents_of(student) {
            if let Some(user) = person(parent).filter(|u| u.deleted_at.is_none()) {
                parents.push(Contact {
                    id: user.id,
                    name: user.full_name(),
                    email: user.email.as_str().to_owned(),
                    phone: user.phone.as_ref().map(|p| p.as_str().to_owned()),
                });
            }
        }
        items.push(Debtor {
            student_id: student,
            student_name: person(student).map_or_else(|| format!("№{student}"), |u| User::full_name(&u)),
            balance,
            parents,
        });
    }
    let page = Page {
        items,
        total: debts.len() as u64,
        request,
    };
    Ok((page, total_debt))
}
