//! The span a journal read covers: the days asked for, or by default the current term or
//! school year, and the school's terms to pick from.

use crate::config::Journal;
use crate::domain::term::{Term, TermDates, school_year, school_year_of, term_of, terms_in};
use crate::service::schedule::lesson_list::start_of;
use crate::service::{FieldErrors, ServiceError};
use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};

/// What a journal read asks for: the days (`from`, `to` as sent), with the school's settings
/// and today's date in its time zone.
pub struct Ask<'a> {
    pub journal: &'a Journal,
    pub tz: &'a TimeZone,
    pub today: Date,
    pub from: Option<&'a str>,
    pub to: Option<&'a str>,
}

impl Ask<'_> {
    /// The period asked for, `fallback` when no days are.
    pub fn period(&self, fallback: Fallback) -> Result<Period, ServiceError> {
        Period::asked(&self.journal.terms, self.from, self.to, self.today, fallback)
    }
}

/// The longest span one read covers (two school years and a day), so one request stays small.
const LONGEST_DAYS: i32 = 731;

/// Days `from` to `to`, both included; `name` when they are one of the school's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Period {
    pub name: Option<String>,
    pub from: Date,
    pub to: Date,
}

/// What a read covers when no days are asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fallback {
    /// The term `today` falls in (a holiday: the term just ended).
    Term,
    /// The school year `today` falls in (August to July).
    SchoolYear,
}

impl Period {
    /// The instants it covers in `tz`: from the start of `from` to the start of the day after `to`.
    pub fn span(&self, tz: &TimeZone) -> (Timestamp, Timestamp) {
        (start_of(self.from, tz), start_of(self.to.saturating_add(1.day()), tz))
    }

    /// The default period for `today`.
    pub fn default_for(terms: &[Term], today: Date, default: Fallback) -> Self {
        let year = || {
            let (from, to) = school_year(school_year_of(today));
            Period { name: None, from, to }
        };
        match default {
            Fallback::Term => term_of(terms, today).map_or_else(year, |term| Period {
                name: Some(term.name),
                from: term.from,
                to: term.to,
            }),
            Fallback::SchoolYear => year(),
        }
    }

    /// The period `from` and `to` ask for (days «YYYY-MM-DD»; a bound left out is the default
    /// period's), or a 422 naming each bound that does not parse or a span that is reversed or
    /// longer than two years.
    pub fn asked(
        terms: &[Term],
        from: Option<&str>,
        to: Option<&str>,
        today: Date,
        default: Fallback,
    ) -> Result<Self, ServiceError> {
        let mut errors = FieldErrors::new();
        let (from_day, to_day) = (errors.day("from", from), errors.day("to", to));
        errors.into_result()?;
        let fallback = Self::default_for(terms, today, default);
        if from_day.is_none() && to_day.is_none() {
            return Ok(fallback);
        }
        let (from, to) = (from_day.unwrap_or(fallback.from), to_day.unwrap_or(fallback.to));
        if to < from {
            return Err(FieldErrors::one("to", "Конец периода раньше его начала"));
        }
        if to.since(from).map_or(true, |span| span.get_days() > LONGEST_DAYS) {
            return Err(FieldErrors::one("to", "Период — не длиннее двух лет"));
        }
        let name = terms_around(terms, to)
            .into_iter()
            .find(|term| term.from == from && term.to == to)
            .map(|term| term.name);
        Ok(Self { name, from, to })
    }
}

/// The terms of the school year `today` falls in and of the year before, in order.
pub fn terms_around(terms: &[Term], today: Date) -> Vec<TermDates> {
    let year = school_year_of(today);
    [year - 1, year]
        .into_iter()
        .flat_map(|year| terms_in(terms, year))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::term::default_terms;
    use jiff::civil::date;

    #[test]
    fn without_days_the_current_term_or_school_year() {
        let terms = default_terms();
        let today = date(2026, 11, 23);
        let term = Period::asked(&terms, None, Some(" "), today, Fallback::Term).expect("period");
        assert_eq!(term.name.as_deref(), Some("2 четверть"));
        assert_eq!((term.from, term.to), (date(2026, 11, 5), date(2026, 12, 29)));
        let year = Period::asked(&terms, None, None, today, Fallback::SchoolYear).expect("period");
        assert_eq!((year.from, year.to), (date(2026, 8, 1), date(2027, 7, 31)));
    }

    #[test]
    fn days_asked_are_checked_and_named_when_they_are_a_term() {
        let terms = default_terms();
        let today = date(2026, 11, 23);
        let asked = |from, to| Period::asked(&terms, from, to, today, Fallback::Term);
        let first = asked(Some("2026-09-01"), Some("2026-10-26")).expect("period");
        assert_eq!(first.name.as_deref(), Some("1 четверть"));
        assert_eq!(
            asked(Some("2026-09-02"), Some("2026-10-26")).expect("period").name,
            None
        );
        assert!(asked(Some("01.09.2026"), None).is_err());
        assert!(asked(Some("2026-10-01"), Some("2026-09-01")).is_err(), "reversed");
        assert!(asked(Some("2020-01-01"), Some("2026-01-01")).is_err(), "too long");
        assert_eq!(terms_around(&terms, today).len(), 8);
    }
}
