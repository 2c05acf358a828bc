//! Which copies to keep: the newest copy of each of the last `daily` days that have one, of
//! the last `weekly` ISO weeks and of the last `monthly` months (a copy may count for all
//! three). A pure function of the copies' local times, so it is tested over a simulated year.

use jiff::civil::DateTime;
use std::collections::BTreeSet;

/// How many copies of each kind to keep (`backup.keep_daily`, `keep_weekly`, `keep_monthly`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keep {
    pub daily: usize,
    pub weekly: usize,
    pub monthly: usize,
}

/// The period a copy falls in: (year, month or ISO week, day or 0).
type Bucket = fn(DateTime) -> (i16, i16, i8);

/// For each copy made at `times[i]` (local time, any order): whether to keep it.
pub fn keep(times: &[DateTime], keep: Keep) -> Vec<bool> {
    let mut newest_first: Vec<usize> = (0..times.len()).collect();
    newest_first.sort_by(|a, b| times[*b].cmp(&times[*a]));
    let mut kept = vec![false; times.len()];
    let buckets: [(usize, Bucket); 3] = [
        (keep.daily, |t| (t.year(), t.month() as i16, t.day())),
        (keep.weekly, |t| {
            let week = t.date().iso_week_date();
            (week.year(), week.week() as i16, 0)
        }),
        (keep.monthly, |t| (t.year(), t.month() as i16, 0)),
    ];
    for (limit, bucket_of) in buckets {
        let mut seen = BTreeSet::new();
        for &i in &newest_first {
            if seen.len() == limit {
                break;
            }
            if seen.insert(bucket_of(times[i])) {
                kept[i] = true;
            }
        }
    }
    kept
}

/// The local time in a name this server gives its copies (`klass-2026-11-23-030000.tar.gz`).
pub fn made_at(name: &str) -> Option<DateTime> {
    let stamp = name.strip_prefix("klass-")?.strip_suffix(super::EXTENSION)?;
    DateTime::strptime("%Y-%m-%d-%H%M%S", stamp).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::ToSpan;
    use jiff::civil::date;

    const DEFAULT: Keep = Keep {
        daily: 7,
        weekly: 4,
        monthly: 6,
    };

    /// A copy every night at 03:00 through 2026, rotated after each, as the schedule does.
    #[test]
    fn a_year_of_nightly_copies_keeps_a_week_of_days_a_month_of_weeks_and_half_a_year_of_months() {
        let mut copies: Vec<DateTime> = Vec::new();
        let mut day = date(2026, 1, 1);
        while day.year() == 2026 {
            let made = day.at(3, 0, 0, 0);
            copies.push(made);
            let verdict = keep(&copies, DEFAULT);
            copies = copies
                .iter()
                .zip(verdict)
                .filter(|(_, k)| *k)
                .map(|(t, _)| *t)
                .collect();
            assert!(copies.contains(&made), "the newest copy is always kept");
            assert!(copies.len() <= 17, "never more than 7 + 4 + 6 copies");
            day = day.checked_add(1.day()).expect("next day");
        }
        copies.sort();
        let kept: Vec<String> = copies.iter().map(|t| t.date().strftime("%d.%m").to_string()).collect();
        assert_eq!(
            kept,
            [
                "31.07", "31.08", "30.09", "31.10", "30.11", // months
                "13.12", "20.12", // ISO weeks (Dec 21–27 and 28–31 are among the days)
                "25.12", "26.12", "27.12", "28.12", "29.12", "30.12", "31.12", // days
            ]
        );
    }

    #[test]
    fn of_two_copies_on_one_day_the_later_is_kept() {
        let morning = date(2026, 3, 2).at(3, 0, 0, 0);
        let noon = date(2026, 3, 2).at(12, 30, 0, 0);
        assert_eq!(keep(&[morning, noon], DEFAULT), [false, true]);
        let nothing = Keep {
            daily: 0,
            weekly: 0,
            monthly: 0,
        };
        assert_eq!(keep(&[morning], nothing), [false]);
    }

    #[test]
    fn only_names_this_server_gives_have_a_time() {
        assert_eq!(
            made_at("klass-2026-11-23-030000.tar.gz"),
            Some(date(2026, 11, 23).at(3, 0, 0, 0))
        );
        assert_eq!(made_at("school.tar.gz"), None);
        assert_eq!(made_at("klass-2026-13-23-030000.tar.gz"), None);
    }
}
