//! The evening reminder of journals left unfilled: at `RUNS_AT` (the school's time) each teacher
//! is told, once, of his lessons that ended since the last run and are still planned, so a
//! lesson he held but did not record does not stay «Запланировано» unnoticed. How far the runs
//! have got is kept (`store::job_runs`): a restart reminds of nothing twice, and a run missed
//! while the server was down is made at start, for every lesson that ended meanwhile (at most
//! `LOOK_BACK` ago). The very first start only marks where the runs begin: what ended before it
//! is on the teachers' start pages already.

use crate::domain::UserId;
use crate::domain::activity::{Action, Entity};
use crate::domain::lesson::{Lesson, LessonStatus};
use crate::domain::notification::{Notice, NotificationKind};
use crate::domain::timetable::MAX_DURATION_MINUTES;
use crate::service::journal::{Change, Journal};
use crate::service::schedule::School;
use crate::service::schedule::lessons::describe;
use crate::service::{AppState, ServiceError, daily};
use crate::store::{Store, job_runs, lessons};
use jiff::civil::Time;
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};
use std::collections::BTreeMap;
use std::time::Duration;

/// The local time of the daily run: the evening, when most lessons are over.
pub const RUNS_AT: Time = jiff::civil::time(20, 0, 0, 0);

/// How far back a run looks, at most: after the server was down long, no further than the
/// start page's list of unfilled lessons (`UNFILLED_DAYS` of the UI).
const LOOK_BACK: SignedDuration = SignedDuration::from_hours(7 * 24);

/// The key of how far the runs have got (`store::job_runs`).
pub const JOB: &str = "journal_reminders_until";

/// Tells each teacher of his lessons that ended after the last run (never more than
/// `LOOK_BACK` before `now`) and by `now`, and are still planned; keeps `now` as how far the
/// runs got. Nothing when the run due by `now` (today's at `RUNS_AT` once it has come, else
/// yesterday's) was already made; at the very first call, only `now` is kept. Returns how many
/// lessons it reminded of.
pub fn remind(store: &Store, journal: &Journal, tz: &TimeZone, now: Timestamp) -> Result<usize, ServiceError> {
    let txn = store.write()?;
    let Some(until) = job_runs::done_until(&txn, JOB)? else {
        job_runs::set_done_until(&txn, JOB, now)?;
        journal.commit(txn)?;
        return Ok(0);
    };
    let due = daily::last_run(&now.to_zoned(tz.clone()), RUNS_AT).map(|run| run.timestamp());
    if due.is_none_or(|due| until >= due) {
        return Ok(0);
    }
    let from = until.max(now - LOOK_BACK);
    let longest = SignedDuration::from_mins(i64::from(MAX_DURATION_MINUTES));
    let unfilled: Vec<Lesson> = lessons::between(&txn, from - longest, now)?
        .into_iter()
        .filter(|l| l.status == LessonStatus::Planned && l.ends_at() > from && l.ends_at() <= now)
        .collect();
    job_runs::set_done_until(&txn, JOB, now)?;
    if unfilled.is_empty() {
        journal.commit(txn)?;
        return Ok(0);
    }
    // Names are read only when someone is to be told: most starts and evenings tell nobody.
    let school = School::load(store)?;
    let mut by_teacher: BTreeMap<UserId, Vec<&Lesson>> = BTreeMap::new();
    for lesson in &unfilled {
        by_teacher.entry(lesson.teacher_id).or_default().push(lesson);
    }
    let mut change = Change::new(
        Action::LessonUpdated,
        Entity::Lesson,
        None,
        format!(
            "Напоминания о незаполненных журналах: занятий {}, учителей {}",
            unfilled.len(),
            by_teacher.len()
        ),
    )
    .concerning(by_teacher.keys().copied());
    for (teacher, lessons) in &by_teacher {
        change = change.notify(notice(*teacher, lessons, &school, tz));
    }
    journal.commit_change(txn, change)?;
    Ok(unfilled.len())
}

/// The reminder to `teacher` of `lessons` (by start): one leads to its lesson, several to the
/// start page, which lists them all.
fn notice(teacher: UserId, lessons: &[&Lesson], school: &School, tz: &TimeZone) -> Notice {
    let first = describe(lessons[0], school, tz);
    let (body, link) = match lessons {
        [one] => (
            format!("{first}: журнал не заполнен. Отметьте посещение или отмените занятие."),
            format!("/lessons/{}", one.id),
        ),
        _ => (
            format!("Не заполнены журналы занятий: {}. Первое — {first}.", lessons.len()),
            "/".to_owned(),
        ),
    };
    Notice {
        to: teacher,
        kind: NotificationKind::JournalUnfilled,
        body,
        link: Some(link),
    }
}

/// Reminds at `RUNS_AT` every day until the task is dropped, and at start when a run was
/// missed. Each wake-up reads the clock again; `remind` itself knows whether a run is due.
pub async fn keep_reminding(state: AppState) {
    let tz = state.config.time_zone();
    loop {
        let journal = state.journal(Default::default());
        let zone = tz.clone();
        let reminded = state
            .run(move |store| remind(store, &journal, &zone, Timestamp::now()))
            .await;
        match reminded {
            Ok(0) => {}
            Ok(reminded) => tracing::info!(reminded, "teachers reminded of unfilled journals"),
            Err(err) => tracing::error!("reminding teachers of unfilled journals failed: {err}"),
        }
        let Some(next) = daily::next_run(&Timestamp::now().to_zoned(tz.clone()), RUNS_AT) else {
            return;
        };
        let wait = next.timestamp().duration_since(Timestamp::now());
        tokio::time::sleep(Duration::try_from(wait).unwrap_or_default()).await;
    }
}

#[cfg(test)]
mod tests;
