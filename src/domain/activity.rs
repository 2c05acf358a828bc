//! The activity log's vocabulary: who made a change and from where, what kind of change it
//! was, and the entry the log keeps of it forever.

use super::{ActivityId, UserId};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};

/// Who made a change, from where. While a manager acts as someone, `actor` is that someone
/// and `impersonator` the manager; a change from the command line has neither.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    pub actor: Option<UserId>,
    pub impersonator: Option<UserId>,
    /// The client's address as the server saw it.
    pub ip: Option<String>,
}

/// What was changed: the kind of record an entry is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entity {
    User,
    Tag,
    Subject,
    Course,
    Group,
    Lesson,
    Mark,
    Payment,
    Package,
    Task,
    Board,
    Event,
    File,
    Session,
    Import,
    Server,
}

macro_rules! actions {
    ($($variant:ident = $number:literal, $code:literal, $title:literal;)*) => {
        /// Every kind of change the log records.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum Action {
            $(#[serde(rename = $code)] $variant,)*
        }

        impl Action {
            /// Every action, in the order the history's filter lists them.
            pub const ALL: &[Action] = &[$(Action::$variant,)*];

            /// The action's number in the log's index by action: never reused, never changed.
            pub fn number(self) -> u64 {
                match self { $(Action::$variant => $number,)* }
            }

            /// The stored and API code, e.g. `user.created`.
            pub fn code(self) -> &'static str {
                match self { $(Action::$variant => $code,)* }
            }

            /// The Russian title the history shows.
            pub fn title(self) -> &'static str {
                match self { $(Action::$variant => $title,)* }
            }
        }
    };
}

// Each action: its number in the index by action (never reused or changed; a new action
// takes the next one), its code and its Russian title, in the order the history's filter lists them.
actions! {
    SignedIn = 1, "session.signed_in", "Вход в систему";
    SignedOut = 27, "session.signed_out", "Выход из системы";
    ImpersonationStarted = 2, "session.impersonation_started", "Вход под другим пользователем";
    ImpersonationEnded = 3, "session.impersonation_ended", "Возврат к своей учётной записи";
    OtherSessionsEnded = 4, "session.others_ended", "Завершение других сеансов";
    PasswordChanged = 5, "user.password_changed", "Смена своего пароля";
    PasswordResetRequested = 6, "user.password_reset_requested", "Запрос на восстановление пароля";
    PasswordReset = 7, "user.password_reset", "Восстановление пароля по ссылке";
    EmailVerified = 8, "user.email_verified", "Подтверждение e-mail";
    UserCreated = 9, "user.created", "Создание пользователя";
    UserUpdated = 10, "user.updated", "Изменение карточки";
    UserDeleted = 11, "user.deleted", "Удаление пользователя";
    UserRestored = 12, "user.restored", "Восстановление пользователя";
    PasswordSet = 13, "user.password_set", "Пароль задан менеджером";
    PasswordLinkSent = 14, "user.password_link_sent", "Ссылка для установки пароля";
    RolesChanged = 15, "user.roles_changed", "Изменение ролей";
    ParentsChanged = 16, "user.parents_changed", "Изменение родителей";
    ChildrenChanged = 17, "user.children_changed", "Изменение детей";
    TagsChanged = 18, "user.tags_changed", "Изменение тегов пользователя";
    NotificationSettingsChanged = 19, "user.notification_settings_changed", "Настройки уведомлений";
    UsersImported = 20, "import.committed", "Импорт из CSV";
    DemoSeeded = 21, "import.demo_seeded", "Создание демо-школы";
    TagCreated = 22, "tag.created", "Создание тега";
    TagUpdated = 23, "tag.updated", "Изменение тега";
    TagDeleted = 24, "tag.deleted", "Удаление тега";
    FileAdded = 25, "file.added", "Загрузка файла";
    FileDeleted = 26, "file.deleted", "Удаление файла";
    BackupCreated = 28, "backup.created", "Резервная копия";
    BackupFailed = 29, "backup.failed", "Сбой резервного копирования";
    DiskSpaceLow = 30, "server.disk_space_low", "Мало места на диске сервера";
    SubjectCreated = 31, "subject.created", "Создание предмета";
    SubjectUpdated = 32, "subject.updated", "Изменение предмета";
    SubjectDeleted = 33, "subject.deleted", "Удаление предмета";
    CourseCreated = 34, "course.created", "Создание курса";
    CourseUpdated = 35, "course.updated", "Изменение курса";
    CourseDeleted = 36, "course.deleted", "Удаление курса";
    EnrolmentCreated = 37, "enrolment.created", "Запись на курс";
    EnrolmentUpdated = 38, "enrolment.updated", "Изменение записи на курс";
    EnrolmentDeleted = 39, "enrolment.deleted", "Отчисление с курса";
    PersonSubjectsChanged = 40, "user.subjects_changed", "Изменение предметов пользователя";
    GroupCreated = 51, "group.created", "Создание группы";
    GroupUpdated = 52, "group.updated", "Изменение группы";
    GroupArchived = 53, "group.archived", "Группа в архиве";
    GroupDeleted = 54, "group.deleted", "Удаление группы";
    LessonCreated = 55, "lesson.created", "Создание занятия";
    LessonUpdated = 56, "lesson.updated", "Изменение занятия";
    LessonCancelled = 57, "lesson.cancelled", "Отмена занятия";
    LessonDeleted = 58, "lesson.deleted", "Удаление занятия";
    CalendarFeedRotated = 60, "calendar.feed_rotated", "Смена ссылки на календарь";
    LessonJournalSaved = 61, "journal.lesson_saved", "Запись журнала занятия";
    MarkCreated = 62, "mark.created", "Выставление оценки";
    MarkUpdated = 63, "mark.updated", "Изменение оценки";
    MarkDeleted = 64, "mark.deleted", "Удаление оценки";
    PaymentRecorded = 70, "payment.recorded", "Приём оплаты";
    EntryCharged = 71, "payment.charged", "Списание";
    EntryReversed = 72, "payment.reversed", "Сторнирование";
    PackageSold = 73, "package.sold", "Продажа абонемента";
    PackageFrozen = 74, "package.frozen", "Заморозка абонемента";
    PackageUpdated = 75, "package.updated", "Изменение абонемента";
    PackageRefunded = 76, "package.refunded", "Возврат остатка абонемента";
    MoneyPaidOut = 77, "payment.paid_out", "Выдача денег клиенту";
    TaskCreated = 80, "task.created", "Создание задачи";
    TaskUpdated = 81, "task.updated", "Изменение задачи";
    TaskMoved = 82, "task.moved", "Перемещение задачи на доске";
    TaskDeleted = 83, "task.deleted", "Удаление задачи";
    BoardCreated = 84, "board.created", "Создание доски";
    BoardUpdated = 85, "board.updated", "Изменение доски";
    BoardDeleted = 86, "board.deleted", "Удаление доски";
    EventCreated = 87, "event.created", "Создание события";
    EventUpdated = 88, "event.updated", "Изменение события";
    EventDeleted = 89, "event.deleted", "Удаление события";
    MailResent = 90, "mail.resent", "Повторная отправка письма";
}

