//! Tasks: what a person notices — the 422 messages, who sees which task, the assignment and
//! done notifications, a person's tasks, bulk «Выполнено», and boards with their columns.

mod filters;
mod notices;

use crate::helpers::{Browser, TestApp, json, spawn_app};
use klass::domain::Role;
use reqwest::Method;
use serde_json::{Value, json};

/// The kinds of `person`'s notifications, newest first.
pub async fn kinds(browser: &Browser, person: u64) -> Vec<String> {
    let list = json(browser.get(&format!("/api/users/{person}/notifications")).await).await;
    let rows = list["data"].as_array().expect("rows");
    rows.iter()
        .map(|n| n["kind"].as_str().expect("kind").to_owned())
        .collect()
}

fn titles(list: &Value) -> Vec<&str> {
    let rows = list["data"].as_array().expect("rows");
    rows.iter().map(|t| t["title"].as_str().expect("title")).collect()
}

/// A manager and two workers, Белов and Соколова, each signed in: where the tests of the task
/// list's filters and of its notices start.
pub struct Staff {
    /// The school (its server runs while this is kept).
    pub app: TestApp,
    /// The manager's, Белов's and Соколова's ids.
    pub ids: [u64; 3],
    pub boss: Browser,
    pub me: Browser,
    pub her: Browser,
}

pub async fn staff() -> Staff {
    let app = spawn_app().await;
    let ids = [
        app.quick_user("m@s.ru", "Директорова", "Анна", &[Role::Manager]),
        app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]),
        app.quick_user("c@s.ru", "Соколова", "Мария", &[Role::Worker]),
    ];
    let [boss, me, her] = ids.map(|id| app.browser_as(id, None));
    Staff {
        app,
        ids,
        boss,
        me,
        her,
    }
}

async fn created(browser: &Browser, body: Value) -> Value {
    let response = browser.post("/api/tasks", body).await;
    assert_eq!(response.status(), 201);
    json(response).await["data"].clone()
}

