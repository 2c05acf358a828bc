//! Every permission rule of the portal, as plain functions of who is asking. Each API
//! operation names its rule here; nothing else decides who may do what.

use crate::domain::activity::Origin;
use crate::domain::notification::{Notification, NotificationKind};
use crate::domain::{Role, User, UserId};
use std::sync::Arc;

mod journal;
mod money;
mod teaching;
mod work;
pub use journal::*;
pub use money::*;
pub use teaching::*;
pub use work::*;

/// A signed-in user making a request.
#[derive(Clone, Debug)]
pub struct Actor {
    /// Shared with the directory, which keeps every user decoded.
    pub user: Arc<User>,
    /// The stored key of the session the request came with.
    pub session_key: [u8; 32],
    /// While a manager acts as this user: the manager's id.
    pub impersonator: Option<UserId>,
    /// The session's CSRF token.
    pub csrf_token: String,
    /// The user's children (for `master-by-url`: a parent reads his children).
    pub children: Vec<UserId>,
}

impl Actor {
    /// Manager or worker.
    pub fn is_staff(&self) -> bool {
        crate::domain::role::is_staff(&self.user.roles)
    }

    /// True when this actor may see every user (staff), so lists need not ask per person.
    pub fn sees_everyone(&self) -> bool {
        self.is_staff()
    }

    /// True when this actor may see `target`: staff see everyone, others themselves and
    /// their children.
    pub fn sees(&self, target: UserId) -> bool {
        self.sees_everyone() || target == self.user.id || self.children.contains(&target)
    }
}

/// Whether `actor` sees `person`'s private fields (the staff notes): staff do; nobody else,
/// not even the person. Asked per person (by the service, after loading them), so a rule that
/// depends on the person too changes here only.
pub fn sees_private_fields(actor: &Actor, _person: &User) -> bool {
    actor.is_staff()
}

/// Whether `actor` may open `person`'s card: someone he may see (`Actor::sees`), and a deleted
/// person only when he is staff.
pub fn sees_person(actor: &Actor, person: &User) -> bool {
    actor.sees(person.id) && (person.deleted_at.is_none() || actor.is_staff())
}

/// Why a manager may not act as this person.
pub const NOT_AS_A_MANAGER: &str = "Нельзя войти под учётной записью другого менеджера";

/// A manager may act as a worker, student or parent, never as another manager.
pub fn may_be_acted_as(target: &User) -> bool {
    !target.roles.contains(&Role::Manager)
}

/// A "login as" session lives only while the manager behind it still could start one: not
/// deleted and still a manager (his password and sign-outs end it too, see `store::sessions`).
pub fn may_impersonate(manager: &User) -> bool {
    manager.deleted_at.is_none() && manager.roles.contains(&Role::Manager)
}

/// Whoever is making a request: maybe nobody.
#[derive(Clone, Debug, Default)]
pub struct Caller {
    pub actor: Option<Actor>,
    /// The school requires confirmed e-mail addresses (`auth.require_verified_email`).
    pub verification_required: bool,
    /// The client's address, for the activity log (made text only when a change is logged).
    pub ip: Option<std::net::IpAddr>,
}

/// What an operation requires of its caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Anyone, signed in or not.
    Public,
    /// Signed in, even with an unconfirmed e-mail (reading oneself, signing out, confirming).
    SignedInUnverified,
    /// Signed in, with a confirmed e-mail where the school requires one.
    SignedIn,
    /// Staff: a manager or a worker.
    Staff,
    /// A manager.
    Manager,
    /// A manager acting as himself (not while impersonating someone): may "login as".
    Impersonate,
    /// `master-by-url`: staff, the user himself, or one of his parents.
    SeeUser(UserId),
    /// What belongs to one account (its notifications): the user himself or a manager.
    OwnOrManager(UserId),
    /// What shows a person what was done in their name (notification settings, marking all
    /// notifications read): like `OwnOrManager`, but never while acting as someone, so the
    /// trace of being acted as cannot be hidden.
    OwnTrace(UserId),
    /// A person's private calendar link (reading and rotating it): the person himself, his
    /// parents (who keep a child's timetable on their own phone and may cut a leaked link), or a
    /// manager. Not a worker: the link is the person's key, not a record of the school.
    CalendarFeed(UserId),
}

