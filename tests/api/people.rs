//! People as a school uses them: who sees whom, search, sort, families, roles, deletion.

use crate::helpers::{json, spawn_app};
use klass::domain::Role;
use reqwest::Method;
use serde_json::json;

fn names(page: &serde_json::Value) -> Vec<String> {
    page["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|u| u["last_name"].as_str().expect("name").to_owned())
        .collect()
}

#[tokio::test]
async fn a_student_and_a_parent_see_only_their_own() {
    let app = spawn_app().await;
    let child = app.quick_user("child@school.ru", "Соколова", "Алёна", &[Role::Student]);
    let other = app.quick_user("other@school.ru", "Морозов", "Кирилл", &[Role::Student]);
    let parent = app.quick_user("mum@school.ru", "Соколова", "Марина", &[Role::Parent]);
    let manager = app.quick_user("boss@school.ru", "Орлова", "Наталья", &[Role::Manager]);
    let boss = app.browser_as(manager, None);
    let linked = boss
        .post(
            &format!("/api/users/{parent}/children/save"),
            json!({"children": [child]}),
        )
        .await;
    assert_eq!(json(linked).await["data"]["children_ids"], json!([child]));

    let student = app.browser_as(child, None);
    assert_eq!(student.get(&format!("/api/users/{other}")).await.status(), 403);
    assert_eq!(names(&json(student.get("/api/users").await).await), vec!["Соколова"]);

    let mum = app.browser_as(parent, None);
    assert_eq!(mum.get(&format!("/api/users/{child}")).await.status(), 200);
    assert_eq!(mum.get(&format!("/api/users/{other}")).await.status(), 403);
    let listed = json(mum.get("/api/users").await).await;
    assert_eq!(listed["meta"]["total"], 2, "himself and his child: {listed}");
    assert!(
        listed["data"][0]["notes"].is_null(),
        "staff notes are not shown to parents"
    );
    assert_eq!(
        json(mum.get("/api/user").await).await["data"]["children_ids"],
        json!([child])
    );
}

#[tokio::test]
async fn search_folds_yo_and_names_sort_the_russian_way() {
    let app = spawn_app().await;
    for (email, last, first) in [
        ("a@s.ru", "Ершов", "Пётр"),
        ("b@s.ru", "Ёлкин", "Иван"),
        ("c@s.ru", "Егоров", "Алёна"),
        ("d@s.ru", "Яковлев", "Лев"),
        ("e@s.ru", "Абрамова", "Алина"),
    ] {
        app.quick_user(email, last, first, &[Role::Student]);
    }
    let manager = app.quick_user("m@s.ru", "Орлова", "Наталья", &[Role::Manager]);
    let boss = app.browser_as(manager, None);
    let all = json(boss.get("/api/users?roles[]=student").await).await;
    assert_eq!(names(&all), vec!["Абрамова", "Егоров", "Ёлкин", "Ершов", "Яковлев"]);
    let found = json(boss.get("/api/users?search=%D0%B0%D0%BB%D0%B5%D0%BD%D0%B0").await).await; // "алена"
    assert_eq!(names(&found), vec!["Егоров"], "'алена' finds 'Алёна'");
    let by_mail = json(boss.get("/api/users?search=d@s.ru").await).await;
    assert_eq!(names(&by_mail), vec!["Яковлев"]);
    let desc = json(
        boss.get("/api/users?roles[]=student&sort=-last_name&per_page=2&page=2")
            .await,
    )
    .await;
    assert_eq!(names(&desc), vec!["Ёлкин", "Егоров"]);
    assert_eq!(
        (desc["meta"]["total"].as_u64(), desc["meta"]["last_page"].as_u64()),
        (Some(5), Some(3))
    );
    assert_eq!(boss.get("/api/users?sort=age").await.status(), 422);
    assert_eq!(boss.get("/api/users?roles[]=boss").await.status(), 422);
}

#[tokio::test]
async fn managers_create_edit_delete_and_restore_with_clear_errors() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@s.ru", "Орлова", "Наталья", &[Role::Manager]);
    let boss = app.browser_as(manager, None);
    let bad = json(
        boss.post(
            "/api/users",
            json!({"email": "nope", "first_name": "Ян", "phone": "звоните", "roles": []}),
        )
        .await,
    )
    .await;
    for field in ["email", "last_name", "phone", "roles"] {
        assert!(bad["errors"][field].is_array(), "{field} in {bad}");
    }
    let body = json!({"email": "Ivan@S.ru", "last_name": "Петров", "first_name": "Иван", "phone": "8 (912) 345-67-89",
                       "birth_date": "05.03.2012", "roles": ["student"], "notes": "Любит химию"});
    let created = boss.post("/api/users", body.clone()).await;
    assert_eq!(created.status(), 201);
    let card = json(created).await["data"].clone();
    assert_eq!(
        (card["email"].as_str(), card["phone"].as_str()),
        (Some("ivan@s.ru"), Some("+79123456789"))
    );
    assert_eq!(card["birth_date"], "2012-03-05");
    let twice = json(boss.post("/api/users", body).await).await;
    assert_eq!(twice["errors"]["email"], json!(["Этот email уже используется"]));

    let id = card["id"].as_u64().expect("id");
    let edit = json!({"email": "ivan@s.ru", "last_name": "Петров", "first_name": "Иван", "middle_name": "Ильич"});
    let edited = json(boss.send(reqwest::Method::PUT, &format!("/api/users/{id}"), edit).await).await;
    assert_eq!(edited["data"]["full_name"], "Петров Иван Ильич");

    let student = app.browser_as(id, None);
    assert_eq!(
        boss.send(reqwest::Method::DELETE, &format!("/api/users/{id}"), json!({}))
            .await
            .status(),
        204
    );
    assert_eq!(
        student.get("/api/user").await.status(),
        401,
        "a deleted user's sessions end at once"
    );
    assert_eq!(json(boss.get("/api/users").await).await["meta"]["total"], 1);
    let trashed = json(boss.get("/api/users?trashed=only").await).await;
    assert!(trashed["data"][0]["deleted_at"].is_string());
    assert_eq!(
        boss.post(&format!("/api/users/{id}/restore"), json!({})).await.status(),
        200
    );
    assert_eq!(json(boss.get("/api/users").await).await["meta"]["total"], 2);
}

