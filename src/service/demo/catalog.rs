//! The demo school's catalogue: six subjects with colours and prices, what each teacher
//! teaches, two courses with students enrolled, and a few students' own prices.

use crate::domain::course::{Course, Enrolment, EnrolmentStatus};
use crate::domain::group::Group;
use crate::domain::subject::{PersonSubject, Subject};
use crate::domain::{User, UserId};
use crate::store::WriteTxn;
use crate::store::{StoreError, courses, record, subjects};
use jiff::civil::Date;

/// (name, colour, price per lesson in kopecks)
const SUBJECTS: [(&str, &str, i64); 6] = [
    ("Математика", "blue", 150_000),
    ("Русский язык", "red", 140_000),
    ("Английский язык", "violet", 160_000),
    ("Физика", "cyan", 150_000),
    ("Химия", "green", 150_000),
    ("Информатика", "amber", 170_000),
];

/// The subjects each demo teacher teaches, by the teacher's place among the workers.
const TAUGHT: [&[usize]; 4] = [&[1, 2], &[3, 5], &[4, 2], &[0, 5]];

/// What was made: the subjects in the order of `SUBJECTS`, and the two courses.
pub struct Catalog {
    pub subjects: Vec<Subject>,
    pub courses: Vec<Course>,
}

/// The first of September of the school year `today` is in.
fn school_year_start(today: Date) -> Date {
    let year = if today.month() >= 9 {
        today.year()
    } else {
        today.year() - 1
    };
    jiff::civil::date(year, 9, 1)
}

/// Creates the catalogue for `teachers` (the workers) and `students`.
pub fn seed(txn: &WriteTxn, teachers: &[User], students: &[UserId], today: Date) -> Result<Catalog, StoreError> {
    let mut made = Vec::with_capacity(SUBJECTS.len());
    for (name, color, price) in SUBJECTS {
        made.push(record::insert(txn, |id| Subject {
            id,
            name: name.into(),
            color: color.into(),
            archived: false,
            price: Some(price),
        })?);
    }
    for (teacher, taught) in teachers.iter().zip(TAUGHT) {
        let list = taught.iter().map(|n| PersonSubject {
            subject_id: made[*n].id,
            price: None,
        });
        subjects::set_of_person(txn, teacher.id, list.collect())?;
    }
    let course = |subject: &Subject, name: &str, description: &str, planned_lessons, price| {
        record::insert(txn, |id| Course {
            id,
            subject_id: subject.id,
            name: name.into(),
            description: description.into(),
            planned_lessons,
            price,
            moodle_course_id: None,
            archived: false,
        })
    };
    let courses = vec![
        course(
            &made[0],
            "Подготовка к ОГЭ по математике",
            "Два занятия в неделю: алгебра, геометрия и пробные экзамены.",
            60,
            Some(3_600_000),
        )?,
        course(
            &made[2],
            "Английский для начинающих",
            "Разговорный курс с нуля до уровня A2.",
            32,
            None,
        )?,
    ];
    let starts_on = school_year_start(today);
    for (n, student) in students.iter().enumerate() {
        for (course, every) in courses.iter().zip([3, 4]) {
            if n % every == 0 {
                // Every fifth student pays less than the subject's price.
                let price = (n % 5 == 0).then_some(120_000);
                let status = if n % 11 == 0 {
                    EnrolmentStatus::Paused
                } else {
                    EnrolmentStatus::Active
                };
                enrol(txn, course, *student, status, starts_on, price)?;
            }
        }
    }
    Ok(Catalog {
        subjects: made,
        courses,
    })
}

/// Enrols `student` in `course` (once) from `starts_on`, and lets him study its subject at
/// `price` (`None`: the subject's).
fn enrol(
    txn: &WriteTxn,
    course: &Course,
    student: UserId,
    status: EnrolmentStatus,
    starts_on: Date,
    price: Option<i64>,
) -> Result<(), StoreError> {
    if courses::enrolment_of(txn, course.id, student)?.is_some() {
        return Ok(());
    }
    record::insert(txn, |id| Enrolment {
        id,
        course_id: course.id,
        student_id: student,
        status,
        starts_on,
        ends_on: None,
    })?;
    let mut studies = subjects::of_person(txn, student)?;
    if !studies.iter().any(|s| s.subject_id == course.subject_id) {
        studies.push(PersonSubject {
            subject_id: course.subject_id,
            price,
        });
        subjects::set_of_person(txn, student, studies)?;
    }
    Ok(())
}

/// Enrols the students of every group that belongs to a course in that course, so their
/// lessons show as progress.
pub fn enrol_groups(txn: &WriteTxn, catalog: &Catalog, today: Date) -> Result<(), StoreError> {
    for group in record::all::<Group>(txn)? {
        let Some(course) = catalog.courses.iter().find(|c| Some(c.id) == group.course_id) else {
            continue;
        };
        for student in &group.student_ids {
            enrol(
                txn,
                course,
                *student,
                EnrolmentStatus::Active,
                school_year_start(today),
                None,
            )?;
        }
    }
    Ok(())
}
