//! Moving cards on a board: the order a person sees after moves within and across columns,
//! the status a column gives, the 422s, keys that stay short after thousands of moves into
//! one gap, and a defined order when two moves into the same gap race; a long board goes gzip
//! compressed to a browser.

use crate::helpers::{Browser, acting_as, json, spawn_app};
use klass::domain::Role;
use serde_json::{Value, json};

/// A worker's board with cards `titles` in its first column, in that order.
async fn board_with(me: &Browser, titles: &[&str]) -> (u64, Vec<u64>) {
    let board = json(me.post("/api/boards", json!({"name": "Доска"})).await).await["data"]["id"]
        .as_u64()
        .expect("board");
    let mut ids = Vec::new();
    for title in titles {
        let body = json!({"title": title, "due_on": "2030-01-10", "board_id": board, "column_id": 1});
        let task = json(me.post("/api/tasks", body).await).await;
        ids.push(task["data"]["id"].as_u64().expect("task"));
    }
    (board, ids)
}

/// The cards of a column of the board as the board shows them: (id, position).
async fn column(me: &Browser, board: u64, column: u64) -> Vec<(u64, String)> {
    let detail = json(me.get(&format!("/api/boards/{board}")).await).await;
    let cards = detail["data"]["cards"].as_array().expect("cards").clone();
    cards
        .into_iter()
        .filter(|c| c["column_id"] == column)
        .map(|c| {
            (
                c["id"].as_u64().expect("id"),
                c["position"].as_str().expect("position").to_owned(),
            )
        })
        .collect()
}

fn ids(cards: &[(u64, String)]) -> Vec<u64> {
    cards.iter().map(|c| c.0).collect()
}

async fn move_to(
    me: &Browser,
    task: u64,
    board: u64,
    column: u64,
    after: Option<u64>,
    before: Option<u64>,
) -> reqwest::Response {
    let body = json!({"board_id": board, "column_id": column, "after_id": after, "before_id": before});
    me.post(&format!("/api/tasks/{task}/move"), body).await
}

async fn moved(me: &Browser, task: u64, board: u64, column: u64, after: Option<u64>, before: Option<u64>) -> Value {
    let response = move_to(me, task, board, column, after, before).await;
    assert_eq!(response.status(), 200);
    json(response).await["data"].clone()
}

#[tokio::test]
async fn cards_move_within_and_across_columns_and_take_the_column_status() {
    let app = spawn_app().await;
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let other = app.quick_user("o@s.ru", "Другая", "Вера", &[Role::Worker]);
    let me = app.browser_as(worker, None);
    let (board, cards) = board_with(&me, &["А", "Б", "В"]).await;
    let [a, b, c] = cards[..] else { panic!("three cards") };
    assert_eq!(ids(&column(&me, board, 1).await), [a, b, c], "added at the end");

    moved(&me, c, board, 1, None, Some(a)).await;
    assert_eq!(ids(&column(&me, board, 1).await), [c, a, b], "dragged to the top");
    moved(&me, c, board, 1, Some(a), Some(b)).await;
    assert_eq!(ids(&column(&me, board, 1).await), [a, c, b]);
    let done = moved(&me, b, board, 3, None, None).await;
    assert_eq!(
        (done["status"].as_str(), done["column_id"].as_u64()),
        (Some("done"), Some(3))
    );
    assert!(done["done_at"].is_string());
    let back = moved(&me, b, board, 1, Some(c), None).await;
    assert_eq!(back["status"], "todo");
    assert_eq!(ids(&column(&me, board, 1).await), [a, c, b]);

    let unknown = move_to(&me, a, board, 9, None, None).await;
    assert_eq!(unknown.status(), 422);
    assert_eq!(
        json(unknown).await["errors"],
        json!({"column_id": ["Колонка не найдена"]})
    );
    let elsewhere = move_to(&me, a, board, 2, Some(c), None).await;
    assert_eq!(
        json(elsewhere).await["errors"],
        json!({"after_id": ["Этой карточки нет в колонке"]})
    );
    let theirs = app.browser_as(other, None);
    let (their_board, _) = board_with(&theirs, &[]).await;
    let foreign = move_to(&me, a, their_board, 1, None, None).await;
    assert_eq!(json(foreign).await["errors"], json!({"board_id": ["Доска не найдена"]}));
    assert_eq!(move_to(&theirs, a, their_board, 1, None, None).await.status(), 404);
}

