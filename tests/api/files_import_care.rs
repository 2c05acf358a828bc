//! Care with what people's files say: a family learns that a document was filed but not its
//! name, a deleted person's cabinet takes no new files, quotes in a file name survive the
//! browser's escaping, and a CSV import names rows as Excel does and says plainly when it
//! wrote nothing.

use crate::files::upload;
use crate::helpers::{Browser, TestApp, json, spawn_app};
use crate::import::{school, total, upload as import};
use klass::domain::Role;
use serde_json::{Value, json};

/// The bodies of `user`'s notifications, newest first, as he reads them.
async fn notices(app: &TestApp, user: u64) -> Vec<String> {
    let inbox = json(
        app.browser_as(user, None)
            .get(&format!("/api/users/{user}/notifications"))
            .await,
    )
    .await;
    let rows = inbox["data"].as_array().cloned().unwrap_or_default();
    rows.iter()
        .filter_map(|n| n["body"].as_str().map(str::to_owned))
        .collect()
}

/// A school with a manager's browser, a student and his mother.
async fn family() -> (TestApp, Browser, u64, u64) {
    let app = spawn_app().await;
    let manager = app.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let student = app.quick_user("s@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let mum = app.quick_user("mum@school.ru", "Ученикова", "Марина", &[Role::Parent]);
    let boss = app.browser_as(manager, None);
    let linked = boss
        .post(
            &format!("/api/users/{mum}/children/save"),
            json!({"children": [student]}),
        )
        .await;
    assert_eq!(linked.status(), 200);
    (app, boss, student, mum)
}

#[tokio::test]
async fn a_family_is_told_a_document_was_filed_but_not_its_name() {
    let (app, boss, student, mum) = family().await;
    let response = upload(&boss, student, "Заключение психолога.pdf", b"%PDF-1.7").await;
    assert_eq!(response.status(), 201);

    assert_eq!(
        notices(&app, student).await,
        ["В Вашу карточку добавлен документ. Подробности — у администрации школы."]
    );
    assert_eq!(
        notices(&app, mum).await,
        ["В карточку пользователя Учениковой Симы добавлен документ. Подробности — у администрации школы."]
    );
    let log = json(boss.get(&format!("/api/users/{student}/logs")).await).await;
    assert!(
        log["data"][0]["summary"]
            .as_str()
            .is_some_and(|s| s.contains("«Заключение психолога.pdf»")),
        "the log keeps the name: {log}"
    );
}

#[tokio::test]
async fn a_manager_in_the_family_reads_the_name_he_could_open() {
    let (app, boss, student, _mum) = family().await;
    let dad = app.quick_user("dad@school.ru", "Учеников", "Денис", &[Role::Parent, Role::Manager]);
    let linked = boss
        .post(
            &format!("/api/users/{dad}/children/save"),
            json!({"children": [student]}),
        )
        .await;
    assert_eq!(linked.status(), 200);
    assert_eq!(upload(&boss, student, "Договор.pdf", b"abc").await.status(), 201);
    assert_eq!(
        notices(&app, dad).await,
        ["В карточку пользователя Учениковой Симы добавлен файл «Договор.pdf» (3 Б)."]
    );
}

#[tokio::test]
async fn a_deleted_persons_cabinet_takes_no_new_files_but_keeps_the_old_ones() {
    let (app, boss, student, mum) = family().await;
    let kept = json(upload(&boss, student, "Договор.pdf", b"abc").await).await["data"]["id"].clone();
    let deleted = boss
        .send(reqwest::Method::DELETE, &format!("/api/users/{student}"), json!({}))
        .await;
    assert_eq!(deleted.status(), 204);

    let refused = upload(&boss, student, "Справка.pdf", b"abc").await;
    assert_eq!(refused.status(), 422);
    assert_eq!(json(refused).await["errors"]["id"][0], "Пользователь удалён");
    assert_eq!(notices(&app, mum).await.len(), 1, "the refused upload tells nobody");

    let list = json(boss.get(&format!("/api/users/{student}/files")).await).await;
    assert_eq!(list["data"].as_array().map(Vec::len), Some(1), "{list}");
    let one = format!("/api/users/{student}/files/{kept}");
    assert_eq!(boss.get(&one).await.status(), 200);
    let gone = boss.send(reqwest::Method::DELETE, &one, json!({})).await;
    assert_eq!(gone.status(), 204);
}

#[tokio::test]
async fn quotes_a_browser_escaped_in_a_file_name_come_back_as_quotes() {
    let (_app, boss, student, _mum) = family().await;
    let response = upload(&boss, student, "Приказ %22О приёме%22.pdf", b"abc").await;
    assert_eq!(response.status(), 201);
    assert_eq!(json(response).await["data"]["name"], "Приказ \"О приёме\".pdf");
    let broken = upload(&boss, student, "Приказ%0A.pdf", b"abc").await;
    assert_eq!(broken.status(), 422);
}

/// The rows named by the errors of an import's answer.
fn error_rows(body: &Value) -> Vec<u64> {
    let errors = body["data"]["errors"].as_array().cloned().unwrap_or_default();
    errors.iter().filter_map(|e| e["row"].as_u64()).collect()
}

#[tokio::test]
async fn an_import_error_names_the_row_excel_shows_despite_blank_lines() {
    let (_app, boss) = school().await;
    let file = "Фамилия;Имя;Email;Роль\n\nХорошева;Ира;ira@school.ru;ученик\n\n\nПлохов;Павел;не-почта;ученик\n";
    for dry_run in [true, false] {
        let (_, body) = import(&boss, file.as_bytes().to_vec(), dry_run, false).await;
        assert_eq!(error_rows(&body), [6], "{body}");
        let rows: Vec<u64> = body["data"]["rows"]
            .as_array()
            .map(|rows| rows.iter().filter_map(|r| r["row"].as_u64()).collect())
            .unwrap_or_default();
        assert_eq!(rows, [3, 6], "{body}");
    }
}

#[tokio::test]
async fn a_stray_quote_inside_a_cell_imports_and_an_unclosed_one_is_refused() {
    let (_app, boss) = school().await;
    let file = "Фамилия;Имя;Email;Роль;Заметки\nИванов;Иван;a@school.ru;ученик;Рост 5'8\"\n";
    let (status, body) = import(&boss, file.as_bytes().to_vec(), false, false).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["rows"][0]["values"]["Заметки"], "Рост 5'8\"");

    let unclosed = "Фамилия;Имя;Email;Роль;Заметки\nПетров;Пётр;p@school.ru;ученик;\"Рост 5'8\n";
    let (status, body) = import(&boss, unclosed.as_bytes().to_vec(), false, false).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        body["message"],
        "Незакрытая кавычка: в строке 2 текста открыта кавычка, которая нигде не закрывается"
    );
    assert_eq!(total(&boss).await, 2);
}

