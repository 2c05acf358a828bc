//! When a daily job runs: at a fixed local hour in the school's time zone, kept across
//! daylight-saving changes (a skipped hour runs when the clocks resume, a repeated one once), or
//! at start and then every 24 hours (`at_start_and_daily`).

use super::{AppState, ServiceError};
use crate::store::Store;
use jiff::Zoned;
use jiff::civil::{Date, Time};
use std::time::Duration;

/// The run at `at` on `day`, where `now` is (just after a gap when the clocks skip `at`, the
/// first of the two when they repeat it).
pub fn run_on(day: Date, at: Time, now: &Zoned) -> Option<Zoned> {
    day.to_datetime(at).to_zoned(now.time_zone().clone()).ok()
}

/// The first run at `at` after `now`: today's if it is still ahead, else tomorrow's; `None`
/// past the last day there is.
pub fn next_run(now: &Zoned, at: Time) -> Option<Zoned> {
    let ahead = |run: &Zoned| run.timestamp() > now.timestamp();
    run_on(now.date(), at, now)
        .filter(ahead)
        .or_else(|| run_on(now.date().tomorrow().ok()?, at, now))
}

/// The last run at `at` up to `now`: today's if its hour has come, else yesterday's; `None`
/// before the first day there is.
pub fn last_run(now: &Zoned, at: Time) -> Option<Zoned> {
    let come = |run: &Zoned| run.timestamp() <= now.timestamp();
    run_on(now.date(), at, now)
        .filter(come)
        .or_else(|| run_on(now.date().yesterday().ok()?, at, now))
}

/// Runs `job` (which returns how many things it did) at start and then every 24 hours, until
/// the task is dropped; logs `done` with the count when it did something, `failed` when it failed.
pub async fn at_start_and_daily<F>(state: AppState, job: F, done: &'static str, failed: &'static str)
where
    F: Fn(&Store) -> Result<usize, ServiceError> + Clone + Send + 'static,
{
    let mut daily = tokio::time::interval(Duration::from_secs(24 * 60 * 60));
    loop {
        daily.tick().await;
        match state.run(job.clone()).await {
            Ok(0) => {}
            Ok(count) => tracing::info!(count, "{done}"),
            Err(err) => tracing::error!("{failed}: {err}"),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use jiff::Timestamp;
    use jiff::civil::{date, time};
    use jiff::tz::TimeZone;

    const AT: Time = time(18, 0, 0, 0);

    /// `day` at `at` in Berlin, whose clocks change in spring and autumn.
    pub(crate) fn berlin(day: Date, at: Time) -> Zoned {
        day.to_datetime(at)
            .to_zoned(TimeZone::get("Europe/Berlin").expect("zone"))
            .expect("time")
    }

    #[test]
    fn the_next_run_is_today_at_the_hour_if_still_ahead_else_tomorrow() {
        let day = date(2030, 4, 14);
        let next = |now: Time| next_run(&berlin(day, now), AT).expect("next");
        assert_eq!(next(time(9, 0, 0, 0)), berlin(day, AT));
        assert_eq!(next(time(17, 59, 59, 999_999_999)), berlin(day, AT));
        let tomorrow = berlin(date(2030, 4, 15), AT);
        assert_eq!(next(AT), tomorrow, "a run just made is not made again");
        assert_eq!(next(time(23, 30, 0, 0)), tomorrow);
        assert!(next_run(&Timestamp::MAX.to_zoned(TimeZone::UTC), AT).is_none());
    }

    #[test]
    fn the_last_run_is_today_at_the_hour_once_it_has_come_else_yesterday() {
        let day = date(2030, 4, 14);
        let last = |now: Time| last_run(&berlin(day, now), AT).expect("last");
        assert_eq!(last(time(9, 0, 0, 0)), berlin(date(2030, 4, 13), AT));
        assert_eq!(last(AT), berlin(day, AT), "a run due now has come");
        assert_eq!(last(time(23, 30, 0, 0)), berlin(day, AT));
        assert!(last_run(&Timestamp::MIN.to_zoned(TimeZone::UTC), AT).is_none());
    }

    #[test]
    fn the_daily_run_keeps_its_local_hour_across_clock_changes() {
        // Berlin's clocks go forward on 31.03.2030 and back on 27.10.2030.
        let gap = |from: Date| {
            let now = berlin(from, AT);
            let next = next_run(&now, AT).expect("next");
            assert_eq!(next.time(), AT);
            assert_eq!(next.date(), from.tomorrow().expect("day"));
            assert_eq!(last_run(&next, AT), Some(next.clone()));
            next.timestamp().duration_since(now.timestamp()).as_hours()
        };
        assert_eq!(gap(date(2030, 3, 30)), 23, "a day of 23 hours");
        assert_eq!(gap(date(2030, 10, 26)), 25, "a day of 25 hours");
        assert_eq!(gap(date(2030, 4, 14)), 24);

        // A run at an hour the clocks skip happens when they resume; one they repeat, once.
        let skipped = next_run(&berlin(date(2030, 3, 31), time(1, 0, 0, 0)), time(2, 30, 0, 0)).expect("next");
        assert_eq!((skipped.date(), skipped.time()), (date(2030, 3, 31), time(3, 30, 0, 0)));
        let repeated = time(2, 30, 0, 0);
        let first = next_run(&berlin(date(2030, 10, 27), time(1, 0, 0, 0)), repeated).expect("next");
        assert_eq!((first.date(), first.time()), (date(2030, 10, 27), repeated));
        let after = next_run(&first, repeated).expect("next");
        assert_eq!(after.date(), date(2030, 10, 28), "not again an hour later");
    }
}