/// Who reads the catalogue (subjects, courses and their enrolments): staff (`/subjects` is a
/// worker page, spec §2).
pub const READ_CATALOG: Rule = Rule::Staff;

/// Who creates, edits, archives and deletes subjects: staff ("a worker manages subjects",
/// issue 13); their prices a manager only (`changes_prices`).
pub const MANAGE_SUBJECTS: Rule = Rule::Staff;

/// Who creates, edits and deletes courses and enrols students: managers (the issue gives
/// workers subjects, groups and lessons, not courses).
pub const MANAGE_COURSES: Rule = Rule::Manager;

/// Who reads and sets what a person studies or teaches: staff (`/users/{id}/subjects` is a
/// worker page, spec §2); a student's own prices a manager only (`changes_prices`).
pub const PERSON_SUBJECTS: Rule = Rule::Staff;

/// Who reads a person's courses and his lessons in one: `master-by-url` (spec §2 guard
/// "none", still checked here): staff, the person, his parents.
pub fn person_courses(person: UserId) -> Rule {
    Rule::SeeUser(person)
}

/// Who sees a notification to mark it read: its owner or a manager. Anyone else is told it
/// does not exist: whether it does is nobody else's business.
pub fn sees_notification(actor: &Actor, notification: &Notification) -> bool {
    actor.user.roles.contains(&Role::Manager) || notification.user_id == actor.user.id
}

/// Whether marking `notification` read by `actor` counts: its owner's own doing, or a
/// manager's for someone else, except the notice that someone acted as that person
/// (`AccountUsed`), which stays for the person to see; nothing while acting as someone (the
/// acted-as person's notices are his to read). Otherwise it stays unread.
pub fn marks_notification_read(actor: &Actor, notification: &Notification) -> bool {
    let own = notification.user_id == actor.user.id;
    let trace = notification.kind == NotificationKind::AccountUsed;
    actor.impersonator.is_none() && (own || (sees_notification(actor, notification) && !trace))
}

/// Why a caller was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Denied {
    /// Not signed in (401).
    Unauthenticated,
    /// The school requires a confirmed e-mail and this user has not confirmed it (409).
    Unverified,
    /// Signed in, but the rule does not admit this user (403).
    Forbidden,
}

impl Caller {
    /// Checks `rule`; for rules that need a user, returns them.
    pub fn allow(&self, rule: Rule) -> Result<Option<&Actor>, Denied> {
        if rule == Rule::Public {
            return Ok(self.actor.as_ref());
        }
        let actor = self.actor.as_ref().ok_or(Denied::Unauthenticated)?;
        if rule != Rule::SignedInUnverified && self.verification_required && actor.user.email_verified_at.is_none() {
            return Err(Denied::Unverified);
        }
        let manager = actor.user.roles.contains(&Role::Manager);
        let admitted = match rule {
            Rule::Public | Rule::SignedInUnverified | Rule::SignedIn => true,
            Rule::Staff => actor.is_staff(),
            Rule::Manager => manager,
            Rule::Impersonate => manager && actor.impersonator.is_none(),
            Rule::SeeUser(target) => actor.sees(target),
            Rule::OwnOrManager(owner) => manager || owner == actor.user.id,
            Rule::OwnTrace(owner) => (manager || owner == actor.user.id) && actor.impersonator.is_none(),
            Rule::CalendarFeed(owner) => manager || owner == actor.user.id || actor.children.contains(&owner),
        };
        if admitted {
            Ok(Some(actor))
        } else {
            Err(Denied::Forbidden)
        }
    }

    /// Who makes the changes of this request, as the activity log names them.
    pub fn origin(&self) -> Origin {
        Origin {
            actor: self.actor.as_ref().map(|a| a.user.id),
            impersonator: self.actor.as_ref().and_then(|a| a.impersonator),
            ip: self.ip.map(|ip| ip.to_canonical().to_string()),
        }
    }

