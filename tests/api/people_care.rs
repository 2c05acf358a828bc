//! People, families and sign-in as a school uses them: bad input, every role, and nothing stored lost.

use crate::helpers::{json, spawn_app};
use klass::domain::Role;
use serde_json::{Value, json};

/// The messages of `field` in a 422 answer.
fn refused(answer: &Value, field: &str) -> Value {
    answer["errors"][field].clone()
}

#[tokio::test]
async fn a_manager_cannot_take_his_own_manager_role_but_may_take_another_managers() {
    let app = spawn_app().await;
    let director = app.quick_user("boss@school.ru", "Орлова", "Наталья", &[Role::Manager]);
    let deputy = app.quick_user("deputy@school.ru", "Завучева", "Зоя", &[Role::Manager, Role::Worker]);
    let boss = app.browser_as(director, None);

    let own = boss
        .post(
            &format!("/api/users/{director}/update-roles"),
            json!({"roles": ["worker"]}),
        )
        .await;
    assert_eq!(own.status(), 422);
    assert_eq!(
        refused(&json(own).await, "roles"),
        json!(["Нельзя снять роль менеджера с самого себя: попросите об этом другого менеджера"])
    );
    let me = json(boss.get("/api/user").await).await;
    assert_eq!(me["data"]["roles"], json!(["manager"]), "still a manager: {me}");
    // Adding a role to himself, keeping the manager's, is fine.
    let more = boss
        .post(
            &format!("/api/users/{director}/update-roles"),
            json!({"roles": ["manager", "worker"]}),
        )
        .await;
    assert_eq!(more.status(), 200);

    let other = boss
        .post(
            &format!("/api/users/{deputy}/update-roles"),
            json!({"roles": ["worker"]}),
        )
        .await;
    assert_eq!(other.status(), 200);
    assert_eq!(json(other).await["data"]["roles"], json!(["worker"]));
}

#[tokio::test]
async fn a_refused_family_link_names_the_person_whose_role_is_the_reason() {
    let app = spawn_app().await;
    let manager = app.quick_user("boss@school.ru", "Орлова", "Наталья", &[Role::Manager]);
    let teacher = app.quick_user("teacher@school.ru", "Учителева", "Вера", &[Role::Worker]);
    let mother = app.quick_user("mum@school.ru", "Соколова", "Марина", &[Role::Parent]);
    let pupil = app.quick_user("pupil@school.ru", "Морозов", "Кирилл", &[Role::Student]);
    let other = app.quick_user("other@school.ru", "Другой", "Олег", &[Role::Student]);
    let boss = app.browser_as(manager, None);

    // The teacher's card: the staff member is the child of the link, not the mother.
    let answer = boss
        .post(
            &format!("/api/users/{teacher}/parents/save"),
            json!({"parents": [mother]}),
        )
        .await;
    assert_eq!(answer.status(), 422);
    assert_eq!(
        refused(&json(answer).await, "parents"),
        json!(["Учителева Вера: Сотрудника или менеджера нельзя сделать чьим-то ребёнком"])
    );

    // The pupil's card: he is the would-be parent, not the child the form names.
    let answer = boss
        .post(
            &format!("/api/users/{pupil}/children/save"),
            json!({"children": [other]}),
        )
        .await;
    assert_eq!(answer.status(), 422);
    assert_eq!(
        refused(&json(answer).await, "children"),
        json!(["Морозов Кирилл: Родителем можно сделать только пользователя с ролью «Родитель»"])
    );
    let card = json(boss.get(&format!("/api/users/{pupil}")).await).await;
    assert_eq!(card["data"]["children_ids"], json!([]), "nothing saved: {card}");
}

#[tokio::test]
async fn a_name_without_a_single_letter_is_refused_on_its_field() {
    let app = spawn_app().await;
    let manager = app.quick_user("boss@school.ru", "Орлова", "Наталья", &[Role::Manager]);
    let boss = app.browser_as(manager, None);
    let body = json!({"email": "new@school.ru", "last_name": "Иванов", "first_name": "123",
        "middle_name": "—", "roles": ["student"]});
    let answer = boss.post("/api/users", body).await;
    assert_eq!(answer.status(), 422);
    let answer = json(answer).await;
    assert_eq!(refused(&answer, "first_name"), json!(["Введите хотя бы одну букву"]));
    assert_eq!(refused(&answer, "middle_name"), json!(["Введите хотя бы одну букву"]));
    assert_eq!(refused(&answer, "last_name"), Value::Null, "{answer}");

    let page = json(boss.get("/api/users").await).await;
    assert_eq!(page["meta"]["total"], 1, "nobody created: {page}");
}

#[tokio::test]
async fn a_manager_changes_his_own_password_only_with_the_current_one() {
    let app = spawn_app().await;
    let director = app.create_user("boss@school.ru", "старый-пароль-1", &[Role::Manager]);
    let boss = app.browser();
    boss.sign_in("boss@school.ru", "старый-пароль-1").await;
    let body = json!({"password": "новый-пароль-1", "password_confirmation": "новый-пароль-1"});
    let answer = boss.post(&format!("/api/users/{director}/change-password"), body).await;
    assert_eq!(answer.status(), 422);
    assert_eq!(
        refused(&json(answer).await, "password"),
        json!(["Свой пароль меняйте в настройках, с текущим паролем"])
    );
    assert_eq!(boss.get("/api/user").await.status(), 200, "still signed in");
    let again = app.browser();
    again.sign_in("boss@school.ru", "старый-пароль-1").await;
}

#[tokio::test]
async fn a_person_who_does_not_exist_has_no_notifications_and_no_calendar_to_read() {
    let app = spawn_app().await;
    let manager = app.quick_user("boss@school.ru", "Орлова", "Наталья", &[Role::Manager]);
    let pupil = app.quick_user("pupil@school.ru", "Морозов", "Кирилл", &[Role::Student]);
    let nobody = pupil + 1000;
    let reads = [
        format!("/api/users/{nobody}/notifications"),
        format!("/api/calendar?user_id={nobody}&from=2026-11-02&to=2026-11-08"),
    ];
    let payments = json(
        app.browser_as(manager, None)
            .get(&format!("/api/users/{nobody}/payments"))
            .await,
    )
    .await;
    assert_eq!(payments["message"], "Пользователь не найден");
    for path in &reads {
        let answer = app.browser_as(manager, None).get(path).await;
        assert_eq!(answer.status(), 404, "{path}");
        assert_eq!(
            json(answer).await["message"],
            payments["message"],
            "{path}: as every per-person read"
        );
        let refused = app.browser_as(pupil, None).get(path).await;
        assert_eq!(refused.status(), 403, "{path}: the policy still answers first");
    }
    let own = app
        .browser_as(pupil, None)
        .get(&format!("/api/users/{pupil}/notifications"))
        .await;
    assert_eq!(own.status(), 200, "a person who exists still reads his own");
}
