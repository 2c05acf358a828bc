//! `spawn_app`: the real application, bound to a free port, with its own data directory.

use klass::config::Config;
use klass::startup::App;
use tokio::sync::oneshot;

/// A running application and a client for it; stops when dropped.
pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    _data_dir: tempfile::TempDir,
    _stop: oneshot::Sender<()>,
}

impl TestApp {
    /// The absolute URL of `path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

/// Starts the application on 127.0.0.1:0 with a fresh data directory.
pub async fn spawn_app() -> TestApp {
    let data_dir = tempfile::tempdir().expect("temp dir");
    let mut config = Config {
        data_dir: data_dir.path().to_owned(),
        ..Config::default()
    };
    config.server.listen = "127.0.0.1:0".parse().expect("addr");
    config.storage.cache_mb = 8;
    let app = App::build(config).await.expect("app builds");
    let base = format!("http://{}", app.addr());
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(app.run_until(async move {
        let _ = stopped.await;
    }));
    TestApp {
        base,
        client: reqwest::Client::new(),
        _data_dir: data_dir,
        _stop: stop,
    }
}
