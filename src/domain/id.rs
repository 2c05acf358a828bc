//! Record ids: one newtype per record table, made by `ids!`, stored and sent as a plain number
//! (serde transparent). The OpenAPI side (`integer`, `uint64`, `minimum: 1`) is `api::ids`.

/// Declares id newtypes over `u64`: `ids! { /// doc \n FooId; }`. Each converts to and from
/// `u64` (the key of its table) and shows as its number.
#[macro_export]
macro_rules! ids {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash,
            serde::Serialize, serde::Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub u64);

        impl From<u64> for $name {
            fn from(id: u64) -> Self {
                Self(id)
            }
        }

        impl From<$name> for u64 {
            fn from(id: $name) -> u64 {
                id.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    )*};
}

ids! {
    /// A person's id: a per-table sequence, below 2^53 so JavaScript keeps it exact.
    UserId;
    /// A tag's id.
    TagId;
    /// A file's id in a cabinet.
    FileId;
    /// A mail's id in the outbox and history.
    MailId;
    /// A notification's id.
    NotificationId;
    /// An activity log entry's id (1, 2, 3 … in the order of writing).
    ActivityId;
    /// A subject's id.
    SubjectId;
    /// A course's id.
    CourseId;
    /// An enrolment's id (a student in a course).
    EnrolmentId;
    /// A group's id (a group lesson with a weekly timetable).
    GroupId;
    /// A lesson's id (one occurrence).
    LessonId;
    /// A mark's id.
    MarkId;
    /// A ledger entry's id (1, 2, 3 … in the order of writing; none is ever removed).
    EntryId;
    /// A prepaid package's id (абонемент).
    PackageId;
    /// A task's id.
    TaskId;
    /// A board's id.
    BoardId;
    /// A school event's id.
    EventId;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_plain_numbers_in_json() {
        assert_eq!(serde_json::to_string(&UserId(7)).expect("json"), "7");
        let back: TagId = serde_json::from_str("12").expect("parses");
        assert_eq!(back, TagId(12));
        assert_eq!(u64::from(FileId::from(3)), 3);
        assert_eq!(MailId(5).to_string(), "5");
    }
}
