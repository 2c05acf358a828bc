//! The daily job that keeps open-ended groups' lessons materialised 26 weeks ahead.

use super::School;
use super::materialise::{OnClash, materialise};
use crate::domain::group::Group;
use crate::service::{AppState, ServiceError, daily};
use crate::store::{Store, record};
use jiff::Timestamp;
use jiff::tz::TimeZone;

/// Extends every open-ended group's lessons up to the horizon, in one commit; returns how many
/// lessons were made. A new lesson that would clash with one booked since is not made (logged);
/// the group's other lessons are.
pub fn extend(store: &Store, tz: &TimeZone, now: Timestamp) -> Result<usize, ServiceError> {
    let school = School::load(store)?;
    let txn = store.write()?;
    let open: Vec<Group> = record::all::<Group>(&txn)?
        .into_iter()
        .filter(|g| g.ends_on.is_none() && !g.archived)
        .collect();
    let mut created = 0;
    for group in &open {
        match materialise(&txn, (Some(group), group), &school, tz, now, OnClash::LeaveOut) {
            Ok(plan) => {
                created += plan.created;
                if !plan.left_out.is_empty() {
                    let clashes = plan.left_out.join("; ");
                    tracing::warn!(group = group.id.0, %clashes, "lessons of a group's timetable were not made");
                }
            }
            Err(ServiceError::Invalid(clashes)) => {
                tracing::warn!(group = group.id.0, clashes = %clashes.describe(), "a group's timetable was not extended");
            }
            Err(other) => return Err(other),
        }
    }
    txn.commit()?;
    Ok(created)
}

/// Extends the horizon at start and then once a day, until the task is dropped.
pub async fn keep_extending(state: AppState) {
    let tz = state.config.time_zone();
    let job = move |store: &Store| extend(store, &tz, Timestamp::now());
    daily::at_start_and_daily(
        state,
        job,
        "open-ended groups' lessons extended",
        "extending groups' lessons failed",
    )
    .await;
}
