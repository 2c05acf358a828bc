//! Notifications: what a person is told about changes that concern them, and which kinds
//! they also want by e-mail.

use super::role::is_staff;
use super::{NotificationId, Role, Roles, UserId};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// What a notification is about; the person chooses per kind whether it also comes by mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NotificationKind {
    AccountCreated,
    PasswordChanged,
    RolesChanged,
    AccountUsed,
    FileAdded,
    ServerProblem,
    LessonScheduled,
    LessonMoved,
    LessonCancelled,
    AbsencesInRow,
    LowMark,
    LowBalance,
    PackageEnding,
    TaskAssigned,
    TaskDue,
    TaskDone,
    EventAnnounced,
    JournalUnfilled,
}

impl NotificationKind {
    /// Every kind, in the order the settings page lists them.
    pub const ALL: [NotificationKind; 18] = [
        NotificationKind::AccountCreated,
        NotificationKind::PasswordChanged,
        NotificationKind::RolesChanged,
        NotificationKind::AccountUsed,
        NotificationKind::FileAdded,
        NotificationKind::ServerProblem,
        NotificationKind::LessonScheduled,
        NotificationKind::LessonMoved,
        NotificationKind::LessonCancelled,
        NotificationKind::JournalUnfilled,
        NotificationKind::AbsencesInRow,
        NotificationKind::LowMark,
        NotificationKind::LowBalance,
        NotificationKind::PackageEnding,
        NotificationKind::TaskAssigned,
        NotificationKind::TaskDue,
        NotificationKind::TaskDone,
        NotificationKind::EventAnnounced,
    ];

    /// The stored and API name, e.g. `file_added`.
    pub fn as_str(self) -> &'static str {
        match self {
            NotificationKind::AccountCreated => "account_created",
            NotificationKind::PasswordChanged => "password_changed",
            NotificationKind::RolesChanged => "roles_changed",
            NotificationKind::AccountUsed => "account_used",
            NotificationKind::FileAdded => "file_added",
            NotificationKind::ServerProblem => "server_problem",
            NotificationKind::LessonScheduled => "lesson_scheduled",
            NotificationKind::LessonMoved => "lesson_moved",
            NotificationKind::LessonCancelled => "lesson_cancelled",
            NotificationKind::AbsencesInRow => "absences_in_row",
            NotificationKind::LowMark => "low_mark",
            NotificationKind::LowBalance => "low_balance",
            NotificationKind::PackageEnding => "package_ending",
            NotificationKind::TaskAssigned => "task_assigned",
            NotificationKind::TaskDue => "task_due",
            NotificationKind::TaskDone => "task_done",
            NotificationKind::EventAnnounced => "event_announced",
            NotificationKind::JournalUnfilled => "journal_unfilled",
        }
    }

    /// The kind named `name`, if there is one.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == name)
    }

    /// The Russian title.
    pub fn title(self) -> &'static str {
        match self {
            NotificationKind::AccountCreated => "Учётная запись создана",
            NotificationKind::PasswordChanged => "Пароль изменён",
            NotificationKind::RolesChanged => "Роли изменены",
            NotificationKind::AccountUsed => "Вход менеджера в учётную запись",
            NotificationKind::FileAdded => "Новый файл",
            NotificationKind::ServerProblem => "Неполадка на сервере",
            NotificationKind::LessonScheduled => "Новые занятия",
            NotificationKind::LessonMoved => "Занятие перенесено",
            NotificationKind::LessonCancelled => "Занятие отменено",
            NotificationKind::AbsencesInRow => "Пропуски без уважительной причины",
            NotificationKind::LowMark => "Низкая оценка",
            NotificationKind::LowBalance => "Баланс ниже порога",
            NotificationKind::PackageEnding => "Абонемент заканчивается",
            NotificationKind::TaskAssigned => "Новая задача",
            NotificationKind::TaskDue => "Срок задачи — завтра",
            NotificationKind::TaskDone => "Задача выполнена",
            NotificationKind::EventAnnounced => "Событие школы",
            NotificationKind::JournalUnfilled => "Журнал не заполнен",
        }
    }

    /// When it comes, in Russian, for the settings page.
    pub fn description(self) -> &'static str {
        match self {
            NotificationKind::AccountCreated => "Когда для Вас создают учётную запись",
            NotificationKind::PasswordChanged => "Когда Ваш пароль меняют или восстанавливают",
            NotificationKind::RolesChanged => "Когда менеджер меняет Ваши роли",
            NotificationKind::AccountUsed => "Когда менеджер входит в портал под Вашей учётной записью",
            NotificationKind::FileAdded => "Когда в Вашу карточку добавляют файл",
            NotificationKind::ServerProblem => {
                "Когда резервная копия школы не удалась или пропущена, или на диске сервера кончается место"
            }
            NotificationKind::LessonScheduled => "Когда Вам или Вашему ребёнку назначают занятия или расписание группы",
            NotificationKind::LessonMoved => "Когда занятие или расписание группы Вашего или Вашего ребёнка меняют",
            NotificationKind::LessonCancelled => "Когда Ваше занятие или занятие Вашего ребёнка отменяют",
            NotificationKind::AbsencesInRow => {
                "Когда Ваш ребёнок пропускает несколько занятий подряд без уважительной причины"
            }
            NotificationKind::LowMark => "Когда Ваш ребёнок получает низкую оценку",
            NotificationKind::LowBalance => "Когда баланс Вашего ребёнка опускается ниже порога школы",
            NotificationKind::PackageEnding => "Когда в абонементе Вашего ребёнка остаётся мало занятий",
            NotificationKind::TaskAssigned => "Когда Вам назначают задачу",
            NotificationKind::TaskDue => "Накануне срока Вашей задачи",
            NotificationKind::TaskDone => "Когда выполняют задачу, которую Вы поставили",
            NotificationKind::EventAnnounced => {
                "Когда школа назначает, переносит или отменяет событие, которое Вас касается"
            }
            NotificationKind::JournalUnfilled => "Вечером, если журнал Вашего прошедшего занятия ещё не заполнен",
        }
    }

    /// Whether it comes by mail for someone who never chose: the ones that matter for the
    /// account's safety do.
    pub fn mailed_by_default(self) -> bool {
        matches!(
            self,
            NotificationKind::PasswordChanged | NotificationKind::AccountUsed | NotificationKind::ServerProblem
        )
    }

    /// Whether someone with `roles` can be told of it, so his settings list it: a server's
    /// problem only managers, an unfilled journal only staff, a child's absences, marks and
    /// money only parents; the rest everyone.
    pub fn offered_to(self, roles: &Roles) -> bool {
        match self {
            NotificationKind::ServerProblem => roles.contains(&Role::Manager),
            NotificationKind::JournalUnfilled => is_staff(roles),
            NotificationKind::AbsencesInRow
            | NotificationKind::LowMark
            | NotificationKind::LowBalance
            | NotificationKind::PackageEnding => roles.contains(&Role::Parent),
            _ => true,
        }
    }

    /// Whether a person may switch it off altogether (then it does not come at all).
    pub fn may_be_switched_off(self) -> bool {
        self == NotificationKind::LowMark
    }

    /// Whether the person is told even when they made the change themselves.
    pub fn told_to_the_actor(self) -> bool {
        self == NotificationKind::PasswordChanged
    }
}

