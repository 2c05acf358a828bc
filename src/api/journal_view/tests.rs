//! The journal's views written by serde are the text `Json<T>` would send.

use super::*;
use poem::IntoResponse;

fn grid() -> GridView {
    GridView {
        subject_id: SubjectId(2),
        subject_name: "Математика".into(),
        period: PeriodView {
            name: Some("2 четверть".into()),
            from: "2026-11-05".into(),
            to: "2026-12-29".into(),
        },
        students: vec![GridStudent {
            id: UserId(7),
            name: "Иванова Анна".into(),
        }],
        lessons: vec![JournalLesson {
            id: LessonId(9),
            starts_at: "2026-11-10T09:00:00+03:00".into(),
            status: LessonStatusName::Done,
            topic: "Дроби \"и\" проценты\n\\".into(),
            group_id: None,
            student_ids: vec![UserId(7)],
        }],
        cells: vec![
            JournalCell {
                student_id: UserId(7),
                lesson_id: LessonId(9),
                status: Some(AttendanceStatusName::Late),
                marks: vec![CellMark {
                    id: MarkId(1),
                    value: 5,
                    kind: MarkKindName::Test,
                    weight: 2,
                }],
            },
            JournalCell {
                student_id: UserId(8),
                lesson_id: LessonId(9),
                status: None,
                marks: Vec::new(),
            },
        ],
        averages: vec![
            JournalAverage::new(
                UserId(7),
                Standing {
                    average: Some(4.33),
                    term_mark: Some(4),
                },
            ),
            JournalAverage::new(
                UserId(8),
                Standing {
                    average: None,
                    term_mark: None,
                },
            ),
        ],
    }
}

fn group_journal() -> GroupJournalView {
    GroupJournalView {
        group_id: GroupId(3),
        group_name: "5А математика".into(),
        grid: grid(),
    }
}

fn subject_journal() -> SubjectJournalView {
    SubjectJournalView {
        groups: vec![GridGroup {
            id: GroupId(3),
            name: "5А".into(),
        }],
        grid: grid(),
    }
}

fn marks() -> PersonMarksView {
    PersonMarksView {
        user_id: UserId(7),
        period: PeriodView {
            name: None,
            from: "2026-09-01".into(),
            to: "2026-09-30".into(),
        },
        subjects: vec![SubjectMarksView {
            subject_id: SubjectId(2),
            subject_name: "Физика".into(),
            marks: vec![MarkEntry {
                id: MarkId(4),
                value: 3,
                kind: MarkKindName::Homework,
                weight: 1,
                date: "2026-09-12".into(),
                lesson_id: None,
                teacher_id: UserId(2),
                comment: "«Хорошо»".into(),
            }],
            average: Some(3.0),
            term_mark: Some(3),
        }],
    }
}

fn attendance() -> PersonAttendanceView {
    let mut summary = AttendanceSummary::default();
    summary.add(crate::domain::journal::AttendanceStatus::Present);
    summary.add(crate::domain::journal::AttendanceStatus::Unexcused);
    summary.add(crate::domain::journal::AttendanceStatus::Unexcused);
    PersonAttendanceView {
        user_id: UserId(7),
        period: PeriodView {
            name: None,
            from: "2026-08-01".into(),
            to: "2027-07-31".into(),
        },
        lessons: vec![AttendanceLesson {
            lesson_id: LessonId(9),
            starts_at: "2026-11-10T09:00:00+03:00".into(),
            subject_id: SubjectId(2),
            subject_name: "Физика".into(),
            lesson_status: LessonStatusName::Planned,
            status: None,
        }],
        summary: summary.into(),
    }
}

async fn body(response: impl IntoResponse) -> String {
    response.into_response().into_body().into_string().await.expect("body")
}

async fn same<T>(make: impl Fn() -> T)
where
    T: Serialize + ParseFromJSON + ToJSON + Send,
{
    // `Json` sends the keys sorted, serde in the order declared: the same object either way.
    let parse = |text: String| serde_json::from_str::<serde_json::Value>(&text).expect("JSON");
    let serde = parse(body(text(make()).expect("serializes")).await);
    let json = parse(body(Data::json(make())).await);
    assert_eq!(serde, json);
}

#[tokio::test]
async fn serde_text_equals_what_json_would_send() {
    same(group_journal).await;
    same(subject_journal).await;
    same(marks).await;
    same(attendance).await;
}