/// `count` moves of two cards in turn right under `top`, through the service itself (the
/// HTTP round trips would make the test slow in a debug build): each halves the same gap.
fn move_in_turn(store: &klass::store::Store, worker: u64, board: u64, [top, x, y]: [u64; 3], count: usize) {
    use klass::domain::{BoardId, TaskId};
    use klass::service::work::moves::{MoveForm, move_task};
    let (actor, journal) = acting_as(store, worker);
    let (mut under, mut over) = (x, y);
    for n in 0..count {
        let form = MoveForm {
            board_id: BoardId(board),
            column_id: 1,
            after_id: Some(TaskId(top)),
            before_id: Some(TaskId(under)),
        };
        let task = move_task(store, &journal, &actor, TaskId(over), form, jiff::Timestamp::now()).expect("moved");
        let key = task.placement.expect("on the board").position;
        assert!(key.len() <= 16, "move {n}: key {key} grew too long");
        (under, over) = (over, under);
    }
}

#[tokio::test]
async fn positions_after_two_thousand_moves_into_the_same_gap_stay_short_and_ordered() {
    let app = spawn_app().await;
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let me = app.browser_as(worker, None);
    let (board, cards) = board_with(&me, &["Верх", "Низ", "Первая", "Вторая"]).await;
    let [top, bottom, x, y] = cards[..] else {
        panic!("four cards")
    };
    moved(&me, bottom, board, 1, Some(y), None).await;
    // Through the API first: the card moved last sits right under the top one.
    moved(&me, y, board, 1, Some(top), Some(x)).await;
    assert_eq!(ids(&column(&me, board, 1).await), [top, y, x, bottom]);
    for round in 0..4 {
        let store = app.store.clone();
        tokio::task::spawn_blocking(move || move_in_turn(&store, worker, board, [top, y, x], 500))
            .await
            .expect("moves");
        // 500 moves (an even number) leave the two as they were.
        let order = column(&me, board, 1).await;
        assert_eq!(ids(&order), [top, y, x, bottom], "after round {round}");
        assert!(order.windows(2).all(|w| w[0].1 < w[1].1), "{order:?}");
        assert!(order.iter().all(|c| c.1.len() <= 16), "{order:?}");
    }
    moved(&me, x, board, 1, Some(top), Some(y)).await;
    assert_eq!(ids(&column(&me, board, 1).await), [top, x, y, bottom]);
}

#[tokio::test]
async fn two_moves_into_the_same_gap_at_once_give_a_defined_order() {
    let app = spawn_app().await;
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let me = app.browser_as(worker, None);
    let (board, cards) = board_with(&me, &["А", "Б", "Первая", "Вторая"]).await;
    let [a, b, x, y] = cards[..] else { panic!("four cards") };
    for card in [x, y] {
        moved(&me, card, board, 2, None, None).await;
    }
    let (first, second) = tokio::join!(
        move_to(&me, x, board, 1, Some(a), Some(b)),
        move_to(&me, y, board, 1, Some(a), Some(b)),
    );
    assert_eq!((first.status().as_u16(), second.status().as_u16()), (200, 200));
    let (kx, ky) = (
        json(first).await["data"]["position"].as_str().expect("x").to_owned(),
        json(second).await["data"]["position"].as_str().expect("y").to_owned(),
    );
    assert_ne!(kx, ky, "never the same key");
    // The move that came second found the other between A and B and went right after A.
    let later_first = if ky < kx { [y, x] } else { [x, y] };
    let order = column(&me, board, 1).await;
    assert_eq!(ids(&order), [a, later_first[0], later_first[1], b]);
    assert!(order.windows(2).all(|w| w[0].1 < w[1].1), "{order:?}");
}

