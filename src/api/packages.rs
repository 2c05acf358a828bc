//! `/api/packages`: prepaid packages (абонементы) as a generic resource — listed and read by
//! staff and by the student or his parents, sold (one charge of the price), changed, frozen
//! and their unused part given back by managers.

use super::envelope::{Data, Paged};
use super::ledger_view::PackageView;
use super::paging::paged;
use super::payments::idempotency_key;
use super::vocabulary::PackageStatusName;
use super::{ApiTags, State};
use crate::domain::{CourseId, PackageId, PageRequest, SubjectId, UserId};
use crate::error::ApiError;
use crate::policy::{Caller, KEEP_MONEY, Rule};
use crate::service::money::packages::{self, NewPackage};
use crate::service::money::refunds::{self, PackageRefund};
use crate::service::money::retries::RequestKey;
use poem::Request;
use poem_openapi::param::{Header, Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

/// A package as the sale form sends it.
#[derive(Debug, Object)]
pub struct PackageBody {
    pub student_id: UserId,
    /// The subject it covers; with no course either, any lesson.
    #[oai(nullable)]
    pub subject_id: Option<SubjectId>,
    #[oai(nullable)]
    pub course_id: Option<CourseId>,
    /// 1 to 200.
    pub lessons_total: u32,
    /// Kopecks, charged once now.
    pub price: i64,
    /// «2026-11-01».
    pub valid_from: String,
    /// The last valid day.
    pub valid_to: String,
    #[oai(nullable)]
    pub note: Option<String>,
}

/// What a manager may change of a package.
#[derive(Debug, Object)]
pub struct PackagePatch {
    #[oai(nullable)]
    pub note: Option<String>,
    /// The last valid day, «2026-12-31».
    #[oai(nullable)]
    pub valid_to: Option<String>,
}

/// A freeze: the days it pauses the package and why.
#[derive(Debug, Object)]
pub struct FreezeBody {
    /// «2026-11-23».
    pub from: String,
    pub to: String,
    pub reason: String,
}

/// What a manager gives back of a package's unused part.
#[derive(Debug, Object)]
pub struct RefundBody {
    /// Kopecks, above zero and not above the package's `refundable`; left out, all of it.
    #[oai(nullable)]
    pub amount: Option<i64>,
    #[oai(nullable)]
    pub note: Option<String>,
}

/// The answer to a package's return.
#[derive(Debug, ApiResponse)]
pub enum PackageRefunded {
    /// Credited to the balance; the package has ended.
    #[oai(status = 201)]
    Created(Json<PackageWithBalance>),
}

/// A package and its student's balance after its sale or its return (kopecks).
#[derive(Debug, Object)]
pub struct PackageWithBalance {
    pub data: PackageView,
    pub balance: i64,
}

/// The answer to a sale.
#[derive(Debug, ApiResponse)]
pub enum PackageSold {
    /// Sold and charged (or, sent again with the same `Idempotency-Key`, sold before).
    #[oai(status = 201)]
    Created(Json<PackageWithBalance>),
}

/// Prepaid packages.
#[derive(Default)]
pub struct PackagesApi;

#[OpenApi(tag = "ApiTags::Money")]
impl PackagesApi {
    /// Packages
    ///
    /// Staff: every package, or one student's; a student or parent only with his own or his
    /// child's `student_id` (403 otherwise). `status` keeps those in it today. Newest first.
    #[oai(path = "/api/packages", method = "get", operation_id = "packages_list")]
    async fn list(
        &self,
        state: State<'_>,
        caller: Caller,
        student_id: Query<Option<UserId>>,
        status: Query<Option<PackageStatusName>>,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
    ) -> Result<Json<Paged<PackageView>>, ApiError> {
        let actor = caller.actor(Rule::SignedIn)?;
        let request = PageRequest::new(page.0, per_page.0);
        let status = status.0.map(Into::into);
        let found = state.read(|store| packages::list(store, actor, student_id.0, status, request, &state.config))?;
        let tz = state.config.time_zone();
        Ok(paged(found, |p| PackageView::new(p, &tz)))
    }

    /// A package
    ///
    /// Staff, its student, his parents (404 for anyone else).
    #[oai(path = "/api/packages/:id", method = "get", operation_id = "packages_show")]
    async fn show(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<PackageId>,
    ) -> Result<Json<Data<PackageView>>, ApiError> {
        let actor = caller.actor(Rule::SignedIn)?;
        let found = state.read(|store| packages::one(store, actor, id.0, &state.config))?;
        Ok(Data::json(PackageView::new(found, &state.config.time_zone())))
    }

    /// Sell a package
    ///
    /// Managers. Writes the package and one charge of its price (reason `package`) in one
    /// commit; each bad field is a 422 on it.
    ///
    /// `Idempotency-Key` (1 to 64 Latin letters, digits, `-`, `_`; a 422 on `idempotency_key`
    /// otherwise), the same on each attempt of one form: sent again by the same manager with
    /// the same body within 7 days, nothing is written and the answer is the first one's (201,
    /// the same package, the balance now); with another body, a 422 on `idempotency_key`.
    #[oai(path = "/api/packages", method = "post", operation_id = "packages_create")]
    async fn create(
        &self,
        state: State<'_>,
        caller: Caller,
        #[oai(name = "Idempotency-Key")] key: Header<Option<String>>,
        request: &Request,
        body: Json<PackageBody>,
    ) -> Result<PackageSold, ApiError> {
        let actor = caller.actor(KEEP_MONEY)?.clone();
        let config = state.config.clone();
        let body = body.0;
        let form = NewPackage {
            student_id: body.student_id,
            subject_id: body.subject_id,
            course_id: body.course_id,
            lessons_total: body.lessons_total,
            price: body.price,
            valid_from: body.valid_from,
            valid_to: body.valid_to,
            note: body.note,
        };
        let key = RequestKey::of(idempotency_key(key, request), actor.user.id, "package", &form)?;
        let sold = state
            .change(caller.origin(), move |store, journal| {
                packages::sell(store, journal, &actor, (form, key), &config)
            })
            .await?;
        let data = PackageView::new(sold.package, &state.config.time_zone());
        Ok(PackageSold::Created(Json(PackageWithBalance {
            data,
            balance: sold.balance,
        })))
    }

    /// Change a package
    ///
    /// Managers: its note and its last valid day (a 422 on `valid_to` for a cancelled
    /// package). A change that changes nothing writes nothing.
    #[oai(path = "/api/packages/:id", method = "put", operation_id = "packages_update")]
    async fn update(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<PackageId>,
        body: Json<PackagePatch>,
    ) -> Result<Json<Data<PackageView>>, ApiError> {
        caller.actor(KEEP_MONEY)?;
        let config = state.config.clone();
        let PackagePatch { note, valid_to } = body.0;
        let changed = state
            .change(caller.origin(), move |store, journal| {
                packages::update(store, journal, id.0, note, valid_to, &config)
            })
            .await?;
        Ok(Data::json(PackageView::new(changed, &state.config.time_zone())))
    }

    /// Freeze a package
    ///
    /// Managers. Pauses it from `from` to `to` (both included) for `reason`; its last valid
    /// day moves on by the freeze's length. A freeze of a cancelled package, outside its
    /// validity, overlapping another, or without a reason is a 422 on its field.
    #[oai(path = "/api/packages/:id/freeze", method = "post", operation_id = "packages_freeze")]
    async fn freeze(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<PackageId>,
        body: Json<FreezeBody>,
    ) -> Result<Json<Data<PackageView>>, ApiError> {
        caller.actor(KEEP_MONEY)?;
        let config = state.config.clone();
        let FreezeBody { from, to, reason } = body.0;
        let frozen = state
            .change(caller.origin(), move |store, journal| {
                packages::freeze(store, journal, id.0, &from, &to, &reason, &config)
            })
            .await?;
        Ok(Data::json(PackageView::new(frozen, &state.config.time_zone())))
    }

    /// Give back a package's unused part
    ///
    /// Managers. Credits `amount` (at most the price of the lessons left: price × lessons left /
    /// lessons bought, to a kopeck; all of it when left out) to the student's balance as one
    /// refund entry (reason `package`) and ends the package (status `refunded`: it covers no
    /// more lessons). A package cancelled, returned already or used up is a 422 on `id`; an
    /// amount above the unused part a 422 on `amount`.
    #[oai(path = "/api/packages/:id/refund", method = "post", operation_id = "packages_refund")]
    async fn refund(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<PackageId>,
        body: Json<RefundBody>,
    ) -> Result<PackageRefunded, ApiError> {
        let actor = caller.actor(KEEP_MONEY)?.clone();
        let config = state.config.clone();
        let form = PackageRefund {
            amount: body.0.amount,
            note: body.0.note,
        };
        let returned = state
            .change(caller.origin(), move |store, journal| {
                refunds::refund_package(store, journal, &actor, id.0, form, &config)
            })
            .await?;
        let data = PackageView::new(returned.package, &state.config.time_zone());
        Ok(PackageRefunded::Created(Json(PackageWithBalance {
            data,
            balance: returned.balance,
        })))
    }
}