#[tokio::test]
async fn a_refused_import_reports_that_it_wrote_nothing() {
    let (app, boss) = school().await;
    app.quick_user("known@school.ru", "Старый", "Сергей", &[Role::Student]);
    let file = "Фамилия;Имя;Email;Роль\n\
                Новикова;Нина;nina@school.ru;ученик\n\
                Новый;Сергей;known@school.ru;ученик\n\
                Плохов;Павел;не-почта;ученик\n";
    let (status, preview) = import(&boss, file.as_bytes().to_vec(), true, false).await;
    assert_eq!(status, 200);
    assert_eq!(
        (&preview["data"]["created"], &preview["data"]["updated"]),
        (&json!(1), &json!(1))
    );

    let (status, refused) = import(&boss, file.as_bytes().to_vec(), false, false).await;
    assert_eq!(status, 422, "{refused}");
    let data = &refused["data"];
    assert_eq!(
        (&data["created"], &data["updated"], &data["restored"]),
        (&json!(0), &json!(0), &json!(0)),
        "{refused}"
    );
    let rows = data["rows"].as_array().cloned().unwrap_or_default();
    assert_eq!(rows.len(), 3);
    for row in &rows {
        assert_eq!(row["action"], "skip", "{row}");
        assert_eq!(row["changes"], json!([]), "{row}");
    }
    assert_eq!(error_rows(&refused), [4]);
    assert_eq!(total(&boss).await, 2, "nothing written");
}
