//! A group's timetable turned into stored lessons: from today (or the group's start) to its
//! end, or 26 weeks ahead when open-ended. Only future planned lessons follow a change; done,
//! cancelled and hand-moved ones are kept (a hand-moved one only follows the students who join
//! or leave), and one with a topic or homework is never dropped. Every clash of the lessons to
//! write is found before anything is written.

use super::{School, book};
use crate::domain::event::{Event, EventKind};
use crate::domain::group::Group;
use crate::domain::lesson::{Lesson, LessonStatus};
use crate::domain::timetable::{horizon, occurrences};
use crate::domain::{LessonId, UserId};
use crate::service::ServiceError;
use crate::service::gradebook::lesson_rows;
use crate::store::WriteTxn;
use crate::store::record::Reader;
use crate::store::{events, lessons, record};
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};
use std::collections::{BTreeMap, BTreeSet};

/// How far back a hand-moved lesson is looked for: one moved earlier than now still stands for
/// its future slot.
const MOVED_BACK: SignedDuration = SignedDuration::from_hours(24 * 7 * 8);

/// What a materialisation did.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    pub created: usize,
    pub changed: usize,
    pub removed: usize,
    /// Lessons changed more than their students (time, length, room, teacher …).
    pub rescheduled: bool,
    /// The clashes of the new lessons left out (`OnClash::LeaveOut`), one message each.
    pub left_out: Vec<String>,
}

/// What a clash of the lessons to write does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnClash {
    /// Nothing is written: a 422 names every clash (a change someone makes, who can fix it).
    Refuse,
    /// A new lesson that would clash is not made, the others are (the daily extension of the
    /// horizon: one lesson booked in the way, weeks ahead, must not stop the group's timetable).
    LeaveOut,
}

impl Plan {
    /// Whether the students' timetable moved (lessons appeared, went or changed time).
    pub fn moved(&self) -> bool {
        self.rescheduled || self.removed > 0 || self.created > 0
    }
}

/// Whether a teacher wrote something on `lesson` (a topic or homework): such a lesson is never
/// dropped by its group's timetable, and counts as the group's history.
pub fn written(lesson: &Lesson) -> bool {
    !lesson.topic.trim().is_empty() || !lesson.homework.trim().is_empty()
}

/// Brings `group`'s lessons after `now` in line with it (`old`: the group as it was). A future
/// planned lesson the timetable no longer wants goes, unless it has something in its journal or
/// was moved by hand (kept as it is), or has a topic or homework: that one still follows a change
/// of its own slot (room, length, teacher, keeping its texts), and is kept when its slot goes.
/// A clash refuses the whole change or leaves the clashing new lessons out (`on_clash`).
pub fn materialise(
    txn: &WriteTxn,
    change: (Option<&Group>, &Group),
    school: &School,
    tz: &TimeZone,
    now: Timestamp,
    on_clash: OnClash,
) -> Result<Plan, ServiceError> {
    let stored = of_group(txn, change.1, now)?;
    let mut next_id = || Ok(record::next_id::<Lesson>(txn)?);
    let draft = draft(txn, &stored, change, school, (tz, now), on_clash, &mut next_id)?;
    for lesson in stored.iter().filter(|l| draft.leaving.contains(&l.id)) {
        lesson_rows::removed(txn, lesson)?;
        record::remove::<Lesson>(txn, lesson.id)?;
    }
    for (was, lesson) in &draft.batch {
        match was {
            Some(was) => {
                record::replace(txn, *was, lesson)?;
                lesson_rows::moved(txn, was, lesson, tz)?;
            }
            None => record::insert_built(txn, lesson)?,
        }
    }
    Ok(draft.plan)
}

/// What `materialise` would do with `change` (refusing a clash), read from a snapshot: nothing
/// is written, and the new lessons get ids no stored lesson has.
pub fn foresee(
    txn: &impl Reader,
    change: (Option<&Group>, &Group),
    school: &School,
    tz: &TimeZone,
    now: Timestamp,
) -> Result<Plan, ServiceError> {
    let stored = of_group(txn, change.1, now)?;
    let mut unused = u64::MAX;
    let mut next_id = || {
        unused -= 1;
        Ok(LessonId(unused))
    };
    let draft = draft(txn, &stored, change, school, (tz, now), OnClash::Refuse, &mut next_id)?;
    Ok(draft.plan)
}

/// The lessons of `group` a change may touch: from `MOVED_BACK` before `now` on.
fn of_group(txn: &impl Reader, group: &Group, now: Timestamp) -> Result<Vec<Lesson>, ServiceError> {
    Ok(lessons::of_group(txn, group.id, now - MOVED_BACK, Timestamp::MAX)?)
}

