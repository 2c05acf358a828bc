//! Groups: list, create, change, archive or delete, each change bringing the group's future
//! planned lessons in line with it in the same commit (see `materialise`).

use super::School;
use super::form::{self, GroupForm};
use super::materialise::{OnClash, foresee, materialise, written};
use super::notify::tell;
use crate::domain::activity::{Action, Entity};
use crate::domain::clash::Names;
use crate::domain::group::{Group, GroupOrder, GroupQuery};
use crate::domain::lesson::{Lesson, LessonStatus};
use crate::domain::notification::NotificationKind;
use crate::domain::search::{Words, collation_key};
use crate::domain::timetable::in_words;
use crate::domain::{GroupId, Page, PageRequest, UserId};
use crate::policy::{self, Actor};
use crate::service::gradebook::lesson_rows;
use crate::service::journal::{Change, Journal};
use crate::service::{FieldErrors, ServiceError};
use crate::store::WriteTxn;
use crate::store::{Store, groups, lessons, record};
use jiff::Timestamp;
use jiff::tz::TimeZone;

fn not_found() -> ServiceError {
    ServiceError::NotFound("Группа не найдена".into())
}

/// Why an edit made from a group someone has changed since is refused (a 422 on `version`).
const CHANGED_MEANWHILE: &str = "Группу изменили, пока вы её правили. Обновите страницу и внесите изменения снова.";

/// The group's version as readers are given it, the one a change names to be made at all.
pub fn version(group: &Group) -> String {
    record::version(group)
}

/// Refuses an edit made from version `made_from` when `group` is no longer that version (none
/// sent: the edit is made to the group as it is).
fn unchanged_since(group: &Group, made_from: Option<&str>) -> Result<(), ServiceError> {
    match made_from {
        Some(sent) if sent != version(group) => Err(FieldErrors::one("version", CHANGED_MEANWHILE)),
        _ => Ok(()),
    }
}

/// One page of the groups `query` admits, in its order (ties by name), with the school that
/// names their subjects and teachers.
pub fn list(store: &Store, query: &GroupQuery, request: PageRequest) -> Result<(Page<Group>, School), ServiceError> {
    let txn = store.read()?;
    let found = match (query.teacher, query.student) {
        (Some(teacher), _) => groups::of_teacher(&txn, teacher)?,
        (None, Some(student)) => groups::of_student(&txn, student)?,
        (None, None) => record::all::<Group>(&txn)?,
    };
    let words = Words::of(&query.search);
    let kept = found
        .into_iter()
        .filter(|g| query.teacher.is_none_or(|t| g.teacher_id == t))
        .filter(|g| query.student.is_none_or(|s| g.student_ids.contains(&s)))
        .filter(|g| query.subject.is_none_or(|s| g.subject_id == s))
        .filter(|g| query.archived.admits(g.archived))
        .filter(|g| words.all_in(&crate::domain::search::fold(&g.name)));
    let school = School::load(store)?;
    let key = |g: &Group| {
        let column = match query.order {
            GroupOrder::Name => String::new(),
            GroupOrder::Subject => collation_key(&[&school.subject(g.subject_id)]),
            GroupOrder::Teacher => collation_key(&[&school.short_name(g.teacher_id)]),
            GroupOrder::Students => format!("{:010}", g.student_ids.len()),
        };
        (column, collation_key(&[&g.name]), g.id)
    };
    let mut keyed: Vec<_> = kept.map(|g| (key(&g), g)).collect();
    keyed.sort_unstable_by(|(a, _), (b, _)| if query.descending { b.cmp(a) } else { a.cmp(b) });
    let page = request.slice(keyed.into_iter().map(|(_, g)| g));
    Ok((page, school))
}

/// One group.
pub fn get(store: &Store, id: GroupId) -> Result<Group, ServiceError> {
    record::get(&store.read()?, id)?.ok_or_else(not_found)
}

/// «Группа «Алгебра 9»: вт, чт 16:00».
fn describe(group: &Group) -> String {
    format!("«{}»: {}", group.name, in_words(&group.schedule))
}

/// «Занятия группы «Алгебра 9» больше не проводятся».
fn ended(group: &Group) -> String {
    format!("Занятия группы «{}» больше не проводятся", group.name)
}

