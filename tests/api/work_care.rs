//! Tasks and boards as a school uses them: bad input, every role, and nothing stored lost.

use crate::helpers::{Browser, json};
use crate::journal_school::{School, school};
use reqwest::Method;
use serde_json::{Value, json};

/// What `browser` creates at `path` from `body` (asserted 201).
async fn made(browser: &Browser, path: &str, body: Value) -> Value {
    let response = browser.post(path, body).await;
    let status = response.status();
    let body = json(response).await;
    assert_eq!(status, 201, "{body}");
    body["data"].clone()
}

/// The status and body of `browser`'s `method` on `path` with `body`.
async fn sent(browser: &Browser, method: Method, path: &str, body: Value) -> (u16, Value) {
    let response = browser.send(method, path, body).await;
    (response.status().as_u16(), json(response).await)
}

/// A board of `school`'s teacher: its id.
async fn teachers_board(school: &School) -> u64 {
    let teacher = school.as_user(school.teacher);
    made(&teacher, "/api/boards", json!({"name": "Дела"})).await["id"]
        .as_u64()
        .expect("id")
}

#[tokio::test]
async fn a_notice_says_what_was_done_in_the_doers_gender() {
    let school = school().await;
    let teacher = school.as_user(school.teacher);
    let task = made(
        &teacher,
        "/api/tasks",
        json!({"title": "Подписать приказ", "due_on": "2030-01-10", "assignee_id": school.manager}),
    )
    .await;
    assert_eq!(
        school.told(school.manager, "task_assigned").await,
        ["Белов И. назначил Вам задачу «Подписать приказ», срок 10.01.2030"]
    );
    let manager = school.as_user(school.manager);
    let done = sent(
        &manager,
        Method::POST,
        "/api/tasks/complete",
        json!({"ids": [task["id"]]}),
    )
    .await;
    assert_eq!(done.0, 200, "{}", done.1);
    assert_eq!(
        school.told(school.teacher, "task_done").await,
        ["Директорова М. выполнила задачу «Подписать приказ»"]
    );
}

#[tokio::test]
async fn a_card_sent_with_a_state_and_no_column_goes_to_that_states_column() {
    let school = school().await;
    let board = teachers_board(&school).await;
    let teacher = school.as_user(school.teacher);
    let ask = |status: &str| json!({"title": "Проверить тетради", "due_on": "2030-01-10", "board_id": board, "status": status});
    let done = made(&teacher, "/api/tasks", ask("done")).await;
    assert_eq!(
        (done["status"].clone(), done["column_id"].clone()),
        (json!("done"), json!(3))
    );
    let working = made(&teacher, "/api/tasks", ask("in_progress")).await;
    assert_eq!(working["column_id"], 2, "«В работе»");
    let plain = made(
        &teacher,
        "/api/tasks",
        json!({"title": "Позвонить", "due_on": "2030-01-10", "board_id": board}),
    )
    .await;
    assert_eq!(
        (plain["status"].clone(), plain["column_id"].clone()),
        (json!("todo"), json!(1))
    );
}

#[tokio::test]
async fn students_and_parents_reach_no_one_elses_board_or_task() {
    let school = school().await;
    let board = teachers_board(&school).await;
    let teacher = school.as_user(school.teacher);
    let task = made(
        &teacher,
        "/api/tasks",
        json!({"title": "Обсудить оценки", "due_on": "2030-01-10", "related_user_id": school.anna, "board_id": board}),
    )
    .await;
    let path = format!("/api/tasks/{}", task["id"]);
    for outsider in [school.anna, school.parent] {
        let browser = school.as_user(outsider);
        assert_eq!(
            sent(&browser, Method::GET, &format!("/api/boards/{board}"), json!({}))
                .await
                .0,
            404
        );
        let (status, _) = sent(
            &browser,
            Method::PUT,
            &format!("/api/boards/{board}"),
            json!({"name": "Моя"}),
        )
        .await;
        assert_eq!(status, 404);
        assert_eq!(sent(&browser, Method::GET, &path, json!({})).await.0, 404);
        assert_eq!(
            sent(&browser, Method::PUT, &path, json!({"status": "done"})).await.0,
            404
        );
        assert_eq!(sent(&browser, Method::DELETE, &path, json!({})).await.0, 404);
        let own = made(&browser, "/api/boards", json!({"name": "Мои дела"})).await["id"].clone();
        let moved = sent(
            &browser,
            Method::POST,
            &format!("{path}/move"),
            json!({"board_id": own, "column_id": 1}),
        )
        .await;
        assert_eq!(moved.0, 404, "{}", moved.1);
        let boards = sent(
            &browser,
            Method::GET,
            &format!("/api/users/{}/boards", school.teacher),
            json!({}),
        )
        .await;
        assert_eq!(boards.0, 403);
        let about_anna = json(browser.get(&format!("/api/users/{}/tasks", school.anna)).await).await;
        assert_eq!(
            about_anna["meta"]["total"], 0,
            "a task about Anna is the teacher's: {about_anna}"
        );
    }
    let kept = json(teacher.get(&path).await).await;
    assert_eq!(
        (kept["data"]["status"].clone(), kept["data"]["board_id"].clone()),
        (json!("todo"), json!(board))
    );
}

#[tokio::test]
async fn no_one_in_the_demo_school_has_two_tasks_of_one_title() {
    let app = crate::helpers::spawn_app().await;
    crate::helpers::seed_demo(&app);
    let txn = app.store.read().expect("read");
    let tasks: Vec<klass::domain::task::Task> = klass::store::record::all(&txn).expect("tasks");
    assert!(tasks.len() > 20, "{}", tasks.len());
    let mut seen = std::collections::BTreeSet::new();
    for task in &tasks {
        assert!(
            seen.insert((task.assignee_id, task.title.clone())),
            "№{} has «{}» twice",
            task.assignee_id,
            task.title
        );
    }
}

#[tokio::test]
async fn a_column_named_with_another_state_gives_the_card_its_state() {
    let school = school().await;
    let board = teachers_board(&school).await;
    let teacher = school.as_user(school.teacher);
    let task = made(
        &teacher,
        "/api/tasks",
        json!({"title": "Сдать отчёт", "due_on": "2030-01-10", "board_id": board, "column_id": 3, "status": "todo"}),
    )
    .await;
    assert_eq!(
        (task["status"].clone(), task["column_id"].clone()),
        (json!("done"), json!(3)),
        "«Готово» is done whatever the status sent"
    );
    let path = format!("/api/tasks/{}", task["id"]);
    let (status, body) = sent(
        &teacher,
        Method::PUT,
        &path,
        json!({"board_id": board, "column_id": 2, "status": "done"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["data"]["status"].clone(), body["data"]["column_id"].clone()),
        (json!("in_progress"), json!(2))
    );
    let (status, body) = sent(&teacher, Method::PUT, &path, json!({"column_id": 2, "status": "todo"})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["data"]["status"].clone(), body["data"]["column_id"].clone()),
        (json!("in_progress"), json!(2)),
        "the card stays in its column and keeps the column's state"
    );
}
