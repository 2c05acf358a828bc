//! Who is told when a task changes hands: the new assignee, once.

use super::{Staff, created, kinds, staff};
use crate::helpers::json;
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn a_task_given_to_someone_else_tells_the_new_assignee() {
    let Staff {
        app: _school,
        ids: [_, worker, colleague],
        boss,
        me,
        her,
    } = staff().await;
    let task = created(
        &boss,
        json!({"title": "Проверить журналы", "due_on": "2030-01-10", "assignee_id": worker}),
    )
    .await;
    assert_eq!(kinds(&me, worker).await, ["task_assigned"]);
    assert!(kinds(&her, colleague).await.is_empty());

    let path = format!("/api/tasks/{}", task["id"]);
    let given = boss.send(Method::PUT, &path, json!({"assignee_id": colleague})).await;
    assert_eq!(given.status(), 200);
    assert_eq!(json(given).await["data"]["assignee_id"], colleague);
    let list = json(her.get(&format!("/api/users/{colleague}/notifications")).await).await;
    assert_eq!(kinds(&her, colleague).await, ["task_assigned"], "{list}");
    assert_eq!(
        list["data"][0]["body"],
        "Директорова А. назначила Вам задачу «Проверить журналы», срок 10.01.2030"
    );
    assert_eq!(
        kinds(&me, worker).await,
        ["task_assigned"],
        "the one before is not told again"
    );

    let renamed = boss
        .send(Method::PUT, &path, json!({"title": "Проверить журналы 9 «Б»"}))
        .await;
    assert_eq!(renamed.status(), 200);
    assert_eq!(
        kinds(&her, colleague).await,
        ["task_assigned"],
        "a change that keeps the assignee tells nobody"
    );
}

#[tokio::test]
async fn a_task_handed_on_by_its_assignee_names_him_and_leaves_his_board() {
    let school = staff().await;
    let ([_, worker, colleague], boss, me, her) = (school.ids, &school.boss, &school.me, &school.her);
    let board = json(me.post("/api/boards", json!({"name": "Мои дела"})).await).await["data"]["id"].clone();
    let task = created(
        boss,
        json!({"title": "Проверить журналы", "due_on": "2030-01-10", "assignee_id": worker}),
    )
    .await;
    let path = format!("/api/tasks/{}", task["id"]);
    let placed = me.send(Method::PUT, &path, json!({"board_id": board})).await;
    assert_eq!(placed.status(), 200);
    let board_path = format!("/api/boards/{board}");
    let cards = |detail: serde_json::Value| detail["data"]["cards"].as_array().expect("cards").len();
    assert_eq!(cards(json(me.get(&board_path).await).await), 1);

    let given = me.send(Method::PUT, &path, json!({"assignee_id": colleague})).await;
    assert_eq!(given.status(), 200);
    let given = json(given).await;
    assert!(
        given["data"]["board_id"].is_null(),
        "Белов no longer sees the task: it leaves his board ({given})"
    );
    assert_eq!(cards(json(me.get(&board_path).await).await), 0);
    let list = json(her.get(&format!("/api/users/{colleague}/notifications")).await).await;
    assert_eq!(
        list["data"][0]["body"], "Белов И. назначил Вам задачу «Проверить журналы», срок 10.01.2030",
        "the one who handed it on, not its author"
    );
}
