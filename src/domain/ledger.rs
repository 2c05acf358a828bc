//! The money ledger: a student's append-only entries (payments, charges, reversals, refunds), the
//! balance they sum to, and what a held lesson charged each of its students.

use super::{EntryId, LessonId, PackageId, UserId};
use jiff::Timestamp;
use jiff::civil::Date;
use serde::{Deserialize, Serialize};

/// The most one entry may carry, in kopecks (10 000 000 ₽).
pub const MAX_AMOUNT: i64 = 1_000_000_000;

/// The day index's code of a reversal of a refund (`LedgerEntry::kind_code`).
const REFUND_REVERSAL_CODE: u8 = 5;

/// What an entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    /// Money received: adds to the balance.
    Payment,
    /// Money owed (a lesson, a package, a course …): takes from the balance.
    Charge,
    /// Cancels one earlier payment or charge; both stay visible.
    Reversal,
    /// Money given back: with a `reason` (`package`), the unused part of a package credited to
    /// the balance; with a `method`, money paid out to the client, taken from the balance.
    Refund,
}

/// How a payment was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PaymentMethod {
    Cash,
    Card,
    Transfer,
}

/// What a charge is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChargeReason {
    Lesson,
    Package,
    Course,
    Other,
}

/// One line of a student's ledger. Nothing is ever updated or removed: a mistake is corrected
/// by a reversal. A reversal carries the `method` (of a payment or money paid out) or the
/// `reason` (of a charge or a package's unused part credited) of the entry it reverses, and
/// whether that entry is a refund, so its sign and the totals by method need nothing else.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LedgerEntry {
    pub id: EntryId,
    pub student_id: UserId,
    pub kind: EntryKind,
    /// Kopecks, above zero; the sign comes from the kind (`effect`).
    pub amount: i64,
    pub method: Option<PaymentMethod>,
    pub reason: Option<ChargeReason>,
    pub lesson_id: Option<LessonId>,
    pub package_id: Option<PackageId>,
    pub reverses_id: Option<EntryId>,
    /// A reversal of a refund (which goes the other way from a payment or a charge of the same
    /// method or reason); an entry stored before this field existed is not one.
    #[serde(default)]
    pub reverses_refund: bool,
    pub note: String,
    /// The school-local day it belongs to (a payment's day may be set back by hand).
    pub date: Date,
    /// Who wrote it: the manager at the desk, the teacher whose journal charged a lesson; `None`
    /// for the server itself (the demo school).
    pub created_by: Option<UserId>,
    #[serde(with = "jiff::fmt::serde::timestamp::millisecond::required")]
    pub created_at: Timestamp,
}

impl LedgerEntry {
    /// What the entry does to the balance: a payment adds, a charge takes; a refund with a
    /// method (money paid out) takes, one with a reason (a package's unused part) adds; a
    /// reversal undoes the entry it reverses.
    pub fn effect(&self) -> i64 {
        let paid = self.method.is_some();
        match self.kind {
            EntryKind::Payment => self.amount,
            EntryKind::Charge => -self.amount,
            EntryKind::Refund if paid => -self.amount,
            EntryKind::Refund => self.amount,
            EntryKind::Reversal if paid != self.reverses_refund => -self.amount,
            EntryKind::Reversal => self.amount,
        }
    }

    /// The code of its kind for the day index: a reversal of a refund has a code of its own,
    /// so that the entries summed under one code and detail all go one way.
    pub fn kind_code(&self) -> u8 {
        if self.kind == EntryKind::Reversal && self.reverses_refund {
            REFUND_REVERSAL_CODE
        } else {
            self.kind.code()
        }
    }

    /// The code of its method (a payment, or a payment's reversal) or reason (a charge, or a
    /// charge's reversal), for the day index: methods 1–3, reasons 11–14.
    pub fn detail_code(&self) -> u8 {
        match (self.method, self.reason) {
            (Some(method), _) => method.code(),
            (None, Some(reason)) => reason.code(),
            (None, None) => 0,
        }
    }
}

impl EntryKind {
    /// Every kind, in the order a filter lists them.
    pub const ALL: [EntryKind; 4] = [Self::Payment, Self::Charge, Self::Reversal, Self::Refund];

    /// One byte, for the day index.
    pub fn code(self) -> u8 {
        match self {
            Self::Payment => 1,
            Self::Charge => 2,
            Self::Reversal => 3,
            Self::Refund => 4,
        }
    }

    /// The kind `code` (or a `LedgerEntry::kind_code`) stands for.
    pub fn from_code(code: u8) -> Option<Self> {
        if code == REFUND_REVERSAL_CODE {
            return Some(Self::Reversal);
        }
        Self::ALL.into_iter().find(|kind| kind.code() == code)
    }

    /// In Russian, as a ledger row says it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Payment => "Оплата",
            Self::Charge => "Списание",
            Self::Reversal => "Сторно",
            Self::Refund => "Возврат",
        }
    }
}

impl PaymentMethod {
    /// Every method, in the order the payment dialog lists them.
    pub const ALL: [PaymentMethod; 3] = [Self::Cash, Self::Card, Self::Transfer];

    /// One byte, for the day index.
    pub fn code(self) -> u8 {
        match self {
            Self::Cash => 1,
            Self::Card => 2,
            Self::Transfer => 3,
        }
    }

