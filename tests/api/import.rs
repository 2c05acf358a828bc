//! CSV import: files made the way people make them, all or nothing, and garbage refused.

use crate::helpers::{Browser, TestApp, json, spawn_app};
use klass::domain::Role;
use serde_json::Value;

mod preview;

/// A school with one manager, and the manager's browser.
pub(crate) async fn school() -> (TestApp, Browser) {
    let app = spawn_app().await;
    let manager = app.quick_user("boss@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let browser = app.browser_as(manager, None);
    (app, browser)
}

/// Uploads `file`; returns the status and the body.
pub(crate) async fn upload(browser: &Browser, file: Vec<u8>, dry_run: bool, invites: bool) -> (u16, Value) {
    let token = browser.ensure_csrf().await;
    let form = reqwest::multipart::Form::new()
        .part("file", reqwest::multipart::Part::bytes(file).file_name("people.csv"))
        .text("dry_run", if dry_run { "1" } else { "0" })
        .text("send_invites", if invites { "1" } else { "0" });
    let response = browser
        .client
        .post(format!("{}/api/users/import/csv", browser.base))
        .header("X-XSRF-TOKEN", token)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    (response.status().as_u16(), json(response).await)
}

pub(crate) async fn total(browser: &Browser) -> u64 {
    json(browser.get("/api/users").await).await["meta"]["total"]
        .as_u64()
        .expect("total")
}

/// The one person found by `search`.
pub(crate) async fn find(browser: &Browser, search: &str) -> Value {
    let page = json(browser.get(&format!("/api/users?search={search}")).await).await;
    assert_eq!(page["meta"]["total"], 1, "{search}: {page}");
    page["data"][0].clone()
}

fn counts(body: &Value) -> (u64, u64, u64, usize) {
    let data = &body["data"];
    let n = |k: &str| data[k].as_u64().unwrap_or(u64::MAX);
    (
        n("rows_total"),
        n("created"),
        n("updated"),
        data["errors"].as_array().map_or(0, Vec::len),
    )
}

#[tokio::test]
async fn windows_1251_with_semicolons_and_a_russian_header() {
    let (_app, boss) = school().await;
    let text = "Фамилия;Имя;Отчество;E-mail;Телефон;Роль;Дата рождения;Теги;Класс\r\n\
                Ёлкина;Алёна;Петровна;alena@school.ru;+7 900 123-45-67;ученица;05.03.2012;5А|Олимпиада;5А\r\n\
                Сидоров;Пётр;;petr@school.ru;;Учитель, родитель;;;\r\n";
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(text);
    let (status, preview) = upload(&boss, bytes.to_vec(), true, false).await;
    assert_eq!((status, counts(&preview)), (200, (2, 2, 0, 0)), "{preview}");
    assert_eq!(
        preview["data"]["warnings"].as_array().map(Vec::len),
        Some(1),
        "«Класс» is ignored"
    );
    assert_eq!(total(&boss).await, 1, "a preview writes nothing");

    let (status, done) = upload(&boss, bytes.to_vec(), false, false).await;
    assert_eq!((status, counts(&done)), (200, (2, 2, 0, 0)), "{done}");
    let alena = find(&boss, "Ёлкина").await;
    assert_eq!(alena["middle_name"], "Петровна");
    assert_eq!(alena["birth_date"], "2012-03-05");
    assert_eq!(alena["roles"], serde_json::json!(["student"]));
    let petr = find(&boss, "petr@school.ru").await;
    assert_eq!(petr["roles"], serde_json::json!(["worker", "parent"]));
    let tags = json(boss.get("/api/tags").await).await.to_string();
    assert!(tags.contains("Олимпиада"), "missing tags are created: {tags}");
}

#[tokio::test]
async fn utf8_with_a_bom_and_english_headers() {
    let (_app, boss) = school().await;
    let file = "\u{feff}last_name,first_name,email,roles,notes\nSmith,Anna,anna@school.ru,student,\"Любит, когда \"\"тихо\"\"\"\n";
    let (status, done) = upload(&boss, file.as_bytes().to_vec(), false, false).await;
    assert_eq!((status, counts(&done)), (200, (1, 1, 0, 0)), "{done}");
    let anna = find(&boss, "anna@school.ru").await;
    assert_eq!(anna["last_name"], "Smith");
}

#[tokio::test]
async fn three_bad_rows_are_named_and_nothing_is_written() {
    let (_app, boss) = school().await;
    let file = "Фамилия;Имя;Email;Роль;Дата рождения\n\
                Хорошева;Ира;ira@school.ru;ученик;01.09.2011\n\
                Плохов;Павел;не-почта;ученик;\n\
                Безымянный;;noname@school.ru;ученик;\n\
                Хорошев;Игорь;igor@school.ru;ученик;\n\
                Датов;Дмитрий;dima@school.ru;космонавт;31.02.2010\n";
    let (status, preview) = upload(&boss, file.as_bytes().to_vec(), true, false).await;
    assert_eq!(status, 200, "a preview with errors is still an answer: {preview}");
    let errors = preview["data"]["errors"].as_array().cloned().unwrap_or_default();
    let rows: std::collections::BTreeSet<u64> = errors.iter().filter_map(|e| e["row"].as_u64()).collect();
    assert_eq!(rows, [3, 4, 6].into(), "{preview}");
    let columns: Vec<&str> = errors.iter().filter_map(|e| e["column"].as_str()).collect();
    for column in ["Email", "Имя", "Роль", "Дата рождения"] {
        assert!(columns.contains(&column), "{column} in {columns:?}");
    }
    assert!(
        errors
            .iter()
            .all(|e| e["message"].as_str().is_some_and(|m| !m.is_empty()))
    );

    let (status, refused) = upload(&boss, file.as_bytes().to_vec(), false, false).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["data"]["errors"], preview["data"]["errors"]);
    assert!(
        refused["message"]
            .as_str()
            .is_some_and(|m| m.contains("Ничего не записано"))
    );
    assert_eq!(total(&boss).await, 1, "nothing written");
}