impl std::str::FromStr for Action {
    type Err = ();

    fn from_str(code: &str) -> Result<Self, Self::Err> {
        Action::ALL.iter().copied().find(|a| a.code() == code).ok_or(())
    }
}

/// One entry of the append-only activity log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ActivityEntry {
    pub id: ActivityId,
    pub at: Timestamp,
    pub actor: Option<UserId>,
    pub impersonator: Option<UserId>,
    pub action: Action,
    pub entity: Entity,
    pub entity_id: Option<u64>,
    /// What changed, readable, in Russian (names as they were at the time).
    pub summary: String,
    pub ip: Option<String>,
    /// The people the change was done to (besides the actor), for their own logs.
    pub subjects: Vec<UserId>,
}

impl ActivityEntry {
    /// Everyone the entry concerns: actor, impersonator and subjects, without repeats.
    pub fn people(&self) -> Vec<UserId> {
        let mut people: Vec<UserId> = self
            .actor
            .into_iter()
            .chain(self.impersonator)
            .chain(self.subjects.iter().copied())
            .collect();
        people.sort();
        people.dedup();
        people
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_numbers_are_unique_and_codes_parse_back() {
        for action in Action::ALL {
            assert_eq!(action.code().parse::<Action>(), Ok(*action));
            assert_eq!(Action::ALL.iter().filter(|a| a.code() == action.code()).count(), 1);
            assert_eq!(Action::ALL.iter().filter(|a| a.number() == action.number()).count(), 1);
        }
        assert!("user.exploded".parse::<Action>().is_err());
    }

    #[test]
    fn the_people_of_an_entry_come_once_each() {
        let entry = ActivityEntry {
            id: ActivityId(1),
            at: Timestamp::UNIX_EPOCH,
            actor: Some(UserId(3)),
            impersonator: Some(UserId(1)),
            action: Action::UserUpdated,
            entity: Entity::User,
            entity_id: Some(3),
            summary: String::new(),
            ip: None,
            subjects: vec![UserId(3), UserId(7)],
        };
        assert_eq!(entry.people(), vec![UserId(1), UserId(3), UserId(7)]);
    }
}

/// What a page of the log is narrowed to.
#[derive(Clone, Debug, Default)]
pub struct ActivityFilter {
    /// Entries done by, as, or to this person.
    pub person: Option<UserId>,
    pub action: Option<Action>,
    /// Entries at or after this instant.
    pub from: Option<Timestamp>,
    /// Entries before this instant.
    pub until: Option<Timestamp>,
}