/// The lessons a change of a group writes (each with the stored lesson it replaces, if any) and
/// removes, and what that amounts to.
struct Draft<'a> {
    plan: Plan,
    batch: Vec<(Option<&'a Lesson>, Lesson)>,
    leaving: BTreeSet<LessonId>,
}

/// The draft of `materialise` over the group's `stored` lessons, its clashes checked; a new
/// lesson's id comes from `next_id`.
fn draft<'a>(
    txn: &impl Reader,
    stored: &'a [Lesson],
    (old, group): (Option<&Group>, &Group),
    school: &School,
    (tz, now): (&TimeZone, Timestamp),
    on_clash: OnClash,
    next_id: &mut dyn FnMut() -> Result<LessonId, ServiceError>,
) -> Result<Draft<'a>, ServiceError> {
    let today = now.to_zoned(tz.clone()).date();
    // Who has something in each lesson's journal (lessons with nothing left out).
    let mut recorded = BTreeMap::new();
    for lesson in stored {
        let students = lesson_rows::recorded_students(txn, lesson.id)?;
        if !students.is_empty() {
            recorded.insert(lesson.id, students);
        }
    }
    // A lesson with something in its journal is kept as it is, as one moved by hand.
    let replaceable = |l: &Lesson| {
        l.status == LessonStatus::Planned && !l.moved_by_hand && l.starts_at > now && !recorded.contains_key(&l.id)
    };
    let claimed: BTreeSet<Timestamp> = stored
        .iter()
        .filter(|l| !replaceable(l))
        .map(|l| l.slot_at.unwrap_or(l.starts_at))
        .collect();
    let mut by_slot: BTreeMap<Timestamp, &Lesson> = stored
        .iter()
        .filter(|l| replaceable(l))
        .map(|l| (l.slot_at.unwrap_or(l.starts_at), l))
        .collect();
    let wanted = if group.archived {
        Vec::new()
    } else {
        let until = horizon(group.ends_on, today);
        occurrences(&group.schedule, group.starts_on.max(today), until, tz)
    };
    // Without a group price, each student pays his own price for the subject or the subject's,
    // as they stand when the lesson is held (`money::charges`): a price changed later reaches
    // the lessons planned ahead.
    let price = group.price;
    let holidays = holidays_over(txn, now, wanted.last().map(|o| o.starts_at))?;
    let mut plan = Plan::default();
    let mut batch: Vec<(Option<&Lesson>, Lesson)> = Vec::new();
    for occurrence in wanted
        .into_iter()
        .filter(|o| o.starts_at > now && !claimed.contains(&o.starts_at))
    {
        let fresh = Lesson {
            group_id: Some(group.id),
            course_id: group.course_id,
            student_ids: group.student_ids.clone(),
            room: group.room.clone(),
            price,
            slot_at: Some(occurrence.starts_at),
            ..Lesson::planned(
                group.teacher_id,
                group.subject_id,
                occurrence.starts_at,
                occurrence.duration_minutes,
            )
        };
        match by_slot.remove(&occurrence.starts_at) {
            Some(was) => {
                let kept = Lesson {
                    id: was.id,
                    topic: was.topic.clone(),
                    homework: was.homework.clone(),
                    ..fresh
                };
                if kept != *was {
                    plan.rescheduled |= kept.student_ids == was.student_ids
                        || Lesson {
                            student_ids: was.student_ids.clone(),
                            ..kept.clone()
                        } != *was;
                    plan.changed += 1;
                    batch.push((Some(was), kept));
                }
            }
            None => {
                plan.created += 1;
                let id = next_id()?;
                batch.push((
                    None,
                    Lesson {
                        id,
                        ..on_holiday(fresh, &holidays)
                    },
                ));
            }
        }
    }
    // A lesson with a topic or homework whose slot the timetable no longer has is kept.
    let unslotted: BTreeSet<LessonId> = by_slot.values().filter(|l| written(l)).map(|l| l.id).collect();
    // An unchanged group (the daily extension) loses none: a lesson past this run's horizon was
    // made by a run with a later `now`, and is still the group's.
    let mut leaving: BTreeSet<LessonId> = if old == Some(group) {
        BTreeSet::new()
    } else {
        by_slot
            .values()
            .map(|l| l.id)
            .filter(|id| !unslotted.contains(id))
            .collect()
    };
    // A future lesson moved by hand, with something in its journal, or with a topic or homework
    // and no slot left is not planned anew: it follows the group's students, keeping anyone with
    // something recorded in it. When the group is archived it goes, or, with a journal, a topic
    // or homework, is cancelled and keeps them.
    let nobody = BTreeSet::new();
    let kept = |l: &&Lesson| {
        l.status == LessonStatus::Planned
            && l.starts_at > now
            && (l.moved_by_hand || recorded.contains_key(&l.id) || unslotted.contains(&l.id))
    };
    for kept in stored.iter().filter(kept) {
        let journal = recorded.get(&kept.id);
        let history = journal.is_some() || written(kept);
        let lesson = match (group.archived, history, old) {
            (true, false, _) => {
                leaving.insert(kept.id);
                continue;
            }
            (true, true, _) => Lesson {
                status: LessonStatus::Cancelled,
                cancel_reason: ARCHIVED.to_owned(),
                ..kept.clone()
            },
            (false, _, Some(old)) => {
                let recorded = journal.unwrap_or(&nobody);
                let students = following_students(&kept.student_ids, &old.student_ids, &group.student_ids, recorded);
                if students == kept.student_ids {
                    continue;
                }
                Lesson {
                    student_ids: students,
                    ..kept.clone()
                }
            }
            (false, _, None) => continue,
        };
        plan.changed += 1;
        batch.push((Some(kept), lesson));
    }
    plan.removed = leaving.len();
    if on_clash == OnClash::LeaveOut {
        batch = without_clashing(txn, batch, &leaving, school, tz, &mut plan)?;
    }
    let lessons: Vec<Lesson> = batch.iter().map(|(_, l)| l.clone()).collect();
    book::check(txn, &lessons, &leaving, school, tz, true)?;
    Ok(Draft { plan, batch, leaving })
}

