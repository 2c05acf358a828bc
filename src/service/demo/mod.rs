//! The demo school: 5 staff, 30 parents with 40 children, tags, the catalogue (subjects,
//! courses, enrolments), the timetable (groups and lessons) and the journal of the lessons done
//! (attendance and marks), boards with tasks and the school's events, with Russian names, created
//! once on an empty database so a newcomer has something to look at.

pub mod catalog;
mod gradebook;
mod money;
mod names;
mod timetable;
mod work;

use super::ServiceError;
use super::journal::{Change, Journal};
use super::people::{self, summary::account_created};
use crate::domain::activity::{Action, Entity};
use crate::domain::family::InvalidLink;
use crate::domain::plural::plural;
use crate::domain::{Email, NewUser, Password, PasswordHash, PersonName, Phone, Role, Roles, TagId, User};
use crate::service::FieldErrors;
use crate::store::WriteTxn;
use crate::store::{Store, job_runs, tags, users};
use names::{BOYS, FATHERS, GIRLS, MOTHERS, SURNAMES, translit};
use std::collections::{BTreeSet, HashSet};

/// The demo manager's sign-in.
pub const MANAGER_EMAIL: &str = "director@demo.klass";
/// The password of every demo account.
pub const PASSWORD: &str = "klass-demo";

/// (last, first, middle, e-mail, role)
const STAFF: [(&str, &str, &str, &str, Role); 5] = [
    ("Орлова", "Наталья", "Игоревна", MANAGER_EMAIL, Role::Manager),
    ("Смирнова", "Ольга", "Викторовна", "smirnova@demo.klass", Role::Worker),
    ("Кузнецов", "Андрей", "Павлович", "kuznetsov@demo.klass", Role::Worker),
    ("Попова", "Екатерина", "Сергеевна", "popova@demo.klass", Role::Worker),
    ("Белов", "Игорь", "Витальевич", "belov@demo.klass", Role::Worker),
];

/// (name, colour)
const TAGS: [(&str, &str); 5] = [
    ("Подготовка к ОГЭ", "blue"),
    ("Подготовка к ЕГЭ", "violet"),
    ("Олимпиадник", "amber"),
    ("Льгота", "green"),
    ("Новичок", "sky"),
];

/// People in the demo school unless asked otherwise: 5 staff, 30 parents, 40 children.
pub const DEFAULT_PEOPLE: usize = 75;

/// What `seed` did.
#[derive(Debug, PartialEq, Eq)]
pub enum Seeded {
    /// The database was empty; this many people were created.
    Created(usize),
    /// The database already had people; nothing was changed.
    AlreadyPopulated,
}

struct Writer<'a> {
    txn: &'a WriteTxn,
    hash: PasswordHash,
    emails: HashSet<String>,
    now: jiff::Timestamp,
    created: usize,
}

impl Writer<'_> {
    fn person(
        &mut self,
        last: &str,
        first: &str,
        middle: &str,
        email: Option<&str>,
        role: Role,
    ) -> Result<User, ServiceError> {
        let name = |s: &str| PersonName::parse(s).map_err(|e| FieldErrors::one("name", e.to_string()));
        let base = email
            .map(str::to_owned)
            .unwrap_or_else(|| format!("{}.{}", translit(first), translit(last)));
        let base = base.trim_end_matches("@demo.klass").to_owned();
        let address = (1..)
            .map(|n| {
                if n == 1 {
                    format!("{base}@demo.klass")
                } else {
                    format!("{base}{n}@demo.klass")
                }
            })
            .find(|candidate| self.emails.insert(candidate.clone()))
            .unwrap_or_default();
        let email = Email::parse(&address).map_err(|e| FieldErrors::one("email", e.to_string()))?;
        let mut new = NewUser::new(email, name(last)?, name(first)?, Roles::from([role]), self.hash.clone());
        new.middle_name = Some(name(middle)?);
        self.created += 1;
        Ok(users::insert(self.txn, new, self.now)?)
    }
}

