//! How ledger entries and packages read: their student's and writer's names, an entry's title
//! (what it is for: «Занятие: Математика, 20.11.2026», «Оплата: наличные», «Сторно: …»,
//! «Возврат за абонемент: …», «Возврат: наличные»), the reversal that cancels it and whether
//! it may be reversed. One function shows every list, each name looked up once, and what a
//! page refers to (reversals, reversed entries, lessons) read through one table handle each;
//! it also tells which records the page names, whose stored state a kept page is checked
//! against (`service::money::ledger_texts`).

use crate::domain::course::Course;
use crate::domain::ledger::{ChargeReason, EntryKind, LedgerEntry};
use crate::domain::lesson::Lesson;
use crate::domain::package::{Package, PackageStatus};
use crate::domain::plural::plural;
use crate::domain::subject::Subject;
use crate::domain::{CourseId, EntryId, LessonId, PackageId, SubjectId, User, UserId};
use crate::service::ServiceError;
use crate::service::money::reversal;
use crate::store::directory::Directory;
use crate::store::record::Reader;
use crate::store::{Store, StoreError, ledger, lessons, record};
use jiff::civil::Date;
use jiff::tz::TimeZone;
use redb::ReadTransaction;
use std::collections::HashMap;
use std::sync::Arc;

/// A ledger entry with what a row shows of it.
#[derive(Clone, Debug)]
pub struct ShownEntry {
    pub entry: LedgerEntry,
    /// «Белов Иван Викторович».
    pub student_name: String,
    /// «Орлова Н. А.»; `None` for an entry the server wrote.
    pub created_by_name: Option<String>,
    pub title: String,
    /// The reversal that cancels it, if one does.
    pub reversed_by: Option<EntryId>,
    /// Whether a manager may reverse it now (`reversal::refusal` finds nothing against it).
    pub reversible: bool,
}

/// A package with the names a card shows and where it stands today.
#[derive(Clone, Debug)]
pub struct ShownPackage {
    pub package: Package,
    pub student_name: String,
    pub subject_name: Option<String>,
    pub course_name: Option<String>,
    pub status: PackageStatus,
}

/// The records a page of entries or packages names: its titles and cards change with them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Named {
    lessons: Vec<LessonId>,
    packages: Vec<PackageId>,
    subjects: Vec<SubjectId>,
    courses: Vec<CourseId>,
}

/// Entries and packages as a page shows them, and the records they name.
pub struct ShownPage {
    pub entries: Vec<ShownEntry>,
    pub packages: Vec<ShownPackage>,
    pub named: Named,
}

/// The names some entries and packages refer to, read once per distinct id.
struct Names<'a> {
    txn: &'a ReadTransaction,
    directory: Arc<Directory>,
    tz: TimeZone,
    subjects: HashMap<SubjectId, Option<String>>,
    courses: HashMap<CourseId, Option<String>>,
    lessons: HashMap<LessonId, (SubjectId, Date)>,
    packages: HashMap<PackageId, Option<Package>>,
    /// The entries the page's reversals cancel.
    reversed: HashMap<EntryId, LedgerEntry>,
    /// The reversal of each of the page's entries that has one.
    reversals: HashMap<EntryId, EntryId>,
}

impl<'a> Names<'a> {
    fn new(store: &Store, txn: &'a ReadTransaction, tz: TimeZone) -> Result<Self, ServiceError> {
        Ok(Self {
            txn,
            directory: store.directory(txn)?,
            tz,
            subjects: HashMap::new(),
            courses: HashMap::new(),
            lessons: HashMap::new(),
            packages: HashMap::new(),
            reversed: HashMap::new(),
            reversals: HashMap::new(),
        })
    }

    /// Reads, one table at a time, what `entries` refer to: their reversals, the entries they
    /// reverse, and the lessons they charge for.
    fn prefetch(&mut self, entries: &[LedgerEntry]) -> Result<(), ServiceError> {
        let ids: Vec<EntryId> = entries.iter().map(|e| e.id).collect();
        self.reversals = ledger::reversals_of(self.txn, &ids)?.into_iter().collect();
        let reversed: Vec<EntryId> = entries.iter().filter_map(|e| e.reverses_id).collect();
        self.reversed = ledger::load(self.txn, &reversed)?
            .into_iter()
            .map(|e| (e.id, e))
            .collect();
        let mut lessons: Vec<LessonId> = entries
            .iter()
            .chain(self.reversed.values())
            .filter_map(|e| e.lesson_id)
            .collect();
        lessons.sort_unstable();
        lessons.dedup();
        for lesson in lessons::load(self.txn, &lessons)? {
            let day = lesson.starts_at.to_zoned(self.tz.clone()).date();
            self.lessons.insert(lesson.id, (lesson.subject_id, day));
        }
        Ok(())
    }

