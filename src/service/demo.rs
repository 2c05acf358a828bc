//! The demo school: a manager, staff, students and parents with Russian names, created once
//! on an empty database so a newcomer has something to look at.

use super::ServiceError;
use crate::domain::{Email, NewUser, Password, PersonName, Role, Roles};
use crate::store::{Store, StoreError, users};

/// The demo manager's sign-in.
pub const MANAGER_EMAIL: &str = "director@demo.klass";
/// The password of every demo account.
pub const PASSWORD: &str = "klass-demo";

/// (last, first, middle, e-mail, role)
const PEOPLE: &[(&str, &str, &str, &str, Role)] = &[
    ("Орлова", "Наталья", "Игоревна", MANAGER_EMAIL, Role::Manager),
    ("Смирнова", "Ольга", "Викторовна", "smirnova@demo.klass", Role::Worker),
    ("Кузнецов", "Андрей", "Павлович", "kuznetsov@demo.klass", Role::Worker),
    ("Попова", "Екатерина", "Сергеевна", "popova@demo.klass", Role::Worker),
    (
        "Иванов",
        "Артём",
        "Дмитриевич",
        "artem.ivanov@demo.klass",
        Role::Student,
    ),
    (
        "Соколова",
        "Алёна",
        "Андреевна",
        "alena.sokolova@demo.klass",
        Role::Student,
    ),
    (
        "Лебедев",
        "Максим",
        "Олегович",
        "maxim.lebedev@demo.klass",
        Role::Student,
    ),
    (
        "Новикова",
        "Дарья",
        "Ильинична",
        "daria.novikova@demo.klass",
        Role::Student,
    ),
    (
        "Морозов",
        "Кирилл",
        "Евгеньевич",
        "kirill.morozov@demo.klass",
        Role::Student,
    ),
    (
        "Волкова",
        "София",
        "Романовна",
        "sofia.volkova@demo.klass",
        Role::Student,
    ),
    (
        "Иванова",
        "Марина",
        "Александровна",
        "marina.ivanova@demo.klass",
        Role::Parent,
    ),
    (
        "Соколов",
        "Андрей",
        "Николаевич",
        "andrey.sokolov@demo.klass",
        Role::Parent,
    ),
    (
        "Лебедева",
        "Татьяна",
        "Юрьевна",
        "tatiana.lebedeva@demo.klass",
        Role::Parent,
    ),
];

/// What `seed` did.
#[derive(Debug, PartialEq, Eq)]
pub enum Seeded {
    /// The database was empty; this many people were created.
    Created(usize),
    /// The database already had people; nothing was changed.
    AlreadyPopulated,
}

/// Creates the demo school in one transaction when there are no users at all.
pub fn seed(store: &Store) -> Result<Seeded, ServiceError> {
    if users::count(&store.read()?)? > 0 {
        return Ok(Seeded::AlreadyPopulated);
    }
    // One hash for every demo account: hashing is deliberately slow.
    let hash = Password::parse(PASSWORD)
        .map_err(|e| ServiceError::field("password", e.to_string()))?
        .hash();
    let txn = store.write()?;
    let now = jiff::Timestamp::now();
    for &(last, first, middle, email, role) in PEOPLE {
        let name = |s: &str| PersonName::parse(s).map_err(|e| ServiceError::field("name", e.to_string()));
        let mut new = NewUser::new(
            Email::parse(email).map_err(|e| ServiceError::field("email", e.to_string()))?,
            name(last)?,
            name(first)?,
            Roles::from([role]),
            hash.clone(),
        );
        new.middle_name = Some(name(middle)?);
        users::insert(&txn, new, now)?;
    }
    txn.commit().map_err(StoreError::from)?;
    Ok(Seeded::Created(PEOPLE.len()))
}
