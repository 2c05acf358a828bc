//! A school event (holiday, exam, parent meeting …): when it is, whom it is for, and whether a
//! holiday cancels the lessons it covers.

use super::lesson::Lesson;
use super::role::{Role, Roles, is_staff};
use super::{EventId, GroupId, UserId};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};

/// The longest title, in characters.
pub const MAX_TITLE: usize = 200;
/// The longest event, in days (a summer break fits).
pub const MAX_DAYS: i64 = 100;

/// What an event is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    Holiday,
    Exam,
    Meeting,
    Other,
}

impl EventKind {
    /// In Russian, as a badge says it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Holiday => "Каникулы и праздники",
            Self::Exam => "Экзамен",
            Self::Meeting => "Собрание",
            Self::Other => "Другое",
        }
    }

    /// The palette colour (spec §9) the calendars show it in.
    pub fn color(self) -> &'static str {
        match self {
            Self::Holiday => "green",
            Self::Exam => "red",
            Self::Meeting => "purple",
            Self::Other => "gray",
        }
    }
}

/// Whom an event is for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Everyone of the school.
    All,
    /// Managers and workers.
    Staff,
    /// The students of these groups, their parents and the groups' teachers.
    Groups(Vec<GroupId>),
    /// These people (and a student's parents).
    People(Vec<UserId>),
}

/// A person as an audience sees him: his roles, the groups he studies or teaches in, his
/// children and the groups they study in.
#[derive(Clone, Copy, Debug)]
pub struct Member<'a> {
    pub id: UserId,
    pub roles: &'a Roles,
    pub groups: &'a [GroupId],
    pub children: &'a [UserId],
    pub children_groups: &'a [GroupId],
}

impl Audience {
    /// Whether the event is for `member`: everyone for `All`; managers and workers for
    /// `Staff`; the groups' students, their parents and teachers for `Groups`; the people and
    /// their parents for `People`. A manager sees every event.
    pub fn includes(&self, member: &Member) -> bool {
        if member.roles.contains(&Role::Manager) {
            return true;
        }
        match self {
            Self::All => true,
            Self::Staff => is_staff(member.roles),
            Self::Groups(ids) => ids
                .iter()
                .any(|g| member.groups.contains(g) || member.children_groups.contains(g)),
            Self::People(ids) => ids.contains(&member.id) || member.children.iter().any(|c| ids.contains(c)),
        }
    }

    /// Its API name: `all`, `staff`, `groups` or `people`.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::All => "all",
            Self::Staff => "staff",
            Self::Groups(_) => "groups",
            Self::People(_) => "people",
        }
    }

    /// Whether a holiday for this audience leaves `lesson` without anyone to hold or attend it.
    ///
    /// - everyone: every lesson;
    /// - the staff: lessons whose teacher is staff. The staff audience is every member of staff
    ///   (`audience::people`), and only staff may teach (`schedule::form::teacher`), so that is every
    ///   lesson (each has a teacher);
    /// - groups: those groups' lessons;
    /// - people: a lesson whose teacher is named, or all of whose students are named. A named
    ///   parent stands for nobody's lesson: the audience includes a named student's parents, not a
    ///   named parent's children (`Audience::includes`).
    pub fn off_for(&self, lesson: &Lesson) -> bool {
        match self {
            Audience::All | Audience::Staff => true,
            Audience::Groups(groups) => lesson.group_id.is_some_and(|g| groups.contains(&g)),
            Audience::People(people) => {
                people.contains(&lesson.teacher_id)
                    || (!lesson.student_ids.is_empty() && lesson.student_ids.iter().all(|s| people.contains(s)))
            }
        }
    }

    /// Whether `lesson` overlaps [from, to) and this audience is off for it (`off_for`).
    pub fn off_within(&self, from: Timestamp, to: Timestamp, lesson: &Lesson) -> bool {
        lesson.starts_at < to && lesson.ends_at() > from && self.off_for(lesson)
    }

    /// The ids it lists (none for `All` and `Staff`).
    pub fn ids(&self) -> Vec<u64> {
        match self {
            Self::All | Self::Staff => Vec::new(),
            Self::Groups(ids) => ids.iter().map(|g| g.0).collect(),
            Self::People(ids) => ids.iter().map(|p| p.0).collect(),
        }
    }
}

/// Which events a list shows: those overlapping [from, to) (either end open), of one kind.
#[derive(Clone, Debug, Default)]
pub struct EventFilter {
    pub from: Option<Timestamp>,
    pub to: Option<Timestamp>,
    pub kind: Option<EventKind>,
}

impl EventKind {
    /// Every kind, in the order a picker shows them.
    pub const ALL: [EventKind; 4] = [Self::Holiday, Self::Exam, Self::Meeting, Self::Other];

    /// Its API name (`holiday` …).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Holiday => "holiday",
            Self::Exam => "exam",
            Self::Meeting => "meeting",
            Self::Other => "other",
        }
    }

    /// The kind of an API name.
    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == raw.trim())
    }
}

