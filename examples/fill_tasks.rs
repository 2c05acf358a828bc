//! A fixture of `make bench`: fills a data dir made by `serve --demo` with TASKS tasks, so the
//! bench can measure the work reads at the scale of issue 17 (100,000), and gives the director a
//! board with 500 cards.
//!
//! Run: `cargo run --release --example fill_tasks -- DATA_DIR TASKS` on a data dir no server has
//! open. The staff (managers and workers) in turn are assigned tasks due over the half year before
//! and after today, written by a colleague, one in three about a student, a third of those due
//! before today done; the first 500 are the director's, on his board «Доска директора» spread
//! over its three columns. Written through the record kit in non-durable batches made durable by
//! a last durable commit. Prints the board's id, the card the bench moves, its two future
//! neighbours, and the worker whose month the bench reads.

use jiff::{Timestamp, ToSpan};
use klass::domain::board::Board;
use klass::domain::task::{Placement, Task, TaskPriority, TaskStatus};
use klass::domain::{Email, Role, TaskId};
use klass::store::{Store, record, users};
use std::path::PathBuf;
use std::process::ExitCode;

/// Tasks per transaction.
const PER_TRANSACTION: usize = 20_000;
/// Cards on the director's board.
const BOARD_CARDS: usize = 500;

/// Why the fixture cannot run.
type Failure = Box<dyn std::error::Error>;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(dir), Some(tasks)) = (args.first(), args.get(1).and_then(|n| n.parse::<usize>().ok())) else {
        eprintln!("usage: fill_tasks DATA_DIR TASKS");
        return ExitCode::FAILURE;
    };
    match fill(&PathBuf::from(dir), tasks.max(BOARD_CARDS)) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("fill_tasks: {err}");
            ExitCode::FAILURE
        }
    }
}

fn fill(dir: &std::path::Path, tasks: usize) -> Result<String, Failure> {
    let store = Store::open(dir, 64)?;
    let read = store.read()?;
    let director = users::find_by_email(&read, &Email::parse("director@demo.klass")?)?
        .ok_or("the data dir has no director (make it with `serve --demo`)")?
        .id;
    let mut staff = users::ids_with_role(&read, Role::Worker)?;
    staff.extend(users::ids_with_role(&read, Role::Manager)?);
    let students = users::ids_with_role(&read, Role::Student)?;
    drop(read);
    let today = Timestamp::now()
        .to_zoned(jiff::tz::TimeZone::get("Europe/Moscow")?)
        .date();
    let txn = store.write_lazily()?;
    let board = record::insert(&txn, |id| Board::new(id, director, "Доска директора".into()))?.id;
    txn.commit()?;
    let per_column = BOARD_CARDS.div_ceil(3);
    let keys = klass::domain::position::spread(per_column);
    let mut ids = Vec::with_capacity(BOARD_CARDS);
    let mut written = 0;
    while written < tasks {
        let txn = store.write_lazily()?;
        for n in written..(written + PER_TRANSACTION).min(tasks) {
            let on_board = n < BOARD_CARDS;
            let assignee = if on_board { director } else { staff[n % staff.len()] };
            let due_on = today.checked_add(((n * 7919 % 365) as i64 - 182).days())?;
            let mut task = Task {
                id: TaskId(0),
                title: format!("Задача № {}", n + 1),
                description: String::new(),
                author_id: staff[(n + 1) % staff.len()],
                assignee_id: assignee,
                related_user_id: (n % 3 == 0 && !students.is_empty()).then(|| students[n % students.len()]),
                due_on,
                due_time: None,
                priority: [TaskPriority::Low, TaskPriority::Normal, TaskPriority::High][n % 3],
                status: TaskStatus::Todo,
                placement: on_board.then(|| Placement {
                    board_id: board,
                    column_id: (n % 3) as u64 + 1,
                    position: keys[n / 3].clone(),
                }),
                created_at: Timestamp::now(),
                done_at: None,
                reminded_for: None,
            };
            if due_on < today && n % 3 == 1 {
                task.set_status(TaskStatus::Done, Timestamp::now());
            }
            let id = record::insert(&txn, |id| Task { id, ..task })?.id;
            if on_board {
                ids.push(id.0);
            }
        }
        txn.commit()?;
        written = (written + PER_TRANSACTION).min(tasks);
    }
    store.write()?.commit()?;
    // The card the bench moves (the first of column 1) into the gap between the first two
    // cards of column 2, and a worker whose month of tasks it reads.
    let worker = staff[staff.len() / 2];
    Ok(format!("{} {} {} {} {}", board.0, ids[0], ids[1], ids[4], worker.0))
}