/// The kinds a person also gets by mail; `None` until they choose (then the defaults apply).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MailChoice(pub Option<BTreeSet<NotificationKind>>);

impl MailChoice {
    /// Whether `kind` comes by mail.
    pub fn mails(&self, kind: NotificationKind) -> bool {
        match &self.0 {
            Some(chosen) => chosen.contains(&kind),
            None => kind.mailed_by_default(),
        }
    }
}

/// What a person chose: the kinds that also come by mail, and the kinds switched off (those
/// that `may_be_switched_off`), which do not come at all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NotificationChoice {
    pub mail: MailChoice,
    pub off: BTreeSet<NotificationKind>,
}

impl NotificationChoice {
    /// Whether a notice of `kind` is told at all.
    pub fn tells(&self, kind: NotificationKind) -> bool {
        !self.off.contains(&kind)
    }
}

/// A notification in a person's list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Notification {
    pub id: NotificationId,
    pub user_id: UserId,
    pub kind: NotificationKind,
    pub title: String,
    pub body: String,
    /// A page of the portal to open, e.g. `/users/5`.
    pub link: Option<String>,
    pub created_at: Timestamp,
    pub read_at: Option<Timestamp>,
}

/// A notification before it is stored: to whom and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub to: UserId,
    pub kind: NotificationKind,
    pub body: String,
    pub link: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_the_stored_form() {
        for kind in NotificationKind::ALL {
            let stored = serde_json::to_value(kind).expect("json");
            assert_eq!(stored.as_str(), Some(kind.as_str()));
            assert_eq!(NotificationKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(NotificationKind::parse("spam"), None);
    }

    #[test]
    fn defaults_until_the_person_chooses() {
        let never_chose = MailChoice::default();
        assert!(never_chose.mails(NotificationKind::PasswordChanged));
        assert!(!never_chose.mails(NotificationKind::FileAdded));
        let chose = MailChoice(Some([NotificationKind::FileAdded].into()));
        assert!(chose.mails(NotificationKind::FileAdded));
        assert!(!chose.mails(NotificationKind::PasswordChanged));
    }

    #[test]
    fn each_role_is_offered_what_can_concern_it() {
        let offered = |roles: &[Role]| -> Vec<&str> {
            let roles: Roles = roles.iter().copied().collect();
            NotificationKind::ALL
                .into_iter()
                .filter(|kind| kind.offered_to(&roles))
                .map(NotificationKind::as_str)
                .collect()
        };
        let (student, parent) = (offered(&[Role::Student]), offered(&[Role::Parent]));
        let (worker, manager) = (offered(&[Role::Worker]), offered(&[Role::Manager]));
        assert!(worker.contains(&"journal_unfilled") && manager.contains(&"journal_unfilled"));
        assert!(!student.contains(&"journal_unfilled") && !parent.contains(&"journal_unfilled"));
        assert!(parent.contains(&"low_mark") && !worker.contains(&"low_mark"));
        assert!(manager.contains(&"server_problem") && !worker.contains(&"server_problem"));
        assert_eq!(
            offered(&[Role::Worker, Role::Parent]).len(),
            worker.len() + 4,
            "a teacher who is a parent"
        );
        assert!(student.contains(&"lesson_moved"));
    }
}