#[tokio::test]
async fn the_school_keeps_a_manager_and_nobody_deletes_himself() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@s.ru", "Орлова", "Наталья", &[Role::Manager]);
    let boss = app.browser_as(manager, None);
    let demote = json(
        boss.post(
            &format!("/api/users/{manager}/update-roles"),
            json!({"roles": ["worker"]}),
        )
        .await,
    )
    .await;
    assert_eq!(
        demote["errors"]["roles"],
        json!(["Нельзя снять роль менеджера с последнего менеджера"])
    );
    let suicide = boss
        .send(reqwest::Method::DELETE, &format!("/api/users/{manager}"), json!({}))
        .await;
    assert_eq!(suicide.status(), 422);
    let deputy = app.quick_user("d@s.ru", "Завучева", "Зоя", &[Role::Worker]);
    boss.post(
        &format!("/api/users/{deputy}/update-roles"),
        json!({"roles": ["manager", "worker"]}),
    )
    .await;
    // Not by his own hand (`people_care`): the second manager takes the role.
    let now_ok = app
        .browser_as(deputy, None)
        .post(
            &format!("/api/users/{manager}/update-roles"),
            json!({"roles": ["worker"]}),
        )
        .await;
    assert_eq!(now_ok.status(), 200, "with a second manager the first may step down");
}

