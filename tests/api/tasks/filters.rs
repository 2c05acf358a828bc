//! The task list's `author_id` and `board_id` filters, alone and with another filter, and that
//! a board's filter shows nobody the cards of a task he may not see.

use super::{Staff, created, staff, titles};
use crate::helpers::{Browser, json};
use reqwest::Method;
use serde_json::{Value, json};

/// A new board of the browser's person.
async fn board_of(browser: &Browser) -> u64 {
    let board = json(browser.post("/api/boards", json!({"name": "Доска"})).await).await;
    board["data"]["id"].as_u64().expect("board")
}

/// `/api/tasks?{query}` as `browser` reads it.
async fn list(browser: &Browser, query: String) -> Value {
    json(browser.get(&format!("/api/tasks?{query}")).await).await
}

#[tokio::test]
async fn tasks_are_listed_by_their_author_and_by_their_board() {
    let Staff {
        app: _school,
        ids: [manager, worker, colleague],
        boss,
        me,
        her,
    } = staff().await;
    let (mine, hers) = (board_of(&me).await, board_of(&her).await);
    let task = |title: &str, day: u8, assignee: u64, board: Option<u64>| {
        json!({"title": title, "due_on": format!("2030-01-{day:02}"), "assignee_id": assignee,
               "board_id": board, "column_id": board.map(|_| 1)})
    };
    created(&boss, task("От директора", 1, worker, Some(mine))).await;
    created(&me, task("Своё на доске", 2, worker, Some(mine))).await;
    created(&me, task("Своё без доски", 3, worker, None)).await;
    created(&me, task("Для Соколовой", 4, colleague, None)).await;
    created(&her, task("Её своё", 5, colleague, Some(hers))).await;

    let by_worker = list(&boss, format!("author_id={worker}")).await;
    assert_eq!(
        titles(&by_worker),
        ["Своё на доске", "Своё без доски", "Для Соколовой"],
        "written by him, whoever does them"
    );
    assert_eq!(by_worker["meta"]["total"], 3);
    assert_eq!(
        titles(&list(&boss, format!("author_id={worker}&assignee_id={worker}")).await),
        ["Своё на доске", "Своё без доски"],
        "his own, not the one he gave her"
    );
    assert_eq!(
        titles(&list(&boss, format!("author_id={manager}&assignee_id={worker}")).await),
        ["От директора"]
    );
    assert_eq!(
        titles(&list(&me, format!("author_id={manager}")).await),
        ["От директора"],
        "he sees the director's task given to him"
    );

    let on_mine = list(&boss, format!("board_id={mine}")).await;
    assert_eq!(titles(&on_mine), ["От директора", "Своё на доске"]);
    assert_eq!(
        titles(&list(&boss, format!("board_id={mine}&assignee_id={worker}")).await),
        ["От директора", "Своё на доске"],
        "not his task off the board"
    );
    assert_eq!(titles(&list(&boss, format!("board_id={hers}")).await), ["Её своё"]);
    assert!(
        titles(&list(&me, format!("board_id={hers}")).await).is_empty(),
        "her board's cards are hers"
    );

    // A card taken off the board leaves the board's list.
    let own = on_mine["data"][1]["id"].clone();
    let off = me
        .send(Method::PUT, &format!("/api/tasks/{own}"), json!({"board_id": null}))
        .await;
    assert_eq!(off.status(), 200);
    assert_eq!(titles(&list(&me, format!("board_id={mine}")).await), ["От директора"]);
}
