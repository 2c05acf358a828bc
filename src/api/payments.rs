//! `/api/payments`: money at the desk (a payment or a manual charge, a reversal with its
//! reason), one entry with its student's balance (the receipt), the school's ledger with its
//! filters and totals, the debtors, and the ledger as a CSV file for Excel.

use super::envelope::Paged;
use super::files::FileBytes;
use super::json_text::JsonText;
use super::ledger_view::LedgerEntryView;
use super::paging::{PageMeta, paged};
use super::payment_reports::{ContactView, DebtorView, DebtorsMeta, LedgerFile, SchoolLedgerMeta, query};
use super::vocabulary::{ChargeReasonName, LedgerKindName, PaymentMethodName};
use super::{ApiTags, State};
use crate::domain::{EntryId, Page, PageRequest, UserId};
use crate::error::ApiError;
use crate::policy::{Caller, KEEP_MONEY, READ_SCHOOL_LEDGER, Rule};
use crate::service::money::debtors::Debtor;
use crate::service::money::entry_view::ShownEntry;
use crate::service::money::payments::{self, NewEntry, WithBalance};
use crate::service::money::retries::RequestKey;
use crate::service::money::school_ledger::Totals;
use crate::service::money::{debtors, export, school_ledger};
use poem::Request;
use poem_openapi::param::{Header, Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

/// A payment (`method`), with `kind: "charge"` a manual charge (`reason`: `course` or
/// `other`, no method), or with `kind: "refund"` money paid out to the client (`method`).
#[derive(Debug, Object)]
pub struct PaymentBody {
    pub student_id: UserId,
    /// Kopecks, 1 to 1 000 000 000 (10 000 000 ₽).
    pub amount: i64,
    /// `payment` (left out), `charge` or `refund`.
    #[oai(nullable)]
    pub kind: Option<LedgerKindName>,
    /// For a payment, and for money paid out.
    #[oai(nullable)]
    pub method: Option<PaymentMethodName>,
    /// For a charge: `course` or `other`.
    #[oai(nullable)]
    pub reason: Option<ChargeReasonName>,
    /// «2026-11-23»; left out, the school's today. Not in the future, not more than a year back.
    #[oai(nullable)]
    pub date: Option<String>,
    #[oai(nullable)]
    pub note: Option<String>,
}

/// Why an entry is reversed.
#[derive(Debug, Object)]
pub struct ReverseBody {
    /// Required.
    #[oai(nullable)]
    pub reason: Option<String>,
}

/// An entry and its student's balance after it (kopecks).
#[derive(Debug, Object)]
pub struct EntryWithBalance {
    pub data: LedgerEntryView,
    pub balance: i64,
}

impl EntryWithBalance {
    fn new(written: WithBalance, state: &State<'_>) -> Self {
        Self {
            data: LedgerEntryView::new(written.entry, &state.config.time_zone()),
            balance: written.balance,
        }
    }
}

/// The answer to a payment, a charge or a reversal.
#[derive(Debug, ApiResponse)]
pub enum EntryWritten {
    /// Written (or, sent again with the same `Idempotency-Key`, written before).
    #[oai(status = 201)]
    Created(Json<EntryWithBalance>),
}

/// The request's `Idempotency-Key` as sent (`parsed`, poem's reading of it, leaves out a value
/// that is not visible ASCII: that is a 422, not a request without a key).
pub(super) fn idempotency_key(parsed: Header<Option<String>>, request: &Request) -> Option<String> {
    parsed.0.or_else(|| {
        let raw = request.headers().get("Idempotency-Key")?;
        Some(String::from_utf8_lossy(raw.as_bytes()).into_owned())
    })
}

/// Payments, charges and reversals; the school's ledger, debtors and export.
#[derive(Default)]
pub struct PaymentsApi;

#[OpenApi(tag = "ApiTags::Money")]
impl PaymentsApi {
    /// An entry
    ///
    /// With its student's balance (the receipt page): staff, the student, his parents (404
    /// for anyone else).
    #[oai(path = "/api/payments/:id", method = "get", operation_id = "payments_show")]
    async fn show(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<EntryId>,
    ) -> Result<Json<EntryWithBalance>, ApiError> {
        let actor = caller.actor(Rule::SignedIn)?;
        let found = state.read(|store| payments::one(store, actor, id.0, &state.config))?;
        Ok(Json(EntryWithBalance::new(found, &state)))
    }

    /// Record a payment, a charge or money paid out
    ///
    /// Managers. A payment needs `method`; a manual charge (`kind: "charge"`) a `reason`
    /// (`course` or `other`); money paid out to the client (`kind: "refund"`) a `method` and
    /// an amount not above his balance. Each bad amount, date, method or reason is a 422 on its
    /// field.
    ///
    /// `Idempotency-Key` (1 to 64 Latin letters, digits, `-`, `_`; a 422 on `idempotency_key`
    /// otherwise), the same on each attempt of one form: sent again by the same manager with
    /// the same body within 7 days, nothing is written and the answer is the first one's (201,
    /// the same entry, the balance now); with another body, a 422 on `idempotency_key`.
    #[oai(path = "/api/payments", method = "post", operation_id = "payments_create")]
    async fn create(
        &self,
        state: State<'_>,
        caller: Caller,
        #[oai(name = "Idempotency-Key")] key: Header<Option<String>>,
        request: &Request,
        body: Json<PaymentBody>,
    ) -> Result<EntryWritten, ApiError> {
        let actor = caller.actor(KEEP_MONEY)?.clone();
        let config = state.config.clone();
        let body = body.0;
        let form = NewEntry {
            student_id: body.student_id,
            amount: body.amount,
            kind: body.kind.map(Into::into),
            method: body.method.map(Into::into),
            reason: body.reason.map(Into::into),
            date: body.date,
            note: body.note,
        };
        let key = RequestKey::of(idempotency_key(key, request), actor.user.id, "payment", &form)?;
        let written = state
            .change(caller.origin(), move |store, journal| {
                payments::record(store, journal, &actor, (form, key), &config)
            })
            .await?;
        Ok(EntryWritten::Created(Json(EntryWithBalance::new(written, &state))))
    }

    /// Reverse an entry
    ///
    /// Managers, with a reason (422 on `reason` without one). Both entries stay in the
    /// ledger; an entry already reversed or a reversal is a 422. A package's sale cancels the
    /// package, and is a 422 on `id` once any of its lessons is used or its unused part given
    /// back. Money paid out comes back to the balance; a package's unused part credited is
    /// taken back and the package covers lessons again (a 422 on `id` while lessons given back
    /// to it since stand credited: reverse their credits first).
    #[oai(
        path = "/api/payments/:id/reverse",
        method = "post",
        operation_id = "payments_reverse"
    )]
    async fn reverse(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<EntryId>,
        body: Json<ReverseBody>,
    ) -> Result<EntryWritten, ApiError> {
        let actor = caller.actor(KEEP_MONEY)?.clone();
        let config = state.config.clone();
        let reason = body.0.reason;
        let written = state
            .change(caller.origin(), move |store, journal| {
                payments::reverse(store, journal, &actor, id.0, reason, &config)
            })
            .await?;
        Ok(EntryWritten::Created(Json(EntryWithBalance::new(written, &state))))
    }

    /// The school's ledger
    ///
    /// Staff. Every entry newest first by date, paged; `from` and `to` (days, both included),
    /// `kind`, `method` (payments of it and their reversals) and `student_id` narrow it.
    /// `meta.totals` sums everything the filter keeps.
    #[oai(path = "/api/payments", method = "get", operation_id = "payments_list")]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        state: State<'_>,
        caller: Caller,
        from: Query<Option<String>>,
        to: Query<Option<String>>,
        kind: Query<Option<LedgerKindName>>,
        method: Query<Option<PaymentMethodName>>,
        student_id: Query<Option<UserId>>,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
    ) -> Result<JsonText<Paged<LedgerEntryView, SchoolLedgerMeta>>, ApiError> {
        caller.actor(READ_SCHOOL_LEDGER)?;
        let query = query(from.0, to.0, kind.0, method.0, student_id.0)?;
        let request = PageRequest::new(page.0, per_page.0);
        let tz = state.config.time_zone();
        let render = |found: Page<ShownEntry>, totals: Totals| {
            let meta = SchoolLedgerMeta {
                page: PageMeta::of(&found),
                totals: totals.into(),
            };
            let Json(page) = paged(found, |e| LedgerEntryView::new(e, &tz));
            let text = JsonText::serialized(&Paged { data: page.data, meta }).map_err(ApiError::internal)?;
            Ok::<_, ApiError>(text.into_text())
        };
        let (texts, config) = (&state.ledger_texts, &state.config);
        let text = state.read(|store| school_ledger::list(store, texts, (&query, request), config, render))?;
        Ok(JsonText::kept(text))
    }

    /// Debtors
    ///
    /// Staff. The students whose balance is below zero, the largest debt first, with their
    /// parents' contacts, a page at a time; `meta` counts them all and sums their debt.
    #[oai(path = "/api/payments/debtors", method = "get", operation_id = "payments_debtors")]
    async fn debtors(
        &self,
        state: State<'_>,
        caller: Caller,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
    ) -> Result<JsonText<Paged<DebtorView, DebtorsMeta>>, ApiError> {
        caller.actor(READ_SCHOOL_LEDGER)?;
        let request = PageRequest::new(page.0, per_page.0);
        let render = |found: Page<Debtor>, total_debt: i64| {
            let meta = DebtorsMeta {
                page: PageMeta::of(&found),
                count: found.total,
                total_debt,
            };
            let data = found
                .items
                .into_iter()
                .map(|d| DebtorView {
                    student_id: d.student_id,
                    student_name: d.student_name,
                    balance: d.balance,
                    parents: d
                        .parents
                        .into_iter()
                        .map(|p| ContactView {
                            id: p.id,
                            name: p.name,
                            email: p.email,
                            phone: p.phone,
                        })
                        .collect(),
                })
                .collect();
            let text = JsonText::serialized(&Paged { data, meta }).map_err(ApiError::internal)?;
            Ok::<_, ApiError>(text.into_text())
        };
        let texts = &state.ledger_texts;
        let text = state.read(|store| debtors::shown(store, texts, request, render))?;
        Ok(JsonText::kept(text))
    }

    /// The school's ledger as a file
    ///
    /// Staff. The entries the filters keep (as in the list), newest first, as CSV that Excel
    /// in Russia opens directly: Windows-1251, semicolons, a decimal comma.
    #[oai(path = "/api/payments/export.csv", method = "get", operation_id = "payments_export")]
    #[allow(clippy::too_many_arguments)]
    async fn export(
        &self,
        state: State<'_>,
        caller: Caller,
        from: Query<Option<String>>,
        to: Query<Option<String>>,
        kind: Query<Option<LedgerKindName>>,
        method: Query<Option<PaymentMethodName>>,
        student_id: Query<Option<UserId>>,
    ) -> Result<LedgerFile, ApiError> {
        caller.actor(READ_SCHOOL_LEDGER)?;
        let query = query(from.0, to.0, kind.0, method.0, student_id.0)?;
        let bytes = state.read(|store| export::csv(store, &query, &state.config))?;
        let today = crate::service::money::payments::today(&state.config);
        Ok(LedgerFile::File(
            FileBytes(bytes.into()),
            "text/csv; charset=windows-1251".into(),
            format!("attachment; filename=\"payments-{today}.csv\""),
        ))
    }
}
