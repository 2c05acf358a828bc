//! A board or a person's tasks read again after each kind of change shows that change: the
//! server keeps those answers between reads (`service::work::boards::shown`,
//! `person_tasks::shown`), and nothing may be shown stale.

use crate::helpers::{Browser, json, spawn_app};
use klass::domain::Role;
use reqwest::Method;
use serde_json::{Value, json};

/// The board as its owner reads it.
async fn read(me: &Browser, board: u64) -> Value {
    let response = me.get(&format!("/api/boards/{board}")).await;
    assert_eq!(response.status(), 200);
    json(response).await["data"].clone()
}

/// Each card of `board` as (title, assignee's name, status, column), in the board's order.
fn faces(board: &Value) -> Vec<(String, String, String, u64)> {
    let cards = board["cards"].as_array().expect("cards");
    cards
        .iter()
        .map(|c| {
            let text = |field: &str| c[field].as_str().expect(field).to_owned();
            (
                text("title"),
                text("assignee_name"),
                text("status"),
                c["column_id"].as_u64().expect("column"),
            )
        })
        .collect()
}

fn face(title: &str, name: &str, status: &str, column: u64) -> (String, String, String, u64) {
    (title.into(), name.into(), status.into(), column)
}

async fn new_board(me: &Browser, name: &str) -> u64 {
    let board = json(me.post("/api/boards", json!({ "name": name })).await).await;
    board["data"]["id"].as_u64().expect("board")
}

async fn new_card(me: &Browser, board: u64, title: &str) -> u64 {
    let body = json!({"title": title, "due_on": "2030-01-10", "board_id": board, "column_id": 1});
    let response = me.post("/api/tasks", body).await;
    assert_eq!(response.status(), 201);
    json(response).await["data"]["id"].as_u64().expect("task")
}

async fn ok(response: reqwest::Response) {
    assert!(response.status().is_success(), "{}", response.status());
}

#[tokio::test]
async fn a_board_read_again_shows_every_change_made_since() {
    let app = spawn_app().await;
    let boss = app.browser_as(app.quick_user("m@s.ru", "Орлова", "Нина", &[Role::Manager]), None);
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let me = app.browser_as(worker, None);
    let (first, second) = (new_board(&me, "Дела").await, new_board(&me, "Потом").await);
    let call = new_card(&me, first, "Позвонить").await;
    let chalk = new_card(&me, first, "Купить мел").await;
    assert_eq!(read(&me, first).await, read(&me, first).await, "read twice, the same");
    assert_eq!(faces(&read(&me, second).await), []);

    let patch = json!({"title": "Позвонить маме"});
    ok(me.send(Method::PUT, &format!("/api/tasks/{call}"), patch).await).await;
    ok(me.post("/api/tasks/complete", json!({ "ids": [chalk] })).await).await;
    assert_eq!(
        faces(&read(&me, first).await),
        [
            face("Позвонить маме", "Белов И.", "todo", 1),
            face("Купить мел", "Белов И.", "done", 3)
        ],
        "an edited card, and one done in bulk, now in «Готово»"
    );

    let renamed = json!({"email": "w@s.ru", "last_name": "Белов", "first_name": "Пётр"});
    ok(boss.send(Method::PUT, &format!("/api/users/{worker}"), renamed).await).await;
    assert_eq!(faces(&read(&me, first).await)[0].1, "Белов П.", "the assignee renamed");

    let across = json!({"board_id": second, "column_id": 2, "after_id": null, "before_id": null});
    ok(me.post(&format!("/api/tasks/{call}/move"), across).await).await;
    assert_eq!(
        faces(&read(&me, first).await),
        [face("Купить мел", "Белов П.", "done", 3)]
    );
    assert_eq!(
        faces(&read(&me, second).await),
        [face("Позвонить маме", "Белов П.", "in_progress", 2)],
        "the board it joined, read empty before"
    );

    ok(me.send(Method::DELETE, &format!("/api/tasks/{chalk}"), json!({})).await).await;
    let columns = json!({"name": "Дела на неделю", "columns": [{"id": 3, "name": "Готово"}, {"id": 1, "name": "Сделать"},
                              {"id": 2, "name": "В работе"}]});
    ok(me.send(Method::PUT, &format!("/api/boards/{first}"), columns).await).await;
    let emptied = read(&me, first).await;
    assert_eq!(faces(&emptied), [], "the deleted card is gone");
    assert_eq!(
        (&emptied["name"], &emptied["columns"][0]["name"]),
        (&json!("Дела на неделю"), &json!("Готово"))
    );

    ok(me
        .send(Method::DELETE, &format!("/api/boards/{second}"), json!({}))
        .await)
    .await;
    assert_eq!(me.get(&format!("/api/boards/{second}")).await.status(), 404);
    let card = json(me.get(&format!("/api/tasks/{call}")).await).await;
    assert!(card["data"]["board_id"].is_null(), "the task left the deleted board");
}

/// Each task of a page as (title, assignee's name).
fn rows(page: &Value) -> Vec<(String, String)> {
    let rows = page["data"].as_array().expect("rows");
    rows.iter()
        .map(|t| {
            let text = |field: &str| t[field].as_str().expect(field).to_owned();
            (text("title"), text("assignee_name"))
        })
        .collect()
}

