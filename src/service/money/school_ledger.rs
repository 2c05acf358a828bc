//! The school's ledger: every entry of a range of days, filtered by kind, method and student,
//! newest first, with the totals of everything the filter keeps (received and charged, net of
//! their reversals and refunds, and received by method). Without a student, the totals come from the sums by
//! day and the page from the newest end of the day index; for one student, his rows of the
//! range are walked (a few hundred). Only the page's entries are read.

use super::entry_view::{Named, ShownEntry, show_page};
use super::ledger_texts::{self, LedgerTexts};
use crate::config::Config;
use crate::domain::ledger::{ChargeReason, EntryKind, PaymentMethod};
use crate::domain::{Page, PageRequest, UserId};
use crate::service::{FieldErrors, ServiceError};
use crate::store::ledger::{self, DayRow, DaySum};
use crate::store::record::Reader;
use crate::store::{Store, StoreError};
use bytes::Bytes;
use jiff::civil::Date;
use jiff::tz::TimeZone;
use redb::ReadTransaction;

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
    /// Payments less their reversals and the money paid out.
    pub received: i64,
    /// Charges less their reversals and the packages' unused parts given back.
    pub charged: i64,
    pub cash: i64,
    pub card: i64,
    pub transfer: i64,
    /// Each kind on its own, before any reversal: payments, charges, the reversals, and the
    /// refunds (packages' unused parts credited and money paid out).
    pub payments: i64,
    pub charges: i64,
    pub reversals: i64,
    pub refunds: i64,
    pub count: u64,
}

impl Totals {
    /// Adds `count` entries of `kind` with method or reason `detail` and `effect` in all (the
    /// reversals or refunds of one method or reason all go one way — a reversal of a refund is
    /// summed apart, `LedgerEntry::kind_code` — so their sum's size is their total). Money paid out lowers what was received (and its method's sum); a package's
    /// unused part credited lowers what was charged.
    fn add(&mut self, kind: EntryKind, detail: u8, count: u64, effect: i64) {
        self.count += count;
        match kind {
            EntryKind::Payment => self.payments += effect,
            EntryKind::Charge => self.charges -= effect,
            EntryKind::Reversal => self.reversals += effect.abs(),
            EntryKind::Refund => self.refunds += effect.abs(),
        }
        if let Some(method) = PaymentMethod::from_code(detail) {
            self.received += effect;
            match method {
                PaymentMethod::Cash => self.cash += effect,
                PaymentMethod::Card => self.card += effect,
                PaymentMethod::Transfer => self.transfer += effect,
            }
        } else if ChargeReason::from_code(detail).is_some() {
            self.charged -= effect;
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
        self.kind_fits(row.kind, row.detail) && self.student.is_none_or(|student| row.student_id == student)
    }

    fn kind_fits(&self, kind: EntryKind, detail: u8) -> bool {
        self.kind.is_none_or(|wanted| kind == wanted) && self.method.is_none_or(|method| detail == method.code())
    }

    fn days(&self) -> (Date, Date) {
        (self.from.unwrap_or(FIRST_DAY), self.to.unwrap_or(LAST_DAY))
    }

    /// The index rows it keeps, newest first (by day, then by the order written).
    pub fn rows(&self, txn: &impl Reader) -> Result<Vec<DayRow>, StoreError> {
        let (from, to) = self.days();
        let mut rows = ledger::of_days(txn, from, to)?;
        rows.retain(|row| self.keeps(row));
        rows.reverse();
        Ok(rows)
    }
}

/// One page of the entries `query` keeps, newest first, with the totals of all of them, as
/// `render` writes them; kept (`ledger_texts`) while the school's entries (their list's
/// version), the names and the records the page names are what they were.
pub fn list<E: From<ServiceError>>(
    store: &Store,
    texts: &LedgerTexts,
    (query, request): (&LedgerQuery, PageRequest),
    config: &Config,
    render: impl FnOnce(Page<ShownEntry>, Totals) -> Result<Bytes, E>,
) -> Result<Bytes, E> {
    query.check()?;
    let (versions, txn) = store.read_versioned().map_err(ServiceError::from)?;
    let question = format!("school {query:?} {request:?}");
    ledger_texts::kept(
        store,
        (&versions, &txn),
        texts,
        (&question, &[ledger::list_of_school()]),
        || {
            let (page, totals, named) = page(store, &txn, query, request, &config.time_zone())?;
            Ok((render(page, totals)?, named))
        },
    )
}

/// One page of the entries `query` keeps with the totals of all of them, read in `txn`, and
/// the records the page names.
fn page(
    store: &Store,
    txn: &ReadTransaction,
    query: &LedgerQuery,
    request: PageRequest,
    tz: &TimeZone,
) -> Result<(Page<ShownEntry>, Totals, Named), ServiceError> {
    let mut totals = Totals::default();
    let (ids, total) = if query.student.is_some() {
        let rows = query.rows(txn)?;
        rows.iter()
            .for_each(|row| totals.add(row.kind, row.detail, 1, row.effect));
        let page = request.slice(rows.into_iter().map(|row| row.id));
        (page.items, page.total)
    } else {
        let sums: Vec<DaySum> = ledger::sums_of_days(txn, query.days().0, query.days().1)?;
        let kept = sums.iter().filter(|sum| query.kind_fits(sum.kind, sum.detail));
        kept.for_each(|sum| totals.add(sum.kind, sum.detail, sum.count, sum.effect));
        let (skip, take) = (request.offset(), request.per_page as usize);
        let rows = ledger::newest_of_days(txn, query.days(), |row| query.keeps(row), skip, take)?;
        (rows.into_iter().map(|row| row.id).collect(), totals.count)
    };
    let entries = ledger::load(txn, &ids)?;
    let shown = show_page(store, txn, (tz, Date::ZERO), entries, Vec::new())?;
    let page = Page {
        items: shown.entries,
        total,
        request,
    };
    Ok((page, totals, shown.named))
}
