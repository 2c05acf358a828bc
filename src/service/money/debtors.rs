//! Who owes the school today: every student with a balance below zero, the largest debt first,
//! with his parents' contacts (to call or write to them).

use crate::domain::{User, UserId};
use crate::service::ServiceError;
use crate::store::{Store, family, ledger};

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

/// Every debtor, the largest debt first (then by name).
pub fn list(store: &Store) -> Result<Vec<Debtor>, ServiceError> {
    let txn = store.read()?;
    let directory = store.directory(&txn)?;
    let person = |id: UserId| directory.find(id).map(|entry| entry.user.clone());
    let mut debtors = Vec::new();
    for (student, balance) in ledger::balances(&txn)? {
        if balance >= 0 {
            continue;
        }
        let mut parents = Vec::new();
        for parent in family::parents_of(&txn, student)? {
            if let Some(user) = person(parent).filter(|u| u.deleted_at.is_none()) {
                parents.push(Contact {
                    id: user.id,
                    name: user.full_name(),
                    email: user.email.as_str().to_owned(),
                    phone: user.phone.as_ref().map(|p| p.as_str().to_owned()),
                });
            }
        }
        debtors.push(Debtor {
            student_id: student,
            student_name: person(student).map_or_else(|| format!("№{student}"), |u| User::full_name(&u)),
            balance,
            parents,
        });
    }
    debtors.sort_by(|a, b| {
        a.balance
            .cmp(&b.balance)
            .then_with(|| a.student_name.cmp(&b.student_name))
    });
    Ok(debtors)
}
