//! The check before an import: every row as read, what it does, what it changes («было →
//! станет»); no manager is made by a file; a restored person is logged as restored.

use super::{find, school, total, upload};
use crate::helpers::json;
use klass::domain::Role;
use serde_json::{Value, json};

fn rows(body: &Value) -> Vec<Value> {
    body["data"]["rows"].as_array().cloned().unwrap_or_default()
}

fn actions(body: &Value) -> Vec<String> {
    rows(body)
        .iter()
        .map(|r| r["action"].as_str().unwrap_or_default().to_owned())
        .collect()
}

#[tokio::test]
async fn the_check_lists_every_row_with_its_action_and_changes() {
    let (app, boss) = school().await;
    app.quick_user("known@school.ru", "Старый", "Сергей", &[Role::Student]);
    app.quick_user("same@school.ru", "Прежний", "Павел", &[Role::Parent]);
    let good = "Фамилия;Имя;Email;Телефон;Роль;Теги\n\
                Новый;Сергей;known@school.ru;+7 911 000-00-00;родитель;5А\n\
                Прежний;Павел;same@school.ru;;;\n\
                Новикова;Нина;nina@school.ru;;ученик;\n";
    let file = format!("{good}Плохов;;bad@school.ru;;ученик;\n");
    let (status, preview) = upload(&boss, file.into_bytes(), true, false).await;
    assert_eq!(status, 200, "{preview}");
    let data = &preview["data"];
    assert_eq!(data["rows_total"], 4, "{preview}");
    assert_eq!(
        (&data["created"], &data["updated"], &data["restored"]),
        (&json!(1), &json!(1), &json!(0))
    );
    assert_eq!(actions(&preview), ["update", "skip", "create", "skip"], "{preview}");
    assert_eq!(
        data["columns"],
        json!(["Фамилия", "Имя", "Email", "Телефон", "Роль", "Теги"])
    );

    let known = &rows(&preview)[0];
    assert_eq!(known["row"], 2);
    assert_eq!(known["values"]["Фамилия"], "Новый");
    assert_eq!(known["values"]["Email"], "known@school.ru");
    let changes = known["changes"].as_array().cloned().unwrap_or_default();
    for change in [
        json!({"field": "Фамилия", "from": "Старый", "to": "Новый"}),
        json!({"field": "Телефон", "from": "", "to": "+79110000000"}),
        json!({"field": "Роль", "from": "Ученик", "to": "Ученик, Родитель"}),
        json!({"field": "Теги", "from": "", "to": "5А"}),
    ] {
        assert!(changes.contains(&change), "{change} in {changes:?}");
    }
    assert_eq!(changes.len(), 4, "the name Сергей did not change: {changes:?}");
    assert_eq!(known["roles_added"], json!(["parent"]));
    assert_eq!(
        rows(&preview)[1]["changes"],
        json!([]),
        "an unchanged person is skipped"
    );

    let bad = &rows(&preview)[3];
    assert_eq!(bad["row"], 5);
    assert_eq!(bad["errors"][0]["column"], "Имя", "{bad}");
    assert_eq!(data["errors"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        find(&boss, "known@school.ru").await["last_name"],
        "Старый",
        "a check writes nothing"
    );

    // The write answers the same report: what was done.
    let (status, done) = upload(&boss, good.as_bytes().to_vec(), false, false).await;
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["data"]["rows_total"], 3);
    assert_eq!(actions(&done), ["update", "skip", "create"], "{done}");
    assert_eq!(find(&boss, "known@school.ru").await["last_name"], "Новый");
    let log = json(boss.get("/api/history?action=user.updated").await).await;
    assert_eq!(
        log["data"].as_array().map(Vec::len),
        Some(1),
        "the skipped row is not logged: {log}"
    );
    let summary = log["data"][0]["summary"].as_str().unwrap_or_default();
    assert!(summary.contains("Фамилия: «Старый» → «Новый»"), "{summary}");
}

