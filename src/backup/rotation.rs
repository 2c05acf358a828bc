//! Which copies to keep: the newest copy, and the newest copy of each of the last `daily` days
//! that have one, of the last `weekly` ISO weeks and of the last `monthly` months (a copy may
//! count for all three; a copy known to be bad counts for its period only when the period has
//! no other). A pure function of the copies' local times, so it is tested over a simulated year.

use jiff::civil::DateTime;

/// How many copies of each kind to keep (`backup.keep_daily`, `keep_weekly`, `keep_monthly`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keep {
    pub daily: usize,
    pub weekly: usize,
    pub monthly: usize,
}

/// A copy as rotation sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// When it was made (local time, from its name).
    pub made: DateTime,
    /// Its manifest cannot be read or its last check failed: a good copy of the same period
    /// is kept in its place.
    pub bad: bool,
}

/// The period a copy falls in: (year, month or ISO week, day or 0).
type Bucket = fn(DateTime) -> (i16, i16, i8);

/// For each of `copies` (any order): whether to keep it. The newest copy is always kept, so
/// rotation never leaves none, whatever `keep` says.
pub fn keep(copies: &[Candidate], keep: Keep) -> Vec<bool> {
    let mut newest_first: Vec<usize> = (0..copies.len()).collect();
    newest_first.sort_by(|a, b| copies[*b].made.cmp(&copies[*a].made));
    let mut kept = vec![false; copies.len()];
    if let Some(&newest) = newest_first.first() {
        kept[newest] = true;
    }
    let buckets: [(usize, Bucket); 3] = [
        (keep.daily, |t| (t.year(), t.month() as i16, t.day())),
        (keep.weekly, |t| {
            let week = t.date().iso_week_date();
            (week.year(), week.week() as i16, 0)
        }),
        (keep.monthly, |t| (t.year(), t.month() as i16, 0)),
    ];
    for (limit, bucket_of) in buckets {
        // Newest first, the copies of one period are next to each other.
        let periods = newest_first.chunk_by(|a, b| bucket_of(copies[*a].made) == bucket_of(copies[*b].made));
        for period in periods.take(limit) {
            let good = period.iter().find(|&&i| !copies[i].bad);
            kept[*good.unwrap_or(&period[0])] = true;
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

    /// Copies made at `times`, none known to be bad.
    fn good(times: &[DateTime]) -> Vec<Candidate> {
        times.iter().map(|&made| Candidate { made, bad: false }).collect()
    }

    /// A copy every night at 03:00 through 2026, rotated after each, as the schedule does.
    #[test]
    fn a_year_of_nightly_copies_keeps_a_week_of_days_a_month_of_weeks_and_half_a_year_of_months() {
        let mut copies: Vec<DateTime> = Vec::new();
        let mut day = date(2026, 1, 1);
        while day.year() == 2026 {
            let made = day.at(3, 0, 0, 0);
            copies.push(made);
            let verdict = keep(&good(&copies), DEFAULT);
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
        assert_eq!(keep(&good(&[morning, noon]), DEFAULT), [false, true]);
    }

    #[test]
    fn keeping_nothing_of_any_kind_still_keeps_the_newest_copy() {
        let nothing = Keep {
            daily: 0,
            weekly: 0,
            monthly: 0,
        };
        let (older, newest) = (date(2026, 1, 5).at(3, 0, 0, 0), date(2026, 3, 2).at(3, 0, 0, 0));
        assert_eq!(keep(&good(&[newest, older]), nothing), [true, false]);
        assert_eq!(keep(&[], nothing), Vec::<bool>::new());
        let bad = Candidate {
            made: newest,
            bad: true,
        };
        assert_eq!(keep(&[bad], nothing), [true], "even a bad one: it is the only copy");
    }

    #[test]
    fn a_bad_copy_gives_way_to_a_good_one_of_its_period_and_keeps_a_period_that_has_no_other() {
        let one_day = Keep {
            daily: 2,
            weekly: 0,
            monthly: 0,
        };
        let copy = |day, hour, bad| Candidate {
            made: date(2026, 3, day).at(hour, 0, 0, 0),
            bad,
        };
        let copies = [
            copy(3, 3, false),
            copy(3, 12, true),
            copy(3, 18, true),
            copy(2, 3, false),
            copy(2, 12, true),
            copy(1, 3, true),
        ];
        // Day 3: the newest is kept anyway, and the good morning copy stands for the day;
        // day 2: its good copy, not the later bad one; day 1 is beyond the two days kept.
        assert_eq!(keep(&copies, one_day), [true, false, true, true, false, false]);
        let only_bad = [copy(2, 3, true), copy(1, 3, true)];
        assert_eq!(keep(&only_bad, one_day), [true, true], "a bad copy is better than none");
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
