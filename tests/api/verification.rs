//! E-mail confirmation, and the 409 that guards the portal when the school requires it.

use crate::helpers::{json, spawn_app_with};
use klass::domain::Role;
use serde_json::json;

#[tokio::test]
async fn an_unconfirmed_user_gets_409_until_the_link_is_followed() {
    let app = spawn_app_with(|config| config.auth.require_verified_email = true).await;
    app.create_user("director@school.ru", "пароль-директора", &[Role::Manager]);
    let browser = app.browser();
    browser.sign_in("director@school.ru", "пароль-директора").await;
    assert_eq!(
        browser.get("/api/user").await.status(),
        200,
        "reading oneself is allowed"
    );
    let blocked = browser.get("/api/history/mail").await;
    assert_eq!(blocked.status(), 409);
    assert_eq!(json(blocked).await["message"], "Подтвердите адрес электронной почты");

    assert_eq!(
        browser
            .post("/api/email/verification-notification", json!({}))
            .await
            .status(),
        202
    );
    let token = wait_for_link_token(&app).await;
    let bad = browser.post("/api/email/verify", json!({"token": "forged"})).await;
    assert_eq!(bad.status(), 422);
    assert_eq!(
        browser
            .post("/api/email/verify", json!({"token": token}))
            .await
            .status(),
        200
    );
    assert_eq!(browser.get("/api/history/mail").await.status(), 200);
    let again = browser.post("/api/email/verification-notification", json!({})).await;
    assert_eq!(again.status(), 200, "already confirmed: nothing sent");
}

/// The token of the confirmation link, read from the mail in the file outbox.
async fn wait_for_link_token(app: &crate::helpers::TestApp) -> String {
    let outbox = app.data_dir.path().join("outbox");
    for _ in 0..100 {
        let found = std::fs::read_dir(&outbox).ok().and_then(|dir| {
            dir.flatten()
                .filter(|e| e.file_name().to_string_lossy().ends_with("verify_email.eml"))
                .find_map(|e| std::fs::read_to_string(e.path()).ok())
        });
        if let Some(raw) = found {
            let text = crate::smtp_fake::text_parts(&raw)
                .into_iter()
                .map(|(_, t)| t)
                .collect::<String>();
            let at = text.find("token=").expect("link with token") + "token=".len();
            return text[at..].chars().take_while(|c| c.is_ascii_hexdigit()).collect();
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("no confirmation mail in {}", outbox.display());
}