#[tokio::test]
async fn roles_and_deletion_reach_open_sessions_at_once() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@s.ru", "Орлова", "Наталья", &[Role::Manager]);
    let worker = app.quick_user("w@s.ru", "Учителева", "Вера", &[Role::Worker]);
    let boss = app.browser_as(manager, None);
    let teacher = app.browser_as(worker, None);
    // The log of a person is for managers only.
    let log = format!("/api/users/{manager}/logs");
    assert_eq!(teacher.get(&log).await.status(), 403);
    let roles = |roles: &[&str]| json!({ "roles": roles });
    let promote = boss
        .post(
            &format!("/api/users/{worker}/update-roles"),
            roles(&["manager", "worker"]),
        )
        .await;
    assert_eq!(promote.status(), 200);
    assert_eq!(
        teacher.get(&log).await.status(),
        200,
        "the session she already has gets the new role"
    );
    boss.post(&format!("/api/users/{worker}/update-roles"), roles(&["worker"]))
        .await;
    assert_eq!(teacher.get(&log).await.status(), 403);
    let gone = boss
        .send(reqwest::Method::DELETE, &format!("/api/users/{worker}"), json!({}))
        .await;
    assert_eq!(gone.status(), 204);
    assert_eq!(
        teacher.get("/api/user").await.status(),
        401,
        "a deleted user is signed out"
    );
}

#[tokio::test]
async fn family_links_refuse_self_and_loops() {
    let app = spawn_app().await;
    let (a, b, c) = (
        app.quick_user("a@s.ru", "Дедов", "Аркадий", &[Role::Parent]),
        app.quick_user("b@s.ru", "Отцов", "Борис", &[Role::Parent]),
        app.quick_user("c@s.ru", "Сынов", "Вадим", &[Role::Student]),
    );
    let worker = app.quick_user("w@s.ru", "Учителева", "Вера", &[Role::Worker]);
    let teacher = app.browser_as(worker, None);
    assert_eq!(
        teacher
            .post(&format!("/api/users/{b}/parents/save"), json!({"parents": [a]}))
            .await
            .status(),
        200
    );
    assert_eq!(
        teacher
            .post(&format!("/api/users/{c}/parents/save"), json!({"parents": [b]}))
            .await
            .status(),
        200
    );
    let own = json(
        teacher
            .post(&format!("/api/users/{c}/parents/save"), json!({"parents": [c]}))
            .await,
    )
    .await;
    assert_eq!(
        own["errors"]["parents"],
        json!(["Нельзя связать пользователя с самим собой"])
    );
    let looped = teacher
        .post(&format!("/api/users/{a}/parents/save"), json!({"parents": [c]}))
        .await;
    assert_eq!(looped.status(), 422, "grandchild as grandparent");
    let missing = teacher
        .post(&format!("/api/users/{c}/parents/save"), json!({"parents": [999]}))
        .await;
    assert_eq!(missing.status(), 422);
}

#[tokio::test]
async fn a_deleted_parent_on_the_card_does_not_stop_adding_another_and_a_deleted_child_is_hidden() {
    let app = spawn_app().await;
    let (father, mother, child) = (
        app.quick_user("f@s.ru", "Отцов", "Борис", &[Role::Parent]),
        app.quick_user("mo@s.ru", "Отцова", "Вера", &[Role::Parent]),
        app.quick_user("c@s.ru", "Отцов", "Вадим", &[Role::Student]),
    );
    let manager = app.quick_user("m@s.ru", "Орлова", "Наталья", &[Role::Manager]);
    let boss = app.browser_as(manager, None);
    let save = |parents: Vec<u64>| {
        let boss = &boss;
        async move {
            boss.post(&format!("/api/users/{child}/parents/save"), json!({"parents": parents}))
                .await
                .status()
        }
    };
    assert_eq!(save(vec![father]).await, 200);
    let gone = boss
        .send(Method::DELETE, &format!("/api/users/{father}"), json!({}))
        .await;
    assert_eq!(gone.status(), 204);
    assert_eq!(
        save(vec![father, mother]).await,
        200,
        "the deleted father as the card sent him"
    );
    assert_eq!(save(vec![mother]).await, 200);
    assert_eq!(
        save(vec![father, mother]).await,
        422,
        "a deleted person is not linked anew"
    );

    let parent = app.browser_as(mother, None);
    let marks = format!("/api/users/{child}/marks");
    assert_eq!(parent.get(&marks).await.status(), 200, "her child");
    let gone = boss
        .send(Method::DELETE, &format!("/api/users/{child}"), json!({}))
        .await;
    assert_eq!(gone.status(), 204);
    assert_eq!(parent.get(&marks).await.status(), 403, "no longer hers to see");
    let listed = json(parent.get("/api/users?trashed=only").await).await;
    let ids: Vec<u64> = listed["data"]
        .as_array()
        .expect("rows")
        .iter()
        .filter_map(|u| u["id"].as_u64())
        .collect();
    assert_eq!(ids, [mother], "only herself, never the deleted: {listed}");
}