/// Group `id` as stored, if `actor` may change it (its teacher, or a manager).
fn managed(txn: &WriteTxn, actor: &Actor, id: GroupId) -> Result<Group, ServiceError> {
    let group: Group = record::get(txn, id)?.ok_or_else(not_found)?;
    if !policy::manages_group(actor, &group) {
        return Err(ServiceError::Forbidden(policy::NOT_YOUR_LESSON));
    }
    Ok(group)
}

/// The group `form` describes (as `form::group`, the students `there` kept), if `actor` may give it
/// its teacher.
fn assignable(
    txn: &WriteTxn,
    actor: &Actor,
    id: GroupId,
    form: GroupForm,
    there: &[UserId],
) -> Result<Group, ServiceError> {
    let group = form::group(txn, id, form, there)?;
    if !policy::may_assign(actor, group.teacher_id) {
        return Err(ServiceError::Forbidden(policy::NOT_ANOTHER_TEACHER));
    }
    Ok(group)
}

/// Where a group's notices take its students and their parents: their lessons (the group's
/// own page is staff's).
const THEIR_LESSONS: &str = "/lessons";

/// Creates a group and its lessons in one commit; a clash creates nothing.
pub fn create(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    form: GroupForm,
    tz: &TimeZone,
    now: Timestamp,
) -> Result<Group, ServiceError> {
    let school = School::load(store)?;
    let txn = store.write()?;
    let group = assignable(&txn, actor, record::next_id::<Group>(&txn)?, form, &[])?;
    record::insert_built(&txn, &group)?;
    let plan = materialise(&txn, (None, &group), &school, tz, now, OnClash::Refuse)?;
    let summary = format!("Создана группа {}; занятий: {}", describe(&group), plan.created);
    let change = Change::new(Action::GroupCreated, Entity::Group, Some(group.id.0), summary)
        .concerning(group.student_ids.iter().copied());
    let body = format!("Вы в группе {}", describe(&group));
    let change = tell(
        &txn,
        change,
        group.student_ids.clone(),
        NotificationKind::LessonScheduled,
        &body,
        THEIR_LESSONS,
    )?;
    journal.commit_change(txn, change)?;
    Ok(group)
}

/// What `create` would make of `form` (or `update` of group `id`): the number of lessons, or
/// the same 422 with every clash. Read from a snapshot: a check never waits for a save.
pub fn preview(
    store: &Store,
    actor: &Actor,
    id: Option<GroupId>,
    form: GroupForm,
    tz: &TimeZone,
    now: Timestamp,
) -> Result<usize, ServiceError> {
    let school = School::load(store)?;
    let txn = store.read()?;
    let old = match id {
        Some(id) => Some(record::get::<Group>(&txn, id)?.ok_or_else(not_found)?),
        None => None,
    };
    let there = old.as_ref().map_or(&[][..], |o| &o.student_ids);
    // A new group gets an id no group has: it has no lessons yet.
    let group = form::group(&txn, id.unwrap_or(GroupId(u64::MAX)), form, there)?;
    if old.as_ref().is_some_and(|o| !policy::manages_group(actor, o)) {
        return Err(ServiceError::Forbidden(policy::NOT_YOUR_LESSON));
    }
    if !policy::may_assign(actor, group.teacher_id) {
        return Err(ServiceError::Forbidden(policy::NOT_ANOTHER_TEACHER));
    }
    let plan = foresee(&txn, (old.as_ref(), &group), &school, tz, now)?;
    Ok(plan.created + plan.changed)
}