#[tokio::test]
async fn a_task_done_from_a_list_moves_to_the_done_column_and_back_when_reopened() {
    let app = spawn_app().await;
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let me = app.browser_as(worker, None);
    let (board, cards) = board_with(&me, &["А", "Б"]).await;
    let [a, b] = cards[..] else { panic!("two cards") };
    let done = json(me.post("/api/tasks/complete", json!({"ids": [a]})).await).await;
    assert_eq!(done["data"][0]["column_id"], 3, "«Готово»: {done}");
    assert_eq!(ids(&column(&me, board, 1).await), [b]);
    assert_eq!(ids(&column(&me, board, 3).await), [a]);
    let path = format!("/api/tasks/{a}");
    let reopened = me
        .send(reqwest::Method::PUT, &path, json!({"status": "in_progress"}))
        .await;
    assert_eq!(json(reopened).await["data"]["column_id"], 2, "«В работе»");
}

#[tokio::test]
async fn a_card_in_a_column_its_owner_added_stays_there_when_its_task_is_saved() {
    let app = spawn_app().await;
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let me = app.browser_as(worker, None);
    let (board, cards) = board_with(&me, &["Позвонить маме Ёжикова"]).await;
    let columns = json!({"columns": [{"id": 1, "name": "К выполнению"}, {"id": null, "name": "Ждёт ответа"},
                                     {"id": 2, "name": "В работе"}, {"id": 3, "name": "Готово"}]});
    let changed = me
        .send(reqwest::Method::PUT, &format!("/api/boards/{board}"), columns)
        .await;
    assert_eq!(changed.status(), 200);
    let waiting = json(changed).await["data"]["columns"][1]["id"]
        .as_u64()
        .expect("the new column");
    moved(&me, cards[0], board, waiting, None, None).await;

    // The task's dialog sends every field back, its unchanged status too.
    let body = json!({"title": "Позвонить маме Ёжикова вечером", "status": "todo", "priority": "normal"});
    let saved = me
        .send(reqwest::Method::PUT, &format!("/api/tasks/{}", cards[0]), body)
        .await;
    assert_eq!(saved.status(), 200);
    assert_eq!(
        ids(&column(&me, board, waiting).await),
        [cards[0]],
        "still waiting for the answer"
    );
    let started = me
        .send(
            reqwest::Method::PUT,
            &format!("/api/tasks/{}", cards[0]),
            json!({"status": "in_progress"}),
        )
        .await;
    assert_eq!(
        json(started).await["data"]["column_id"],
        2,
        "a new status takes it to «В работе»"
    );
}

#[tokio::test]
async fn a_card_goes_only_on_a_board_whose_owner_sees_its_task() {
    let app = spawn_app().await;
    let boss = app.quick_user("m@s.ru", "Директорова", "Анна", &[Role::Manager]);
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let colleague = app.quick_user("c@s.ru", "Соколова", "Мария", &[Role::Worker]);
    let (manager, me) = (app.browser_as(boss, None), app.browser_as(worker, None));
    let (board, _) = board_with(&me, &[]).await;
    let body = json!({"title": "Проверить журналы", "due_on": "2030-01-10", "assignee_id": colleague});
    let hers = json(manager.post("/api/tasks", body).await).await["data"]["id"]
        .as_u64()
        .expect("task");

    let moved_there = move_to(&manager, hers, board, 1, None, None).await;
    assert_eq!(moved_there.status(), 422);
    let unseen = json!({"board_id": ["Владелец доски не видит эту задачу"]});
    assert_eq!(json(moved_there).await["errors"], unseen);
    let placed = manager
        .send(
            reqwest::Method::PUT,
            &format!("/api/tasks/{hers}"),
            json!({"board_id": board}),
        )
        .await;
    assert_eq!(placed.status(), 422);
    assert_eq!(json(placed).await["errors"], unseen);
    assert!(
        column(&me, board, 1).await.is_empty(),
        "Белов's board shows no task he cannot open"
    );
}

