//! The work rows of the authorization walk: tasks (anyone keeps his own; staff assign to staff;
//! managers see every task), boards (their owner and managers) and events (managers create
//! them; their audience sees them in calendars).

use super::Row;
use klass::domain::UserId;
use reqwest::Method;

/// The work fixtures: `{task}` a task the manager assigned to S; `{other_task}` the worker's
/// own task; `{board}` a board of S's; `{other_board}` the worker's board; `{event}` a
/// meeting for everyone.
pub fn fixtures(txn: &klass::store::WriteTxn, student: u64, worker: u64, manager: u64) -> [(&'static str, u64); 5] {
    use klass::domain::board::Board;
    use klass::domain::event::{Audience, Event, EventKind};
    use klass::store::record;
    let task = |author: u64, assignee: u64| {
        record::insert(txn, |id| klass::domain::task::Task {
            id,
            title: "Позвонить маме Ёжикова".into(),
            description: String::new(),
            author_id: UserId(author),
            assignee_id: UserId(assignee),
            related_user_id: None,
            due_on: jiff::civil::date(2030, 1, 10),
            due_time: None,
            priority: Default::default(),
            status: Default::default(),
            placement: None,
            created_at: jiff::Timestamp::now(),
            done_at: None,
            reminded_for: None,
        })
        .expect("task")
        .id
        .0
    };
    let board = |owner: u64| {
        record::insert(txn, |id| Board::new(id, UserId(owner), "Доска".into()))
            .expect("board")
            .id
            .0
    };
    let at = |day: i8| {
        jiff::civil::date(2030, 2, day)
            .at(18, 0, 0, 0)
            .to_zoned(jiff::tz::TimeZone::UTC)
            .expect("utc")
            .timestamp()
    };
    let event = record::insert(txn, |id| Event {
        id,
        title: "Родительское собрание".into(),
        description: String::new(),
        kind: EventKind::Meeting,
        starts_at: at(5),
        ends_at: at(6),
        all_day: false,
        audience: Audience::All,
        cancels_lessons: false,
        author_id: UserId(manager),
        created_at: jiff::Timestamp::now(),
    })
    .expect("event")
    .id
    .0;
    [
        ("{task}", task(manager, student)),
        ("{other_task}", task(worker, worker)),
        ("{board}", board(student)),
        ("{other_board}", board(worker)),
        ("{event}", event),
    ]
}

/// `/api/tasks`, `/api/users/{id}/tasks`. The callers of a row share one school in turn, so
/// a task deleted by one is gone for the next.
pub fn tasks() -> Vec<Row> {
    vec![
        (
            "tasks_list",
            Method::GET,
            "/api/tasks",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "tasks_list",
            Method::GET,
            "/api/tasks?assignee_id={self}&sort=-due_on",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "tasks_create",
            Method::POST,
            "/api/tasks",
            r#"{"title":"Задача {caller}","due_on":"2030-01-11"}"#,
            [401, 201, 201, 201, 201, 201],
        ),
        (
            "tasks_create",
            Method::POST,
            "/api/tasks",
            r#"{"title":"Коллеге","due_on":"2030-01-11","assignee_id":{worker}}"#,
            [401, 422, 422, 201, 201, 422],
        ),
        (
            "tasks_show",
            Method::GET,
            "/api/tasks/{task}",
            "",
            [401, 200, 404, 404, 200, 200],
        ),
        (
            "tasks_show",
            Method::GET,
            "/api/tasks/{other_task}",
            "",
            [401, 404, 404, 200, 200, 404],
        ),
        (
            "tasks_update",
            Method::PUT,
            "/api/tasks/{task}",
            r#"{"title":"Позвонить {caller}","due_time":null}"#,
            [401, 200, 404, 404, 200, 200],
        ),
        (
            "tasks_delete",
            Method::DELETE,
            "/api/tasks/{task}",
            "",
            [401, 403, 404, 404, 204, 404],
        ),
        (
            "tasks_delete",
            Method::DELETE,
            "/api/tasks/{other_task}",
            "",
            [401, 404, 404, 204, 404, 404],
        ),
        (
            "tasks_complete",
            Method::POST,
            "/api/tasks/complete",
            r#"{"ids":[{task}]}"#,
            [401, 200, 404, 404, 200, 200],
        ),
        (
            "tasks_move",
            Method::POST,
            "/api/tasks/{task}/move",
            r#"{"board_id":{board},"column_id":2,"after_id":null,"before_id":null}"#,
            [401, 200, 404, 404, 200, 200],
        ),
        (
            "tasks_move",
            Method::POST,
            "/api/tasks/{other_task}/move",
            r#"{"board_id":{other_board},"column_id":1,"after_id":null,"before_id":null}"#,
            [401, 404, 404, 200, 200, 404],
        ),
        (
            "user_tasks",
            Method::GET,
            "/api/users/{self}/tasks",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "user_tasks",
            Method::GET,
            "/api/users/{other}/tasks",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
    ]
}

/// `/api/boards`, `/api/users/{id}/boards`: a board is its owner's and the managers'.
pub fn boards() -> Vec<Row> {
    vec![
        (
            "boards_list",
            Method::GET,
            "/api/boards",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "boards_create",
            Method::POST,
            "/api/boards",
            r#"{"name":"Доска {caller}"}"#,
            [401, 201, 201, 201, 201, 201],
        ),
        (
            "boards_create",
            Method::POST,
            "/api/boards",
            r#"{"name":"Для Симы","owner_id":{self}}"#,
            [401, 201, 403, 403, 201, 201],
        ),
        (
            "boards_show",
            Method::GET,
            "/api/boards/{board}",
            "",
            [401, 200, 404, 404, 200, 200],
        ),
        (
            "boards_update",
            Method::PUT,
            "/api/boards/{board}",
            r#"{"name":"Доска {caller}"}"#,
            [401, 200, 404, 404, 200, 200],
        ),
        (
            "boards_delete",
            Method::DELETE,
            "/api/boards/{board}",
            "",
            [401, 204, 404, 404, 404, 404],
        ),
        (
            "boards_delete",
            Method::DELETE,
            "/api/boards/{other_board}",
            "",
            [401, 404, 404, 204, 404, 404],
        ),
        (
            "user_boards",
            Method::GET,
            "/api/users/{self}/boards",
            "",
            [401, 200, 403, 403, 200, 200],
        ),
        (
            "user_boards",
            Method::GET,
            "/api/users/{worker}/boards",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
    ]
}

/// `/api/events`: managers only (the others see events in their calendars).
pub fn events() -> Vec<Row> {
    use reqwest::Method;
    const EVENT: &str = r#"{"title":"Педсовет {caller}","kind":"meeting","starts_at":"2030-02-07T16:00","ends_at":"2030-02-07T17:00","all_day":false,"audience":{"kind":"staff"}}"#;
    const HOLIDAY: &str = r#"{"title":"Каникулы","kind":"holiday","starts_at":"2030-02-10","ends_at":"2030-02-12","all_day":true,"audience":{"kind":"all"},"cancels_lessons":true}"#;
    vec![
        (
            "events_list",
            Method::GET,
            "/api/events",
            "",
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "events_show",
            Method::GET,
            "/api/events/{event}",
            "",
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "events_create",
            Method::POST,
            "/api/events",
            EVENT,
            [401, 403, 403, 403, 201, 403],
        ),
        (
            "events_update",
            Method::PUT,
            "/api/events/{event}",
            r#"{"title":"Собрание {caller}"}"#,
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "events_delete",
            Method::DELETE,
            "/api/events/{event}",
            "",
            [401, 403, 403, 403, 204, 403],
        ),
        (
            "events_preview",
            Method::POST,
            "/api/events/preview",
            HOLIDAY,
            [401, 403, 403, 403, 200, 403],
        ),
    ]
}

/// `/api/boards`, `/api/users/{id}/boards`, `/api/events`.
pub fn boards_and_events() -> Vec<Row> {
    vec![]
}
