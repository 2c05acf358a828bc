//! The list of marks (`GET /api/marks`): filtered by student, subject, group, days and kind,
//! newest first, each reader seeing only the marks he may (a manager all, a worker his
//! students', a student his own, a parent his children's).

use super::marks::{ShownMark, shown_mark};
use crate::config::Config;
use crate::domain::group::Group;
use crate::domain::journal::{Mark, MarkKind};
use crate::domain::{GroupId, Page, PageRequest, Role, SubjectId, UserId};
use crate::policy::Actor;
use crate::service::ServiceError;
use crate::service::schedule::School;
use crate::store::lessons::{self, Whose};
use crate::store::record::{self, Reader};
use crate::store::{Store, StoreError, groups, marks};
use jiff::Timestamp;
use jiff::civil::Date;
use std::collections::BTreeSet;

/// Which marks a list shows; each filter narrows it, `from` and `to` both included.
#[derive(Clone, Debug, Default)]
pub struct MarkQuery {
    pub student: Option<UserId>,
    pub subject: Option<SubjectId>,
    /// The group's students' marks in the group's subject.
    pub group: Option<GroupId>,
    pub from: Option<Date>,
    pub to: Option<Date>,
    pub kind: Option<MarkKind>,
}

/// The students `teacher` teaches: in his groups and at his lessons.
fn taught_by(txn: &impl Reader, teacher: UserId) -> Result<BTreeSet<UserId>, StoreError> {
    let mut students: BTreeSet<UserId> = groups::of_teacher(txn, teacher)?
        .into_iter()
        .flat_map(|g| g.student_ids)
        .collect();
    for lesson in lessons::of(txn, &Whose::Teacher(teacher), Timestamp::MIN, Timestamp::MAX)? {
        students.extend(lesson.student_ids);
    }
    Ok(students)
}

/// One page of the marks `query` asks for that `actor` may read, newest first.
pub fn list(
    store: &Store,
    actor: &Actor,
    query: &MarkQuery,
    request: PageRequest,
    config: &Config,
) -> Result<Page<ShownMark>, ServiceError> {
    if !actor.is_staff() && query.student.is_some_and(|s| !actor.sees(s)) {
        return Err(ServiceError::Forbidden(
            "Можно смотреть только свои оценки и оценки своих детей",
        ));
    }
    let school = School::load(store)?;
    let txn = store.read()?;
    let manager = actor.user.roles.contains(&Role::Manager);
    let taught = match actor.is_staff() && !manager {
        true => Some(taught_by(&txn, actor.user.id)?),
        false => None,
    };
    let group: Option<Group> = match query.group {
        Some(id) => Some(record::get(&txn, id)?.ok_or_else(|| ServiceError::NotFound("Группа не найдена".into()))?),
        None => None,
    };
    let (from, to) = (query.from.unwrap_or(Date::MIN), query.to.unwrap_or(Date::MAX));
    let keep = |m: &Mark| {
        let visible = manager
            || m.teacher_id == actor.user.id
            || taught
                .as_ref()
                .map_or_else(|| actor.sees(m.student_id), |t| t.contains(&m.student_id));
        visible
            && query.student.is_none_or(|s| s == m.student_id)
            && query.subject.is_none_or(|s| s == m.subject_id)
            && query.kind.is_none_or(|k| k == m.kind)
            && group
                .as_ref()
                .is_none_or(|g| g.subject_id == m.subject_id && g.student_ids.contains(&m.student_id))
            && (from..=to).contains(&m.date)
    };
    let now = Timestamp::now();
    let students: Option<Vec<UserId>> = if let Some(student) = query.student {
        Some(vec![student])
    } else if let Some(group) = &group {
        Some(group.student_ids.clone())
    } else if !actor.is_staff() {
        Some(
            std::iter::once(actor.user.id)
                .chain(actor.children.iter().copied())
                .collect(),
        )
    } else if query.subject.is_some() {
        None
    } else if let Some(taught) = &taught {
        Some(taught.iter().copied().collect())
    } else {
        let page = record::page(&txn, None, Some(&keep), request)?;
        return Ok(page.map(|m| shown_mark(m, actor, &school, now, config)));
    };
    let mut found = match (students, query.subject) {
        (Some(students), _) => {
            let mut found = Vec::new();
            for student in students {
                found.extend(marks::of_student(&txn, student, from, to)?);
            }
            found
        }
        (None, Some(subject)) => marks::of_subject(&txn, subject, from, to)?,
        (None, None) => Vec::new(),
    };
    found.retain(|m| keep(m));
    found.sort_by_key(|m| std::cmp::Reverse((m.date, m.id)));
    Ok(request
        .slice(found.into_iter())
        .map(|m| shown_mark(m, actor, &school, now, config)))
}
