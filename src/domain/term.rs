//! The school's terms (четверти, триместры): named spans of the school year that repeat every
//! year, or that a school dates for one school year (its own holidays that year), and the dates
//! the terms cover in a given school year.

use jiff::civil::Date;
use serde::{Deserialize, Serialize};

/// The month the school year begins in: a day before it belongs to the year begun the
/// September before.
const SCHOOL_YEAR_STARTS: i8 = 8;

/// One term as the configuration names it: `from` and `to` are both included, either days of
/// the year, «MM-DD», every year (a term may run over the new year: «11-05» to «01-10»), or
/// dates, «YYYY-MM-DD», of one school year. A school year with dated terms has those only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Term {
    pub name: String,
    pub from: String,
    pub to: String,
}

/// A term in one school year.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TermDates {
    pub name: String,
    pub from: Date,
    pub to: Date,
}

/// The four quarters of a Russian school year.
pub fn default_terms() -> Vec<Term> {
    [
        ("1 четверть", "09-01", "10-26"),
        ("2 четверть", "11-05", "12-29"),
        ("3 четверть", "01-09", "03-22"),
        ("4 четверть", "04-01", "05-31"),
    ]
    .into_iter()
    .map(|(name, from, to)| Term {
        name: name.into(),
        from: from.into(),
        to: to.into(),
    })
    .collect()
}

/// The (month, day) of «MM-DD»; `None` for anything else (29 February is allowed).
pub fn month_day(text: &str) -> Option<(i8, i8)> {
    let (month, day) = text.split_once('-')?;
    if month.len() != 2 || day.len() != 2 {
        return None;
    }
    let (month, day): (i8, i8) = (month.parse().ok()?, day.parse().ok()?);
    Date::new(2028, month, day).ok().map(|_| (month, day))
}

/// The calendar year the school year containing `day` began in.
pub fn school_year_of(day: Date) -> i16 {
    if day.month() >= SCHOOL_YEAR_STARTS {
        day.year()
    } else {
        day.year() - 1
    }
}

/// The first and last day of the school year begun in `year` (August to July, as
/// `school_year_of` counts them).
pub fn school_year(year: i16) -> (Date, Date) {
    let first = Date::new(year, SCHOOL_YEAR_STARTS, 1).unwrap_or(Date::MIN);
    let last = Date::new(year + 1, SCHOOL_YEAR_STARTS, 1)
        .ok()
        .and_then(|next| next.yesterday().ok())
        .unwrap_or(Date::MAX);
    (first, last)
}

/// The day `text` («MM-DD») falls on in the school year begun in `year` (29 February of a
/// common year is the 28th).
fn day_in(year: i16, text: &str) -> Option<Date> {
    let (month, day) = month_day(text)?;
    let year = if month >= SCHOOL_YEAR_STARTS { year } else { year + 1 };
    Date::new(year, month, day)
        .or_else(|_| Date::new(year, month, day - 1))
        .ok()
}

/// A day of a term as written.
#[derive(Clone, Copy)]
enum TermDay {
    /// «MM-DD»: every year.
    Yearly,
    /// «YYYY-MM-DD»: that day only.
    Dated(Date),
}

fn term_day(text: &str) -> Option<TermDay> {
    if month_day(text).is_some() {
        return Some(TermDay::Yearly);
    }
    let dated = text.len() == 10 && text.as_bytes()[4] == b'-';
    dated.then(|| text.parse().ok()).flatten().map(TermDay::Dated)
}

impl Term {
    /// The school year a dated term belongs to; `None` for a yearly (or malformed) one.
    fn dated_year(&self) -> Option<i16> {
        match term_day(&self.from)? {
            TermDay::Dated(from) => Some(school_year_of(from)),
            TermDay::Yearly => None,
        }
    }

    /// Its dates in the school year begun in `year`; `None` when a day is malformed, the two
    /// days are of different forms, or a dated term is of another year.
    pub fn in_year(&self, year: i16) -> Option<TermDates> {
        let (from, to) = match (term_day(&self.from)?, term_day(&self.to)?) {
            (TermDay::Yearly, TermDay::Yearly) => (day_in(year, &self.from)?, day_in(year, &self.to)?),
            (TermDay::Dated(from), TermDay::Dated(to)) if school_year_of(from) == year => (from, to),
            _ => return None,
        };
        Some(TermDates {
            name: self.name.clone(),
            from,
            to,
        })
    }

