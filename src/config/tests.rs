//! Tests of the configuration layers and their error messages.

use super::*;

fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn write(text: &str) -> tempfile::NamedTempFile {
    let file = tempfile::NamedTempFile::new().expect("temp file");
    std::fs::write(file.path(), text).expect("write");
    file
}

#[test]
fn runs_with_no_file_at_all() {
    let config = Config::load(None, env(&[])).expect("defaults");
    assert_eq!(config, Config::default());
    assert_eq!(config.school.timezone, "Europe/Moscow");
}

#[test]
fn the_shipped_example_parses_and_documents_every_key() {
    let file = write(EXAMPLE);
    let config = Config::load(Some(file.path()), env(&[])).expect("example parses");
    assert_eq!(config, Config::default(), "the example shows the defaults");
    let example: toml::Table = EXAMPLE.parse().expect("toml");
    let defaults = toml::Value::try_from(Config::default()).expect("table");
    assert_eq!(
        toml::Value::Table(example),
        defaults,
        "every key, and only those, is in the example"
    );
}

#[test]
fn env_overrides_file() {
    let file = write("[server]\nlisten = \"0.0.0.0:9000\"\n[school]\nname = \"Лицей\"\n");
    let config = Config::load(
        Some(file.path()),
        env(&[
            ("KLASS_SERVER__LISTEN", "127.0.0.1:0"),
            ("KLASS_DATA_DIR", "/tmp/x"),
            ("KLASS_CONFIG", "ignored"),
        ]),
    )
    .expect("loads");
    assert_eq!(config.server.listen.port(), 0);
    assert_eq!(config.school.name, "Лицей");
    assert_eq!(config.data_dir, PathBuf::from("/tmp/x"));
}

#[test]
fn unknown_key_is_refused_with_its_name() {
    let file = write("[server]\nlisen = \"0.0.0.0:9000\"\n");
    let err = Config::load(Some(file.path()), env(&[])).expect_err("unknown key");
    let text = err.to_string();
    assert!(text.contains("lisen"), "{text}");
}

#[test]
fn unknown_env_key_in_a_known_section_is_refused() {
    let err = Config::load(None, env(&[("KLASS_STORAGE__CACHE", "8")])).expect_err("unknown key");
    assert!(err.to_string().contains("cache"), "{err}");
}

#[test]
fn bad_values_name_the_key_and_what_was_expected() {
    let cases = [
        ("[server]\nlisten = \"not-an-address\"\n", "server.listen"),
        ("[storage]\ncache_mb = \"big\"\n", "storage.cache_mb"),
        ("[school]\ntimezone = \"Mars/Olympus\"\n", "school.timezone"),
        ("[server]\npublic_url = \"school.local\"\n", "server.public_url"),
        ("[storage]\ncache_mb = 0\n", "storage.cache_mb"),
        ("[files]\nmax_upload_mb = 0\n", "files.max_upload_mb"),
        (
            "[[journal.terms]]\nname = \"1\"\nfrom = \"10-01\"\nto = \"09-01\"\n",
            "journal.terms",
        ),
        (
            "[[journal.terms]]\nname = \"1\"\nfrom = \"2026-09-01\"\nto = \"10-26\"\n",
            "journal.terms",
        ),
        (
            "[[journal.terms]]\nname = \"1\"\nfrom = \"2026-09-01\"\nto = \"2027-09-01\"\n",
            "journal.terms",
        ),
        (
            "[[journal.terms]]\nname = \" \"\nfrom = \"09-01\"\nto = \"10-26\"\n",
            "journal.terms",
        ),
    ];
    for (text, key) in cases {
        let err = Config::load(Some(write(text).path()), env(&[])).expect_err(text);
        assert!(err.to_string().contains(key), "{text}: {err}");
    }
}

