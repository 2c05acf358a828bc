//! The two money views every money page shows: a ledger entry (`LedgerEntryView`) and a
//! prepaid package (`PackageView`), from what the service shows of them.

use super::lesson_view::local;
use super::vocabulary::{ChargeReasonName, LedgerKindName, PackageStatusName, PaymentMethodName};
use crate::domain::{CourseId, EntryId, LessonId, PackageId, SubjectId, UserId};
use crate::service::money::entry_view::{ShownEntry, ShownPackage};
use crate::service::money::refunds;
use jiff::tz::TimeZone;
use poem_openapi::Object;

/// One line of a student's ledger.
#[derive(Debug, Object, serde::Serialize)]
pub struct LedgerEntryView {
    pub id: EntryId,
    pub student_id: UserId,
    /// «Белов Иван Викторович».
    pub student_name: String,
    pub kind: LedgerKindName,
    /// Kopecks, above zero.
    pub amount: i64,
    /// What it does to the balance, in kopecks: a payment adds, a charge takes, a reversal
    /// undoes the entry it reverses, a refund credits a package's unused part (`reason`) or
    /// takes the money paid out (`method`).
    pub effect: i64,
    /// For a payment and its reversal, and money paid out.
    #[oai(nullable)]
    pub method: Option<PaymentMethodName>,
    /// For a charge and its reversal, and a package's unused part given back.
    #[oai(nullable)]
    pub reason: Option<ChargeReasonName>,
    #[oai(nullable)]
    pub lesson_id: Option<LessonId>,
    #[oai(nullable)]
    pub package_id: Option<PackageId>,
    /// For a reversal: the entry it cancels.
    #[oai(nullable)]
    pub reverses_id: Option<EntryId>,
    /// The reversal that cancels this entry, if one does.
    #[oai(nullable)]
    pub reversed_by: Option<EntryId>,
    /// Whether a manager may reverse it now (`POST /api/payments/{id}/reverse`): not a
    /// reversal, not reversed already, not the sale of a package whose lessons were used or
    /// whose unused part was given back, not a return whose package took lessons back since.
    pub reversible: bool,
    /// What it is for: «Занятие: Математика, 20.11.2026», «Абонемент: Математика, 8 занятий»,
    /// «Оплата: наличные», «Сторно: …».
    pub title: String,
    /// The manager's note; for a reversal, its reason.
    pub note: String,
    /// «2026-11-23», the school's day.
    pub date: String,
    #[oai(nullable)]
    pub created_by: Option<UserId>,
    /// «Орлова Н. А.».
    #[oai(nullable)]
    pub created_by_name: Option<String>,
    /// RFC 3339 with the school's offset.
    pub created_at: String,
}

impl LedgerEntryView {
    /// The view of `shown`, times in `tz`.
    pub fn new(shown: ShownEntry, tz: &TimeZone) -> Self {
        let entry = shown.entry;
        Self {
            id: entry.id,
            student_id: entry.student_id,
            student_name: shown.student_name,
            kind: entry.kind.into(),
            amount: entry.amount,
            effect: entry.effect(),
            method: entry.method.map(Into::into),
            reason: entry.reason.map(Into::into),
            lesson_id: entry.lesson_id,
            package_id: entry.package_id,
            reverses_id: entry.reverses_id,
            reversed_by: shown.reversed_by,
            reversible: shown.reversible,
            title: shown.title,
            note: entry.note,
            date: entry.date.to_string(),
            created_by: entry.created_by,
            created_by_name: shown.created_by_name,
            created_at: local(entry.created_at, tz),
        }
    }
}

/// A pause of a package, both days included.
#[derive(Debug, Object, serde::Serialize)]
pub struct FreezeView {
    /// «2026-11-23».
    pub from: String,
    pub to: String,
    pub reason: String,
}

/// A prepaid package of lessons (абонемент).
#[derive(Debug, Object, serde::Serialize)]
pub struct PackageView {
    pub id: PackageId,
    pub student_id: UserId,
    pub student_name: String,
    /// The subject it covers (null with no course either: any lesson).
    #[oai(nullable)]
    pub subject_id: Option<SubjectId>,
    #[oai(nullable)]
    pub subject_name: Option<String>,
    #[oai(nullable)]
    pub course_id: Option<CourseId>,
    #[oai(nullable)]
    pub course_name: Option<String>,
    pub lessons_total: u32,
    pub lessons_used: u32,
    pub lessons_left: u32,
    /// Kopecks, charged once when sold.
    pub price: i64,
    /// «2026-11-01».
    pub valid_from: String,
    /// The last valid day, moved on by each freeze.
    pub valid_to: String,
    /// Where it stands today.
    pub status: PackageStatusName,
    /// Kopecks a manager may give back now (`POST /api/packages/{id}/refund`): the price of
    /// the lessons left; 0 once cancelled, returned or used up.
    pub refundable: i64,
    /// Lessons given back with its unused part and credited one by one since (null while it
    /// was not).
    #[oai(nullable)]
    pub lessons_returned: Option<u32>,
    pub freezes: Vec<FreezeView>,
    pub note: String,
    /// RFC 3339 with the school's offset.
    pub created_at: String,
}

impl PackageView {
    /// The view of `shown`, times in `tz`.
    pub fn new(shown: ShownPackage, tz: &TimeZone) -> Self {
        let package = shown.package;
        Self {
            id: package.id,
            student_id: package.student_id,
            student_name: shown.student_name,
            subject_id: package.subject_id,
            subject_name: shown.subject_name,
            course_id: package.course_id,
            course_name: shown.course_name,
            lessons_total: package.lessons_total,
            lessons_used: package.lessons_used,
            lessons_left: package.lessons_left(),
            price: package.price,
            valid_from: package.valid_from.to_string(),
            valid_to: package.valid_to.to_string(),
            status: shown.status.into(),
            refundable: refunds::refundable(&package),
            lessons_returned: package.returned.map(|r| r.count()),
            freezes: package
                .freezes
                .into_iter()
                .map(|f| FreezeView {
                    from: f.from.to_string(),
                    to: f.to.to_string(),
                    reason: f.reason,
                })
                .collect(),
            note: package.note,
            created_at: local(package.created_at, tz),
        }
    }
}