fn row(title: &str, name: &str) -> (String, String) {
    (title.into(), name.into())
}

#[tokio::test]
async fn a_persons_tasks_read_again_show_every_change_made_since_to_each_reader() {
    let app = spawn_app().await;
    let boss = app.browser_as(app.quick_user("m@s.ru", "Орлова", "Нина", &[Role::Manager]), None);
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let student = app.quick_user("s@s.ru", "Ёжиков", "Петя", &[Role::Student]);
    let pupil = app.browser_as(student, None);
    let path = format!("/api/users/{student}/tasks");
    let read = |who: &'static str| {
        let (browser, path) = (if who == "boss" { &boss } else { &pupil }, path.clone());
        async move { rows(&json(browser.get(&path).await).await) }
    };
    let essay = json!({"title": "Сдать реферат", "due_on": "2030-01-10", "assignee_id": student});
    let essay = json(boss.post("/api/tasks", essay).await).await["data"]["id"].clone();
    assert_eq!(read("boss").await, [row("Сдать реферат", "Ёжиков П.")]);

    let call =
        json!({"title": "Позвонить маме", "due_on": "2030-01-20", "assignee_id": worker, "related_user_id": student});
    let call = json(boss.post("/api/tasks", call).await).await["data"]["id"].clone();
    let both = [row("Сдать реферат", "Ёжиков П."), row("Позвонить маме", "Белов И.")];
    assert_eq!(read("boss").await, both, "a new task about him");
    assert_eq!(
        read("pupil").await,
        [row("Сдать реферат", "Ёжиков П.")],
        "he sees his own only"
    );
    assert_eq!(read("boss").await, both, "each reader his own page");

    let patch = json!({"title": "Сдать реферат по истории"});
    ok(boss.send(Method::PUT, &format!("/api/tasks/{essay}"), patch).await).await;
    let renamed = json!({"email": "s@s.ru", "last_name": "Ежов", "first_name": "Пётр"});
    ok(boss.send(Method::PUT, &format!("/api/users/{student}"), renamed).await).await;
    assert_eq!(read("pupil").await, [row("Сдать реферат по истории", "Ежов П.")]);
    let unrelated = json!({"related_user_id": null});
    ok(boss.send(Method::PUT, &format!("/api/tasks/{call}"), unrelated).await).await;
    assert_eq!(
        read("boss").await,
        [row("Сдать реферат по истории", "Ежов П.")],
        "no longer about him"
    );

    ok(boss
        .send(Method::DELETE, &format!("/api/tasks/{essay}"), json!({}))
        .await)
    .await;
    assert_eq!(read("boss").await, []);
}

/// The titles of a page of tasks.
fn titles(page: &Value) -> Vec<&str> {
    let rows = page["data"].as_array().expect("rows");
    rows.iter().map(|t| t["title"].as_str().expect("title")).collect()
}

#[tokio::test]
async fn my_open_tasks_read_again_by_status_show_every_change_made_since() {
    let app = spawn_app().await;
    let boss = app.browser_as(app.quick_user("m@s.ru", "Орлова", "Нина", &[Role::Manager]), None);
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let me = app.browser_as(worker, None);
    let mut ids = Vec::new();
    for title in ["Позвонить", "Купить мел"] {
        let body = json!({"title": title, "due_on": "2030-01-10", "assignee_id": worker});
        ids.push(json(boss.post("/api/tasks", body).await).await["data"]["id"].clone());
    }
    // As the page «Мои задачи» asks: one request per open status.
    async fn page(browser: &Browser, worker: u64, status: &str) -> Value {
        let path =
            format!("/api/tasks?assignee_id={worker}&due_to=2030-01-31&sort=due_on&per_page=100&status={status}");
        json(browser.get(&path).await).await
    }
    assert_eq!(titles(&page(&me, worker, "todo").await), ["Позвонить", "Купить мел"]);
    assert_eq!(titles(&page(&me, worker, "in_progress").await), Vec::<&str>::new());
    assert_eq!(
        titles(&page(&me, worker, "todo").await),
        ["Позвонить", "Купить мел"],
        "asked again"
    );

    let started = json!({"status": "in_progress"});
    ok(me.send(Method::PUT, &format!("/api/tasks/{}", ids[1]), started).await).await;
    assert_eq!(titles(&page(&me, worker, "todo").await), ["Позвонить"]);
    assert_eq!(titles(&page(&me, worker, "in_progress").await), ["Купить мел"]);
    assert_eq!(
        titles(&page(&boss, worker, "todo").await),
        ["Позвонить"],
        "another reader, the same list"
    );

    let mine = json!({"title": "Своё", "due_on": "2030-01-05"});
    ok(me.post("/api/tasks", mine).await).await;
    assert_eq!(
        titles(&page(&me, worker, "todo").await),
        ["Своё", "Позвонить"],
        "a new task of his"
    );
    ok(me.post("/api/tasks/complete", json!({ "ids": [ids[0]] })).await).await;
    assert_eq!(titles(&page(&me, worker, "todo").await), ["Своё"]);
}
