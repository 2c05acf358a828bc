//! The work rows of the authorization walk: tasks (anyone keeps his own; staff assign to staff;
//! managers see every task), boards (their owner and managers) and events (managers create
//! them; their audience sees them in calendars).

use super::Row;
use klass::domain::UserId;

/// The work fixtures: `{task}` a task the manager assigned to S; `{other_task}` the worker's
/// own task; `{board}` a board of S's; `{other_board}` the worker's board; `{event}` a
/// meeting for everyone.
pub fn fixtures(txn: &redb::WriteTransaction, student: u64, worker: u64, manager: u64) -> [(&'static str, u64); 5] {
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

/// `/api/tasks`, `/api/users/{id}/tasks`.
pub fn tasks() -> Vec<Row> {
    vec![]
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
            Method::PATCH,
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
