//! The people list as a manager relies on it: every row is the person's card, and it shows an
//! edit, a sign-in, a deletion at once, whatever the list had shown before.

use crate::helpers::{Browser, json, spawn_app};
use klass::domain::Role;
use reqwest::Method;
use serde_json::{Value, json};

/// The row of person `id` in `GET /api/users?…`, if listed.
async fn row(viewer: &Browser, query: &str, id: u64) -> Option<Value> {
    let page = json(viewer.get(&format!("/api/users?per_page=100{query}")).await).await;
    page["data"]
        .as_array()
        .expect("data")
        .iter()
        .find(|r| r["id"] == id)
        .cloned()
}

/// The card of person `id` without its family links: what a row of the list must be.
async fn card(viewer: &Browser, id: u64) -> Value {
    let mut card = json(viewer.get(&format!("/api/users/{id}")).await).await["data"].take();
    let fields = card.as_object_mut().expect("card");
    fields.remove("parent_ids").expect("parent_ids");
    fields.remove("children_ids").expect("children_ids");
    card
}

#[tokio::test]
async fn the_list_shows_an_edit_a_sign_in_and_a_deletion_at_once() {
    let app = spawn_app().await;
    let manager = app.quick_user("boss@school.ru", "Орлова", "Наталья", &[Role::Manager]);
    let pupil = app.create_user("pupil@school.ru", "пароль-ученика", &[Role::Student]);
    let boss = app.browser_as(manager, None);
    let before = row(&boss, "", pupil).await.expect("listed");
    assert_eq!((&before["notes"], &before["last_login_at"]), (&json!(""), &Value::Null));

    let edit = json!({"email": "pupil@school.ru", "last_name": "Тестова", "first_name": "Анна",
                      "birth_date": "05.03.2012", "notes": "Аллергия на орехи"});
    let edited = boss.send(Method::PUT, &format!("/api/users/{pupil}"), edit).await;
    assert_eq!(edited.status(), 200);
    let after_edit = row(&boss, "", pupil).await.expect("listed");
    assert_eq!(
        (&after_edit["notes"], &after_edit["birth_date"]),
        (&json!("Аллергия на орехи"), &json!("2012-03-05"))
    );
    assert_eq!(after_edit, card(&boss, pupil).await);

    app.browser().sign_in("pupil@school.ru", "пароль-ученика").await;
    let after_sign_in = row(&boss, "", pupil).await.expect("listed");
    assert!(after_sign_in["last_login_at"].is_string(), "{after_sign_in}");
    assert_eq!(after_sign_in, card(&boss, pupil).await);

    let deleted = boss
        .send(Method::DELETE, &format!("/api/users/{pupil}"), json!({}))
        .await;
    assert_eq!(deleted.status(), 204);
    assert_eq!(row(&boss, "", pupil).await, None);
    let trashed = row(&boss, "&trashed=only", pupil).await.expect("in the trash");
    assert!(trashed["deleted_at"].is_string(), "{trashed}");
    assert_eq!(trashed, card(&boss, pupil).await);
}

#[tokio::test]
async fn each_row_is_the_card_its_viewer_may_open() {
    let app = spawn_app().await;
    let manager = app.quick_user("boss@school.ru", "Орлова", "Наталья", &[Role::Manager]);
    let parent = app.quick_user("mum@school.ru", "Соколова", "Марина", &[Role::Parent]);
    let child = app.quick_user("kid@school.ru", "Соколова", "Алёна", &[Role::Student]);
    app.quick_user("other@school.ru", "Морозов", "Кирилл", &[Role::Student]);
    let boss = app.browser_as(manager, None);
    let linked = boss
        .post(
            &format!("/api/users/{parent}/children/save"),
            json!({"children": [child]}),
        )
        .await;
    assert_eq!(linked.status(), 200);
    let note = json!({"email": "kid@school.ru", "last_name": "Соколова", "first_name": "Алёна",
                      "phone": "8 912 345-67-89", "notes": "Только для «сотрудников»: \"\\ \n"});
    assert_eq!(
        boss.send(Method::PUT, &format!("/api/users/{child}"), note)
            .await
            .status(),
        200
    );

    let mum = app.browser_as(parent, None);
    // The parent's list first, then the manager's: each kind of viewer gets its own rows.
    for viewer in [&mum, &boss, &mum] {
        let page = json(viewer.get("/api/users").await).await;
        for listed in page["data"].as_array().expect("data") {
            let id = listed["id"].as_u64().expect("id");
            let card = card(viewer, id).await;
            assert_eq!(listed, &card);
        }
    }
    assert!(row(&mum, "", child).await.expect("her child")["notes"].is_null());
    assert_eq!(
        row(&boss, "", child).await.expect("listed")["notes"],
        "Только для «сотрудников»: \"\\ \n"
    );
}

