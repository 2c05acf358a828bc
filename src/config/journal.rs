//! `[journal]`, `[money]` and `[alerts]`: how marks are weighed and rounded, the school's
//! terms, which absences are charged, and when parents are told.

use crate::domain::journal::MarkKind;
use crate::domain::term::{Term, default_terms};
use serde::{Deserialize, Serialize};

/// `[journal]`: marks, their weights, the term mark's rounding and the terms.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Journal {
    /// Days a teacher may change a mark he gave; a manager may always.
    pub edit_days: u32,
    /// The fraction of the average from which the term mark rounds up (0.5: 4.5 -> 5).
    pub round_up_from: f64,
    pub weights: MarkWeights,
    /// The school's terms, each `{ name, from = "MM-DD", to = "MM-DD" }`, repeating every year,
    /// or with «YYYY-MM-DD» dates for one school year (which then has those terms only).
    pub terms: Vec<Term>,
}

/// `[journal.weights]`: the weight a mark of each kind gets when none is given.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MarkWeights {
    pub lesson: u8,
    pub homework: u8,
    pub test: u8,
}

/// `[alerts]`: what parents are told about.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Alerts {
    /// This many lessons in a row missed without a reason tell the parents (once per run).
    pub unexcused_in_row: u32,
    /// A mark at or below this tells the parents.
    pub low_mark: u8,
    /// A balance falling below this many roubles tells the parents (once per crossing).
    pub low_balance: i64,
    /// A package left with this many lessons tells the parents.
    pub package_lessons_left: u32,
}

/// `[money]`: what a held lesson charges.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Money {
    /// Whether a lesson missed without a reason is charged like one attended (an excused
    /// absence never is).
    pub charge_unexcused: bool,
}

impl Default for Money {
    fn default() -> Self {
        Self { charge_unexcused: true }
    }
}

impl Default for Journal {
    fn default() -> Self {
        Self {
            edit_days: 14,
            round_up_from: 0.5,
            weights: MarkWeights::default(),
            terms: default_terms(),
        }
    }
}

impl Default for MarkWeights {
    fn default() -> Self {
        Self {
            lesson: 1,
            homework: 1,
            test: 2,
        }
    }
}

impl Default for Alerts {
    fn default() -> Self {
        Self {
            unexcused_in_row: 2,
            low_mark: 2,
            low_balance: 0,
            package_lessons_left: 1,
        }
    }
}

impl MarkWeights {
    /// The weight of a mark of `kind` given without one.
    pub fn of(&self, kind: MarkKind) -> u8 {
        match kind {
            MarkKind::Lesson => self.lesson,
            MarkKind::Homework => self.homework,
            MarkKind::Test => self.test,
        }
    }
}

impl Journal {
    /// The key and the reason of the first value types cannot refuse, if any.
    pub fn problem(&self) -> Option<(&'static str, String)> {
        if !(0.01..=0.99).contains(&self.round_up_from) {
            return Some((
                "journal.round_up_from",
                "ожидается доля от 0.01 до 0.99, например 0.5".into(),
            ));
        }
        let weights = [self.weights.lesson, self.weights.homework, self.weights.test];
        if weights
            .iter()
            .any(|weight| !crate::domain::journal::MARK_WEIGHTS.contains(weight))
        {
            return Some(("journal.weights", "вес оценки — число от 1 до 10".into()));
        }
        if let Some(term) = self.terms.iter().find(|term| !term.is_sound()) {
            return Some((
                "journal.terms",
                format!(
                    "у четверти «{}» ожидаются название и даты вида from = \"09-01\", to = \"10-26\" (каждый год) \
                     или from = \"2026-09-01\", to = \"2026-10-26\" (в одном учебном году); начало не позже конца",
                    term.name
                ),
            ));
        }
        None
    }
}

impl Alerts {
    /// The key and the reason of the first value types cannot refuse, if any.
    pub fn problem(&self) -> Option<(&'static str, String)> {
        if self.unexcused_in_row == 0 {
            return Some(("alerts.unexcused_in_row", "ожидается число больше нуля".into()));
        }
        if !crate::domain::journal::MARK_VALUES.contains(&self.low_mark) {
            return Some(("alerts.low_mark", "ожидается оценка от 1 до 5".into()));
        }
        if self.low_balance.unsigned_abs() > 10_000_000 {
            return Some((
                "alerts.low_balance",
                "ожидается сумма в рублях от -10000000 до 10000000".into(),
            ));
        }
        None
    }

    /// `low_balance` in kopecks.
    pub fn low_balance_kopecks(&self) -> i64 {
        self.low_balance * 100
    }
}