    fn full_name(&self, id: UserId) -> String {
        self.directory
            .find(id)
            .map_or_else(|| format!("№{id}"), |entry| User::full_name(&entry.user))
    }

    fn short_name(&self, id: UserId) -> String {
        self.directory
            .find(id)
            .map_or_else(|| format!("№{id}"), |entry| User::short_name(&entry.user))
    }

    fn subject(&mut self, id: SubjectId) -> Result<Option<String>, ServiceError> {
        if !self.subjects.contains_key(&id) {
            let found: Option<Subject> = record::get(self.txn, id)?;
            self.subjects.insert(id, found.map(|s| s.name));
        }
        Ok(self.subjects[&id].clone())
    }

    fn course(&mut self, id: CourseId) -> Result<Option<String>, ServiceError> {
        if !self.courses.contains_key(&id) {
            let found: Option<Course> = record::get(self.txn, id)?;
            self.courses.insert(id, found.map(|c| c.name));
        }
        Ok(self.courses[&id].clone())
    }

    fn package(&mut self, id: PackageId) -> Result<Option<Package>, ServiceError> {
        if !self.packages.contains_key(&id) {
            let found: Option<Package> = record::get(self.txn, id)?;
            self.packages.insert(id, found);
        }
        Ok(self.packages[&id].clone())
    }

    /// What a package covers: its course, its subject, or any lesson.
    fn covers(&mut self, package: &Package) -> Result<String, ServiceError> {
        if let Some(course) = package.course_id
            && let Some(name) = self.course(course)?
        {
            return Ok(name);
        }
        if let Some(subject) = package.subject_id
            && let Some(name) = self.subject(subject)?
        {
            return Ok(name);
        }
        Ok("любые занятия".into())
    }

    /// What a payment or charge is for, in Russian.
    fn title(&mut self, entry: &LedgerEntry) -> Result<String, ServiceError> {
        let with_note = |head: &str| match entry.note.trim() {
            "" => head.to_owned(),
            note => format!("{head}: {note}"),
        };
        Ok(match (entry.kind, entry.method, entry.reason) {
            (EntryKind::Payment, Some(method), _) => format!("Оплата: {}", method.label().to_lowercase()),
            (EntryKind::Charge, _, Some(ChargeReason::Lesson)) => self.lesson_title("Занятие", entry)?,
            (EntryKind::Charge, _, Some(ChargeReason::Package)) => {
                match entry.package_id.map(|id| self.package(id)).transpose()?.flatten() {
                    Some(package) => format!(
                        "Абонемент: {}, {}",
                        self.covers(&package)?,
                        plural(u64::from(package.lessons_total), ["занятие", "занятия", "занятий"])
                    ),
                    None => "Абонемент".into(),
                }
            }
            (EntryKind::Charge, _, Some(reason)) => with_note(reason.label()),
            (EntryKind::Refund, Some(method), _) => format!("Возврат: {}", method.label().to_lowercase()),
            (EntryKind::Refund, _, Some(ChargeReason::Package)) if entry.lesson_id.is_some() => {
                self.lesson_title("Возврат за занятие", entry)?
            }
            (EntryKind::Refund, _, Some(ChargeReason::Package)) => self.returned_title(entry)?,
            _ => with_note(entry.kind.label()),
        })
    }

    /// «{head}: Математика, 12.11.2026» — of the lesson `entry` is for (`head` alone when it is
    /// gone).
    fn lesson_title(&mut self, head: &str, entry: &LedgerEntry) -> Result<String, ServiceError> {
        Ok(match entry.lesson_id.and_then(|id| self.lessons.get(&id).copied()) {
            Some((subject, day)) => format!(
                "{head}: {}, {}",
                self.subject(subject)?.unwrap_or_default(),
                day.strftime("%d.%m.%Y")
            ),
            None => head.to_owned(),
        })
    }

