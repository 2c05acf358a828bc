//! The journal every change goes through: in the change's own transaction it appends the
//! activity log entry (who, as whom, from where, what), tells the people concerned by
//! notification, and queues the mail of those who chose it; after the commit it wakes the
//! mailer.

use super::ServiceError;
use crate::config::Config;
use crate::domain::activity::{Action, ActivityEntry, Entity, Origin};
use crate::domain::notification::{Notice, Notification};
use crate::domain::{ActivityId, NotificationId, User, UserId};
use crate::mail::{self, MailContext, MailDraft, MailKind, Mailer};
use crate::store::{Store, WriteTxn};
use crate::store::{StoreError, activity, notifications, users};
use jiff::Timestamp;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// One change, as the log and the notifications tell it.
#[derive(Clone, Debug)]
pub struct Change {
    pub action: Action,
    pub entity: Entity,
    pub entity_id: Option<u64>,
    /// Readable, in Russian.
    pub summary: String,
    /// The people it was done to.
    pub subjects: Vec<UserId>,
    /// Who is told.
    pub notices: Vec<Notice>,
    /// The actor when the request had none (a reset by a mailed link names its user).
    pub actor_if_anonymous: Option<UserId>,
}

impl Change {
    /// A change of anything.
    pub fn new(action: Action, entity: Entity, entity_id: Option<u64>, summary: impl Into<String>) -> Self {
        Self {
            action,
            entity,
            entity_id,
            summary: summary.into(),
            subjects: Vec::new(),
            notices: Vec::new(),
            actor_if_anonymous: None,
        }
    }

    /// A change done to `user` (the entry is about them and appears in their log).
    pub fn on_user(action: Action, user: &User, summary: impl Into<String>) -> Self {
        Self {
            subjects: vec![user.id],
            ..Self::new(action, Entity::User, Some(user.id.0), summary)
        }
    }

    /// Also concerns `people` (they find the entry in their logs).
    pub fn concerning(mut self, people: impl IntoIterator<Item = UserId>) -> Self {
        self.subjects.extend(people);
        self
    }

    /// Tells someone.
    pub fn notify(mut self, notice: Notice) -> Self {
        self.notices.push(notice);
        self
    }

    /// Names `user` as the actor when nobody is signed in.
    pub fn by_if_anonymous(mut self, user: UserId) -> Self {
        self.actor_if_anonymous = Some(user);
        self
    }
}

/// Records changes for one request (or one command); see the module comment. A clone records
/// for the same request (a change run by `Store::write_together` holds one).
#[derive(Clone)]
pub struct Journal {
    origin: Origin,
    config: Arc<Config>,
    mailer: Mailer,
    mail_queued: Arc<AtomicBool>,
}

impl Journal {
    /// The journal of changes made by `origin`; `mailer` is woken after commits that queued mail
    /// (from the command line, where no worker runs, the mail waits for the next server start).
    pub fn new(config: Arc<Config>, mailer: Mailer, origin: Origin) -> Self {
        Self {
            origin,
            config,
            mailer,
            mail_queued: Arc::default(),
        }
    }

    /// Appends `change` to the log and tells the people it concerns, in `txn`.
    pub fn record(&self, txn: &WriteTxn, change: Change) -> Result<(), StoreError> {
        let now = Timestamp::now();
        let actor = self.origin.actor.or(change.actor_if_anonymous);
        activity::append(
            txn,
            ActivityEntry {
                id: ActivityId(0),
                at: now,
                actor,
                impersonator: self.origin.impersonator,
                action: change.action,
                entity: change.entity,
                entity_id: change.entity_id,
                summary: change.summary,
                ip: self.origin.ip.clone(),
                subjects: change.subjects,
            },
        )?;
        for notice in change.notices {
            let own_doing = Some(notice.to) == self.origin.actor && self.origin.impersonator.is_none();
            if own_doing && !notice.kind.told_to_the_actor() {
                continue;
            }
            self.tell(txn, notice, now)?;
        }
        Ok(())
    }

