//! The command line as an administrator uses it.

use crate::process::{klass, run, text};

#[test]
fn user_create_prints_a_generated_password_once_and_list_shows_the_user() {
    let dir = tempfile::tempdir().expect("dir");
    let out = run(
        dir.path(),
        &[
            "user",
            "create",
            "--email",
            "Director@School.ru",
            "--role",
            "manager",
            "--last-name",
            "Петрова",
            "--first-name",
            "Анна",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Петрова Анна <director@school.ru>"), "{stdout}");
    let password = stdout
        .lines()
        .find_map(|l| l.strip_prefix("Пароль (показан один раз): "))
        .expect("password line");
    assert_eq!(password.len(), 16);

    let list = text(&run(dir.path(), &["user", "list", "--role", "manager"], "").stdout);
    assert_eq!(list.trim(), "1\tdirector@school.ru\tПетрова Анна\tmanager");
}

#[test]
fn a_password_from_stdin_is_checked_and_not_echoed() {
    let dir = tempfile::tempdir().expect("dir");
    let args = [
        "user",
        "create",
        "--email",
        "t@school.ru",
        "--role",
        "worker",
        "--last-name",
        "Ли",
        "--first-name",
        "Ян",
        "--password-stdin",
    ];
    let short = run(dir.path(), &args, "корот\n");
    assert!(!short.status.success());
    assert!(text(&short.stderr).contains("не короче 8 символов"));
    let ok = run(dir.path(), &args, "длинный-пароль\n");
    assert!(ok.status.success(), "{}", text(&ok.stderr));
    assert!(!text(&ok.stdout).contains("длинный-пароль"));
    let again = run(
        dir.path(),
        &["user", "set-password", "--email", "T@SCHOOL.RU", "--password-stdin"],
        "другой-пароль\n",
    );
    assert!(again.status.success(), "{}", text(&again.stderr));
}

#[test]
fn bad_user_input_is_reported_per_field() {
    let dir = tempfile::tempdir().expect("dir");
    let out = run(
        dir.path(),
        &[
            "user",
            "create",
            "--email",
            "nope",
            "--role",
            "boss",
            "--last-name",
            " ",
            "--first-name",
            "Ян",
        ],
        "",
    );
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    for expected in [
        "email: Введите корректный email",
        "last_name: Обязательное поле",
        "roles: Неизвестная роль «boss»",
    ] {
        assert!(stderr.contains(expected), "{expected} in {stderr}");
    }
    let missing = run(dir.path(), &["user", "set-password", "--email", "ghost@school.ru"], "");
    assert!(text(&missing.stderr).contains("не найден"));
}

#[test]
fn config_example_is_valid_and_check_names_a_bad_key() {
    let dir = tempfile::tempdir().expect("dir");
    let example = klass().args(["config", "example"]).output().expect("example");
    let path = dir.path().join("klass.toml");
    std::fs::write(&path, &example.stdout).expect("write");
    let check = klass()
        .arg("--config")
        .arg(&path)
        .args(["config", "check"])
        .output()
        .expect("check");
    assert!(check.status.success(), "{}", text(&check.stderr));
    assert!(text(&check.stdout).contains("timezone = \"Europe/Moscow\""));

    std::fs::write(&path, "[school]\nname = \"Лицей\"\ntimezone = \"Europe/Nowhere\"\n").expect("write");
    let bad = klass()
        .arg("--config")
        .arg(&path)
        .args(["config", "check"])
        .output()
        .expect("check");
    assert!(!bad.status.success());
    assert!(text(&bad.stderr).contains("school.timezone"));
    let env_bad = klass()
        .args(["config", "check"])
        .env("KLASS_SERVER__LISTEN", "everywhere")
        .output()
        .expect("check");
    assert!(text(&env_bad.stderr).contains("server.listen"));
}

#[test]
fn openapi_prints_the_document() {
    let out = klass().arg("openapi").output().expect("openapi");
    let spec: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(spec["info"]["title"], "Klass API");
}

#[test]
fn every_subcommand_has_help() {
    for args in [
        &["--help"][..],
        &["serve", "--help"],
        &["user", "create", "--help"],
        &["config", "--help"],
        &["healthcheck", "--help"],
        &["money", "verify", "--help"],
    ] {
        let out = klass().args(args).output().expect("help");
        assert!(out.status.success() && text(&out.stdout).contains("Usage"), "{args:?}");
    }
    let version = klass().arg("--version").output().expect("version");
    assert_eq!(
        text(&version.stdout).trim(),
        format!("klass {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    let dir = tempfile::tempdir().expect("dir");
    for i in 0..3 {
        let email = format!("p{i}@school.ru");
        run(
            dir.path(),
            &[
                "user",
                "create",
                "--email",
                &email,
                "--role",
                "student",
                "--last-name",
                "Ли",
                "--first-name",
                "Ян",
            ],
            "",
        );
    }
    let mut child = klass()
        .arg("--data-dir")
        .arg(dir.path())
        .args(["user", "list"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait");
    assert!(!text(&out.stderr).contains("panicked"), "{}", text(&out.stderr));
}