#[tokio::test]
async fn parents_and_children_from_one_file_are_linked() {
    let (app, boss) = school().await;
    app.quick_user("dad@school.ru", "Папин", "Павел", &[Role::Parent]);
    let file = "Фамилия;Имя;Email;Роль;Email родителя\n\
                Детова;Даша;dasha@school.ru;ученик;mum@school.ru | dad@school.ru\n\
                Детова;Мама;mum@school.ru;родитель;\n";
    let (status, done) = upload(&boss, file.as_bytes().to_vec(), false, false).await;
    assert_eq!((status, counts(&done)), (200, (2, 2, 0, 0)), "{done}");
    let mum = find(&boss, "mum@school.ru").await;
    let dasha = find(&boss, "dasha@school.ru").await;
    let card = json(boss.get(&format!("/api/users/{}", mum["id"])).await).await;
    assert_eq!(card["data"]["children_ids"], serde_json::json!([dasha["id"]]));
    let card = json(boss.get(&format!("/api/users/{}", dasha["id"])).await).await;
    assert_eq!(card["data"]["parent_ids"].as_array().map(Vec::len), Some(2), "{card}");

    let loops = "Фамилия;Имя;Email;Роль;Email родителя\n\
                 А;А;a@school.ru;родитель;b@school.ru\n\
                 Б;Б;b@school.ru;родитель;a@school.ru\n\
                 В;В;v@school.ru;ученик;ghost@school.ru\n";
    let (status, refused) = upload(&boss, loops.as_bytes().to_vec(), false, false).await;
    assert_eq!(status, 422, "{refused}");
    let text = refused["data"]["errors"].to_string();
    assert!(text.contains("цикл") && text.contains("ghost@school.ru"), "{text}");
    assert_eq!(total(&boss).await, 4, "nothing written");
}