    /// «Возврат за абонемент: Математика, 3 занятия из 8» — a package's unused part credited.
    fn returned_title(&mut self, entry: &LedgerEntry) -> Result<String, ServiceError> {
        let Some(package) = entry.package_id.map(|id| self.package(id)).transpose()?.flatten() else {
            return Ok("Возврат за абонемент".into());
        };
        let back = package.returned.map_or(0, |r| r.lessons);
        Ok(format!(
            "Возврат за абонемент: {}, {} из {}",
            self.covers(&package)?,
            plural(u64::from(back), ["занятие", "занятия", "занятий"]),
            package.lessons_total
        ))
    }

    /// The lessons, packages, subjects and courses looked up so far.
    fn named(&self) -> Named {
        Named {
            lessons: self.lessons.keys().copied().collect(),
            packages: self.packages.keys().copied().collect(),
            subjects: self.subjects.keys().copied().collect(),
            courses: self.courses.keys().copied().collect(),
        }
    }

    fn show_package(&mut self, package: Package, today: Date) -> Result<ShownPackage, ServiceError> {
        Ok(ShownPackage {
            student_name: self.full_name(package.student_id),
            subject_name: package.subject_id.map(|id| self.subject(id)).transpose()?.flatten(),
            course_name: package.course_id.map(|id| self.course(id)).transpose()?.flatten(),
            status: package.status_on(today),
            package,
        })
    }

    fn show(&mut self, entry: LedgerEntry) -> Result<ShownEntry, ServiceError> {
        let title = match entry.reverses_id {
            Some(reversed) => match self.reversed.get(&reversed).cloned() {
                Some(original) => format!("Сторно: {}", self.title(&original)?),
                None => "Сторно".into(),
            },
            None => self.title(&entry)?,
        };
        let reversed_by = self.reversals.get(&entry.id).copied();
        let package = entry.package_id.map(|id| self.package(id)).transpose()?.flatten();
        Ok(ShownEntry {
            student_name: self.full_name(entry.student_id),
            created_by_name: entry.created_by.map(|id| self.short_name(id)),
            reversible: reversal::refusal(&entry, reversed_by.is_some(), package.as_ref()).is_none(),
            reversed_by,
            title,
            entry,
        })
    }
}

/// `entries` and `packages` as a page shows them (a package's status on `today`), read in
/// `txn`, and the records they name.
pub fn show_page(
    store: &Store,
    txn: &ReadTransaction,
    (tz, today): (&TimeZone, Date),
    entries: Vec<LedgerEntry>,
    packages: Vec<Package>,
) -> Result<ShownPage, ServiceError> {
    let mut names = Names::new(store, txn, tz.clone())?;
    names.prefetch(&entries)?;
    let entries = entries
        .into_iter()
        .map(|entry| names.show(entry))
        .collect::<Result<_, _>>()?;
    let packages = packages
        .into_iter()
        .map(|package| names.show_package(package, today))
        .collect::<Result<_, _>>()?;
    Ok(ShownPage {
        entries,
        packages,
        named: names.named(),
    })
}

/// `entries` as rows show them, read in `txn`.
pub fn show_entries(
    store: &Store,
    txn: &ReadTransaction,
    tz: &TimeZone,
    entries: Vec<LedgerEntry>,
) -> Result<Vec<ShownEntry>, ServiceError> {
    Ok(show_page(store, txn, (tz, Date::ZERO), entries, Vec::new())?.entries)
}

/// `packages` as cards show them on `today`, read in `txn`.
pub fn show_packages(
    store: &Store,
    txn: &ReadTransaction,
    today: Date,
    packages: Vec<Package>,
) -> Result<Vec<ShownPackage>, ServiceError> {
    Ok(show_page(store, txn, (&TimeZone::UTC, today), Vec::new(), packages)?.packages)
}

/// Appends to `bytes` what the records `named` are stored as: what a kept page is checked
/// against.
pub fn stored_state(txn: &impl Reader, named: &Named, bytes: &mut Vec<u8>) -> Result<(), StoreError> {
    record::append_stored::<Lesson>(txn, named.lessons.iter().copied(), bytes)?;
    record::append_stored::<Package>(txn, named.packages.iter().copied(), bytes)?;
    record::append_stored::<Subject>(txn, named.subjects.iter().copied(), bytes)?;
    record::append_stored::<Course>(txn, named.courses.iter().copied(), bytes)
}
