//! The domain's closed lists (kinds of notification, of record, of mail, a mail's status) as
//! the API documents them: one macro mirrors a domain enum, so `domain` knows nothing of
//! OpenAPI and a variant added there fails to compile here until the API names it too.

use crate::domain::activity::Entity;
use crate::domain::calendar::EntryKind;
use crate::domain::course::EnrolmentStatus;
use crate::domain::event::EventKind;
use crate::domain::journal::{AttendanceStatus, MarkKind};
use crate::domain::ledger::{ChargeReason, EntryKind as LedgerKind, PaymentMethod};
use crate::domain::lesson::LessonStatus;
use crate::domain::mail::{MailKind, MailStatus};
use crate::domain::notification::NotificationKind;
use crate::domain::package::PackageStatus;
use crate::domain::role::Role;
use crate::domain::task::{TaskPriority, TaskStatus};

/// Declares an API enum with the variants of a domain enum (names in snake_case, in JSON and
/// in the document) and the conversions both ways (answers and query parameters).
macro_rules! mirror {
    ($(#[$doc:meta])* $name:ident as $schema:literal from $domain:ident { $($variant:ident),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, poem_openapi::Enum, serde::Serialize)]
        #[oai(rename = $schema, rename_all = "snake_case")]
        #[serde(rename_all = "snake_case")]
        pub enum $name {
            $($variant,)*
        }

        impl From<$domain> for $name {
            fn from(value: $domain) -> Self {
                match value {
                    $($domain::$variant => Self::$variant,)*
                }
            }
        }

        impl From<$name> for $domain {
            fn from(value: $name) -> Self {
                match value {
                    $($name::$variant => Self::$variant,)*
                }
            }
        }
    };
}

mirror! {
    /// What a notification is about.
    KindName as "NotificationKind" from NotificationKind {
        AccountCreated, PasswordChanged, RolesChanged, AccountUsed, FileAdded, ServerProblem,
        LessonScheduled, LessonMoved, LessonCancelled, AbsencesInRow, LowMark, LowBalance, PackageEnding,
        TaskAssigned, TaskDue, TaskDone, EventAnnounced, JournalUnfilled,
    }
}

mirror! {
    /// A person's role: `manager` (runs the school), `worker` (teaches), `student`, `parent`.
    RoleName as "Role" from Role { Manager, Worker, Student, Parent }
}

mirror! {
    /// The kind of record an entry of the log is about.
    EntityName as "Entity" from Entity { User, Tag, Subject, Course, Group, Lesson, Mark, Payment, Package, Task, Board, Event, File, Session, Import, Server }
}

mirror! {
    /// Where a student's enrolment in a course stands.
    EnrolmentStatusName as "EnrolmentStatus" from EnrolmentStatus { Active, Paused, Finished }
}

mirror! {
    /// Where a lesson stands.
    LessonStatusName as "LessonStatus" from LessonStatus { Planned, Done, Cancelled }
}

mirror! {
    /// How a student was at a lesson: present, late, absent with a reason, absent without one.
    AttendanceStatusName as "AttendanceStatus" from AttendanceStatus { Present, Late, Excused, Unexcused }
}

mirror! {
    /// What a mark was given for: the lesson, homework or a test.
    MarkKindName as "MarkKind" from MarkKind { Lesson, Homework, Test }
}

mirror! {
    /// What a calendar entry is: a lesson, or (once the events area exists) an event.
    EntryKindName as "CalendarEntryKind" from EntryKind { Lesson, Event }
}

mirror! {
    /// What a mail is for; decides its template.
    MailKindName as "MailKind" from MailKind { PasswordReset, VerifyEmail, SetPassword, Test, Notification }
}

mirror! {
    /// Where a mail is on its way out.
    MailStatusName as "MailStatus" from MailStatus { Queued, Sent, Failed }
}

#[cfg(test)]
mod tests {
    use super::*;
    use poem_openapi::types::ToJSON;

    #[test]
    fn the_api_names_are_the_stored_names() {
        for kind in NotificationKind::ALL {
            let stored = serde_json::to_value(kind).expect("json");
            assert_eq!(KindName::from(kind).to_json(), Some(stored.clone()));
            assert_eq!(serde_json::to_value(KindName::from(kind)).expect("json"), stored);
        }
        for entity in [
            Entity::User,
            Entity::Tag,
            Entity::Subject,
            Entity::Course,
            Entity::File,
            Entity::Session,
        ] {
            let stored = serde_json::to_value(entity).expect("json");
            assert_eq!(EntityName::from(entity).to_json(), Some(stored.clone()));
            assert_eq!(serde_json::to_value(EntityName::from(entity)).expect("json"), stored);
        }
        for kind in MailKind::ALL {
            let stored = serde_json::to_value(kind).expect("json");
            assert_eq!(MailKindName::from(kind).to_json(), Some(stored.clone()));
            assert_eq!(MailKind::from(MailKindName::from(kind)), kind);
        }
        for status in [MailStatus::Queued, MailStatus::Sent, MailStatus::Failed] {
            let stored = serde_json::to_value(status).expect("json");
            assert_eq!(MailStatusName::from(status).to_json(), Some(stored.clone()));
            assert_eq!(MailStatus::from(MailStatusName::from(status)), status);
        }
    }
}

mirror! {
    /// What a ledger entry is: a payment (adds to the balance), a charge (takes from it), a
    /// reversal (cancels one earlier entry), or a refund (with `reason: package`, a package's
    /// unused part credited; with a `method`, money paid out to the client).
    LedgerKindName as "LedgerKind" from LedgerKind { Payment, Charge, Reversal, Refund }
}

mirror! {
    /// How a payment was made: cash, card, bank transfer.
    PaymentMethodName as "PaymentMethod" from PaymentMethod { Cash, Card, Transfer }
}

mirror! {
    /// What a charge is for: a lesson, a package, a course, anything else.
    ChargeReasonName as "ChargeReason" from ChargeReason { Lesson, Package, Course, Other }
}

mirror! {
    /// Where a package stands today: active, frozen, expired, used up, cancelled (its sale
    /// reversed), refunded (its unused part given back).
    PackageStatusName as "PackageStatus" from PackageStatus { Active, Frozen, Expired, UsedUp, Cancelled, Refunded }
}

mirror! {
    /// Where a task stands: to do, in progress, done.
    TaskStatusName as "TaskStatus" from TaskStatus { Todo, InProgress, Done }
}

mirror! {
    /// How urgent a task is.
    TaskPriorityName as "TaskPriority" from TaskPriority { Low, Normal, High }
}

mirror! {
    /// What a school event is: a holiday, an exam, a meeting, anything else.
    EventKindName as "EventKind" from EventKind { Holiday, Exam, Meeting, Other }
}