#[tokio::test]
async fn an_existing_email_is_updated_not_duplicated() {
    let (app, boss) = school().await;
    app.quick_user("known@school.ru", "Старый", "Сергей", &[Role::Student]);
    let file = "Фамилия;Имя;Email;Телефон;Роль\nНовый;Сергей;KNOWN@school.ru;+7 911 000-00-00;родитель\n";
    let (status, done) = upload(&boss, file.as_bytes().to_vec(), false, false).await;
    assert_eq!((status, counts(&done)), (200, (1, 0, 1, 0)), "{done}");
    assert_eq!(total(&boss).await, 2);
    let known = find(&boss, "known@school.ru").await;
    assert_eq!(known["last_name"], "Новый");
    assert_eq!(
        known["roles"],
        serde_json::json!(["student", "parent"]),
        "roles are added"
    );

    let twice = "Фамилия;Имя;Email;Роль\nА;А;x@school.ru;ученик\nБ;Б;X@School.ru;ученик\n";
    let (status, refused) = upload(&boss, twice.as_bytes().to_vec(), false, false).await;
    assert_eq!(status, 422);
    assert!(refused["data"]["errors"].to_string().contains("строке 2"), "{refused}");
}

#[tokio::test]
async fn garbage_gets_a_clear_message_and_nothing_is_written() {
    let (_app, boss) = school().await;
    let wide = format!("Фамилия,Имя,Email,Роль\nА,Б,a@school.ru,{}\n", "x,".repeat(500));
    let files: Vec<(&str, Vec<u8>)> = vec![
        (
            "binary",
            b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00\xff\xfe".to_vec(),
        ),
        ("empty", Vec::new()),
        ("header only", "Фамилия;Имя;Email;Роль\n".as_bytes().to_vec()),
        ("not people", b"a,b,c\n1,2,3\n".to_vec()),
        (
            "broken quotes",
            "Фамилия,Имя,Email,Роль\n\"Иванов,Иван,i@school.ru,ученик\n"
                .as_bytes()
                .to_vec(),
        ),
        ("500 columns", wide.into_bytes()),
    ];
    for (what, file) in files {
        for dry_run in [true, false] {
            let (status, body) = upload(&boss, file.clone(), dry_run, false).await;
            assert_eq!(status, 422, "{what}: {body}");
            let message = body["message"].as_str().unwrap_or_default();
            assert!(message.chars().any(|c| ('а'..='я').contains(&c)), "{what}: {body}");
        }
    }
    assert_eq!(total(&boss).await, 1);
}

#[tokio::test]
async fn ten_thousand_rows_import_in_one_go() {
    let (_app, boss) = school().await;
    let mut file = String::from("Фамилия;Имя;Email;Роль;Теги;Email родителя\n");
    for i in 0..10_000 {
        let parent = if i % 2 == 1 {
            format!("p{}@school.ru", i - 1)
        } else {
            String::new()
        };
        // Even rows are the parents of the odd ones.
        let role = if i % 2 == 0 { "родитель" } else { "ученик" };
        file.push_str(&format!(
            "Фамилия;Имя;p{i}@school.ru;{role};Поток {};{parent}\n",
            i % 10
        ));
    }
    let (status, done) = upload(&boss, file.into_bytes(), false, true).await;
    assert_eq!(
        (status, counts(&done)),
        (200, (10_000, 10_000, 0, 0)),
        "{}",
        done["message"]
    );
    assert_eq!(total(&boss).await, 10_001);
}

#[tokio::test]
async fn a_fifty_megabyte_file_is_refused_by_the_body_limit() {
    let (_app, boss) = school().await;
    let mut file = String::from("Фамилия;Имя;Email;Роль\n");
    while file.len() < 50 * 1024 * 1024 {
        file.push_str("Длиннофайлов;Иван;ivan@school.ru;ученик\n");
    }
    let token = boss.ensure_csrf().await;
    let form = reqwest::multipart::Form::new().part("file", reqwest::multipart::Part::bytes(file.into_bytes()));
    let sent = boss
        .client
        .post(format!("{}/api/users/import/csv", boss.base))
        .header("X-XSRF-TOKEN", token)
        .multipart(form)
        .send()
        .await;
    // The server may answer before the whole body is sent; either way nothing is written.
    if let Ok(response) = sent {
        assert_eq!(response.status(), 413);
        let body = json(response).await;
        assert!(
            body["message"].as_str().is_some_and(|m| m.contains("Слишком большой")),
            "{body}"
        );
    }
    assert_eq!(total(&boss).await, 1);
}
