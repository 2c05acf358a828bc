//! Whose rows a lesson's journal shows: its teacher and a manager every student's, another
//! worker only the students he teaches, a parent his child's.

use super::school::school;
use serde_json::Value;

/// The student ids of a lesson journal's students, records and marks.
fn rows(journal: &Value) -> [Vec<u64>; 3] {
    let ids = |what: &str, key: &str| -> Vec<u64> {
        let rows = journal[what].as_array().expect(what).iter();
        rows.map(|row| row[key].as_u64().expect(key)).collect()
    };
    [
        ids("students", "id"),
        ids("records", "student_id"),
        ids("marks", "student_id"),
    ]
}

#[tokio::test]
async fn at_a_lesson_he_does_not_teach_a_worker_reads_only_the_students_he_teaches() {
    let school = school(0.5).await;
    let (anna, boris) = (school.anna, school.boris);
    let path = format!("/api/lessons/{}/journal", school.lessons[0]);
    let both = [vec![anna, boris], vec![anna, boris], vec![anna, boris]];
    assert_eq!(rows(&school.read(school.teacher, &path).await), both, "its teacher");
    assert_eq!(rows(&school.read(school.manager, &path).await), both, "a manager");
    let anna_only = [vec![anna], vec![anna], vec![anna]];
    assert_eq!(
        rows(&school.read(school.parent, &path).await),
        anna_only,
        "Anna's mother"
    );

    let stranger = school.read(school.other_teacher, &path).await;
    let none: [Vec<u64>; 3] = Default::default();
    assert_eq!(rows(&stranger), none, "he teaches neither: {stranger}");
    assert_eq!(stranger["topic"], "Тема 7", "the lesson itself he still reads");
    assert_eq!(stranger["editable"], false);

    // Once he teaches Boris (an individual lesson), Boris's rows are shown to him, Anna's not.
    school.individual_math_lesson(school.other_teacher, boris, 29, 4);
    let boris_only = [vec![boris], vec![boris], vec![boris]];
    assert_eq!(rows(&school.read(school.other_teacher, &path).await), boris_only);
}
