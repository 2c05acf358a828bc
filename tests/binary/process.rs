//! Runs the real binary: one-off commands, and servers on a free port read from their output.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The binary cargo built for these tests.
pub fn klass() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_klass"));
    command.env_remove("KLASS_CONFIG").env("RUST_LOG", "warn");
    command
}

/// Runs `klass healthcheck` against the server listening on `addr`.
pub fn healthcheck(addr: &str) -> Output {
    klass()
        .arg("healthcheck")
        .env("KLASS_SERVER__LISTEN", addr)
        .output()
        .expect("healthcheck")
}

/// Runs `klass ARGS` on `data_dir` with `stdin`, and returns its output.
pub fn run(data_dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = klass()
        .arg("--data-dir")
        .arg(data_dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn klass");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("klass output")
}

/// A data directory with the demo school in it, the server stopped cleanly.
pub fn demo_school(dir: &Path) {
    let mut server = Server::start(dir, &["--demo", "--demo-people", "60"]);
    // Once it has answered a request, it stops cleanly on TERM.
    crate::http::csrf_token(server.base.trim_start_matches("http://"));
    server.signal("TERM");
    let status = server.child.wait().expect("wait");
    assert!(status.success(), "{status:?}");
}

/// Text of a stream, for assertions.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A `klass serve` process; killed when dropped.
pub struct Server {
    pub child: Child,
    pub base: String,
    /// Lines printed before the address line.
    pub banner: Vec<String>,
}

impl Server {
    /// Starts `klass serve EXTRA…` on 127.0.0.1:0 and waits for its address line.
    pub fn start(data_dir: &Path, extra: &[&str]) -> Server {
        Self::start_with_env(data_dir, extra, &[])
    }

    /// The same, with environment variables (e.g. `KLASS_AUTH__…` settings).
    pub fn start_with_env(data_dir: &Path, extra: &[&str], env: &[(&str, &str)]) -> Server {
        let mut command = klass();
        command
            .envs(env.iter().copied())
            .arg("--data-dir")
            .arg(data_dir)
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(extra);
        Self::spawn(command)
    }

    /// Runs `command` (which ends up running `klass serve` on port 0) and waits for its address line.
    pub fn spawn(mut command: Command) -> Server {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn klass serve");
        let stdout = child.stdout.take().expect("stdout");
        let mut lines = BufReader::new(stdout).lines();
        let mut banner = Vec::new();
        let started = Instant::now();
        let base = loop {
            let line = lines.next().expect("klass exited before listening").expect("read line");
            if let Some(at) = line.find("http://").or_else(|| line.find("https://")) {
                break line[at..].trim().to_owned();
            }
            banner.push(line);
            assert!(started.elapsed() < Duration::from_secs(30), "no address line");
        };
        // Keep draining stdout so the server never blocks on a full pipe.
        std::thread::spawn(move || lines.for_each(drop));
        Server { child, base, banner }
    }

    /// Sends a signal (`TERM`, `KILL` …) to the server.
    pub fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.child.id().to_string())
            .status();
        assert!(status.expect("kill").success());
    }

    /// Waits for the process to exit and returns whether it exited successfully.
    pub fn wait(&mut self) -> bool {
        self.child.wait().expect("wait").success()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