#[tokio::test]
async fn a_long_board_goes_gzip_compressed_to_a_browser_and_plain_to_a_client_without_gzip() {
    use std::io::Read;
    let app = spawn_app().await;
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let me = app.browser_as(worker, None);
    let titles: Vec<String> = (1..=60)
        .map(|n| format!("Проверить тетради 9 «Б», вариант {n}"))
        .collect();
    let (board, _) = board_with(&me, &titles.iter().map(String::as_str).collect::<Vec<_>>()).await;
    let path = format!("{}/api/boards/{board}", me.base);
    let plain = me.client.get(&path).send().await.expect("GET");
    assert!(plain.headers().get("content-encoding").is_none());
    let plain = plain.bytes().await.expect("body");
    assert!(plain.len() > 8 * 1024, "{} bytes", plain.len());
    for _ in 0..2 {
        let zipped = me
            .client
            .get(&path)
            .header("accept-encoding", "gzip, deflate, br")
            .send()
            .await
            .expect("GET");
        assert_eq!(zipped.headers()["content-encoding"], "gzip");
        assert_eq!(zipped.headers()["vary"], "accept-encoding");
        let zipped = zipped.bytes().await.expect("body");
        assert!(
            zipped.len() < plain.len() / 4,
            "{} of {} bytes",
            zipped.len(),
            plain.len()
        );
        let mut unzipped = Vec::new();
        flate2::read::GzDecoder::new(zipped.as_ref())
            .read_to_end(&mut unzipped)
            .expect("gzip");
        assert_eq!(unzipped, plain.as_ref());
    }
}

/// Every card of the board: its id and position.
async fn positions(me: &Browser, board: u64) -> std::collections::BTreeMap<u64, String> {
    let detail = json(me.get(&format!("/api/boards/{board}")).await).await;
    let cards = detail["data"]["cards"].as_array().expect("cards").clone();
    cards
        .into_iter()
        .map(|c| {
            let position = c["position"].as_str().expect("position").to_owned();
            (c["id"].as_u64().expect("id"), position)
        })
        .collect()
}

#[tokio::test]
async fn a_move_changes_the_moved_cards_position_and_no_other_cards() {
    let app = spawn_app().await;
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let me = app.browser_as(worker, None);
    let (board, cards) = board_with(&me, &["А", "Б", "В", "Г", "Д"]).await;
    let [a, b, c, d, e] = cards[..] else {
        panic!("five cards")
    };
    moved(&me, e, board, 2, None, None).await;
    // Within a column, across columns, to the top of one and to the bottom of another.
    for (card, column, after, before) in [
        (c, 1, Some(a), Some(b)),
        (d, 1, None, Some(a)),
        (b, 2, None, Some(e)),
        (a, 3, None, None),
        (c, 2, Some(e), None),
    ] {
        let before_move = positions(&me, board).await;
        let moved = moved(&me, card, board, column, after, before).await;
        let mut after_move = positions(&me, board).await;
        assert_eq!(
            after_move.remove(&card).as_deref(),
            moved["position"].as_str(),
            "the moved card is where the answer says"
        );
        let mut others = before_move;
        others.remove(&card);
        assert_eq!(after_move, others, "moving {card}: every other card keeps its key");
    }
    assert_eq!(ids(&column(&me, board, 1).await), [d]);
    assert_eq!(ids(&column(&me, board, 2).await), [b, e, c]);
    assert_eq!(ids(&column(&me, board, 3).await), [a]);
}

#[tokio::test]
async fn a_card_moved_into_done_tells_its_author_when_someone_else_did_it() {
    use crate::tasks::kinds;
    let app = spawn_app().await;
    let author = app.quick_user("a@s.ru", "Директорова", "Анна", &[Role::Manager]);
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let (boss, me) = (app.browser_as(author, None), app.browser_as(worker, None));
    let (board, own) = board_with(&me, &["Своя"]).await;
    let body = json!({"title": "Проверить тетради", "due_on": "2030-01-10", "assignee_id": worker});
    let given = json(boss.post("/api/tasks", body).await).await["data"]["id"]
        .as_u64()
        .expect("task");

    moved(&me, given, board, 2, None, None).await;
    assert!(kinds(&boss, author).await.is_empty(), "«В работе» is not done");
    let done = moved(&me, given, board, 3, None, None).await;
    assert_eq!(done["status"], "done");
    let told = json(boss.get(&format!("/api/users/{author}/notifications")).await).await;
    assert_eq!(kinds(&boss, author).await, ["task_done"], "{told}");
    assert_eq!(told["data"][0]["body"], "Белов И. выполнил задачу «Проверить тетради»");
    moved(&me, given, board, 3, None, None).await;
    assert_eq!(kinds(&boss, author).await, ["task_done"], "done already: told once");

    moved(&me, own[0], board, 3, None, None).await;
    assert!(
        kinds(&me, worker).await.iter().all(|k| k != "task_done"),
        "his own task tells nobody"
    );
}