/// Creates the demo school of about `people` people (at least the staff) in one transaction,
/// when there are no users at all. Families come after the staff: the first seventh of the
/// places go to families with two children, the rest to families with one.
pub fn seed(store: &Store, journal: &Journal, people: usize) -> Result<Seeded, ServiceError> {
    if users::count(&store.read()?)? > 0 {
        return Ok(Seeded::AlreadyPopulated);
    }
    // One hash for every demo account: hashing is deliberately slow.
    let hash = Password::parse(PASSWORD)
        .map_err(|e| FieldErrors::one("password", e.to_string()))?
        .hash();
    let txn = store.write()?;
    let mut writer = Writer {
        txn: &txn,
        hash,
        emails: HashSet::new(),
        now: jiff::Timestamp::now(),
        created: 0,
    };
    let mut staff = Vec::with_capacity(STAFF.len());
    for (last, first, middle, email, role) in STAFF {
        staff.push(writer.person(last, first, middle, Some(email), role)?);
    }
    let tag_ids: Vec<TagId> = TAGS
        .iter()
        .map(|(n, c)| tags::insert(&txn, (*n).into(), (*c).into()).map(|t| t.id))
        .collect::<Result<_, _>>()?;
    let families_with_two = people.saturating_sub(STAFF.len()) / 7;
    let mut child_number = 0;
    let mut students = Vec::new();
    for family_number in 0.. {
        if writer.created + 2 > people {
            break;
        }
        let (masculine, feminine) = SURNAMES[family_number % SURNAMES.len()];
        let father = FATHERS[family_number % FATHERS.len()];
        let parent = if family_number % 2 == 0 {
            let (first, middle) = MOTHERS[family_number % MOTHERS.len()];
            writer.person(feminine, first, middle, None, Role::Parent)?
        } else {
            writer.person(masculine, father.0, father.3, None, Role::Parent)?
        };
        let children = if family_number < families_with_two { 2 } else { 1 };
        for _ in 0..children {
            let boy = child_number % 2 == 0;
            let (last, first, middle) = if boy {
                (masculine, BOYS[(child_number / 2) % BOYS.len()], father.1)
            } else {
                (feminine, GIRLS[(child_number / 2) % GIRLS.len()], father.2)
            };
            let mut child = writer.person(last, first, middle, None, Role::Student)?;
            students.push(child.id);
            decorate(&mut child, child_number, &tag_ids);
            users::update(&txn, &child)?;
            people::link_family(&txn, parent.id, child.id).map_err(|err| match err {
                InvalidLink::Lookup(err) => err,
                refused => FieldErrors::one("demo", refused.to_string()),
            })?;
            child_number += 1;
        }
    }
    let created = writer.created;
    let catalog = catalog::seed(&txn, &staff[1..], &students, journal.today())?;
    let timetable = timetable::seed(&txn, &catalog, &staff[1..], &students, &journal.time_zone())?;
    if let Some(from) = timetable.unfilled_from {
        // The evening reminder's runs begin before the lesson left unfilled, so the server's
        // first start tells its teacher, as the reminder of that evening would have.
        job_runs::set_done_until(&txn, crate::service::gradebook::unfilled::JOB, from)?;
    }
    catalog::enrol_groups(&txn, &catalog, journal.today())?;
    let now = jiff::Timestamp::now();
    let marks = gradebook::seed(&txn, &journal.time_zone(), now, |kind| journal.mark_weight(kind))?;
    let money = money::seed(&txn, journal, &students, journal.today())?;
    let work = work::seed(&txn, &staff, &students, journal.today(), &journal.time_zone())?;
    let counted = [
        (created as u64, ["человек", "человека", "человек"]),
        (TAGS.len() as u64, ["тег", "тега", "тегов"]),
        (catalog.subjects.len() as u64, ["предмет", "предмета", "предметов"]),
        (catalog.courses.len() as u64, ["курс", "курса", "курсов"]),
        (timetable.groups as u64, ["группа", "группы", "групп"]),
        (timetable.lessons as u64, ["занятие", "занятия", "занятий"]),
        (
            marks.attendance as u64,
            ["отметка посещаемости", "отметки посещаемости", "отметок посещаемости"],
        ),
        (marks.marks as u64, ["оценка", "оценки", "оценок"]),
        (money.packages as u64, ["абонемент", "абонемента", "абонементов"]),
        (money.payments as u64, ["оплата", "оплаты", "оплат"]),
        (work.boards as u64, ["доска", "доски", "досок"]),
        (work.tasks as u64, ["задача", "задачи", "задач"]),
        (work.events as u64, ["событие", "события", "событий"]),
    ];
    let counts: Vec<String> = counted.into_iter().map(|(count, forms)| plural(count, forms)).collect();
    let summary = format!("Создана демо-школа: {}", counts.join(", "));
    let mut change = Change::new(Action::DemoSeeded, Entity::Import, None, summary);
    for person in &staff {
        change = change.notify(account_created(person));
    }
    journal.commit_change(txn, change)?;
    Ok(Seeded::Created(created))
}

/// Gives a demo student a birth date, sometimes a phone, and a few tags.
fn decorate(child: &mut User, n: usize, tag_ids: &[TagId]) {
    child.birth_date = jiff::civil::Date::new(2009 + (n % 9) as i16, 1 + (n % 12) as i8, 1 + (n * 7 % 28) as i8).ok();
    child.phone = (n % 3 == 0)
        .then(|| Phone::parse(&format!("+7 9{:02} 555-{:02}-{:02}", 10 + n, n, 40 + n)).ok())
        .flatten();
    let mut tags = BTreeSet::new();
    for (i, tag) in tag_ids.iter().enumerate() {
        if (n + i) % (i + 3) == 0 {
            tags.insert(*tag);
        }
    }
    child.tags = tags;
}
