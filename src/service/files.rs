//! Users' file cabinets: list, store an upload, read one back, delete. The caller has already
//! checked the rule (managers only); these check that the user and the file exist, and an
//! upload that the user is not deleted.

use super::ServiceError;
use super::journal::{Change, Journal};
use crate::domain::activity::{Action, Entity};
use crate::domain::declension::{NameCase, full_name_in};
use crate::domain::file::StoredFile;
use crate::domain::file_name::{clean_file_name, content_type_of};
use crate::domain::notification::{Notice, NotificationKind};
use crate::domain::{FileId, Role, User, UserId};
use crate::service::FieldErrors;
use crate::store::files::{self, CHUNK_SIZE, FileWriter, NewFile};
use crate::store::{Store, WriteTxn, family, users};
use jiff::Timestamp;
use std::io::Read;

/// An upload as it arrived: the field's name and type as the browser sent them, and the
/// contents spooled to a temporary file (read from its start).
pub struct Upload {
    pub file_name: Option<String>,
    pub content_type: Option<String>,
    pub contents: std::fs::File,
    pub size: u64,
}

/// A file's record and its contents, chunk by chunk.
pub type Download = (
    StoredFile,
    Box<dyn Iterator<Item = Result<Vec<u8>, crate::store::StoreError>> + Send>,
);

fn user_not_found() -> ServiceError {
    ServiceError::NotFound("Пользователь не найден".into())
}

fn file_not_found() -> ServiceError {
    ServiceError::NotFound("Файл не найден".into())
}

/// The files of `user`, newest first.
pub fn list(store: &Store, user: UserId) -> Result<Vec<StoredFile>, ServiceError> {
    let txn = store.read()?;
    users::get(&txn, user)?.ok_or_else(user_not_found)?;
    Ok(files::list(&txn, user)?)
}

/// Stores `upload` (`None`: the form had no `file` field) in `user`'s cabinet, in one durable
/// transaction: chunks, record and index.
pub fn upload(
    store: &Store,
    journal: &Journal,
    user: UserId,
    by: UserId,
    upload: Option<Upload>,
) -> Result<StoredFile, ServiceError> {
    let Some(mut upload) = upload else {
        return Err(FieldErrors::one("file", "Выберите файл"));
    };
    if upload.size == 0 {
        return Err(FieldErrors::one("file", "Файл пустой"));
    }
    let name = clean_file_name(upload.file_name.as_deref().unwrap_or_default())
        .map_err(|refused| FieldErrors::one("file", refused.to_string()))?;
    let content_type = content_type_of(upload.content_type.as_deref(), &name);
    let txn = store.write()?;
    let owner = users::get(&txn, user)?.ok_or_else(user_not_found)?;
    if owner.deleted_at.is_some() {
        return Err(FieldErrors::one("id", "Пользователь удалён"));
    }
    let mut writer = FileWriter::start(&txn)?;
    let mut buffer = vec![0; CHUNK_SIZE];
    loop {
        let filled = fill(&mut upload.contents, &mut buffer)?;
        writer.push(&buffer[..filled])?;
        if filled < CHUNK_SIZE {
            break;
        }
    }
    let file = writer.finish(NewFile {
        user_id: user,
        name,
        content_type,
        uploaded_at: Timestamp::now(),
        uploaded_by: by,
    })?;
    let what = format!("«{}» ({})", file.name, size_ru(file.size));
    let summary = format!("{}: загружен файл {what}", owner.full_name());
    let mut change = Change::new(Action::FileAdded, Entity::File, Some(file.id.0), summary).concerning([user]);
    for to in std::iter::once(user).chain(family::parents_of(&txn, user)?) {
        change = change.notify(Notice {
            to,
            kind: NotificationKind::FileAdded,
            body: added_notice(&txn, &owner, to, &what)?,
            link: None,
        });
    }
    journal.commit_change(txn, change)?;
    Ok(file)
}

/// What `to` is told of a file added to `owner`'s cabinet. Only managers open a cabinet, so
/// only a manager reads `what`, the file's name and size (a name such as «Заключение
/// психолога.pdf» is private itself); the person and his parents learn that a document was filed.
fn added_notice(txn: &WriteTxn, owner: &User, to: UserId, what: &str) -> Result<String, ServiceError> {
    let whose = if to == owner.id {
        "Вашу карточку".to_owned()
    } else {
        format!("карточку {}", full_name_in(owner, NameCase::Genitive, "пользователя"))
    };
    let manager = users::get(txn, to)?.is_some_and(|person| person.roles.contains(&Role::Manager));
    Ok(if manager {
        format!("В {whose} добавлен файл {what}.")
    } else {
        format!("В {whose} добавлен документ. Подробности — у администрации школы.")
    })
}

/// Reads until `buffer` is full or the source ends; returns how much was read.
fn fill(source: &mut impl Read, buffer: &mut [u8]) -> Result<usize, ServiceError> {
    let mut filled = 0;
    while filled < buffer.len() {
        match source.read(&mut buffer[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
            Err(err) => return Err(ServiceError::Spool(err)),
        }
    }
    Ok(filled)
}

/// The file `id` of `user`, with its contents read lazily, chunk by chunk (`files::contents`).
pub fn download(store: &Store, user: UserId, id: FileId) -> Result<Download, ServiceError> {
    let txn = store.read()?;
    users::get(&txn, user)?.ok_or_else(user_not_found)?;
    let file = files::get(&txn, user, id)?.ok_or_else(file_not_found)?;
    let contents = files::contents(store, &file);
    Ok((file, Box::new(contents)))
}

/// Deletes the file `id` of `user`: chunks, record and index in one transaction.
pub fn delete(store: &Store, journal: &Journal, user: UserId, id: FileId) -> Result<(), ServiceError> {
    let txn = store.write()?;
    let owner = users::get(&txn, user)?.ok_or_else(user_not_found)?;
    let file = files::get(&txn, user, id)?.ok_or_else(file_not_found)?;
    files::remove(&txn, &file)?;
    let summary = format!(
        "{}: удалён файл «{}» ({})",
        owner.full_name(),
        file.name,
        size_ru(file.size)
    );
    let change = Change::new(Action::FileDeleted, Entity::File, Some(file.id.0), summary).concerning([user]);
    journal.commit_change(txn, change)?;
    Ok(())
}

/// A size in Russian units: "812 Б", "12 КБ", "3,4 МБ".
pub fn size_ru(bytes: u64) -> String {
    const KB: u64 = 1024;
    match bytes {
        0..KB => format!("{bytes} Б"),
        KB..1_048_576 => format!("{} КБ", bytes.div_ceil(KB)),
        _ => format!("{:.1} МБ", bytes as f64 / 1_048_576.0).replace('.', ","),
    }
}