    /// The method `code` stands for.
    pub fn from_code(code: u8) -> Option<Self> {
        Self::ALL.into_iter().find(|method| method.code() == code)
    }

    /// In Russian.
    pub fn label(self) -> &'static str {
        match self {
            Self::Cash => "Наличные",
            Self::Card => "Карта",
            Self::Transfer => "Перевод",
        }
    }
}

impl ChargeReason {
    /// Every reason.
    pub const ALL: [ChargeReason; 4] = [Self::Lesson, Self::Package, Self::Course, Self::Other];

    /// One byte, for the day index (apart from the methods' codes).
    pub fn code(self) -> u8 {
        match self {
            Self::Lesson => 11,
            Self::Package => 12,
            Self::Course => 13,
            Self::Other => 14,
        }
    }

    /// The reason `code` stands for.
    pub fn from_code(code: u8) -> Option<Self> {
        Self::ALL.into_iter().find(|reason| reason.code() == code)
    }

    /// In Russian.
    pub fn label(self) -> &'static str {
        match self {
            Self::Lesson => "Занятие",
            Self::Package => "Абонемент",
            Self::Course => "Курс",
            Self::Other => "Прочее",
        }
    }
}

/// Why an amount in kopecks is refused, if it is.
pub fn amount_error(amount: i64) -> Option<&'static str> {
    if amount <= 0 {
        Some("Сумма должна быть больше нуля")
    } else if amount > MAX_AMOUNT {
        Some("Сумма не может быть больше 10 000 000,00 ₽")
    } else {
        None
    }
}

/// What a held lesson settled for one of its students: a charge in the ledger, or one lesson
/// of a package. Kept per (lesson, student), so a change of attendance, price or status knows
/// what to undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LessonCharge {
    /// The charge entry and its amount.
    Entry { entry_id: EntryId, amount: i64 },
    /// One lesson of this package.
    Package { package_id: PackageId },
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(kind: EntryKind, method: Option<PaymentMethod>, reason: Option<ChargeReason>) -> LedgerEntry {
        LedgerEntry {
            id: EntryId(1),
            student_id: UserId(2),
            kind,
            amount: 150_00,
            method,
            reason,
            lesson_id: None,
            package_id: None,
            reverses_id: None,
            reverses_refund: false,
            note: String::new(),
            date: Date::constant(2026, 11, 23),
            created_by: None,
            created_at: Timestamp::UNIX_EPOCH,
        }
    }

    #[test]
    fn a_reversal_undoes_what_it_reverses() {
        let cash = Some(PaymentMethod::Cash);
        let lesson = Some(ChargeReason::Lesson);
        assert_eq!(entry(EntryKind::Payment, cash, None).effect(), 150_00);
        assert_eq!(entry(EntryKind::Charge, None, lesson).effect(), -150_00);
        assert_eq!(entry(EntryKind::Reversal, cash, None).effect(), -150_00);
        assert_eq!(entry(EntryKind::Reversal, None, lesson).effect(), 150_00);
    }

    #[test]
    fn a_refund_credits_a_package_and_pays_money_out() {
        let package = Some(ChargeReason::Package);
        assert_eq!(entry(EntryKind::Refund, None, package).effect(), 150_00);
        assert_eq!(
            entry(EntryKind::Refund, Some(PaymentMethod::Card), None).effect(),
            -150_00
        );
    }

    #[test]
    fn a_reversal_of_a_refund_goes_the_other_way() {
        let reversal = |method, reason| LedgerEntry {
            reverses_refund: true,
            ..entry(EntryKind::Reversal, method, reason)
        };
        let paid_out = reversal(Some(PaymentMethod::Cash), None);
        assert_eq!(
            paid_out.effect(),
            150_00,
            "the money paid out comes back to the balance"
        );
        let credited = reversal(None, Some(ChargeReason::Package));
        assert_eq!(credited.effect(), -150_00, "the package's credit is taken back");
        assert_eq!(EntryKind::from_code(paid_out.kind_code()), Some(EntryKind::Reversal));
        assert_ne!(paid_out.kind_code(), EntryKind::Reversal.code());
        assert_eq!(
            entry(EntryKind::Reversal, None, None).kind_code(),
            EntryKind::Reversal.code()
        );
    }

    #[test]
    fn codes_go_both_ways_and_never_collide() {
        for kind in EntryKind::ALL {
            assert_eq!(EntryKind::from_code(kind.code()), Some(kind));
        }
        for method in PaymentMethod::ALL {
            assert_eq!(PaymentMethod::from_code(method.code()), Some(method));
            assert_eq!(ChargeReason::from_code(method.code()), None);
        }
        for reason in ChargeReason::ALL {
            assert_eq!(ChargeReason::from_code(reason.code()), Some(reason));
        }
    }

    #[test]
    fn amounts_are_whole_kopecks_above_zero_up_to_ten_million_roubles() {
        assert!(amount_error(0).is_some());
        assert!(amount_error(-1).is_some());
        assert_eq!(amount_error(1), None);
        assert_eq!(amount_error(MAX_AMOUNT), None);
        assert!(amount_error(MAX_AMOUNT + 1).is_some());
    }
}
