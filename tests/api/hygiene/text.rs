//! Names, e-mails, phones, notes, tags, file names and imported cells refuse control
//! characters and bidirectional overrides, each with a Russian message at its field.

use super::{RLO, field_messages, import_preview, school, upload};
use crate::helpers::json;
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn names_e_mails_phones_and_notes_refuse_control_characters_and_bidi_overrides() {
    let (_app, boss, student, _) = school().await;
    let created = boss
        .post(
            "/api/users",
            json!({
                "email": "new\u{7f}@school.ru",
                "last_name": format!("Иванов{RLO}"),
                "first_name": "Ив\u{85}ан",
                "middle_name": "Петро\u{2066}вич",
                "phone": format!("+7 912 345{RLO}67 89"),
                "notes": "звонок\u{1b}[31m",
                "roles": ["student"],
            }),
        )
        .await;
    assert_eq!(created.status(), 422);
    let body = json(created).await;
    let control = "Содержит недопустимые управляющие символы";
    let bidi = "Содержит недопустимые символы смены направления текста";
    for (field, message) in [
        ("email", control),
        ("last_name", bidi),
        ("first_name", control),
        ("middle_name", bidi),
        ("phone", bidi),
        ("notes", control),
    ] {
        assert_eq!(field_messages(&body, field), vec![message], "{field}: {body}");
    }

    let path = format!("/api/users/{student}");
    let edited = boss
        .send(
            Method::PUT,
            &path,
            json!({"email": "kid@school.ru", "last_name": "Ученикова", "first_name": format!("Си{RLO}ма")}),
        )
        .await;
    assert_eq!(edited.status(), 422);
    assert_eq!(field_messages(&json(edited).await, "first_name"), vec![bidi]);

    let notes = "Первая строка\nвторая\tс табуляцией";
    let saved = boss
        .send(
            Method::PUT,
            &path,
            json!({"email": "kid@school.ru", "last_name": "Ученикова", "first_name": "Сима", "notes": notes}),
        )
        .await;
    assert_eq!(saved.status(), 200, "notes keep line breaks and tabs");
    assert_eq!(json(boss.get(&path).await).await["data"]["notes"], notes);
}

#[tokio::test]
async fn tags_file_names_and_imported_cells_refuse_them_too() {
    let (_app, boss, student, _) = school().await;
    let tag = boss
        .post("/api/tags", json!({"name": format!("Отличник{RLO}"), "color": "red"}))
        .await;
    assert_eq!(tag.status(), 422);
    assert_eq!(
        field_messages(&json(tag).await, "name"),
        vec!["Содержит недопустимые символы смены направления текста"]
    );

    for name in [format!("счёт{RLO}fdp.exe"), "отчёт\u{85}.txt".to_owned()] {
        let refused = upload(&boss, student, &name, "text/plain", b"contents").await;
        assert_eq!(refused.status(), 422, "{name:?}");
        let messages = field_messages(&json(refused).await, "file");
        assert!(
            messages[0].starts_with("Имя файла: Содержит недопустимые"),
            "{messages:?}"
        );
    }
    let files = json(boss.get(&format!("/api/users/{student}/files")).await).await;
    assert_eq!(files["data"], json!([]), "nothing stored");

    let csv = format!(
        "Фамилия;Имя;Email;Роль;Теги\n\
         Петров{RLO};Пётр;petr@school.ru;ученик;\n\
         Сидоров;Сидор;sidor@school.ru;ученик;Хор{RLO}\n"
    );
    let (status, preview) = import_preview(&boss, &csv).await;
    assert_eq!(status, 200, "{preview}");
    let errors = preview["data"]["errors"].as_array().cloned().unwrap_or_default();
    let found: Vec<(u64, &str)> = errors
        .iter()
        .map(|e| (e["row"].as_u64().unwrap_or(0), e["column"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(found, vec![(2, "Фамилия"), (3, "Теги")], "{preview}");
}
