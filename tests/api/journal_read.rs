//! Reading the journal: a group's grid (cells, weighted averages, the term mark by the school's
//! threshold), a student's attendance with its summary and his marks by subject, and who may
//! read whose. The records are written through the store, as a saved lesson journal leaves them.

mod kept;
mod lesson_rows;
mod school;

use crate::helpers::json;
use school::{CellMark, SEPTEMBER, school};
use serde_json::{Value, json};

#[tokio::test]
async fn the_grid_shows_each_cell_and_the_weighted_average_rounded_from_half() {
    let school = school(0.5).await;
    let path = format!("/api/group-lessons/{}/journal?{SEPTEMBER}", school.group);
    let grid = school.read(school.teacher, &path).await;
    assert_eq!(grid["subject_name"], "Математика");
    assert_eq!(
        grid["period"],
        json!({"name": null, "from": "2026-09-01", "to": "2026-09-30"})
    );
    let names: Vec<&str> = grid["students"]
        .as_array()
        .expect("students")
        .iter()
        .map(|s| s["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names, ["Петрова Анна", "Сидоров Борис"]);
    let lessons: Vec<u64> = grid["lessons"]
        .as_array()
        .expect("lessons")
        .iter()
        .map(|l| l["id"].as_u64().expect("id"))
        .collect();
    assert_eq!(lessons, school.lessons);
    assert_eq!(grid["lessons"][0]["starts_at"], "2026-09-07T10:00:00+03:00");
    assert_eq!(grid["lessons"][0]["topic"], "Тема 7");
    let cells: Vec<(u64, u64, Value, Vec<CellMark>)> = grid["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .map(|c| {
            let marks = c["marks"].as_array().expect("marks").iter();
            let marks = marks.map(|m| {
                (
                    m["value"].as_u64().expect("v"),
                    m["kind"].as_str().expect("k").to_owned(),
                    m["weight"].as_u64().expect("w"),
                )
            });
            (
                c["student_id"].as_u64().expect("s"),
                c["lesson_id"].as_u64().expect("l"),
                c["status"].clone(),
                marks.collect(),
            )
        })
        .collect();
    let (a, b, l) = (school.anna, school.boris, &school.lessons);
    let mark = |v, k: &str, w| (v, k.to_owned(), w);
    assert_eq!(
        cells,
        vec![
            (a, l[0], json!("present"), vec![mark(5, "lesson", 1)]),
            (a, l[1], json!("unexcused"), vec![mark(5, "homework", 1)]),
            (a, l[2], json!("excused"), vec![mark(4, "test", 2)]),
            (b, l[0], json!("late"), vec![mark(5, "lesson", 1)]),
            (b, l[1], json!("present"), vec![]),
            (b, l[2], json!("present"), vec![]),
        ],
        "only cells with something recorded; the fourth lesson has none"
    );
    assert_eq!(
        grid["averages"],
        json!([
            {"student_id": a, "average": 4.5, "term_mark": 5},
            {"student_id": b, "average": 3.0, "term_mark": 3},
        ]),
        "weighted (Anna's 4.67 unweighted), a mark without a lesson counts, physics does not"
    );
}

#[tokio::test]
async fn a_lesson_put_in_another_subject_shows_its_marks_which_do_not_count_in_the_groups() {
    let school = school(0.5).await;
    let last = school.lessons[3];
    school.lesson_moved_to_physics(last, 3);
    let path = format!("/api/group-lessons/{}/journal?{SEPTEMBER}", school.group);
    let grid = school.read(school.teacher, &path).await;
    let cell = grid["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .find(|c| c["lesson_id"] == last);
    assert_eq!(
        cell.map(|c| c["marks"][0]["value"].clone()),
        Some(json!(3)),
        "{}",
        grid["cells"]
    );
    assert_eq!(
        grid["averages"][0],
        json!({"student_id": school.anna, "average": 4.5, "term_mark": 5}),
        "the physics 3 is not a math mark"
    );
}

#[tokio::test]
async fn a_school_rounding_up_from_six_tenths_gives_four_for_four_and_a_half() {
    let school = school(0.6).await;
    let path = format!("/api/group-lessons/{}/journal?{SEPTEMBER}", school.group);
    let grid = school.read(school.manager, &path).await;
    assert_eq!(
        grid["averages"][0],
        json!({"student_id": school.anna, "average": 4.5, "term_mark": 4})
    );
    let marks = school
        .read(school.anna, &format!("/api/users/{}/marks?{SEPTEMBER}", school.anna))
        .await;
    assert_eq!(marks["subjects"][0]["term_mark"], 4);
}

#[tokio::test]
async fn a_students_attendance_lists_his_lessons_and_counts_them() {
    let school = school(0.5).await;
    let found = school
        .read(
            school.parent,
            &format!("/api/users/{}/attendance?{SEPTEMBER}", school.anna),
        )
        .await;
    let statuses: Vec<Value> = found["lessons"]
        .as_array()
        .expect("lessons")
        .iter()
        .map(|l| l["status"].clone())
        .collect();
    assert_eq!(
        statuses,
        [json!("present"), json!("unexcused"), json!("excused"), Value::Null]
    );
    assert_eq!(found["lessons"][0]["subject_name"], "Математика");
    assert_eq!(found["lessons"][3]["lesson_status"], "done");
    assert_eq!(
        found["summary"],
        json!({"present": 1, "late": 0, "excused": 1, "unexcused": 1, "rate": 0.333})
    );
    let early = school
        .read(
            school.anna,
            &format!("/api/users/{}/attendance?from=2026-09-10&to=2026-09-15", school.anna),
        )
        .await;
    assert_eq!(early["summary"]["unexcused"], 1, "only the lessons of the period");
    assert_eq!(early["lessons"].as_array().map(Vec::len), Some(1));

    let missed = &found["lessons"][1]["lesson_id"];
    let cancelled = school
        .as_user(school.manager)
        .post(
            &format!("/api/lessons/{missed}/cancel"),
            json!({"reason": "Учитель заболел, урок не состоялся"}),
        )
        .await;
    assert_eq!(cancelled.status(), 200);
    let after = school
        .read(
            school.parent,
            &format!("/api/users/{}/attendance?{SEPTEMBER}", school.anna),
        )
        .await;
    assert_eq!(after["lessons"][1]["lesson_status"], "cancelled");
    assert_eq!(
        after["summary"],
        json!({"present": 1, "late": 0, "excused": 1, "unexcused": 0, "rate": 0.5}),
        "a lesson that did not take place counts for nothing"
    );
}

#[tokio::test]
async fn a_students_marks_come_by_subject_with_average_and_term_mark() {
    let school = school(0.5).await;
    let found = school
        .read(school.anna, &format!("/api/users/{}/marks?{SEPTEMBER}", school.anna))
        .await;
    let subjects = found["subjects"].as_array().expect("subjects");
    let summary: Vec<(&str, usize, Value, Value)> = subjects
        .iter()
        .map(|s| {
            (
                s["subject_name"].as_str().expect("name"),
                s["marks"].as_array().expect("marks").len(),
                s["average"].clone(),
                s["term_mark"].clone(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            ("Математика", 3, json!(4.5), json!(5)),
            ("Физика", 1, json!(2.0), json!(2))
        ]
    );
    assert_eq!(subjects[1]["marks"][0]["lesson_id"], Value::Null);
    assert_eq!(subjects[0]["marks"][2]["kind"], "test");
    let none = school
        .read(
            school.boris,
            &format!("/api/users/{}/marks?from=2026-10-01&to=2026-10-31", school.boris),
        )
        .await;
    assert_eq!(none["subjects"], json!([]));
}

#[tokio::test]
async fn each_reads_only_his_own_his_childrens_or_his_students_journal() {
    let school = school(0.5).await;
    let (anna, boris) = (school.anna, school.boris);
    let of = |who: u64, what: &str| format!("/api/users/{who}/{what}?{SEPTEMBER}");
    for what in ["attendance", "marks"] {
        assert_eq!(
            school.status(anna, &of(anna, what)).await,
            200,
            "a student his own {what}"
        );
        assert_eq!(
            school.status(anna, &of(boris, what)).await,
            403,
            "not a classmate's {what}"
        );
        assert_eq!(
            school.status(school.parent, &of(anna, what)).await,
            200,
            "a parent his child's {what}"
        );
        assert_eq!(
            school.status(school.other_parent, &of(anna, what)).await,
            403,
            "not another child's {what}"
        );
        assert_eq!(
            school.status(school.teacher, &of(boris, what)).await,
            200,
            "his teacher"
        );
        assert_eq!(school.status(school.manager, &of(boris, what)).await, 200, "a manager");
        assert_eq!(school.status(school.manager, &of(999, what)).await, 404, "nobody");
    }
    // The physics teacher gave Anna a mark, so he reads her marks; Boris he does not teach.
    assert_eq!(school.status(school.other_teacher, &of(anna, "marks")).await, 200);
    assert_eq!(school.status(school.other_teacher, &of(boris, "marks")).await, 403);
    assert_eq!(school.status(school.other_teacher, &of(boris, "attendance")).await, 403);
    let grid = format!("/api/group-lessons/{}/journal", school.group);
    assert_eq!(
        school.status(school.other_teacher, &grid).await,
        403,
        "a worker not teaching the group"
    );
    assert_eq!(school.status(anna, &grid).await, 403, "a student of the group");
    assert_eq!(
        school.status(school.manager, "/api/group-lessons/999/journal").await,
        404
    );
}

/// The ids of `grid`'s `what` (lessons, students, groups), in order.
fn ids(grid: &Value, what: &str) -> Vec<u64> {
    let rows = grid[what].as_array().expect(what).iter();
    rows.map(|row| row["id"].as_u64().expect("id")).collect()
}

#[tokio::test]
async fn a_subjects_journal_holds_every_groups_and_the_individual_lessons_a_worker_only_his() {
    let school = school(0.5).await;
    let (anna, boris, l) = (school.anna, school.boris, school.lessons.clone());
    let single = school.individual_math_lesson(school.other_teacher, boris, 10, 4);
    let path = format!("/api/subjects/{}/journal?{SEPTEMBER}", school.math);

    let whole = school.read(school.manager, &path).await;
    assert_eq!(whole["subject_name"], "Математика");
    assert_eq!(ids(&whole, "lessons"), [l[0], single, l[1], l[2], l[3]], "by start");
    assert_eq!(whole["lessons"][1]["group_id"], Value::Null, "individual");
    assert_eq!(whole["lessons"][1]["student_ids"], json!([boris]));
    assert_eq!(whole["lessons"][0]["group_id"], school.group);
    assert_eq!(whole["lessons"][0]["student_ids"], json!([anna, boris]));
    assert_eq!(whole["groups"], json!([{"id": school.group, "name": "Алгебра 9"}]));
    assert_eq!(ids(&whole, "students"), [anna, boris], "by name");
    assert_eq!(
        whole["averages"][1],
        json!({"student_id": boris, "average": 3.25, "term_mark": 3}),
        "Boris: 5 and 4 (weight 1) and the paper test of 2 (weight 2): 13 / 4"
    );
    let cell = whole["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .find(|c| c["lesson_id"] == single);
    assert_eq!(
        cell.map(|c| (&c["student_id"], &c["status"])),
        Some((&json!(boris), &json!("present")))
    );

    let belov = school.read(school.teacher, &path).await;
    assert_eq!(ids(&belov, "lessons"), l, "the group's teacher: his lessons only");
    assert_eq!(ids(&belov, "students"), [anna, boris]);

    let fizikov = school.read(school.other_teacher, &path).await;
    assert_eq!(ids(&fizikov, "lessons"), [single], "his individual lesson only");
    assert_eq!(
        ids(&fizikov, "students"),
        [boris],
        "no group of his: only who is at his lessons"
    );
    assert_eq!(fizikov["groups"], json!([]));

    assert_eq!(school.status(anna, &path).await, 403, "a student");
    assert_eq!(school.status(school.parent, &path).await, 403, "a parent");
    assert_eq!(school.status(school.manager, "/api/subjects/999/journal").await, 404);
    let bad = format!("/api/subjects/{}/journal?from=2026-10-01&to=2026-09-01", school.math);
    assert_eq!(school.status(school.manager, &bad).await, 422);
}

#[tokio::test]
async fn without_days_the_current_term_and_bad_days_are_refused() {
    let school = school(0.5).await;
    let grid = school
        .read(school.teacher, &format!("/api/group-lessons/{}/journal", school.group))
        .await;
    assert!(
        grid["period"]["name"].is_string(),
        "the current term: {}",
        grid["period"]
    );
    let terms = school.read(school.anna, "/api/journal/terms").await;
    assert_eq!(
        terms.as_array().map(Vec::len),
        Some(8),
        "two school years of four quarters"
    );
    assert_eq!(terms[0]["name"], "1 четверть");
    let bad = school
        .as_user(school.anna)
        .get(&format!("/api/users/{}/marks?from=01.09.2026", school.anna))
        .await;
    assert_eq!(bad.status(), 422);
    let body = json(bad).await;
    assert_eq!(body["errors"]["from"][0], "Дата в формате ГГГГ-ММ-ДД");
    let reversed = school
        .as_user(school.anna)
        .get(&format!(
            "/api/users/{}/attendance?from=2026-10-01&to=2026-09-01",
            school.anna
        ))
        .await;
    assert_eq!(reversed.status(), 422);
}

#[tokio::test]
async fn the_demo_schools_done_lessons_carry_attendance_and_marks() {
    let app = crate::helpers::spawn_app().await;
    let director = crate::helpers::demo_director(&app);
    let groups = json(director.get("/api/group-lessons?per_page=100").await).await;
    let (mut statuses, mut kinds, mut cells) =
        (std::collections::BTreeSet::new(), std::collections::BTreeSet::new(), 0);
    let from = jiff::Timestamp::now().to_zoned(jiff::tz::TimeZone::UTC).date() - jiff::ToSpan::weeks(5);
    for group in groups["data"].as_array().expect("groups") {
        let path = format!("/api/group-lessons/{}/journal?from={from}", group["id"]);
        let grid = json(director.get(&path).await).await;
        for cell in grid["data"]["cells"].as_array().expect("cells") {
            cells += 1;
            statuses.insert(cell["status"].as_str().expect("recorded").to_owned());
            kinds.extend(
                cell["marks"]
                    .as_array()
                    .expect("marks")
                    .iter()
                    .map(|m| (m["kind"].to_string(), m["weight"].as_u64())),
            );
        }
    }
    assert!(cells > 100, "{cells} cells");
    assert_eq!(statuses.len(), 4, "every status: {statuses:?}");
    assert!(
        kinds.contains(&("\"test\"".to_owned(), Some(2))),
        "a test of weight 2: {kinds:?}"
    );
    assert!(
        kinds.contains(&("\"homework\"".to_owned(), Some(1))),
        "homework: {kinds:?}"
    );
}
