//! `/api/users/{id}/payments`: a student's ledger newest first, with his balance and packages,
//! for staff, the student himself and his parents.

use super::ledger_view::{LedgerEntryView, PackageView};
use super::paging::PageMeta;
use super::{ApiTags, State};
use crate::domain::{PageRequest, UserId};
use crate::error::ApiError;
use crate::policy::{Caller, reads_ledger_of};
use crate::service::money::payments;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

/// Paging plus the student's balance.
#[derive(Debug, Object)]
pub struct StudentLedgerMeta {
    #[oai(flatten)]
    pub page: PageMeta,
    /// Kopecks; below zero, he owes.
    pub balance: i64,
}

/// A page of a student's ledger (newest first), his balance and his packages.
#[derive(Debug, Object)]
pub struct StudentLedgerView {
    pub data: Vec<LedgerEntryView>,
    pub meta: StudentLedgerMeta,
    /// Kopecks (the same as `meta.balance`).
    pub balance: i64,
    pub packages: Vec<PackageView>,
}

/// A student's money.
#[derive(Default)]
pub struct StudentLedgerApi;

#[OpenApi(tag = "ApiTags::Money")]
impl StudentLedgerApi {
    /// A student's ledger
    ///
    /// His entries newest first, paged, with his balance and packages: staff, the student
    /// himself, his parents.
    #[oai(path = "/api/users/:id/payments", method = "get", operation_id = "users_payments")]
    async fn of_student(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
    ) -> Result<Json<StudentLedgerView>, ApiError> {
        caller.actor(reads_ledger_of(id.0))?;
        let request = PageRequest::new(page.0, per_page.0);
        let found = state.read(|store| payments::of_student(store, id.0, request, &state.config))?;
        let tz = state.config.time_zone();
        let meta = StudentLedgerMeta {
            page: PageMeta::of(&found.page),
            balance: found.balance,
        };
        Ok(Json(StudentLedgerView {
            data: found
                .page
                .items
                .into_iter()
                .map(|e| LedgerEntryView::new(e, &tz))
                .collect(),
            meta,
            balance: found.balance,
            packages: found.packages.into_iter().map(|p| PackageView::new(p, &tz)).collect(),
        }))
    }
}
