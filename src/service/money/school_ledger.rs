//! The school's ledger: every entry of a range of days, filtered by kind, method and student,
//! newest first, with the totals of everything the filter keeps (received and charged, net of
//! their reversals, and received by method), summed from the day index without reading entries.

use super::entry_view::{ShownEntry, show_entries};
use crate::config::Config;
use crate::domain::ledger::{ChargeReason, EntryKind, PaymentMethod};
use crate::domain::{Page, PageRequest, UserId};
use crate::service::{FieldErrors, ServiceError};
use crate::store::ledger::{self, DayRow};
use crate::store::record::Reader;
use crate::store::{Store, StoreError};
use jiff::civil::Date;

/// What the school's ledger is narrowed to; every part may be left out.
#[derive(Clone, Debug, Default)]
pub struct LedgerQuery {
    pub from: Option<Date>,
    pub to: Option<Date>,
    pub kind: Option<EntryKind>,
    /// Payments of this method and their reversals.
    pub method: Option<PaymentMethod>,
    pub student: Option<UserId>,
}

/// The sums of the entries a query keeps, in kopecks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Payments less their reversals.
    pub received: i64,
    /// Charges less their reversals.
    pub charged: i64,
    pub cash: i64,
    pub card: i64,
    pub transfer: i64,
    pub count: u64,
}

impl Totals {
    fn add(&mut self, row: &DayRow) {
        self.count += 1;
        if let Some(method) = PaymentMethod::from_code(row.detail) {
            self.received += row.effect;
            match method {
                PaymentMethod::Cash => self.cash += row.effect,
                PaymentMethod::Card => self.card += row.effect,
                PaymentMethod::Transfer => self.transfer += row.effect,
            }
        } else if ChargeReason::from_code(row.detail).is_some() {
            self.charged -= row.effect;
        }
    }
}

/// The earliest and latest day a query without bounds reaches.
const FIRST_DAY: Date = Date::constant(1900, 1, 1);
const LAST_DAY: Date = Date::constant(9999, 12, 30);

impl LedgerQuery {
    /// Refuses a range that ends before it starts (422 on `to`).
    pub fn check(&self) -> Result<(), ServiceError> {
        if let (Some(from), Some(to)) = (self.from, self.to)
            && to < from
        {
            return Err(FieldErrors::one("to", "Конец периода раньше начала"));
        }
        Ok(())
    }

    fn keeps(&self, row: &DayRow) -> bool {
        self.kind.is_none_or(|kind| row.kind == kind)
            && self.method.is_none_or(|method| row.detail == method.code())
            && self.student.is_none_or(|student| row.student_id == student)
    }

    /// The index rows it keeps, newest first (by day, then by the order written).
    pub fn rows(&self, txn: &impl Reader) -> Result<Vec<DayRow>, StoreError> {
        let mut rows = ledger::of_days(txn, self.from.unwrap_or(FIRST_DAY), self.to.unwrap_or(LAST_DAY))?;
        rows.retain(|row| self.keeps(row));
        rows.reverse();
        Ok(rows)
    }
}

/// One page of the entries `query` keeps, newest first, with the totals of all of them.
pub fn list(
    store: &Store,
    query: &LedgerQuery,
    request: PageRequest,
    config: &Config,
) -> Result<(Page<ShownEntry>, Totals), ServiceError> {
    query.check()?;
    let txn = store.read()?;
    let rows = query.rows(&txn)?;
    let mut totals = Totals::default();
    rows.iter().for_each(|row| totals.add(row));
    let page = request.slice(rows.into_iter().map(|row| row.id));
    let entries = ledger::load(&txn, &page.items)?;
    let items = show_entries(store, &txn, &config.time_zone(), entries)?;
    Ok((
        Page {
            items,
            total: page.total,
            request: page.request,
        },
        totals,
    ))
}