/// A stored event. An all-day event runs from the start of its first day to the start of the
/// day after its last, in the school's time zone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub id: EventId,
    pub title: String,
    pub description: String,
    pub kind: EventKind,
    #[serde(with = "super::instant::millis")]
    pub starts_at: Timestamp,
    #[serde(with = "super::instant::millis")]
    pub ends_at: Timestamp,
    pub all_day: bool,
    pub audience: Audience,
    /// A holiday that cancelled the planned lessons it covers.
    pub cancels_lessons: bool,
    pub author_id: UserId,
    #[serde(with = "super::instant::millis")]
    pub created_at: Timestamp,
}

impl Event {
    /// Whether it overlaps [from, to).
    pub fn overlaps(&self, from: Timestamp, to: Timestamp) -> bool {
        self.starts_at < to && from < self.ends_at
    }

    /// Whether it is a holiday that cancels `lesson` (one its audience is off for, at its time).
    pub fn cancels(&self, lesson: &Lesson) -> bool {
        self.kind == EventKind::Holiday
            && self.cancels_lessons
            && self.audience.off_within(self.starts_at, self.ends_at, lesson)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{LessonId, SubjectId};

    #[test]
    fn an_event_overlaps_a_span_it_touches() {
        let at = |s: i64| Timestamp::from_second(s).expect("time");
        let event = Event {
            id: EventId(1),
            title: "Каникулы".into(),
            description: String::new(),
            kind: EventKind::Holiday,
            starts_at: at(100),
            ends_at: at(200),
            all_day: true,
            audience: Audience::All,
            cancels_lessons: true,
            author_id: UserId(1),
            created_at: at(0),
        };
        assert!(event.overlaps(at(150), at(300)));
        assert!(event.overlaps(at(0), at(101)));
        assert!(!event.overlaps(at(200), at(300)));
        assert!(!event.overlaps(at(0), at(100)));
    }

    #[test]
    fn an_audience_includes_whom_it_names() {
        fn member<'a>(id: u64, roles: &'a Roles, groups: &'a [GroupId]) -> Member<'a> {
            Member {
                id: UserId(id),
                roles,
                groups,
                children: &[],
                children_groups: &[],
            }
        }
        let roles = |r: Role| Roles::from([r]);
        let (student, parent) = (roles(Role::Student), roles(Role::Parent));
        let (worker, manager) = (roles(Role::Worker), roles(Role::Manager));
        let (seven, eight) = ([GroupId(7)], [GroupId(8)]);
        let (pupil, other_pupil) = (member(1, &student, &seven), member(2, &student, &eight));
        let mother = Member {
            children: &[UserId(1)],
            children_groups: &seven,
            ..member(3, &parent, &[])
        };
        let teacher = member(4, &worker, &seven);
        let clerk = member(5, &worker, &[]);
        let director = member(6, &manager, &[]);
        let everyone = [pupil, other_pupil, mother, teacher, clerk, director];
        let seen = |audience: Audience| -> Vec<u64> {
            everyone
                .iter()
                .filter(|m| audience.includes(m))
                .map(|m| m.id.0)
                .collect()
        };
        assert_eq!(seen(Audience::All), vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(seen(Audience::Staff), vec![4, 5, 6]);
        assert_eq!(seen(Audience::Groups(vec![GroupId(7)])), vec![1, 3, 4, 6]);
        assert_eq!(seen(Audience::People(vec![UserId(1)])), vec![1, 3, 6]);
        assert_eq!(seen(Audience::People(vec![UserId(5)])), vec![5, 6]);
        assert_eq!(seen(Audience::Groups(vec![])), vec![6], "a manager sees every event");
    }

    fn lesson(teacher: u64, students: &[u64], group: Option<u64>) -> Lesson {
        Lesson {
            id: LessonId(1),
            group_id: group.map(GroupId),
            student_ids: students.iter().copied().map(UserId).collect(),
            ..Lesson::planned(UserId(teacher), SubjectId(1), Timestamp::UNIX_EPOCH, 45)
        }
    }

    #[test]
    fn a_holiday_cancels_only_the_lessons_its_audience_is_off_for() {
        let people = |ids: &[u64]| Audience::People(ids.iter().copied().map(UserId).collect());
        let (single, pair, grouped) = (
            lesson(1, &[10], None),
            lesson(1, &[10, 11], None),
            lesson(2, &[10], Some(7)),
        );
        for l in [&single, &pair, &grouped] {
            assert!(Audience::All.off_for(l));
            assert!(Audience::Staff.off_for(l), "every lesson's teacher is staff");
        }
        assert!(Audience::Groups(vec![GroupId(7)]).off_for(&grouped));
        assert!(!Audience::Groups(vec![GroupId(7)]).off_for(&single));

        assert!(people(&[1]).off_for(&single), "its teacher");
        assert!(people(&[1]).off_for(&pair));
        assert!(!people(&[1]).off_for(&grouped), "another teacher's");
        assert!(people(&[10]).off_for(&single), "its only student");
        assert!(!people(&[10]).off_for(&pair), "one of two students still comes");
        assert!(people(&[10, 11]).off_for(&pair), "all its students");
        assert!(!people(&[99]).off_for(&single), "a parent stands for no lesson");
        assert!(
            !people(&[]).off_for(&lesson(3, &[], None)),
            "a lesson without students needs its teacher named"
        );
    }
}