#[tokio::test]
async fn an_import_never_makes_a_manager_and_marks_new_staff() {
    let (_app, boss) = school().await;
    let file = "Фамилия;Имя;Email;Роль\n\
                Учителева;Ульяна;uly@school.ru;учитель\n\
                Директоров;Дмитрий;dima@school.ru;ученик, директор\n\
                Директорова;Мария;boss@school.ru;менеджер\n";
    let (status, preview) = upload(&boss, file.as_bytes().to_vec(), true, false).await;
    assert_eq!(status, 200, "{preview}");
    let errors = preview["data"]["errors"].as_array().cloned().unwrap_or_default();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!((&errors[0]["row"], &errors[0]["column"]), (&json!(3), &json!("Роль")));
    let message = errors[0]["message"].as_str().unwrap_or_default();
    assert!(message.contains("«Менеджер»"), "{message}");
    assert_eq!(actions(&preview), ["create", "skip", "skip"], "{preview}");
    assert_eq!(
        rows(&preview)[0]["roles_added"],
        json!(["worker"]),
        "new staff are marked"
    );
    assert_eq!(rows(&preview)[1]["errors"], json!(errors), "the row carries its error");
    assert_eq!(rows(&preview)[2]["errors"], json!([]), "a manager stays one");

    let (status, refused) = upload(&boss, file.as_bytes().to_vec(), false, false).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(total(&boss).await, 1, "nothing written");
}

#[tokio::test]
async fn a_deleted_person_is_restored_and_logged_as_restored() {
    let (app, boss) = school().await;
    let gone = app.quick_user("gone@school.ru", "Ушедшая", "Галина", &[Role::Student]);
    let old_boss = app.quick_user("old@school.ru", "Бывший", "Борис", &[Role::Manager]);
    for id in [gone, old_boss] {
        let deleted = boss
            .send(reqwest::Method::DELETE, &format!("/api/users/{id}"), json!({}))
            .await;
        assert!(deleted.status().is_success(), "{}", deleted.status());
    }
    let file = "Фамилия;Имя;Email;Телефон\nУшедшая;Галина;gone@school.ru;+7 900 000-00-01\n";
    let (status, preview) = upload(&boss, file.as_bytes().to_vec(), true, false).await;
    assert_eq!(status, 200, "{preview}");
    assert_eq!(actions(&preview), ["restore"]);
    assert_eq!(
        (&preview["data"]["restored"], &preview["data"]["updated"]),
        (&json!(1), &json!(0))
    );

    let (status, done) = upload(&boss, file.as_bytes().to_vec(), false, false).await;
    assert_eq!(status, 200, "{done}");
    assert_eq!(find(&boss, "gone@school.ru").await["phone"], "+79000000001");
    let log = json(boss.get(&format!("/api/users/{gone}/logs")).await).await;
    let logged: Vec<&str> = log["data"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["action"].as_str())
        .collect();
    assert_eq!(logged.first(), Some(&"user.restored"), "{log}");
    assert!(!logged.contains(&"user.updated"), "{logged:?}");

    // A deleted manager is not brought back by a file.
    let manager = "Фамилия;Имя;Email\nБывший;Борис;old@school.ru\n";
    let (status, refused) = upload(&boss, manager.as_bytes().to_vec(), false, false).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["data"]["errors"][0]["row"], 2, "{refused}");
    assert_eq!(refused["data"]["rows"][0]["action"], "skip");
}

#[tokio::test]
async fn a_new_parent_is_a_change_of_the_child() {
    let (app, boss) = school().await;
    app.quick_user("kid@school.ru", "Детов", "Денис", &[Role::Student]);
    app.quick_user("mum@school.ru", "Детова", "Дарья", &[Role::Parent]);
    let file = "Фамилия;Имя;Email;Email родителя\nДетов;Денис;kid@school.ru;mum@school.ru\n";
    let (status, preview) = upload(&boss, file.as_bytes().to_vec(), true, false).await;
    assert_eq!(status, 200, "{preview}");
    assert_eq!(actions(&preview), ["update"], "{preview}");
    assert_eq!(
        rows(&preview)[0]["changes"],
        json!([{"field": "Email родителя", "from": "", "to": "mum@school.ru"}])
    );
    let (status, done) = upload(&boss, file.as_bytes().to_vec(), false, false).await;
    assert_eq!((status, actions(&done)), (200, vec!["update".to_owned()]), "{done}");
    let (_, again) = upload(&boss, file.as_bytes().to_vec(), true, false).await;
    assert_eq!(actions(&again), ["skip"], "linked already: {again}");
}
