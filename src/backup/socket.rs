//! The local admin socket (`<data_dir>/klass.sock`, owner-only, no network port): a running
//! server makes a copy when `klass backup create` asks it here, and reports progress back.
//! One JSON message per line: the request, then `progress` lines, then `created` or `failed`.

use super::{BackupError, Backups, Created, Progress, background};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

/// File name of the socket in the data directory.
pub const SOCKET_FILE: &str = "klass.sock";

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Request {
    /// Make a copy into this file.
    Create { out: PathBuf },
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Reply {
    Progress(Progress),
    Created(Created),
    Failed(String),
}

/// Asks the server holding `data_dir` for a copy into `out`. `Ok(None)` when no server listens
/// there (the caller then copies the file itself).
pub fn ask_create(
    data_dir: &Path,
    out: &Path,
    progress: &mut dyn FnMut(Progress),
) -> Result<Option<Created>, BackupError> {
    let path = data_dir.join(SOCKET_FILE);
    let mut stream = match std::os::unix::net::UnixStream::connect(&path) {
        Ok(stream) => stream,
        Err(_) => return Ok(None),
    };
    let lost = |err: std::io::Error| BackupError::read(&path, format!("сервер прервал связь ({err})"));
    let mut line = serde_json::to_string(&Request::Create { out: out.to_owned() })
        .map_err(std::io::Error::other)
        .map_err(lost)?;
    line.push('\n');
    stream.write_all(line.as_bytes()).map_err(lost)?;
    for line in BufReader::new(stream).lines() {
        let line = line.map_err(lost)?;
        match serde_json::from_str(&line)
            .map_err(std::io::Error::other)
            .map_err(lost)?
        {
            Reply::Progress(step) => progress(step),
            Reply::Created(created) => return Ok(Some(created)),
            Reply::Failed(message) => return Err(BackupError::Server(message)),
        }
    }
    Err(lost(std::io::ErrorKind::UnexpectedEof.into()))
}

/// Listens on `<data_dir>/klass.sock` until the task is dropped; a socket that cannot be made
/// is logged (the CLI then says the database is busy). The socket is made under a temporary
/// name, restricted to the owner, then renamed into place, so it is never open to others.
pub async fn serve(data_dir: PathBuf, backups: Backups) {
    if let Err(err) = listen(&data_dir, backups).await {
        tracing::warn!(dir = %data_dir.display(), "admin socket for backups unavailable: {err}");
    }
}

async fn listen(data_dir: &Path, backups: Backups) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let path = data_dir.join(SOCKET_FILE);
    let temp = data_dir.join(format!(".{SOCKET_FILE}.{}", std::process::id()));
    let _ = std::fs::remove_file(&temp);
    let listener = tokio::net::UnixListener::bind(&temp)?;
    std::fs::set_permissions(&temp, std::fs::Permissions::from_mode(0o600))?;
    std::fs::rename(&temp, &path)?;
    let _remove = RemoveOnDrop(path);
    loop {
        let (stream, _) = listener.accept().await?;
        let backups = backups.clone();
        tokio::spawn(async move {
            if let Err(err) = answer(stream, backups).await {
                tracing::warn!("admin socket: {err}");
            }
        });
    }
}

/// Serves one request: runs the copy in the background and streams its progress.
async fn answer(stream: tokio::net::UnixStream, backups: Backups) -> std::io::Result<()> {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
    let (read, mut write) = stream.into_split();
    let mut lines = tokio::io::BufReader::new(read).lines();
    let Some(line) = lines.next_line().await? else {
        return Ok(());
    };
    let Request::Create { out } = serde_json::from_str(&line).map_err(std::io::Error::other)?;
    let (sender, mut receiver) = tokio::sync::mpsc::unbounded_channel();
    let progress_sender = sender.clone();
    // Its receiver is not needed: the result comes through `sender`.
    drop(background::spawn(move || {
        let created = backups.create(Some(out), &mut |step| {
            let _ = progress_sender.send(Reply::Progress(step));
        });
        let _ = sender.send(match created {
            Ok(created) => Reply::Created(created),
            Err(err) => Reply::Failed(err.to_string()),
        });
    }));
    while let Some(reply) = receiver.recv().await {
        let mut line = serde_json::to_string(&reply).map_err(std::io::Error::other)?;
        line.push('\n');
        write.write_all(line.as_bytes()).await?;
    }
    Ok(())
}

struct RemoveOnDrop(PathBuf);

impl Drop for RemoveOnDrop {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
