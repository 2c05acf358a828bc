//! A student's standing in a subject over a period: the weighted average of his marks and the
//! term mark it rounds to by the school's threshold.

use crate::domain::journal::{Mark, term_mark, weighted_average};

/// The average of some marks and the term mark; both `None` without marks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    /// Weighted, to two decimals (the term mark is rounded from the exact value).
    pub average: Option<f64>,
    pub term_mark: Option<u8>,
}

/// The standing `marks` make, the term mark rounding up from `round_up_from`.
pub fn standing<'a>(marks: impl IntoIterator<Item = &'a Mark>, round_up_from: f64) -> Standing {
    let average = weighted_average(marks.into_iter().map(|mark| (mark.value, mark.weight)));
    of_average(average, round_up_from)
}

/// The standing of a weighted `average` (`None`: no marks).
pub fn of_average(average: Option<f64>, round_up_from: f64) -> Standing {
    Standing {
        average: average.map(|a| (a * 100.0).round() / 100.0),
        term_mark: average.map(|a| term_mark(a, round_up_from)),
    }
}
