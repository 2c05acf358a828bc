//! The demo school's work: a board for each of the staff with about eight tasks across its
//! columns (due over the next two weeks, some overdue, some done, several about students), and
//! the school's events — the New Year holidays, a parent meeting, an exam, a staff meeting and
//! an open day.

use crate::domain::board::Board;
use crate::domain::declension::{NameCase, decline};
use crate::domain::event::{Audience, Event, EventKind};
use crate::domain::group::Group;
use crate::domain::position::spread;
use crate::domain::task::{Placement, Task, TaskPriority, TaskStatus};
use crate::domain::{User, UserId};
use crate::store::WriteTxn;
use crate::store::{StoreError, record, users};
use jiff::civil::{Date, date};
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};

/// What was written.
pub struct Made {
    pub boards: usize,
    pub tasks: usize,
    pub events: usize,
}

/// (title, days from today it is due, status, priority, about the n-th student of the list)
type Plan = (&'static str, i64, TaskStatus, TaskPriority, bool);

/// Each person's tasks; a title with `{}` names a student (in the genitive).
const PLANS: [Plan; 8] = [
    ("Позвонить маме {}", 1, TaskStatus::Todo, TaskPriority::High, true),
    (
        "Подготовить контрольную по алгебре",
        4,
        TaskStatus::Todo,
        TaskPriority::Normal,
        false,
    ),
    (
        "Проверить домашние работы 9 «Б»",
        -2,
        TaskStatus::Todo,
        TaskPriority::High,
        false,
    ),
    (
        "Обсудить пропуски {} с родителями",
        6,
        TaskStatus::Todo,
        TaskPriority::Normal,
        true,
    ),
    (
        "Составить план занятий на декабрь",
        9,
        TaskStatus::InProgress,
        TaskPriority::Normal,
        false,
    ),
    (
        "Подобрать задачи для олимпиадников",
        13,
        TaskStatus::InProgress,
        TaskPriority::Low,
        false,
    ),
    (
        "Заполнить журнал за прошлую неделю",
        -3,
        TaskStatus::Done,
        TaskPriority::Normal,
        false,
    ),
    (
        "Отправить {} материалы пропущенного урока",
        -1,
        TaskStatus::Done,
        TaskPriority::Low,
        true,
    ),
];

/// The title of a task due in `days` that the director sets a colleague.
fn delegated(days: i64) -> String {
    let title = match days {
        ..=7 => "Провести пробное занятие для новых учеников",
        8..=10 => "Подготовить отчёт об успеваемости за месяц",
        _ => "Обновить программу подготовки к ОГЭ",
    };
    title.to_owned()
}

/// «Ёжикова Ильи», or the name as it is when it cannot be declined.
fn genitive(student: &User) -> String {
    decline(
        student.last_name.as_str(),
        student.first_name.as_str(),
        None,
        NameCase::Genitive,
    )
    .unwrap_or_else(|| format!("{} {}", student.last_name.as_str(), student.first_name.as_str()))
}

/// A board and its tasks for each of `staff`, the tasks about `students` in turn; then the
/// events, written by the first of `staff` (the director).
pub fn seed(
    txn: &WriteTxn,
    staff: &[User],
    students: &[UserId],
    today: Date,
    tz: &TimeZone,
) -> Result<Made, StoreError> {
    let now = Timestamp::now();
    let mut made = Made {
        boards: 0,
        tasks: 0,
        events: 0,
    };
    let mut about = students.iter().cycle();
    for (n, person) in staff.iter().enumerate() {
        let board = record::insert(txn, |id| Board::new(id, person.id, "Мои задачи".into()))?;
        made.boards += 1;
        for (column, status) in [TaskStatus::Todo, TaskStatus::InProgress, TaskStatus::Done]
            .into_iter()
            .enumerate()
        {
            let plans: Vec<&Plan> = PLANS.iter().filter(|p| p.2 == status).collect();
            for (plan, position) in plans.into_iter().zip(spread(PLANS.len())) {
                let (title, days, status, priority, about_student) = *plan;
                let related = if about_student { about.next().copied() } else { None };
                let title = match related.map(|id| users::get(txn, id)).transpose()?.flatten() {
                    Some(student) => title.replace("{}", &genitive(&student)),
                    None => title.replace(" {}", ""),
                };
                // The director sets some of her tasks for a colleague, tasks of their own (the
                // colleague has the plan's title among hers already).
                let (assignee, title) = match staff.get(n + 1) {
                    Some(colleague) if n == 0 && days > 5 => (colleague.id, delegated(days)),
                    _ => (person.id, title),
                };
                let due_on = today.checked_add(days.days()).unwrap_or(today);
                let done = status == TaskStatus::Done;
                record::insert(txn, |id| Task {
                    id,
                    title,
                    description: String::new(),
                    author_id: person.id,
                    assignee_id: assignee,
                    related_user_id: related,
                    due_on,
                    due_time: None,
                    priority,
                    status,
                    placement: (assignee == person.id).then(|| Placement {
                        board_id: board.id,
                        column_id: board.columns[column].id,
                        position,
                    }),
                    created_at: now,
                    done_at: done.then_some(now),
                    reminded_for: None,
                })?;
                made.tasks += 1;
            }
        }
    }
    made.events = events(txn, staff.first().map_or(UserId(1), |d| d.id), today, tz)?;
    Ok(made)
}

/// The school's events around `today`; returns how many.
fn events(txn: &WriteTxn, director: UserId, today: Date, tz: &TimeZone) -> Result<usize, StoreError> {
    let groups: Vec<Group> = record::all::<Group>(txn)?;
    let first_groups: Vec<_> = groups.iter().take(2).map(|g| g.id).collect();
    let at = |day: Date, hour: i8, minute: i8| {
        day.at(hour, minute, 0, 0)
            .to_zoned(tz.clone())
            .map_or(Timestamp::UNIX_EPOCH, |z| z.timestamp())
    };
    let day_in = |days: i64| today.checked_add(days.days()).unwrap_or(today);
    // The coming New Year holidays: 29.12 to 08.01 (the next ones once these are over).
    let year = if today > date(today.year(), 1, 8) {
        today.year()
    } else {
        today.year() - 1
    };
    let (first, last) = (date(year, 12, 29), date(year + 1, 1, 8));
    let after_last = last.tomorrow().unwrap_or(last);
    let plans = [
        (
            "Новогодние каникулы",
            "Занятий нет. С Новым годом!",
            EventKind::Holiday,
            at(first, 0, 0),
            at(after_last, 0, 0),
            true,
            Audience::All,
        ),
        (
            "Родительское собрание",
            "Итоги первого полугодия, расписание на весну.",
            EventKind::Meeting,
            at(day_in(10), 18, 30),
            at(day_in(10), 20, 0),
            false,
            Audience::Groups(first_groups.clone()),
        ),
        (
            "Пробный ОГЭ по математике",
            "Возьмите паспорт, чёрную ручку и линейку.",
            EventKind::Exam,
            at(day_in(17), 10, 0),
            at(day_in(17), 13, 55),
            false,
            Audience::Groups(first_groups.into_iter().take(1).collect()),
        ),
        (
            "Педсовет",
            "Успеваемость, подготовка к экзаменам.",
            EventKind::Meeting,
            at(day_in(4), 16, 0),
            at(day_in(4), 17, 30),
            false,
            Audience::Staff,
        ),
        (
            "День открытых дверей",
            "Пробные занятия для новых учеников.",
            EventKind::Other,
            at(day_in(12), 0, 0),
            at(day_in(13), 0, 0),
            true,
            Audience::All,
        ),
    ];
    let count = plans.len();
    for (title, description, kind, starts_at, ends_at, all_day, audience) in plans {
        record::insert(txn, |id| Event {
            id,
            title: title.into(),
            description: description.into(),
            kind,
            starts_at,
            ends_at,
            all_day,
            audience,
            cancels_lessons: false,
            author_id: director,
            created_at: Timestamp::now(),
        })?;
    }
    Ok(count)
}
