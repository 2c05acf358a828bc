//! The activity log's vocabulary: who made a change and from where, what kind of change it
//! was, and the entry the log keeps of it forever.

use super::UserId;
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, poem_openapi::Enum)]
#[serde(rename_all = "snake_case")]
#[oai(rename_all = "snake_case")]
pub enum Entity {
    User,
    Tag,
    File,
    Session,
    Import,
}

macro_rules! actions {
    ($($variant:ident = $code:literal, $title:literal;)*) => {
        /// Every kind of change the log records.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum Action {
            $(#[serde(rename = $code)] $variant,)*
        }

        impl Action {
            /// Every action, in the order the history's filter lists them.
            pub const ALL: &[Action] = &[$(Action::$variant,)*];

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

actions! {
    SignedIn = "session.signed_in", "Вход в систему";
    SignedOut = "session.signed_out", "Выход из системы";
    ImpersonationStarted = "session.impersonation_started", "Вход под другим пользователем";
    ImpersonationEnded = "session.impersonation_ended", "Возврат к своей учётной записи";
    OtherSessionsEnded = "session.others_ended", "Завершение других сеансов";
    PasswordChanged = "user.password_changed", "Смена своего пароля";
    PasswordResetRequested = "user.password_reset_requested", "Запрос на восстановление пароля";
    PasswordReset = "user.password_reset", "Восстановление пароля по ссылке";
    EmailVerified = "user.email_verified", "Подтверждение e-mail";
    UserCreated = "user.created", "Создание пользователя";
    UserUpdated = "user.updated", "Изменение карточки";
    UserDeleted = "user.deleted", "Удаление пользователя";
    UserRestored = "user.restored", "Восстановление пользователя";
    PasswordSet = "user.password_set", "Пароль задан менеджером";
    PasswordLinkSent = "user.password_link_sent", "Ссылка для установки пароля";
    RolesChanged = "user.roles_changed", "Изменение ролей";
    ParentsChanged = "user.parents_changed", "Изменение родителей";
    ChildrenChanged = "user.children_changed", "Изменение детей";
    TagsChanged = "user.tags_changed", "Изменение тегов пользователя";
    NotificationSettingsChanged = "user.notification_settings_changed", "Настройки уведомлений";
    UsersImported = "import.committed", "Импорт из CSV";
    DemoSeeded = "import.demo_seeded", "Создание демо-школы";
    TagCreated = "tag.created", "Создание тега";
    TagUpdated = "tag.updated", "Изменение тега";
    TagDeleted = "tag.deleted", "Удаление тега";
    FileAdded = "file.added", "Загрузка файла";
    FileDeleted = "file.deleted", "Удаление файла";
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
    pub id: u64,
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
    fn codes_are_unique_and_parse_back() {
        for action in Action::ALL {
            assert_eq!(action.code().parse::<Action>(), Ok(*action));
            assert_eq!(Action::ALL.iter().filter(|a| a.code() == action.code()).count(), 1);
        }
        assert!("user.exploded".parse::<Action>().is_err());
    }

    #[test]
    fn the_people_of_an_entry_come_once_each() {
        let entry = ActivityEntry {
            id: 1,
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
