//! Family links follow the roles: only a parent is a parent, staff are nobody's child.

use super::{field_messages, import_preview, school};
use crate::helpers::json;
use klass::domain::Role;
use serde_json::json;

#[tokio::test]
async fn only_a_parent_is_linked_as_a_parent_and_staff_are_nobodys_child() {
    let (app, boss, student, parent) = school().await;
    let other_student = app.quick_user("other@school.ru", "Другой", "Олег", &[Role::Student]);
    let teacher = app.quick_user("teacher@school.ru", "Учителева", "Вера", &[Role::Worker]);

    let not_a_parent = boss
        .post(
            &format!("/api/users/{student}/parents/save"),
            json!({"parents": [other_student]}),
        )
        .await;
    assert_eq!(not_a_parent.status(), 422);
    let messages = field_messages(&json(not_a_parent).await, "parents");
    assert_eq!(
        messages,
        vec!["Другой Олег: Родителем можно сделать только пользователя с ролью «Родитель»"]
    );

    let staff_child = boss
        .post(
            &format!("/api/users/{parent}/children/save"),
            json!({"children": [student, teacher]}),
        )
        .await;
    assert_eq!(staff_child.status(), 422);
    let messages = field_messages(&json(staff_child).await, "children");
    assert_eq!(
        messages,
        vec!["Учителева Вера: Сотрудника или менеджера нельзя сделать чьим-то ребёнком"]
    );
    let card = json(boss.get(&format!("/api/users/{parent}")).await).await;
    assert_eq!(card["data"]["children_ids"], json!([]), "nothing saved: {card}");

    let staff_parents = boss
        .post(
            &format!("/api/users/{teacher}/parents/save"),
            json!({"parents": [parent]}),
        )
        .await;
    assert_eq!(staff_parents.status(), 422, "a worker gets no parents either");

    let linked = boss
        .post(
            &format!("/api/users/{parent}/children/save"),
            json!({"children": [student]}),
        )
        .await;
    assert_eq!(json(linked).await["data"]["children_ids"], json!([student]));

    // Roles change within the same rule while the links stand.
    for (who, roles, message) in [
        (parent, json!(["student"]), "роль «Родитель» снять нельзя"),
        (
            student,
            json!(["student", "worker"]),
            "сотрудником или менеджером его сделать нельзя",
        ),
    ] {
        let changed = boss
            .post(&format!("/api/users/{who}/update-roles"), json!({"roles": roles}))
            .await;
        assert_eq!(changed.status(), 422);
        let messages = field_messages(&json(changed).await, "roles");
        assert!(messages[0].contains(message), "{messages:?}");
    }

    // The import makes links by the same rule.
    let csv = "Фамилия;Имя;Email;Роль;Email родителя\n\
               Новикова;Нина;nina@school.ru;ученик;other@school.ru\n\
               Учителев;Иван;ivan@school.ru;учитель;mum@school.ru\n";
    let (status, preview) = import_preview(&boss, csv).await;
    assert_eq!(status, 200, "{preview}");
    let errors = preview["data"]["errors"].as_array().cloned().unwrap_or_default();
    let found: Vec<(u64, &str)> = errors
        .iter()
        .map(|e| (e["row"].as_u64().unwrap_or(0), e["column"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(found, vec![(2, "Email родителя"), (3, "Email родителя")], "{preview}");

    // …and changes roles by the same rule: a child with parents is not made staff by a file.
    let csv = "Фамилия;Имя;Email;Роль\nУченикова;Сима;kid@school.ru;ученик, учитель\n";
    let (status, preview) = import_preview(&boss, csv).await;
    assert_eq!(status, 200, "{preview}");
    let errors = preview["data"]["errors"].as_array().cloned().unwrap_or_default();
    assert_eq!(errors.len(), 1, "{preview}");
    assert_eq!(errors[0]["column"], "Роль", "{preview}");
    let message = errors[0]["message"].as_str().unwrap_or("");
    assert!(
        message.contains("сотрудником или менеджером его сделать нельзя"),
        "{message}"
    );
}
