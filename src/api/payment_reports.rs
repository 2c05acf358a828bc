//! What the school's ledger answers besides its entries: the totals of a filter, the debtors
//! with their parents' contacts, the CSV file; and the filter as the address sends it.

use super::files::FileBytes;
use super::paging::PageMeta;
use super::vocabulary::{LedgerKindName, PaymentMethodName};
use crate::domain::UserId;
use crate::error::ApiError;
use crate::service::FieldErrors;
use crate::service::money::school_ledger::{LedgerQuery, Totals};
use poem_openapi::{ApiResponse, Object};

/// Net received by method, kopecks.
#[derive(Debug, Object, serde::Serialize)]
pub struct ByMethod {
    pub cash: i64,
    pub card: i64,
    pub transfer: i64,
}

/// Each kind of entry on its own, kopecks: payments and charges as written, the sum of the
/// reversals (of either), and the sum of the refunds (packages' unused parts credited and money
/// paid out).
#[derive(Debug, Object, serde::Serialize)]
pub struct ByKind {
    pub payment: i64,
    pub charge: i64,
    pub reversal: i64,
    pub refund: i64,
}

/// The sums of every entry the filter keeps (not only this page), kopecks.
#[derive(Debug, Object, serde::Serialize)]
pub struct LedgerTotals {
    /// Payments less their reversals and the money paid out.
    pub received: i64,
    /// Charges less their reversals and the packages' unused parts given back.
    pub charged: i64,
    pub by_method: ByMethod,
    pub by_kind: ByKind,
    /// Entries the filter keeps.
    pub count: u64,
}

impl From<Totals> for LedgerTotals {
    fn from(t: Totals) -> Self {
        Self {
            received: t.received,
            charged: t.charged,
            by_method: ByMethod {
                cash: t.cash,
                card: t.card,
                transfer: t.transfer,
            },
            by_kind: ByKind {
                payment: t.payments,
                charge: t.charges,
                reversal: t.reversals,
                refund: t.refunds,
            },
            count: t.count,
        }
    }
}

/// Paging plus the totals of the filtered range.
#[derive(Debug, Object, serde::Serialize)]
pub struct SchoolLedgerMeta {
    #[oai(flatten)]
    #[serde(flatten)]
    pub page: PageMeta,
    pub totals: LedgerTotals,
}

/// A debtor's parent, to call or write to.
#[derive(Debug, Object, serde::Serialize)]
pub struct ContactView {
    pub id: UserId,
    pub name: String,
    pub email: String,
    #[oai(nullable)]
    pub phone: Option<String>,
}

/// A student who owes.
#[derive(Debug, Object, serde::Serialize)]
pub struct DebtorView {
    pub student_id: UserId,
    pub student_name: String,
    /// Kopecks, below zero.
    pub balance: i64,
    pub parents: Vec<ContactView>,
}

/// Paging, how many owe and how much in all (kopecks, above zero).
#[derive(Debug, Object, serde::Serialize)]
pub struct DebtorsMeta {
    #[oai(flatten)]
    #[serde(flatten)]
    pub page: PageMeta,
    /// Every debtor, not only this page's.
    pub count: u64,
    pub total_debt: i64,
}

/// The ledger as a file.
#[derive(ApiResponse)]
pub enum LedgerFile {
    /// `text/csv; charset=windows-1251`, `;` between fields, a decimal comma, a Russian header.
    #[oai(status = 200)]
    File(
        FileBytes,
        #[oai(header = "Content-Type")] String,
        #[oai(header = "Content-Disposition")] String,
    ),
}

/// The filter as the address sends it (422 on `from` or `to` that is not a day).
pub fn query(
    from: Option<String>,
    to: Option<String>,
    kind: Option<LedgerKindName>,
    method: Option<PaymentMethodName>,
    student_id: Option<UserId>,
) -> Result<LedgerQuery, ApiError> {
    let mut errors = FieldErrors::new();
    let (from, to) = (errors.day("from", from.as_deref()), errors.day("to", to.as_deref()));
    errors.into_result()?;
    Ok(LedgerQuery {
        from,
        to,
        kind: kind.map(Into::into),
        method: method.map(Into::into),
        student: student_id,
    })
}
