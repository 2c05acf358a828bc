//! The school's tag catalogue: create, rename, recolour, delete (and take off everyone).

use super::ServiceError;
use super::journal::{Change, Journal};
use crate::domain::activity::{Action, Entity};
use crate::domain::tag::check_tag;
use crate::domain::{Tag, TagId};
use crate::store::{Store, record, tags, users};

/// A tag and how many people (not deleted) carry it.
pub struct TagWithCount {
    pub tag: Tag,
    pub users: usize,
}

fn not_found() -> ServiceError {
    ServiceError::NotFound("Тег не найден".into())
}

/// Every tag, by name, with its count of people.
pub fn list(store: &Store) -> Result<Vec<TagWithCount>, ServiceError> {
    let txn = store.read()?;
    let directory = store.directory(&txn)?;
    let mut all: Vec<TagWithCount> = record::all::<Tag>(&txn)?
        .into_iter()
        .map(|tag| {
            let users = directory
                .entries
                .iter()
                .filter(|e| !e.deleted && e.tags.contains(&tag.id))
                .count();
            TagWithCount { tag, users }
        })
        .collect();
    all.sort_by_key(|t| crate::domain::search::collation_key(&[&t.tag.name]));
    Ok(all)
}

/// One tag.
pub fn get(store: &Store, id: TagId) -> Result<Tag, ServiceError> {
    record::get(&store.read()?, id)?.ok_or_else(not_found)
}

/// Creates a tag with a unique name and a palette colour.
pub fn create(store: &Store, journal: &Journal, name: &str, color: &str) -> Result<Tag, ServiceError> {
    let name = check_tag(name, color)?;
    let txn = store.write()?;
    let tag = tags::insert(&txn, name, color.to_owned())?;
    let summary = format!("Создан тег «{}» ({})", tag.name, tag.color);
    journal.record(
        &txn,
        Change::new(Action::TagCreated, Entity::Tag, Some(tag.id.0), summary),
    )?;
    journal.commit(txn)?;
    Ok(tag)
}

/// Renames and/or recolours a tag.
pub fn update(store: &Store, journal: &Journal, id: TagId, name: &str, color: &str) -> Result<Tag, ServiceError> {
    let name = check_tag(name, color)?;
    let txn = store.write()?;
    let old: Tag = record::get(&txn, id)?.ok_or_else(not_found)?;
    let new = Tag {
        id,
        name,
        color: color.to_owned(),
    };
    if old == new {
        return Ok(new);
    }
    record::update(&txn, &new)?;
    let summary = format!("Тег «{}» ({}) → «{}» ({})", old.name, old.color, new.name, new.color);
    journal.record(&txn, Change::new(Action::TagUpdated, Entity::Tag, Some(id.0), summary))?;
    journal.commit(txn)?;
    Ok(new)
}

/// Deletes a tag and takes it off everyone who carries it, in one transaction.
pub fn delete(store: &Store, journal: &Journal, id: TagId) -> Result<(), ServiceError> {
    let txn = store.write()?;
    // Read after taking the write lock: no other writer can commit in between.
    let carriers: Vec<_> = {
        let read = store.read()?;
        store
            .directory(&read)?
            .entries
            .iter()
            .filter(|e| e.tags.contains(&id))
            .map(|e| e.id)
            .collect()
    };
    let tag: Tag = record::get(&txn, id)?.ok_or_else(not_found)?;
    for user_id in &carriers {
        if let Some(mut user) = users::get(&txn, *user_id)? {
            user.tags.remove(&id);
            users::update(&txn, &user)?;
        }
    }
    record::remove::<Tag>(&txn, id)?;
    let summary = format!("Удалён тег «{}»; он снят с людей: {}", tag.name, carriers.len());
    let change = Change::new(Action::TagDeleted, Entity::Tag, Some(id.0), summary).concerning(carriers);
    journal.commit_change(txn, change)?;
    Ok(())
}