    /// The client's address (see `web::client_addr`); unspecified when unknown.
    pub fn client_ip(&self) -> std::net::IpAddr {
        self.ip.unwrap_or(std::net::IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED))
    }

    /// Checks a rule that needs a signed-in user and returns that user.
    pub fn actor(&self, rule: Rule) -> Result<&Actor, Denied> {
        self.allow(rule)?.ok_or(Denied::Unauthenticated)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::domain::{Email, NewUser, Password, PersonName, Roles};

    /// A caller with `roles` (user 1, a parent of user 7), for the policy's tests.
    pub(crate) fn caller(roles: &[Role], verified: bool, required: bool) -> Caller {
        let now = jiff::Timestamp::now();
        let new = NewUser::new(
            Email::parse("a@school.ru").expect("email"),
            PersonName::parse("Иванова").expect("name"),
            PersonName::parse("Анна").expect("name"),
            roles.iter().copied().collect::<Roles>(),
            Password::generate().hash(),
        );
        let mut user = User::create(new, UserId(1), now);
        user.email_verified_at = verified.then_some(now);
        let actor = Actor {
            user: Arc::new(user),
            session_key: [0; 32],
            impersonator: None,
            csrf_token: String::new(),
            children: vec![UserId(7)],
        };
        Caller {
            actor: Some(actor),
            verification_required: required,
            ip: None,
        }
    }

    #[test]
    fn rules_by_role() {
        let nobody = Caller::default();
        assert!(nobody.allow(Rule::Public).is_ok());
        assert_eq!(nobody.allow(Rule::SignedIn).err(), Some(Denied::Unauthenticated));
        let student = caller(&[Role::Student], true, false);
        assert!(student.allow(Rule::SignedIn).is_ok());
        assert_eq!(student.allow(Rule::Manager).err(), Some(Denied::Forbidden));
        assert!(caller(&[Role::Manager], true, false).allow(Rule::Manager).is_ok());
    }

    #[test]
    fn master_by_url_admits_staff_self_and_parents() {
        let parent = caller(&[Role::Parent], true, false);
        assert!(parent.allow(Rule::SeeUser(UserId(1))).is_ok(), "himself");
        assert!(parent.allow(Rule::SeeUser(UserId(7))).is_ok(), "his child");
        assert_eq!(parent.allow(Rule::SeeUser(UserId(8))).err(), Some(Denied::Forbidden));
        assert_eq!(parent.allow(Rule::Staff).err(), Some(Denied::Forbidden));
        assert!(parent.allow(Rule::OwnOrManager(UserId(1))).is_ok(), "his own account");
        assert_eq!(
            parent.allow(Rule::OwnOrManager(UserId(7))).err(),
            Some(Denied::Forbidden),
            "not even his child's notifications"
        );
        assert!(
            caller(&[Role::Worker], true, false)
                .allow(Rule::SeeUser(UserId(8)))
                .is_ok()
        );
    }

    #[test]
    fn a_notification_is_marked_read_by_its_owner_or_a_manager() {
        use crate::domain::NotificationId;
        use crate::domain::notification::NotificationKind;
        let to = |user| Notification {
            id: NotificationId(1),
            user_id: UserId(user),
            kind: NotificationKind::FileAdded,
            title: String::new(),
            body: String::new(),
            link: None,
            created_at: jiff::Timestamp::UNIX_EPOCH,
            read_at: None,
        };
        let actor = |roles: &[Role]| caller(roles, true, false).actor.expect("actor");
        let parent = actor(&[Role::Parent]);
        assert!(marks_notification_read(&parent, &to(1)), "his own");
        assert!(!marks_notification_read(&parent, &to(7)), "not even his child's");
        assert!(!marks_notification_read(&actor(&[Role::Worker]), &to(7)));
        assert!(marks_notification_read(&actor(&[Role::Manager]), &to(7)));

        // The notice that someone acted as a person is his to read, and nothing is marked read
        // while acting as someone: a manager cannot hide that he did.
        let trace = |user| Notification {
            kind: NotificationKind::AccountUsed,
            ..to(user)
        };
        assert!(marks_notification_read(&parent, &trace(1)), "his own");
        assert!(sees_notification(&actor(&[Role::Manager]), &trace(7)));
        assert!(!marks_notification_read(&actor(&[Role::Manager]), &trace(7)));
        let mut acting = actor(&[Role::Student]);
        acting.impersonator = Some(UserId(2));
        assert!(!marks_notification_read(&acting, &to(1)), "not while acted as");
    }

    #[test]
    fn a_calendar_link_belongs_to_the_person_his_parents_and_managers() {
        let parent = caller(&[Role::Parent], true, false);
        assert!(parent.allow(Rule::CalendarFeed(UserId(1))).is_ok(), "his own");
        assert!(parent.allow(Rule::CalendarFeed(UserId(7))).is_ok(), "his child's");
        assert_eq!(
            parent.allow(Rule::CalendarFeed(UserId(8))).err(),
            Some(Denied::Forbidden)
        );
        let worker = caller(&[Role::Worker], true, false);
        assert_eq!(
            worker.allow(Rule::CalendarFeed(UserId(8))).err(),
            Some(Denied::Forbidden)
        );
        assert!(
            caller(&[Role::Manager], true, false)
                .allow(Rule::CalendarFeed(UserId(8)))
                .is_ok()
        );
    }

    #[test]
    fn only_a_manager_as_himself_may_impersonate() {
        let mut manager = caller(&[Role::Manager], true, false);
        assert!(manager.allow(Rule::Impersonate).is_ok());
        if let Some(actor) = manager.actor.as_mut() {
            actor.impersonator = Some(UserId(99));
        }
        assert_eq!(manager.allow(Rule::Impersonate).err(), Some(Denied::Forbidden));
        assert_eq!(
            caller(&[Role::Worker], true, false).allow(Rule::Impersonate).err(),
            Some(Denied::Forbidden)
        );
    }

    #[test]
    fn the_trace_of_being_acted_as_cannot_be_hidden_while_acting() {
        let mut student = caller(&[Role::Student], true, false);
        assert!(student.allow(Rule::OwnTrace(UserId(1))).is_ok());
        assert_eq!(student.allow(Rule::OwnTrace(UserId(7))).err(), Some(Denied::Forbidden));
        if let Some(actor) = student.actor.as_mut() {
            actor.impersonator = Some(UserId(99));
        }
        assert_eq!(student.allow(Rule::OwnTrace(UserId(1))).err(), Some(Denied::Forbidden));
        assert!(student.allow(Rule::OwnOrManager(UserId(1))).is_ok(), "reading stays");
        let manager = caller(&[Role::Manager], true, false);
        assert!(!may_be_acted_as(&manager.actor.as_ref().expect("actor").user));
        assert!(may_impersonate(&manager.actor.as_ref().expect("actor").user));
        assert!(may_be_acted_as(
            &caller(&[Role::Worker, Role::Parent], true, false)
                .actor
                .expect("actor")
                .user
        ));
    }

    #[test]
    fn private_fields_and_deleted_people_are_for_staff() {
        let actor = |roles: &[Role]| caller(roles, true, false).actor.expect("actor");
        let (student, worker) = (actor(&[Role::Student]), actor(&[Role::Worker]));
        assert!(!sees_private_fields(&student, &student.user), "not even his own notes");
        assert!(sees_private_fields(&worker, &student.user));
        let mut child = (*actor(&[Role::Student]).user).clone();
        child.id = UserId(7);
        assert!(sees_person(&student, &child), "his child");
        child.deleted_at = Some(jiff::Timestamp::now());
        assert!(!sees_person(&student, &child), "a deleted child: staff only");
        assert!(sees_person(&worker, &child));
        child.id = UserId(8);
        assert!(!sees_person(&student, &child), "someone else's child");
    }

    #[test]
    fn unconfirmed_email_only_matters_when_the_school_requires_it() {
        assert!(caller(&[Role::Manager], false, false).allow(Rule::Manager).is_ok());
        let unverified = caller(&[Role::Manager], false, true);
        assert_eq!(unverified.allow(Rule::Manager).err(), Some(Denied::Unverified));
        assert!(unverified.allow(Rule::SignedInUnverified).is_ok());
    }
}