#[tokio::test]
async fn a_task_is_checked_created_assigned_done_and_deleted() {
    let app = spawn_app().await;
    let author = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let colleague = app.quick_user("c@s.ru", "Соколова", "Мария", &[Role::Worker]);
    let student = app.quick_user("s@s.ru", "Ёжиков", "Петя", &[Role::Student]);
    let (me, her) = (app.browser_as(author, None), app.browser_as(colleague, None));

    let wrong = me
        .post(
            "/api/tasks",
            json!({"title": "  ", "due_on": "23.11.2026", "due_time": "25:00"}),
        )
        .await;
    assert_eq!(wrong.status(), 422);
    assert_eq!(
        json(wrong).await["errors"],
        json!({
            "title": ["Обязательное поле"],
            "due_on": ["Дата в формате ГГГГ-ММ-ДД, с 2000 по 2100 год"],
            "due_time": ["Время в формате ЧЧ:ММ"],
        })
    );
    let long_ago = me
        .post("/api/tasks", json!({"title": "Сдать отчёт", "due_on": "0202-11-23"}))
        .await;
    assert_eq!(
        json(long_ago).await["errors"],
        json!({"due_on": ["Дата в формате ГГГГ-ММ-ДД, с 2000 по 2100 год"]})
    );
    let to_student = me
        .post(
            "/api/tasks",
            json!({"title": "Решить задачи", "due_on": "2026-11-23", "assignee_id": student}),
        )
        .await;
    assert_eq!(to_student.status(), 422);
    assert_eq!(
        json(to_student).await["errors"],
        json!({"assignee_id": ["Назначать задачи можно только себе или сотрудникам"]})
    );

    let mine = created(
        &me,
        json!({"title": "Позвонить маме Ёжикова", "due_on": "2020-11-23", "due_time": "14:30",
               "related_user_id": student, "priority": "high"}),
    )
    .await;
    assert_eq!(mine["assignee_id"], author);
    assert_eq!(mine["assignee_name"], "Белов И.");
    assert_eq!(mine["related_user_name"], "Ёжиков П.");
    assert_eq!(
        (mine["due_time"].as_str(), mine["status"].as_str()),
        (Some("14:30"), Some("todo"))
    );
    assert_eq!(mine["overdue"], true, "due in 2020 and not done");
    assert!(mine["board_id"].is_null() && mine["done_at"].is_null());

    let hers = created(
        &me,
        json!({"title": "Подготовить контрольную", "due_on": "2030-01-10", "assignee_id": colleague}),
    )
    .await;
    assert_eq!(hers["author_name"], "Белов И.");
    assert_eq!(kinds(&her, colleague).await, ["task_assigned"]);
    assert!(kinds(&me, author).await.is_empty(), "one's own task tells nobody");

    let mine_list = json(me.get("/api/tasks?sort=title").await).await;
    assert_eq!(
        titles(&mine_list),
        ["Подготовить контрольную", "Позвонить маме Ёжикова"]
    );
    assert_eq!(mine_list["meta"]["total"], 2);
    let backwards = json(me.get("/api/tasks?sort=-title").await).await;
    assert_eq!(
        titles(&backwards),
        ["Позвонить маме Ёжикова", "Подготовить контрольную"],
        "the list's header clicked twice"
    );
    let found = json(me.get("/api/tasks?search=ежикова").await).await;
    assert_eq!(titles(&found), ["Позвонить маме Ёжикова"], "ё is е, any case");
    let hers_list = json(her.get("/api/tasks").await).await;
    assert_eq!(titles(&hers_list), ["Подготовить контрольную"]);
    let bad = her.get("/api/tasks?sort=urgency&due_from=завтра").await;
    assert_eq!(bad.status(), 422);
    let errors = json(bad).await["errors"].clone();
    assert!(errors["sort"].is_array() && errors["due_from"].is_array(), "{errors}");

    let pupil = app.browser_as(student, None);
    assert_eq!(json(pupil.get("/api/tasks").await).await["data"], json!([]));
    let (mine_id, hers_id) = (mine["id"].clone(), hers["id"].clone());
    assert_eq!(pupil.get(&format!("/api/tasks/{mine_id}")).await.status(), 404);

    let done = her
        .send(Method::PUT, &format!("/api/tasks/{hers_id}"), json!({"status": "done"}))
        .await;
    assert_eq!(done.status(), 200);
    let done = json(done).await["data"].clone();
    assert!(done["done_at"].is_string());
    assert_eq!(kinds(&me, author).await, ["task_done"], "the author hears it is done");

    let cleared = me
        .send(
            Method::PUT,
            &format!("/api/tasks/{mine_id}"),
            json!({"due_time": null, "related_user_id": null, "title": "Позвонить"}),
        )
        .await;
    let cleared = json(cleared).await["data"].clone();
    assert!(cleared["due_time"].is_null() && cleared["related_user_id"].is_null());
    assert_eq!(cleared["priority"], "high", "a field left out keeps its value");

    let by_assignee = her
        .send(Method::DELETE, &format!("/api/tasks/{hers_id}"), json!({}))
        .await;
    assert_eq!(by_assignee.status(), 403, "only its author or a manager deletes it");
    let by_author = me
        .send(Method::DELETE, &format!("/api/tasks/{hers_id}"), json!({}))
        .await;
    assert_eq!(by_author.status(), 204);
    assert_eq!(her.get(&format!("/api/tasks/{hers_id}")).await.status(), 404);
}