#[tokio::test]
async fn search_finds_names_mail_and_phone_within_the_filters() {
    let app = spawn_app().await;
    let manager = app.quick_user("boss@school.ru", "Орлова", "Наталья", &[Role::Manager]);
    let boss = app.browser_as(manager, None);
    let ivan = app.quick_user("ivan@school.ru", "Иванов", "Пётр", &[Role::Student]);
    let parent = app.quick_user("ivanova@home.ru", "Иванова", "Ольга", &[Role::Parent]);
    app.quick_user("sidorov@school.ru", "Сидоров", "Иван", &[Role::Worker]);
    let phone = json!({"email": "ivan@school.ru", "last_name": "Иванов", "first_name": "Пётр",
                       "phone": "8 912 345-67-89"});
    assert_eq!(
        boss.send(Method::PUT, &format!("/api/users/{ivan}"), phone)
            .await
            .status(),
        200
    );

    let ids = |page: Value| -> Vec<u64> {
        page["data"]
            .as_array()
            .expect("data")
            .iter()
            .map(|r| r["id"].as_u64().expect("id"))
            .collect()
    };
    let search = |query: &'static str| {
        let boss = &boss;
        async move { ids(json(boss.get(&format!("/api/users?search={query}")).await).await) }
    };
    assert_eq!(
        search("%D0%B8%D0%B2%D0%B0%D0%BD").await.len(),
        3,
        "'иван': Иванов, Иванова, Иван"
    );
    assert_eq!(
        search("%D0%98%D0%92%D0%90%D0%9D%D0%9E%D0%92%20%D0%BF%D0%B5%D1%82%D1%80").await,
        vec![ivan],
        "'ИВАНОВ петр'"
    );
    assert_eq!(search("4567").await, vec![ivan]);
    assert_eq!(search("89123456789").await, vec![ivan], "dialled at home");
    assert_eq!(search("%2B79123456789").await, vec![ivan]);
    assert_eq!(search("home.ru").await, vec![parent]);
    assert_eq!(search("%D0%B6%D1%83%D0%BA").await, Vec::<u64>::new(), "'жук'");
    let parents = json(
        boss.get("/api/users?search=%D0%B8%D0%B2%D0%B0%D0%BD&roles[]=parent")
            .await,
    )
    .await;
    assert_eq!(ids(parents), vec![parent]);
    let sorted = json(boss.get("/api/users?search=%D0%B8%D0%B2%D0%B0%D0%BD&sort=-email").await).await;
    assert_eq!(sorted["meta"]["total"], 3);
    assert_eq!(sorted["data"][0]["email"], "sidorov@school.ru");
}

#[tokio::test]
async fn a_search_asked_again_after_a_change_shows_the_change() {
    // Pages are kept by their question while the directory is the same (`people::list_text`).
    let app = spawn_app().await;
    let manager = app.quick_user("boss@school.ru", "Орлова", "Наталья", &[Role::Manager]);
    let boss = app.browser_as(manager, None);
    let found = |page: Value| page["meta"]["total"].as_u64().expect("total");
    let search = "/api/users?search=%D1%81%D0%BE%D0%BA%D0%BE%D0%BB"; // «сокол»
    assert_eq!(found(json(boss.get(search).await).await), 0);
    assert_eq!(found(json(boss.get(search).await).await), 0, "asked again");
    let pupil = app.quick_user("kid@school.ru", "Соколова", "Алёна", &[Role::Student]);
    let page = json(boss.get(search).await).await;
    assert_eq!((found(page.clone()), &page["data"][0]["id"]), (1, &json!(pupil)));
}
