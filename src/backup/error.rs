//! What can go wrong with a copy, in words the person looking after the server can act on.

use crate::store::StoreError;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// A failed backup, check or restore.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error(
        "На диске закончилось место (или превышен предельный размер файла) при записи в {dir}, \
         недописанный файл удалён. Освободите место и повторите."
    )]
    NoSpace { dir: PathBuf },
    #[error("Нет прав на запись в каталог {dir}.")]
    NotWritable { dir: PathBuf },
    #[error("Не удалось записать файл в {dir}: {}.", in_words(.source))]
    Write { dir: PathBuf, source: std::io::Error },
    #[error("Файл {0} уже существует: укажите другое имя.")]
    Exists(PathBuf),
    #[error("Не удалось прочитать копию {path}: {reason}.")]
    Read { path: PathBuf, reason: String },
    #[error("Копия {path} не прошла проверку: {}.", problems.join("; "))]
    Invalid { path: PathBuf, problems: Vec<String> },
    #[error(
        "Сервер Klass сейчас работает с базой {0}. Остановите его (например, systemctl stop klass) \
         и повторите восстановление."
    )]
    ServerRunning(PathBuf),
    #[error("Сейчас уже делается другая копия: дождитесь её окончания.")]
    Busy,
    /// The server's own message about a copy it was asked for.
    #[error("{0}")]
    Server(String),
    #[error("{0}")]
    Store(#[from] StoreError),
}

impl BackupError {
    /// Names a failed write into `dir` by its cause (a full disk, no permission …).
    pub fn writing(dir: &Path, source: std::io::Error) -> Self {
        let dir = dir.to_owned();
        match source.kind() {
            _ if crate::store::is_disk_full(&source) => Self::NoSpace { dir },
            ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem => Self::NotWritable { dir },
            _ => Self::Write { dir, source },
        }
    }

    /// Like `writing`, for a failure inside the database copy (which wraps the I/O error).
    pub fn copying(dir: &Path, err: StoreError) -> Self {
        match err {
            StoreError::DiskFull => Self::NoSpace { dir: dir.to_owned() },
            StoreError::Db(redb::Error::Io(source)) => Self::writing(dir, source),
            other => Self::Store(other),
        }
    }

    /// The sentence about a copy that was not made: «{what} не сделана: {the cause}», the cause
    /// with its first letter lowered («Копия не сделана: нет прав на запись в каталог /srv.»).
    pub fn not_made(&self, what: &str) -> String {
        format!("{what} не сделана: {}", lower_first(&self.to_string()))
    }

    /// A copy that cannot be read at `path`.
    pub fn read(path: &Path, reason: impl std::fmt::Display) -> Self {
        Self::Read {
            path: path.to_owned(),
            reason: reason.to_string(),
        }
    }

    /// A copy (or the directory of copies) at `path` that the system would not read.
    pub fn unreadable(path: &Path, err: &std::io::Error) -> Self {
        Self::read(path, in_words(err))
    }
}

/// `text` with its first letter lowered, unless the second is a capital too (an abbreviation).
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if first.is_uppercase() && !second.is_uppercase() => {
            first.to_lowercase().chain(text[first.len_utf8()..].chars()).collect()
        }
        _ => text.to_owned(),
    }
}

/// What the system said of a file, in Russian where it is a common case («нет такого файла или
/// каталога (ошибка ОС 2)»); anything else as the system said it.
pub fn in_words(err: &std::io::Error) -> String {
    let words = match err.kind() {
        ErrorKind::NotFound => "нет такого файла или каталога",
        ErrorKind::PermissionDenied => "нет прав доступа",
        ErrorKind::NotADirectory => "это не каталог",
        ErrorKind::IsADirectory => "это каталог, а не файл",
        ErrorKind::ReadOnlyFilesystem => "файловая система только для чтения",
        ErrorKind::StorageFull => "на диске нет места",
        ErrorKind::UnexpectedEof => "файл обрезан",
        _ => return err.to_string(),
    };
    match err.raw_os_error() {
        Some(code) => format!("{words} (ошибка ОС {code})"),
        None => words.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_system_errors_are_said_in_russian_with_their_code() {
        let missing = std::io::Error::from_raw_os_error(2);
        assert_eq!(in_words(&missing), "нет такого файла или каталога (ошибка ОС 2)");
        let not_a_dir = std::io::Error::from_raw_os_error(20);
        let err = BackupError::unreadable(Path::new("/srv/копии"), &not_a_dir);
        assert_eq!(
            err.to_string(),
            "Не удалось прочитать копию /srv/копии: это не каталог (ошибка ОС 20)."
        );
        let odd = std::io::Error::other("corrupt deflate stream");
        assert_eq!(in_words(&odd), "corrupt deflate stream");
    }

    #[test]
    fn a_copy_not_made_is_said_so_once_whatever_the_cause() {
        let dir = PathBuf::from("/srv/копии");
        let causes = [
            BackupError::NoSpace { dir: dir.clone() },
            BackupError::NotWritable { dir: dir.clone() },
            BackupError::Write {
                dir: dir.clone(),
                source: std::io::Error::from_raw_os_error(2),
            },
            BackupError::Exists(dir.join("a.tar.gz")),
            BackupError::read(&dir, "файл обрезан"),
            BackupError::Invalid {
                path: dir.clone(),
                problems: vec!["SHA-256 не совпадает".into()],
            },
            BackupError::ServerRunning(dir.clone()),
            BackupError::Busy,
            BackupError::Server("Нет прав на запись в каталог /srv.".into()),
            BackupError::Store(StoreError::DiskFull),
        ];
        for cause in causes {
            let told = cause.not_made("Плановая резервная копия");
            assert_eq!(told.matches("не сделана").count(), 1, "{told}");
            assert!(told.starts_with("Плановая резервная копия не сделана: "), "{told}");
            let first = told
                .trim_start_matches("Плановая резервная копия не сделана: ")
                .chars()
                .next();
            assert!(first.is_some_and(char::is_lowercase), "{told}");
        }
        assert_eq!(
            BackupError::NotWritable { dir }.not_made("Резервная копия"),
            "Резервная копия не сделана: нет прав на запись в каталог /srv/копии."
        );
    }
}