#[tokio::test]
async fn managers_see_every_task_and_a_persons_tasks_are_those_for_or_about_him() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@s.ru", "Директорова", "Анна", &[Role::Manager]);
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let student = app.quick_user("s@s.ru", "Ёжиков", "Петя", &[Role::Student]);
    let parent = app.quick_user("p@s.ru", "Ёжикова", "Ольга", &[Role::Parent]);
    let txn = app.store.write().expect("txn");
    klass::store::family::link(&txn, klass::domain::UserId(parent), klass::domain::UserId(student)).expect("link");
    txn.commit().expect("commit");
    let boss = app.browser_as(manager, None);
    let (teacher, pupil, mother) = (
        app.browser_as(worker, None),
        app.browser_as(student, None),
        app.browser_as(parent, None),
    );
    let for_pupil = created(
        &boss,
        json!({"title": "Сдать реферат", "due_on": "2030-01-10", "assignee_id": student}),
    )
    .await;
    assert_eq!(kinds(&pupil, student).await, ["task_assigned"]);
    created(
        &boss,
        json!({"title": "Позвонить маме", "due_on": "2030-01-20", "assignee_id": worker,
               "related_user_id": student}),
    )
    .await;
    created(
        &teacher,
        json!({"title": "Своё", "due_on": "2030-02-01", "priority": "high"}),
    )
    .await;

    let all = json(boss.get("/api/tasks").await).await;
    assert_eq!(titles(&all), ["Сдать реферат", "Позвонить маме", "Своё"], "by due day");
    let urgent = json(boss.get("/api/tasks?priority=high").await).await;
    assert_eq!(titles(&urgent), ["Своё"]);
    let refused = boss.get("/api/tasks?priority=urgent").await;
    assert_eq!(refused.status(), 422);
    assert!(json(refused).await["errors"]["priority"][0].is_string());
    let january = json(
        boss.get("/api/tasks?due_from=2030-01-01&due_to=2030-01-31&sort=-due_on")
            .await,
    )
    .await;
    assert_eq!(titles(&january), ["Позвонить маме", "Сдать реферат"]);
    let of_worker = json(
        boss.get(&format!("/api/tasks?assignee_id={worker}&due_to=2030-01-31"))
            .await,
    )
    .await;
    assert_eq!(titles(&of_worker), ["Позвонить маме"]);
    let about = json(boss.get(&format!("/api/tasks?related_user_id={student}")).await).await;
    assert_eq!(titles(&about), ["Позвонить маме"]);

    let path = format!("/api/users/{student}/tasks");
    assert_eq!(
        titles(&json(boss.get(&path).await).await),
        ["Сдать реферат", "Позвонить маме"],
        "assigned to him or about him"
    );
    assert_eq!(titles(&json(pupil.get(&path).await).await), ["Сдать реферат"]);
    assert_eq!(titles(&json(teacher.get(&path).await).await), ["Позвонить маме"]);
    assert!(
        titles(&json(mother.get(&path).await).await).is_empty(),
        "a parent sees only tasks assigned to him"
    );
    let later = json(boss.get(&format!("{path}?due_from=2030-01-15&status=todo")).await).await;
    assert_eq!(titles(&later), ["Позвонить маме"]);
    assert_eq!(pupil.get(&format!("/api/users/{worker}/tasks")).await.status(), 403);
    assert_eq!(json(pupil.get("/api/tasks").await).await["meta"]["total"], 1);
    let id = &for_pupil["id"];
    assert_eq!(boss.get(&format!("/api/tasks/{id}")).await.status(), 200);
    assert_eq!(mother.get(&format!("/api/tasks/{id}")).await.status(), 404);
}

/// Every page of `path` (`per_page` rows each) in order, and the total the first one gave.
async fn paged_titles(browser: &Browser, path: &str, per_page: usize) -> (Vec<String>, u64) {
    let (mut all, mut total) = (Vec::new(), 0);
    for page in 1.. {
        let join = if path.contains('?') { '&' } else { '?' };
        let list = json(
            browser
                .get(&format!("{path}{join}page={page}&per_page={per_page}"))
                .await,
        )
        .await;
        total = list["meta"]["total"].as_u64().expect("total");
        let rows = titles(&list);
        all.extend(rows.iter().map(|t| (*t).to_owned()));
        if rows.len() < per_page {
            break;
        }
    }
    (all, total)
}