#[tokio::test]
async fn login_as_gives_exactly_the_users_rights_and_leave_returns() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@s.ru", "Орлова", "Наталья", &[Role::Manager]);
    let parent = app.quick_user("p@s.ru", "Иванова", "Марина", &[Role::Parent]);
    app.quick_user("x@s.ru", "Чужой", "Ребёнок", &[Role::Student]);
    let boss = app.browser_as(manager, None);
    assert_eq!(
        boss.post(&format!("/api/users/{manager}/login"), json!({}))
            .await
            .status(),
        422,
        "not as oneself"
    );
    assert_eq!(
        boss.post(&format!("/api/users/{parent}/login"), json!({}))
            .await
            .status(),
        204
    );
    let me = json(boss.get("/api/user").await).await;
    assert_eq!(me["data"]["id"], parent);
    assert_eq!(me["data"]["impersonator"]["full_name"], "Орлова Наталья");
    assert_eq!(boss.get("/api/tags").await.status(), 403, "only the parent's rights");
    assert_eq!(json(boss.get("/api/users").await).await["meta"]["total"], 1);
    assert_eq!(boss.post("/api/impersonation/leave", json!({})).await.status(), 204);
    let back = json(boss.get("/api/user").await).await;
    assert_eq!(
        (back["data"]["id"].as_u64(), back["data"]["impersonator"].is_null()),
        (Some(manager), true)
    );
}

#[tokio::test]
async fn tags_are_attached_filtered_and_removed_with_their_deletion() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@s.ru", "Орлова", "Наталья", &[Role::Manager]);
    let kid = app.quick_user("k@s.ru", "Ученик", "Юрий", &[Role::Student]);
    let boss = app.browser_as(manager, None);
    let tag = json(
        boss.post("/api/tags", json!({"name": "Олимпиадник", "color": "amber"}))
            .await,
    )
    .await["data"]["id"]
        .clone();
    let clash = json(
        boss.post("/api/tags", json!({"name": "олимпиадник", "color": "red"}))
            .await,
    )
    .await;
    assert_eq!(clash["errors"], json!({"name": ["Тег с таким названием уже есть"]}));
    let other =
        json(boss.post("/api/tags", json!({"name": "Шахматы", "color": "red"})).await).await["data"]["id"].clone();
    let renamed = boss
        .send(
            reqwest::Method::PUT,
            &format!("/api/tags/{other}"),
            json!({"name": "ОЛИМПИАДНИК", "color": "red"}),
        )
        .await;
    assert_eq!(renamed.status(), 422, "a rename onto another tag's name");
    assert_eq!(
        json(renamed).await["errors"],
        json!({"name": ["Тег с таким названием уже есть"]})
    );
    let bad_colour = json(
        boss.post("/api/tags", json!({"name": "Другой", "color": "beige"}))
            .await,
    )
    .await;
    assert!(bad_colour["errors"]["color"].is_array());
    boss.post(&format!("/api/users/{kid}/tags/attach"), json!({"tags": [tag]}))
        .await;
    let tagged = json(boss.get(&format!("/api/users?tags[]={tag}")).await).await;
    assert_eq!(names(&tagged), vec!["Ученик"]);
    assert_eq!(json(boss.get("/api/tags").await).await["data"][0]["users_count"], 1);
    assert_eq!(
        boss.send(reqwest::Method::DELETE, &format!("/api/tags/{tag}"), json!({}))
            .await
            .status(),
        204
    );
    assert_eq!(
        json(boss.get(&format!("/api/users/{kid}")).await).await["data"]["tags"],
        json!([])
    );
}