    /// Whether a school may set it: a name, two days of one form, the first not after the
    /// last, a dated term within one school year.
    pub fn is_sound(&self) -> bool {
        let dated = self.dated_year();
        let dates = self.in_year(dated.unwrap_or(2026));
        !self.name.trim().is_empty()
            && dates.is_some_and(|d| d.from <= d.to && dated.is_none_or(|year| school_year_of(d.to) == year))
    }
}

/// The terms of the school year begun in `year`, by first day: those dated in that year when
/// there are any, else the yearly ones.
pub fn terms_in(terms: &[Term], year: i16) -> Vec<TermDates> {
    let of = |dated: Option<i16>| -> Vec<TermDates> {
        terms
            .iter()
            .filter(|term| term.dated_year() == dated)
            .filter_map(|term| term.in_year(year))
            .collect()
    };
    let mut found = of(Some(year));
    if found.is_empty() {
        found = of(None);
    }
    found.sort_by_key(|term| term.from);
    found
}

/// The term `day` falls in; in a holiday, the term that ended last before it; before the
/// first term of a school year, the last term of the year before.
pub fn term_of(terms: &[Term], day: Date) -> Option<TermDates> {
    let year = school_year_of(day);
    [year - 1, year]
        .into_iter()
        .flat_map(|year| terms_in(terms, year))
        .filter(|term| term.from <= day)
        .max_by_key(|term| term.from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;

    #[test]
    fn the_default_quarters_cover_a_school_year() {
        let terms = default_terms();
        let second = term_of(&terms, date(2026, 11, 23)).expect("a term");
        assert_eq!(
            (second.name.as_str(), second.from, second.to),
            ("2 четверть", date(2026, 11, 5), date(2026, 12, 29))
        );
        let third = term_of(&terms, date(2027, 2, 1)).expect("a term");
        assert_eq!((third.from, third.to), (date(2027, 1, 9), date(2027, 3, 22)));
    }

    #[test]
    fn a_holiday_belongs_to_the_term_just_ended() {
        let terms = default_terms();
        assert_eq!(term_of(&terms, date(2026, 11, 1)).expect("a term").name, "1 четверть");
        assert_eq!(term_of(&terms, date(2026, 8, 10)).expect("a term").name, "4 четверть");
    }

    #[test]
    fn only_month_and_day_are_accepted() {
        assert_eq!(month_day("09-01"), Some((9, 1)));
        assert_eq!(month_day("02-29"), Some((2, 29)));
        for bad in ["9-1", "13-01", "02-30", "2026-09-01", ""] {
            assert_eq!(month_day(bad), None, "{bad}");
        }
        let leap = Term {
            name: "x".into(),
            from: "02-29".into(),
            to: "03-01".into(),
        };
        assert_eq!(leap.in_year(2026).expect("dates").from, date(2027, 2, 28));
    }

    fn term(name: &str, from: &str, to: &str) -> Term {
        Term {
            name: name.into(),
            from: from.into(),
            to: to.into(),
        }
    }

    #[test]
    fn a_school_year_with_dated_terms_has_those_only() {
        let mut terms = default_terms();
        terms.push(term("1 триместр", "2026-09-01", "2026-11-29"));
        terms.push(term("2 триместр", "2026-11-30", "2027-02-28"));
        terms.push(term("3 триместр", "2027-03-01", "2027-05-31"));
        let names = |year| terms_in(&terms, year).into_iter().map(|t| t.name).collect::<Vec<_>>();
        assert_eq!(names(2026), ["1 триместр", "2 триместр", "3 триместр"]);
        assert_eq!(names(2027).len(), 4, "the next year has the quarters again");
        assert_eq!(names(2025)[0], "1 четверть");
        let now = term_of(&terms, date(2026, 12, 10)).expect("a term");
        assert_eq!((now.name.as_str(), now.from), ("2 триместр", date(2026, 11, 30)));
        assert_eq!(
            term_of(&terms, date(2026, 8, 20)).expect("a term").name,
            "4 четверть",
            "before the first dated term: the last quarter of the year before"
        );
    }

    #[test]
    fn a_term_is_sound_with_a_name_and_two_days_of_one_form_in_order() {
        assert!(term("1", "11-05", "01-10").is_sound(), "over the new year");
        assert!(term("1", "2026-11-05", "2027-01-10").is_sound());
        for bad in [
            term(" ", "09-01", "10-26"),
            term("1", "10-26", "09-01"),
            term("1", "2026-09-01", "10-26"),
            term("1", "2026-10-26", "2026-09-01"),
            term("1", "2026-09-01", "2027-08-01"),
            term("1", "2026-9-01", "2026-10-26"),
        ] {
            assert!(!bad.is_sound(), "{bad:?}");
        }
    }
}