#[tokio::test]
async fn a_persons_tasks_page_by_due_day_and_time_however_they_are_read() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@s.ru", "Директорова", "Анна", &[Role::Manager]);
    let student = app.quick_user("s@s.ru", "Ёжиков", "Петя", &[Role::Student]);
    let (boss, pupil) = (app.browser_as(manager, None), app.browser_as(student, None));
    // Assigned to the student, or to the manager about him; days and times interleaved.
    for (title, day, time, his) in [
        ("A", "2030-03-02", Some("10:00"), true),
        ("B", "2030-03-01", None, true),
        ("C", "2030-03-02", None, false),
        ("D", "2030-03-01", Some("09:00"), false),
        ("E", "2030-03-03", Some("08:00"), true),
        ("F", "2030-03-02", Some("09:30"), false),
        ("G", "2030-03-02", Some("10:00"), true),
    ] {
        let assignee = if his { student } else { manager };
        let related = if his { Value::Null } else { json!(student) };
        created(
            &boss,
            json!({"title": title, "due_on": day, "due_time": time, "assignee_id": assignee,
                   "related_user_id": related}),
        )
        .await;
    }
    let path = format!("/api/users/{student}/tasks");
    let everything = ["D", "B", "F", "A", "G", "C", "E"];
    for per_page in [1, 2, 3, 7] {
        // A manager sees all he is assigned (pages counted from the index), and with a status
        // filter each task is read: the same rows either way.
        assert_eq!(
            paged_titles(&boss, &path, per_page).await,
            (everything.map(String::from).to_vec(), 7)
        );
        let todo = paged_titles(&boss, &format!("{path}?status=todo"), per_page).await;
        assert_eq!(todo, (everything.map(String::from).to_vec(), 7));
    }
    let own = ["B", "A", "G", "E"].map(String::from).to_vec();
    assert_eq!(
        paged_titles(&pupil, &path, 3).await,
        (own, 4),
        "his own, not those about him"
    );
    let march_2 = paged_titles(&boss, &format!("{path}?due_from=2030-03-02&due_to=2030-03-02"), 2).await;
    assert_eq!(march_2, (["F", "A", "G", "C"].map(String::from).to_vec(), 4));
}

#[tokio::test]
async fn done_in_bulk_in_one_commit_telling_each_author_once() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@s.ru", "Директорова", "Анна", &[Role::Manager]);
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let other = app.quick_user("o@s.ru", "Другая", "Вера", &[Role::Worker]);
    let (boss, teacher) = (app.browser_as(manager, None), app.browser_as(worker, None));
    let given = created(
        &boss,
        json!({"title": "От директора", "due_on": "2030-01-10", "assignee_id": worker}),
    )
    .await;
    let own = created(&teacher, json!({"title": "Своё", "due_on": "2030-01-11"})).await;
    let foreign = created(
        &app.browser_as(other, None),
        json!({"title": "Чужое", "due_on": "2030-01-12"}),
    )
    .await;

    let none = teacher.post("/api/tasks/complete", json!({"ids": []})).await;
    assert_eq!(none.status(), 422);
    assert_eq!(json(none).await["errors"], json!({"ids": ["Выберите задачи"]}));
    let with_foreign = teacher
        .post("/api/tasks/complete", json!({"ids": [given["id"], foreign["id"]]}))
        .await;
    assert_eq!(with_foreign.status(), 404);
    let still = json(teacher.get(&format!("/api/tasks/{}", given["id"])).await).await;
    assert_eq!(still["data"]["status"], "todo", "nothing is done when one is refused");

    let done = teacher
        .post("/api/tasks/complete", json!({"ids": [given["id"], own["id"]]}))
        .await;
    assert_eq!(done.status(), 200);
    let done = json(done).await;
    let statuses: Vec<&str> = done["data"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|t| t["status"].as_str().expect("status"))
        .collect();
    assert_eq!(statuses, ["done", "done"]);
    assert_eq!(kinds(&boss, manager).await, ["task_done"]);
    let again = teacher.post("/api/tasks/complete", json!({"ids": [given["id"]]})).await;
    assert_eq!(again.status(), 200);
    assert_eq!(kinds(&boss, manager).await, ["task_done"], "done once, told once");
}

