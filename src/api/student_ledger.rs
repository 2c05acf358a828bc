//! `/api/users/{id}/payments`: a student's ledger newest first, with his balance and packages,
//! for staff, the student himself and his parents.

use super::json_text::JsonText;
use super::ledger_view::{LedgerEntryView, PackageView};
use super::paging::PageMeta;
use super::{ApiTags, State};
use crate::domain::{PageRequest, UserId};
use crate::error::ApiError;
use crate::policy::{Caller, reads_ledger_of};
use crate::service::money::payments::{self, StudentLedger};
use poem_openapi::param::{Path, Query};
use poem_openapi::{Object, OpenApi};

/// Paging plus the student's balance.
#[derive(Debug, Object, serde::Serialize)]
pub struct StudentLedgerMeta {
    #[oai(flatten)]
    #[serde(flatten)]
    pub page: PageMeta,
    /// Kopecks; below zero, he owes.
    pub balance: i64,
}

/// A page of a student's ledger (newest first), his balance and his packages.
#[derive(Debug, Object, serde::Serialize)]
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
    ) -> Result<JsonText<StudentLedgerView>, ApiError> {
        caller.actor(reads_ledger_of(id.0))?;
        let request = PageRequest::new(page.0, per_page.0);
        let tz = state.config.time_zone();
        let render = |found: StudentLedger| {
            let meta = StudentLedgerMeta {
                page: PageMeta::of(&found.page),
                balance: found.balance,
            };
            let view = StudentLedgerView {
                data: found
                    .page
                    .items
                    .into_iter()
                    .map(|e| LedgerEntryView::new(e, &tz))
                    .collect(),
                meta,
                balance: found.balance,
                packages: found.packages.into_iter().map(|p| PackageView::new(p, &tz)).collect(),
            };
            Ok::<_, ApiError>(JsonText::serialized(&view).map_err(ApiError::internal)?.into_text())
        };
        let texts = &state.ledger_texts;
        let text = state.read(|store| payments::of_student(store, texts, (id.0, request), &state.config, render))?;
        Ok(JsonText::kept(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::envelope::Paged;
    use crate::api::json_text::assert_serde_agrees;
    use crate::api::ledger_view::FreezeView;
    use crate::api::payment_reports::{
        ByKind, ByMethod, ContactView, DebtorView, DebtorsMeta, LedgerTotals, SchoolLedgerMeta,
    };
    use crate::api::vocabulary::{ChargeReasonName, LedgerKindName, PackageStatusName, PaymentMethodName};
    use crate::domain::{EntryId, LessonId, PackageId, SubjectId};

    fn meta() -> PageMeta {
        PageMeta {
            current_page: 2,
            last_page: 3,
            per_page: 1,
            total: 3,
            from: Some(2),
            to: None,
        }
    }

    fn entry(reversal: bool) -> LedgerEntryView {
        LedgerEntryView {
            id: EntryId(9_007_199_254_740_991),
            student_id: UserId(5),
            student_name: "Белов «Иван»\n\"В.\"".into(),
            kind: if reversal {
                LedgerKindName::Reversal
            } else {
                LedgerKindName::Charge
            },
            amount: 1_234_50,
            effect: -1_234_50,
            method: reversal.then_some(PaymentMethodName::Transfer),
            reason: (!reversal).then_some(ChargeReasonName::Lesson),
            lesson_id: Some(LessonId(3)),
            package_id: None,
            reverses_id: reversal.then_some(EntryId(1)),
            reversed_by: None,
            reversible: !reversal,
            title: "Занятие: Математика, 20.11.2026".into(),
            note: String::new(),
            date: "2026-11-20".into(),
            created_by: None,
            created_by_name: Some("Орлова Н. А.".into()),
            created_at: "2026-11-20T10:00:00+03:00".into(),
        }
    }

    #[tokio::test]
    async fn the_money_answers_written_by_serde_are_what_json_of_them_would_be() {
        assert_serde_agrees(|| StudentLedgerView {
            data: vec![entry(false), entry(true)],
            meta: StudentLedgerMeta {
                page: meta(),
                balance: -5,
            },
            balance: -5,
            packages: vec![PackageView {
                id: PackageId(1),
                student_id: UserId(5),
                student_name: "Белов Иван".into(),
                subject_id: Some(SubjectId(2)),
                subject_name: Some("Математика".into()),
                course_id: None,
                course_name: None,
                lessons_total: 8,
                lessons_used: 3,
                lessons_left: 5,
                price: 8_000_00,
                valid_from: "2026-11-01".into(),
                valid_to: "2026-12-07".into(),
                status: PackageStatusName::Refunded,
                refundable: 0,
                lessons_returned: Some(5),
                freezes: vec![FreezeView {
                    from: "2026-11-10".into(),
                    to: "2026-11-16".into(),
                    reason: "Болеет".into(),
                }],
                note: String::new(),
                created_at: "2026-11-01T09:00:00+03:00".into(),
            }],
        })
        .await;
        assert_serde_agrees(|| Paged {
            data: vec![entry(true)],
            meta: SchoolLedgerMeta {
                page: meta(),
                totals: LedgerTotals {
                    received: 10,
                    charged: -2,
                    by_method: ByMethod {
                        cash: 1,
                        card: 2,
                        transfer: 7,
                    },
                    by_kind: ByKind {
                        payment: 12,
                        charge: 4,
                        reversal: 2,
                        refund: 3,
                    },
                    count: 3,
                },
            },
        })
        .await;
        assert_serde_agrees(|| Paged {
            data: vec![DebtorView {
                student_id: UserId(5),
                student_name: "Белов Иван".into(),
                balance: -100,
                parents: vec![ContactView {
                    id: UserId(6),
                    name: "Белова Анна".into(),
                    email: "a@b.ru".into(),
                    phone: None,
                }],
            }],
            meta: DebtorsMeta {
                page: meta(),
                count: 1,
                total_debt: 100,
            },
        })
        .await;
    }
}
