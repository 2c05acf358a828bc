//! A board read again after each kind of change shows that change: the server keeps a board's
//! answer between reads (`service::work::boards::shown`), and nothing may be shown stale.

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
    ok(me.send(Method::PATCH, &format!("/api/tasks/{call}"), patch).await).await;
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
    ok(me.send(Method::PATCH, &format!("/api/boards/{first}"), columns).await).await;
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
