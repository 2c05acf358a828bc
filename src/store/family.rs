//! Parent and child links, indexed both ways in the same transaction. A change moves the users'
//! revision, so the directory (which serves the links to hot reads) is rebuilt.

use super::record::{self, Reader};
use super::{StoreError, tables};
use crate::domain::UserId;
use crate::store::WriteTxn;

/// The parents of `child`.
pub fn parents_of(txn: &impl Reader, child: UserId) -> Result<Vec<UserId>, StoreError> {
    record::ids_under(txn, tables::FAMILY_BY_CHILD, child.0)
}

/// The children of `parent`.
pub fn children_of(txn: &impl Reader, parent: UserId) -> Result<Vec<UserId>, StoreError> {
    record::ids_under(txn, tables::FAMILY, parent.0)
}

/// The children of `parent` who are not deleted: those his calendar and his events still show
/// (as a session's `Actor::children`).
pub fn living_children_of(txn: &impl Reader, parent: UserId) -> Result<Vec<UserId>, StoreError> {
    let mut living = Vec::new();
    for child in children_of(txn, parent)? {
        if super::users::get(txn, child)?.is_some_and(|u| u.deleted_at.is_none()) {
            living.push(child);
        }
    }
    Ok(living)
}

/// Links `parent` to `child` (both directions of the index).
pub fn link(txn: &WriteTxn, parent: UserId, child: UserId) -> Result<(), StoreError> {
    txn.open_table(tables::FAMILY)?.insert((parent.0, child.0), ())?;
    txn.open_table(tables::FAMILY_BY_CHILD)?
        .insert((child.0, parent.0), ())?;
    super::directory::bump_revision(txn)
}

/// Removes the link of `parent` to `child`.
pub fn unlink(txn: &WriteTxn, parent: UserId, child: UserId) -> Result<(), StoreError> {
    txn.open_table(tables::FAMILY)?.remove((parent.0, child.0))?;
    txn.open_table(tables::FAMILY_BY_CHILD)?.remove((child.0, parent.0))?;
    super::directory::bump_revision(txn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Email, NewUser, Password, PersonName, Role};
    use crate::store::Store;

    fn person(store: &Store, email: &str, role: Role) -> UserId {
        let name = |n: &str| PersonName::parse(n).expect("name");
        let new = NewUser::new(
            Email::parse(email).expect("email"),
            name("Петрова"),
            name("Анна"),
            [role].into_iter().collect(),
            Password::parse("пароль-пароль").expect("pw").hash(),
        );
        store.insert_user(new).expect("user").id
    }

    #[test]
    fn the_directory_serves_the_links_as_of_its_snapshot() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Store::open(dir.path(), 4).expect("open");
        let mother = person(&store, "mama@school.ru", Role::Parent);
        let (anna, petya) = (
            person(&store, "anna@school.ru", Role::Student),
            person(&store, "petya@school.ru", Role::Student),
        );
        let before = store.read().expect("read");
        let write = store.write().expect("txn");
        link(&write, mother, petya).expect("link");
        link(&write, mother, anna).expect("link");
        write.commit().expect("commit");
        let now = store.read().expect("read");
        let directory = store.directory(&now).expect("directory");
        assert_eq!(directory.children_of(mother), [anna, petya], "by id");
        assert_eq!(directory.parents_of(petya), [mother]);
        assert_eq!(directory.children_of(mother), children_of(&now, mother).expect("read"));
        assert!(store.directory(&before).expect("old").children_of(mother).is_empty());

        let write = store.write().expect("txn");
        unlink(&write, mother, petya).expect("unlink");
        write.commit().expect("commit");
        let directory = store.directory(&store.read().expect("read")).expect("directory");
        assert_eq!(directory.children_of(mother), [anna]);
        assert!(directory.parents_of(petya).is_empty());
    }
}