#[test]
fn terms_may_be_dated_for_one_school_year() {
    let text = "[[journal.terms]]\nname = \"1 триместр\"\nfrom = \"2026-09-01\"\nto = \"2026-11-29\"\n\
                [[journal.terms]]\nname = \"1 четверть\"\nfrom = \"09-01\"\nto = \"10-26\"\n";
    let config = Config::load(Some(write(text).path()), env(&[])).expect("loads");
    assert_eq!(config.journal.terms.len(), 2);
}

#[test]
fn broken_toml_names_the_file() {
    let file = write("[server\n");
    let err = Config::load(Some(file.path()), env(&[])).expect_err("syntax");
    assert!(err.to_string().contains(&file.path().display().to_string()));
}

#[test]
fn the_smtp_password_is_never_shown() {
    let file = write("[mail.smtp]\nuser = \"school\"\npassword = \"s3cret-pass\"\n");
    let config = Config::load(Some(file.path()), env(&[])).expect("loads");
    assert_eq!(config.mail.smtp.password, "s3cret-pass");
    let shown = config.to_redacted_toml();
    assert!(!shown.contains("s3cret-pass") && shown.contains("***"), "{shown}");
    assert!(!format!("{config:?}").contains("s3cret-pass"));
}

#[test]
fn trusted_proxies_must_be_addresses_or_ranges() {
    let file = write("[server]\ntrusted_proxies = [\"10.0.0.0/8\", \"::1\"]\n");
    let config = Config::load(Some(file.path()), env(&[])).expect("valid");
    assert_eq!(config.server.trusted_proxies, vec!["10.0.0.0/8", "::1"]);
    let file = write("[server]\ntrusted_proxies = [\"nginx\"]\n");
    let err = Config::load(Some(file.path()), env(&[])).expect_err("a name is not an address");
    let text = err.to_string();
    assert!(
        text.contains("server.trusted_proxies") && text.contains("nginx"),
        "{text}"
    );
}

#[test]
fn journal_and_alert_values_out_of_range_are_refused_with_what_is_expected() {
    let cases = [
        (
            "[journal]\nround_up_from = 0.0\n",
            "journal.round_up_from",
            "ожидается доля от 0.01 до 0.99",
        ),
        (
            "[journal]\nround_up_from = 1.0\n",
            "journal.round_up_from",
            "ожидается доля от 0.01 до 0.99",
        ),
        (
            "[journal]\nround_up_from = -0.5\n",
            "journal.round_up_from",
            "ожидается доля от 0.01 до 0.99",
        ),
        (
            "[journal.weights]\nlesson = 0\n",
            "journal.weights",
            "вес оценки — число от 1 до 10",
        ),
        (
            "[journal.weights]\nhomework = 11\n",
            "journal.weights",
            "вес оценки — число от 1 до 10",
        ),
        (
            "[journal.weights]\ntest = 0\n",
            "journal.weights",
            "вес оценки — число от 1 до 10",
        ),
        (
            "[alerts]\nunexcused_in_row = 0\n",
            "alerts.unexcused_in_row",
            "ожидается число больше нуля",
        ),
        (
            "[alerts]\nlow_mark = 0\n",
            "alerts.low_mark",
            "ожидается оценка от 1 до 5",
        ),
        (
            "[alerts]\nlow_mark = 6\n",
            "alerts.low_mark",
            "ожидается оценка от 1 до 5",
        ),
    ];
    for (text, key, message) in cases {
        let err = Config::load(Some(write(text).path()), env(&[])).expect_err(text);
        let shown = err.to_string();
        assert!(shown.contains(key) && shown.contains(message), "{text}: {shown}");
    }
    let edges = "[journal]\nround_up_from = 0.99\n[journal.weights]\nlesson = 1\nhomework = 10\ntest = 10\n\
                 [alerts]\nunexcused_in_row = 1\nlow_mark = 5\n";
    let config = Config::load(Some(write(edges).path()), env(&[])).expect("the edges are allowed");
    assert_eq!((config.journal.weights.test, config.alerts.low_mark), (10, 5));
    let low = Config::load(Some(write("[journal]\nround_up_from = 0.01\n").path()), env(&[]));
    assert!(low.is_ok(), "{low:?}");
}