/// Changes a group (when `form.version` is sent, only if the group is still that version): its
/// future planned lessons follow (hand-moved, done and cancelled ones are
/// kept, and one with a topic or homework is never dropped), joining students get its future
/// lessons and leaving ones leave them.
pub fn update(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    id: GroupId,
    form: GroupForm,
    tz: &TimeZone,
    now: Timestamp,
) -> Result<Group, ServiceError> {
    let school = School::load(store)?;
    let txn = store.write()?;
    let old = managed(&txn, actor, id)?;
    unchanged_since(&old, form.version.as_deref())?;
    let group = assignable(&txn, actor, id, form, &old.student_ids)?;
    record::replace(&txn, &old, &group)?;
    let plan = materialise(&txn, (Some(&old), &group), &school, tz, now, OnClash::Refuse)?;
    let action = if group.archived && !old.archived {
        Action::GroupArchived
    } else {
        Action::GroupUpdated
    };
    let summary = format!(
        "Группа {} → {}; занятий новых: {}, изменённых: {}, убранных: {}",
        describe(&old),
        describe(&group),
        plan.created,
        plan.changed,
        plan.removed
    );
    let everyone = old.student_ids.iter().chain(&group.student_ids).copied();
    let change = Change::new(action, Entity::Group, Some(id.0), summary).concerning(everyone);
    let joined: Vec<UserId> = group
        .student_ids
        .iter()
        .filter(|s| !old.student_ids.contains(s))
        .copied()
        .collect();
    let body = format!("Вы в группе {}", describe(&group));
    let change = tell(
        &txn,
        change,
        joined.clone(),
        NotificationKind::LessonScheduled,
        &body,
        THEIR_LESSONS,
    )?;
    let left: Vec<UserId> = old
        .student_ids
        .iter()
        .filter(|s| !group.student_ids.contains(s))
        .copied()
        .collect();
    let body = format!(
        "Вы больше не в группе «{}»: её занятия убраны из расписания",
        group.name
    );
    let change = tell(
        &txn,
        change,
        left,
        NotificationKind::LessonCancelled,
        &body,
        THEIR_LESSONS,
    )?;
    let stayed = group.student_ids.iter().filter(|s| !joined.contains(s)).copied();
    let change = if action == Action::GroupArchived {
        let body = ended(&group);
        tell(
            &txn,
            change,
            stayed,
            NotificationKind::LessonCancelled,
            &body,
            THEIR_LESSONS,
        )?
    } else if plan.moved() {
        let body = format!("Расписание группы изменилось: {}", describe(&group));
        tell(
            &txn,
            change,
            stayed,
            NotificationKind::LessonMoved,
            &body,
            THEIR_LESSONS,
        )?
    } else {
        change
    };
    journal.commit_change(txn, change)?;
    Ok(group)
}

/// What became of a group asked to be deleted.
pub enum Removal {
    /// It had no lesson done or cancelled, none with a topic or homework and nothing in a
    /// journal: it and its lessons are gone.
    Deleted,
    /// It has history: it is archived, its future planned lessons removed (those with a topic,
    /// homework or a journal kept, cancelled).
    Archived(Group),
}

/// Deletes a group with no history, or archives one that has some: a lesson done or cancelled,
/// one with a topic or homework, or anything in a journal. Its future planned lessons are removed
/// either way, but for those with a topic, homework or a journal: an archived group's are kept,
/// cancelled (see `materialise`).
pub fn delete(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    id: GroupId,
    tz: &TimeZone,
    now: Timestamp,
) -> Result<Removal, ServiceError> {
    let school = School::load(store)?;
    let txn = store.write()?;
    let old = managed(&txn, actor, id)?;
    let all = lessons::of_group(&txn, id, Timestamp::MIN, Timestamp::MAX)?;
    // A mark given ahead of a planned lesson, or a topic or homework written on it, is history
    // too: it is never deleted with the group.
    let mut history = all.iter().any(|l| l.status != LessonStatus::Planned || written(l));
    for lesson in &all {
        if history {
            break;
        }
        history = lesson_rows::recorded(&txn, lesson.id)?;
    }
    let future_planned = all
        .iter()
        .any(|l| l.status == LessonStatus::Planned && l.starts_at > now);
    let (removal, action, summary) = if history {
        let archived = Group {
            archived: true,
            ..old.clone()
        };
        record::replace(&txn, &old, &archived)?;
        materialise(&txn, (Some(&old), &archived), &school, tz, now, OnClash::Refuse)?;
        let summary = format!("Группа {} в архиве", describe(&old));
        (Removal::Archived(archived), Action::GroupArchived, summary)
    } else {
        for lesson in &all {
            lesson_rows::removed(&txn, lesson)?;
            record::remove::<Lesson>(&txn, lesson.id)?;
        }
        record::remove::<Group>(&txn, id)?;
        let summary = format!("Удалена группа {}", describe(&old));
        (Removal::Deleted, Action::GroupDeleted, summary)
    };
    let change = Change::new(action, Entity::Group, Some(id.0), summary).concerning(old.student_ids.iter().copied());
    let change = if future_planned {
        let body = ended(&old);
        tell(
            &txn,
            change,
            old.student_ids.clone(),
            NotificationKind::LessonCancelled,
            &body,
            "/lessons",
        )?
    } else {
        change
    };
    journal.commit_change(txn, change)?;
    Ok(removal)
}