    fn tell(&self, txn: &WriteTxn, notice: Notice, now: Timestamp) -> Result<(), StoreError> {
        let Some(person) = users::get(txn, notice.to)?.filter(|u| u.deleted_at.is_none()) else {
            return Ok(());
        };
        let title = notice.kind.title().to_owned();
        let choice = notifications::choice(txn, person.id)?;
        if !choice.tells(notice.kind) {
            return Ok(());
        }
        let mailed = choice.mail.mails(notice.kind);
        let base = self.config.server.public_url.trim_end_matches('/');
        let link = format!("{base}{}", notice.link.as_deref().unwrap_or("/"));
        notifications::insert(
            txn,
            Notification {
                id: NotificationId(0),
                user_id: person.id,
                kind: notice.kind,
                title: title.clone(),
                body: notice.body.clone(),
                link: notice.link,
                created_at: now,
                read_at: None,
            },
        )?;
        if mailed {
            let draft = MailDraft {
                to: person.email.clone(),
                to_name: Some(person.full_name()),
                user_id: Some(person.id),
                kind: MailKind::Notification,
                link,
                valid_minutes: None,
                title: Some(title),
                body: Some(notice.body),
            };
            mail::enqueue(txn, &MailContext::from_config(&self.config), draft)?;
            self.mail_queued.store(true, Ordering::Relaxed);
        }
        Ok(())
    }

    /// Queues a mail of `kind` with a single-use link for `user` (see `mail_links::queue`);
    /// the mailer is woken at commit.
    pub fn queue_link(&self, txn: &WriteTxn, user: &User, kind: MailKind, minutes: u64) -> Result<(), ServiceError> {
        super::mail_links::queue(txn, &self.config, user, kind, minutes)?;
        self.mail_queued.store(true, Ordering::Relaxed);
        Ok(())
    }

    /// The school's settings (what a held lesson charges, the alerts' lines).
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The school's time zone (`school.timezone`).
    pub fn time_zone(&self) -> jiff::tz::TimeZone {
        self.config.time_zone()
    }

    /// Today's date in the school's time zone.
    pub fn today(&self) -> jiff::civil::Date {
        Timestamp::now().to_zoned(self.config.time_zone()).date()
    }

    /// The school's weight of a mark of `kind` (`journal.weights`).
    pub fn mark_weight(&self, kind: crate::domain::journal::MarkKind) -> u8 {
        self.config.journal.weights.of(kind)
    }

    /// True when the school requires confirmed e-mail addresses.
    pub fn requires_verified_email(&self) -> bool {
        self.config.auth.require_verified_email
    }

    /// Runs `work` with this journal in a write transaction shared with the changes that arrive
    /// together (`Store::write_together`), then wakes the mailer once that commit is on disk.
    pub fn write_together<T, E, F>(&self, store: &Store, mut work: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnMut(&WriteTxn, &Journal) -> Result<T, E> + Send + 'static,
    {
        let journal = self.clone();
        let done = store.write_together(move |txn| work(txn, &journal))?;
        self.committed();
        Ok(done)
    }

    /// Records `change` and commits `txn`: the last step of a change that has one record.
    pub fn commit_change(&self, txn: WriteTxn, change: Change) -> Result<(), StoreError> {
        self.record(&txn, change)?;
        self.commit(txn)
    }

    /// Commits `txn`, then wakes the mailer if a notification mail was queued.
    pub fn commit(&self, txn: WriteTxn) -> Result<(), StoreError> {
        txn.commit()?;
        self.committed();
        Ok(())
    }

    /// Wakes the mailer if a notification mail was queued: to call once the transaction that
    /// queued it is committed.
    pub fn committed(&self) {
        if self.mail_queued.swap(false, Ordering::Relaxed) {
            self.mailer.wake();
        }
    }
}
