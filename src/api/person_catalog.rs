//! `/api/users/{id}/subjects` and `/api/users/{id}/courses`: what one person studies or
//! teaches, and a student's courses with his progress and lessons.

use super::courses::CourseView;
use super::enrolments::EnrolmentView;
use super::envelope::Data;
use super::vocabulary::LessonStatusName;
use super::{ApiTags, State};
use crate::domain::subject::PersonSubject;
use crate::domain::{CourseId, LessonId, SubjectId, User, UserId};
use crate::error::ApiError;
use crate::policy::{self, Caller};
use crate::service::person_courses::{self, CourseLesson, PersonCourse};
use crate::service::person_subjects;
use jiff::tz::TimeZone;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

/// A subject a person studies (with his own price) or teaches.
#[derive(Debug, Object)]
pub struct PersonSubjectView {
    pub subject_id: SubjectId,
    /// A student's own price per lesson in kopecks, overriding the subject's; null for staff
    /// and for a student who pays the subject's price.
    #[oai(nullable)]
    pub price: Option<i64>,
}

impl From<PersonSubject> for PersonSubjectView {
    fn from(s: PersonSubject) -> Self {
        Self {
            subject_id: s.subject_id,
            price: s.price,
        }
    }
}

/// A course of a student's, with his enrolment and progress.
#[derive(Debug, Object)]
pub struct PersonCourseView {
    pub course: CourseView,
    pub enrolment: EnrolmentView,
    /// His lessons of the course that took place.
    pub lessons_done: u32,
    /// The course's plan, or when it plans none, his lessons of it not cancelled.
    pub lessons_planned: u32,
}

impl PersonCourseView {
    fn new(c: PersonCourse, student: &User) -> Self {
        Self {
            course: c.course.into(),
            enrolment: EnrolmentView::new(c.enrolment, student),
            lessons_done: c.progress.lessons_done,
            lessons_planned: c.progress.lessons_planned,
        }
    }
}

/// One of a student's lessons in a course.
#[derive(Debug, Object)]
pub struct CourseLessonView {
    pub id: LessonId,
    /// RFC 3339 with the school's offset.
    pub starts_at: String,
    pub duration_minutes: u16,
    pub status: LessonStatusName,
    pub teacher_id: UserId,
    /// «Фамилия И. О.»; empty if the teacher was lost.
    pub teacher_name: String,
    pub room: String,
    pub topic: String,
    pub homework: String,
    pub cancel_reason: String,
}

impl CourseLessonView {
    fn new(item: CourseLesson, tz: &TimeZone) -> Self {
        let lesson = item.lesson;
        Self {
            id: lesson.id,
            starts_at: lesson
                .starts_at
                .to_zoned(tz.clone())
                .strftime("%Y-%m-%dT%H:%M:%S%:z")
                .to_string(),
            duration_minutes: lesson.duration_minutes,
            status: lesson.status.into(),
            teacher_id: lesson.teacher_id,
            teacher_name: item.teacher.map(|t| t.short_name()).unwrap_or_default(),
            room: lesson.room,
            topic: lesson.topic,
            homework: lesson.homework,
            cancel_reason: lesson.cancel_reason,
        }
    }
}

/// A student's course with his lessons in it.
#[derive(Debug, Object)]
pub struct PersonCourseDetailView {
    pub course: PersonCourseView,
    /// By time.
    pub lessons: Vec<CourseLessonView>,
}

/// What a person studies or teaches, as sent back.
#[derive(Debug, Object)]
pub struct PersonSubjectsBody {
    pub data: Vec<PersonSubjectView>,
}

/// A person's subjects and courses.
#[derive(Default)]
pub struct PersonCatalogApi;

#[OpenApi(tag = "ApiTags::Teaching")]
impl PersonCatalogApi {
    /// What a person studies or teaches
    ///
    /// Staff only. For a student each subject with his own price (null: the subject's);
    /// for staff the subjects they teach, price null.
    #[oai(path = "/api/users/:id/subjects", method = "get", operation_id = "users_subjects")]
    async fn subjects(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
    ) -> Result<Json<Data<Vec<PersonSubjectView>>>, ApiError> {
        caller.allow(policy::PERSON_SUBJECTS)?;
        let list = state.read(|store| person_subjects::get(store, id.0))?;
        Ok(Data::json(list.into_iter().map(PersonSubjectView::from).collect()))
    }

    /// Set what a person studies or teaches
    ///
    /// Staff only. Replaces the whole list; each subject once (422 on `data`); a price
    /// (kopecks, 422 on `data.N.price`) is kept for a student only, and only a manager sets,
    /// changes or removes one (403).
    #[oai(
        path = "/api/users/:id/subjects",
        method = "put",
        operation_id = "users_subjects_save"
    )]
    async fn save_subjects(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        body: Json<PersonSubjectsBody>,
    ) -> Result<Json<Data<Vec<PersonSubjectView>>>, ApiError> {
        let actor = caller.actor(policy::PERSON_SUBJECTS)?.clone();
        let wanted = body.0.data.into_iter().map(|s| (s.subject_id, s.price)).collect();
        let list = state
            .change(caller.origin(), move |store, journal| {
                person_subjects::set(store, journal, &actor, id.0, wanted)
            })
            .await?;
        Ok(Data::json(list.into_iter().map(PersonSubjectView::from).collect()))
    }

    /// A student's courses
    ///
    /// `master-by-url`: staff, the student, his parents. Each course he is enrolled in, by
    /// name, with the enrolment and his progress.
    #[oai(path = "/api/users/:id/courses", method = "get", operation_id = "users_courses")]
    async fn courses(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
    ) -> Result<Json<Data<Vec<PersonCourseView>>>, ApiError> {
        caller.allow(policy::person_courses(id.0))?;
        let found = state.read(|store| person_courses::list(store, id.0))?;
        let student = &found.student;
        Ok(Data::json(
            found
                .courses
                .into_iter()
                .map(|c| PersonCourseView::new(c, student))
                .collect(),
        ))
    }

    /// A student's course
    ///
    /// `master-by-url`. The course he is enrolled in, with his progress and his lessons in
    /// it (404 when he is not enrolled).
    #[oai(
        path = "/api/users/:id/courses/:course",
        method = "get",
        operation_id = "users_course"
    )]
    async fn course(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        course: Path<CourseId>,
    ) -> Result<Json<Data<PersonCourseDetailView>>, ApiError> {
        caller.allow(policy::person_courses(id.0))?;
        let found = state.read(|store| person_courses::get(store, id.0, course.0))?;
        let tz = TimeZone::get(&state.config.school.timezone).unwrap_or(TimeZone::UTC);
        Ok(Data::json(PersonCourseDetailView {
            course: PersonCourseView::new(found.course, &found.student),
            lessons: found
                .lessons
                .into_iter()
                .map(|l| CourseLessonView::new(l, &tz))
                .collect(),
        }))
    }
}