fn column_names(board: &Value) -> Vec<&str> {
    let columns = board["columns"].as_array().expect("columns");
    columns.iter().map(|c| c["name"].as_str().expect("name")).collect()
}

#[tokio::test]
async fn a_board_keeps_its_columns_and_cards_and_leaves_its_tasks_when_deleted() {
    let app = spawn_app().await;
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let other = app.quick_user("o@s.ru", "Другая", "Вера", &[Role::Worker]);
    let me = app.browser_as(worker, None);
    let empty = me.post("/api/boards", json!({"name": " "})).await;
    assert_eq!(json(empty).await["errors"], json!({"name": ["Обязательное поле"]}));
    let board = me.post("/api/boards", json!({"name": "Мои дела"})).await;
    assert_eq!(board.status(), 201);
    let board = json(board).await["data"].clone();
    assert_eq!(column_names(&board), ["К выполнению", "В работе", "Готово"]);
    let id = board["id"].clone();

    let card = created(
        &me,
        json!({"title": "Карточка", "due_on": "2030-01-10", "board_id": id, "column_id": 2}),
    )
    .await;
    assert_eq!(
        (card["column_id"].as_u64(), card["status"].as_str()),
        (Some(2), Some("in_progress"))
    );
    assert!(card["position"].is_string());
    let foreign = me
        .post(
            "/api/tasks",
            json!({"title": "Чужая доска", "due_on": "2030-01-10", "board_id": id, "column_id": 9}),
        )
        .await;
    assert_eq!(
        json(foreign).await["errors"],
        json!({"column_id": ["Колонка не найдена"]})
    );

    let path = format!("/api/boards/{id}");
    let with_card = me
        .send(
            Method::PUT,
            &path,
            json!({"columns": [{"id": 1, "name": "Сделать"}, {"id": 3, "name": "Готово"}]}),
        )
        .await;
    assert_eq!(with_card.status(), 422);
    assert_eq!(
        json(with_card).await["errors"],
        json!({"columns": ["В колонке «В работе» есть задачи — перенесите их"]})
    );
    let too_many: Vec<Value> = (0..13).map(|n| json!({"id": null, "name": format!("К{n}")})).collect();
    let too_many = me.send(Method::PUT, &path, json!({"columns": too_many})).await;
    assert_eq!(too_many.status(), 422);
    let changed = me
        .send(
            Method::PUT,
            &path,
            json!({"name": "Дела", "columns": [{"id": 2, "name": "В работе"}, {"id": null, "name": "Ждёт"},
                   {"id": 1, "name": "Сделать"}]}),
        )
        .await;
    assert_eq!(changed.status(), 200);
    let changed = json(changed).await["data"].clone();
    assert_eq!(changed["name"], "Дела");
    assert_eq!(column_names(&changed), ["В работе", "Ждёт", "Сделать"]);
    assert_eq!(changed["columns"][1]["id"], 4, "a new column gets a new id");
    assert_eq!(changed["columns"][0]["status"], "in_progress");

    let detail = json(me.get(&path).await).await["data"].clone();
    assert_eq!(titles(&json!({"data": detail["cards"]})), ["Карточка"]);
    let listed = json(me.get("/api/boards").await).await;
    assert_eq!(listed["data"].as_array().map(Vec::len), Some(1));
    assert_eq!(listed["meta"]["total"], 1, "a page, as every list: {listed}");
    let outsider = app.browser_as(other, None);
    assert_eq!(outsider.get(&path).await.status(), 404);
    assert_eq!(outsider.get(&format!("/api/users/{worker}/boards")).await.status(), 403);

    assert_eq!(me.send(Method::DELETE, &path, json!({})).await.status(), 204);
    let task = json(me.get(&format!("/api/tasks/{}", card["id"])).await).await["data"].clone();
    assert!(
        task["board_id"].is_null() && task["position"].is_null(),
        "the task stays, off the board"
    );
    assert_eq!(me.get(&path).await.status(), 404);
}
