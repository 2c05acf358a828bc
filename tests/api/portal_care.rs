//! What students and parents see of their own school life (home, lessons, marks, money, documents):
//! their own and nothing else, at every step.

use crate::journal_school::{School, school};
use serde_json::json;

/// The `(link, body)` of each of `user`'s notifications of `kind`, newest first.
async fn notices(school: &School, user: u64, kind: &str) -> Vec<(String, String)> {
    let response = school
        .as_user(user)
        .get(&format!("/api/users/{user}/notifications"))
        .await;
    let page = crate::helpers::json(response).await;
    page["data"]
        .as_array()
        .expect("notifications")
        .iter()
        .filter(|n| n["kind"] == kind)
        .map(|n| {
            (
                n["link"].as_str().unwrap_or_default().to_owned(),
                n["body"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

/// The status of `user`'s GET of `path`.
async fn status_of(school: &School, user: u64, path: &str) -> u16 {
    school.as_user(user).get(path).await.status().as_u16()
}

#[tokio::test]
async fn a_low_mark_notice_opens_that_childs_marks_which_the_parent_may_read() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -2);
    let low = json!({
        "records": school.records("present", "present"),
        "marks": [{"student_id": school.anna, "value": 2, "kind": "test", "comment": null}],
    });
    assert_eq!(school.save(school.teacher, lesson, low).await.0, 200);
    let told = notices(&school, school.parent, "low_mark").await;
    assert_eq!(told.len(), 1, "{told:?}");
    let anna_marks = format!("/users/{}/marks", school.anna);
    assert_eq!(
        told[0].0, anna_marks,
        "a parent of two children is taken to this child's marks, not to the first child's /marks"
    );
    let api = format!("/api{anna_marks}");
    assert_eq!(
        status_of(&school, school.parent, &api).await,
        200,
        "the link's page opens"
    );
}

#[tokio::test]
async fn a_parent_and_a_student_read_their_own_school_life_and_not_a_classmates() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -2);
    let marks = json!({
        "records": school.records("late", "unexcused"),
        "marks": [
            {"student_id": school.anna, "value": 5, "kind": "lesson", "comment": null},
            {"student_id": school.boris, "value": 3, "kind": "lesson", "comment": null},
        ],
    });
    assert_eq!(school.save(school.teacher, lesson, marks).await.0, 200);
    let (anna, boris) = (school.anna, school.boris);
    for reader in [school.parent, anna] {
        for own in ["", "/marks", "/attendance", "/lessons", "/payments", "/courses"] {
            let path = format!("/api/users/{anna}{own}");
            assert_eq!(status_of(&school, reader, &path).await, 200, "{reader} reads {path}");
            let other = format!("/api/users/{boris}{own}");
            assert_eq!(status_of(&school, reader, &other).await, 403, "{reader} reads {other}");
        }
        for asked in [
            format!("/api/marks?student_id={boris}"),
            format!("/api/lessons?student_id={boris}"),
        ] {
            assert_eq!(status_of(&school, reader, &asked).await, 403, "{reader} asks {asked}");
        }
        let (status, journal) = {
            let response = school
                .as_user(reader)
                .get(&format!("/api/lessons/{lesson}/journal"))
                .await;
            (response.status().as_u16(), crate::helpers::json(response).await)
        };
        assert_eq!(status, 200, "{journal}");
        let text = journal.to_string();
        assert!(
            !text.contains("Сидоров") && !text.contains("автобус"),
            "Boris's name, mark or comment: {text}"
        );
        assert_eq!(journal["data"]["marks"].as_array().map(Vec::len), Some(1), "{journal}");
    }
    assert_eq!(
        status_of(&school, anna, &format!("/api/users/{}", school.parent)).await,
        403,
        "a student does not read his parent's card (contacts)"
    );
}