/// `batch` without its new lessons that would clash with lessons stored (but those `leaving`),
/// each counted out of `plan.created` and its clashes added to `plan.left_out`.
fn without_clashing<'a>(
    txn: &impl Reader,
    batch: Vec<(Option<&'a Lesson>, Lesson)>,
    leaving: &BTreeSet<LessonId>,
    school: &School,
    tz: &TimeZone,
    plan: &mut Plan,
) -> Result<Vec<(Option<&'a Lesson>, Lesson)>, ServiceError> {
    let mut kept = Vec::with_capacity(batch.len());
    for (was, lesson) in batch {
        let clashes = match was {
            Some(_) => Vec::new(),
            None => book::clashes(txn, std::slice::from_ref(&lesson), leaving, school, tz, true)?,
        };
        if clashes.is_empty() {
            kept.push((was, lesson));
        } else {
            plan.created -= 1;
            plan.left_out.extend(clashes);
        }
    }
    Ok(kept)
}

/// The holidays that cancel lessons and overlap the time from `now` to the last lesson to make
/// (starting at `last`; none without one).
fn holidays_over(txn: &impl Reader, now: Timestamp, last: Option<Timestamp>) -> Result<Vec<Event>, ServiceError> {
    let Some(last) = last else { return Ok(Vec::new()) };
    let mut found = events::overlapping(txn, now, last + SignedDuration::from_hours(24))?;
    found.retain(|e| e.kind == EventKind::Holiday && e.cancels_lessons);
    Ok(found)
}

/// A new lesson of the timetable, cancelled with the holiday's title as the reason when one of
/// `holidays` covers it, as if it had been there when the holiday was entered (so moving or
/// deleting the holiday brings it back; nobody is told of a lesson never in the timetable).
fn on_holiday(lesson: Lesson, holidays: &[Event]) -> Lesson {
    match holidays.iter().find(|h| h.cancels(&lesson)) {
        Some(holiday) => Lesson {
            status: LessonStatus::Cancelled,
            cancel_reason: holiday.title.clone(),
            ..lesson
        },
        None => lesson,
    }
}

/// Why a future lesson with a journal, a topic or homework is cancelled when its group is
/// archived.
const ARCHIVED: &str = "Группа переведена в архив";

/// A lesson's students after the group's changed from `before` to `after`: those who left are
/// taken off, unless something is `recorded` for them in it; those who joined are added; anyone
/// added to the lesson by hand stays.
fn following_students(
    lesson: &[UserId],
    before: &[UserId],
    after: &[UserId],
    recorded: &BTreeSet<UserId>,
) -> Vec<UserId> {
    let mut students: Vec<UserId> = lesson
        .iter()
        .filter(|s| !before.contains(s) || after.contains(s) || recorded.contains(s))
        .copied()
        .collect();
    students.extend(after.iter().filter(|s| !before.contains(s) && !lesson.contains(s)));
    students
}
