//! No double booking: a teacher, a student or a room in two overlapping lessons that are not
//! cancelled, named in Russian («Учитель Белов И. В. занят: Математика, 16:00–17:00, каб. 12»).

use super::declension::agreeing;
use super::lesson::{Lesson, LessonStatus, room_key};
use super::timetable::span_in;
use super::{SubjectId, User, UserId};
use jiff::tz::TimeZone;

/// What a clash message names: people and subjects by id.
pub trait Names {
    /// The person `id`, if there is one.
    fn person(&self, id: UserId) -> Option<&User>;
    /// The subject's name (empty when unknown).
    fn subject(&self, id: SubjectId) -> String;
}

/// Whether two lessons overlap in time (one ending as the other starts does not).
pub fn overlaps(a: &Lesson, b: &Lesson) -> bool {
    a.starts_at < b.ends_at() && b.starts_at < a.ends_at()
}

/// Whether a lesson takes up its teacher, students and room (a cancelled one does not).
pub fn books(lesson: &Lesson) -> bool {
    lesson.status != LessonStatus::Cancelled
}

/// Every clash of `candidate` with `others`, one message each, in the order of `others`:
/// its teacher, each of its students and its room, in any other overlapping lesson that is
/// not cancelled. A cancelled candidate clashes with nothing; a lesson never clashes with
/// itself (same id).
pub fn clashes(candidate: &Lesson, others: &[Lesson], names: &impl Names, tz: &TimeZone) -> Vec<String> {
    if !books(candidate) {
        return Vec::new();
    }
    let mut found = Vec::new();
    let room = room_key(&candidate.room);
    for other in others {
        if other.id == candidate.id || !books(other) || !overlaps(candidate, other) {
            continue;
        }
        let what = described(other, names, tz);
        if other.teacher_id == candidate.teacher_id {
            found.push(busy_person("Учитель", "Учитель", candidate.teacher_id, names, &what));
        }
        for student in candidate.student_ids.iter().filter(|s| other.student_ids.contains(s)) {
            found.push(busy_person("Ученик", "Ученица", *student, names, &what));
        }
        if !room.is_empty() && room_key(&other.room) == room {
            let teacher = person_name(other.teacher_id, names);
            let subject = names.subject(other.subject_id);
            let span = span_in(other.starts_at, other.duration_minutes, tz);
            found.push(format!(
                "Кабинет {} занят: {subject}, {span}, учитель {teacher}",
                other.room.trim()
            ));
        }
    }
    found
}

/// «Математика, 16:00–17:00, каб. 12»: the lesson that is in the way.
fn described(lesson: &Lesson, names: &impl Names, tz: &TimeZone) -> String {
    let mut text = format!(
        "{}, {}",
        names.subject(lesson.subject_id),
        span_in(lesson.starts_at, lesson.duration_minutes, tz)
    );
    if !lesson.room.trim().is_empty() {
        text.push_str(&format!(", каб. {}", lesson.room.trim()));
    }
    text
}

/// «Учитель Белов И. В. занят: …», «Ученица Петрова А. занята: …».
fn busy_person(man: &str, woman: &str, id: UserId, names: &impl Names, what: &str) -> String {
    match names.person(id) {
        Some(user) => format!(
            "{} {} {}: {what}",
            agreeing(user, man, woman),
            user.short_name(),
            agreeing(user, "занят", "занята")
        ),
        None => format!("{man} №{id} занят: {what}"),
    }
}

fn person_name(id: UserId, names: &impl Names) -> String {
    names.person(id).map_or_else(|| format!("№{id}"), User::short_name)
}

#[cfg(test)]
mod tests;
