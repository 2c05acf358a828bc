//! Who keeps tasks, boards and events: anyone signed in keeps his own tasks and boards, staff
//! assign tasks to staff, managers see and manage every task and board and create the school's
//! events; a student or parent sees only the tasks assigned to him.

use super::{Actor, Rule};
use crate::domain::board::Board;
use crate::domain::task::Task;
use crate::domain::{Role, User, UserId};

/// Who keeps tasks (his own) and boards: anyone signed in.
pub const KEEP_TASKS: Rule = Rule::SignedIn;

/// Who creates, moves and deletes the school's events and reads their list: managers.
pub const MANAGE_EVENTS: Rule = Rule::Manager;

/// Who reads and keeps `owner`'s boards (`/users/{id}/boards`): he himself or a manager.
pub fn keeps_boards_of(owner: UserId) -> Rule {
    Rule::OwnOrManager(owner)
}

/// Who reads the tasks assigned to or about `person` (`/users/{id}/tasks`): whoever may open
/// his card; each task is then shown only if `sees_task` allows it.
pub fn reads_tasks_of(person: UserId) -> Rule {
    Rule::SeeUser(person)
}

fn is_manager(actor: &Actor) -> bool {
    actor.user.roles.contains(&Role::Manager)
}

/// Whether `actor` sees `task`: a manager sees every task, anyone else those he wrote or is
/// assigned.
pub fn sees_task(actor: &Actor, task: &Task) -> bool {
    user_sees_task(&actor.user, task)
}

/// Whether `user` sees `task` (`sees_task`), asked of someone who is not the one acting: the
/// owner of the board a card goes on.
pub fn user_sees_task(user: &User, task: &Task) -> bool {
    user.roles.contains(&Role::Manager) || task.author_id == user.id || task.assignee_id == user.id
}

/// Whether `actor` sees every task assigned to `person` (so that none need reading to know):
/// a manager, or the person himself.
pub fn sees_tasks_assigned_to(actor: &Actor, person: UserId) -> bool {
    is_manager(actor) || actor.user.id == person
}

/// Whether `actor` may change `task` (its fields, status and place): a manager, its author, its
/// assignee.
pub fn edits_task(actor: &Actor, task: &Task) -> bool {
    sees_task(actor, task)
}

/// Whether `actor` may delete `task`: a manager or its author.
pub fn deletes_task(actor: &Actor, task: &Task) -> bool {
    is_manager(actor) || task.author_id == actor.user.id
}

/// Whether `actor` may assign a task to `assignee`: anyone to himself, staff to staff, a
/// manager to anyone.
pub fn assigns_to(actor: &Actor, assignee: &User) -> bool {
    assignee.id == actor.user.id
        || is_manager(actor)
        || actor.is_staff() && crate::domain::role::is_staff(&assignee.roles)
}

/// Why an assignment is refused (on `assignee_id`).
pub const NOT_ASSIGNABLE: &str = "Назначать задачи можно только себе или сотрудникам";

/// Whether `actor` may see and change `board` and its columns: its owner or a manager.
pub fn keeps_board(actor: &Actor, board: &Board) -> bool {
    board.owner_id == actor.user.id || is_manager(actor)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::task::{TaskPriority, TaskStatus};
    use crate::domain::{BoardId, TaskId};
    use crate::policy::tests::caller;

    fn task(author: u64, assignee: u64) -> Task {
        Task {
            id: TaskId(1),
            title: "Позвонить".into(),
            description: String::new(),
            author_id: UserId(author),
            assignee_id: UserId(assignee),
            related_user_id: None,
            due_on: jiff::civil::date(2026, 11, 23),
            due_time: None,
            priority: TaskPriority::Normal,
            status: TaskStatus::Todo,
            placement: None,
            created_at: jiff::Timestamp::UNIX_EPOCH,
            done_at: None,
            reminded_for: None,
        }
    }

    #[test]
    fn tasks_are_seen_by_their_people_and_managers() {
        let parent = caller(&[Role::Student], true, false);
        let parent = parent.actor.as_ref().expect("actor");
        let me = parent.user.id.0;
        assert!(sees_task(parent, &task(99, me)));
        assert!(!sees_task(parent, &task(99, 98)));
        assert!(!deletes_task(parent, &task(99, me)));
        assert!(assigns_to(parent, &parent.user));
        let mut student = (*parent.user).clone();
        student.id = UserId(5);
        assert!(!assigns_to(parent, &student));
        let worker = caller(&[Role::Worker], true, false);
        let worker = worker.actor.as_ref().expect("actor");
        assert!(!assigns_to(worker, &student), "a worker assigns to staff only");
        let mut colleague = (*worker.user).clone();
        colleague.id = UserId(6);
        assert!(assigns_to(worker, &colleague));
        assert!(!sees_task(worker, &task(98, 99)));
        let manager = caller(&[Role::Manager], true, false);
        let manager = manager.actor.as_ref().expect("actor");
        assert!(sees_task(manager, &task(98, 99)) && deletes_task(manager, &task(98, 99)));
        assert!(assigns_to(manager, &student));
        let board = Board::new(BoardId(1), UserId(98), "Доска".into());
        assert!(keeps_board(manager, &board) && !keeps_board(worker, &board));
    }

    #[test]
    fn seeing_all_a_persons_assigned_tasks_agrees_with_seeing_each() {
        for roles in [[Role::Manager], [Role::Worker], [Role::Student]] {
            let who = caller(&roles, true, false);
            let actor = who.actor.as_ref().expect("actor");
            for person in [actor.user.id, UserId(99)] {
                if sees_tasks_assigned_to(actor, person) {
                    assert!(sees_task(actor, &task(98, person.0)), "{roles:?} sees {person}'s tasks");
                }
            }
            assert!(sees_tasks_assigned_to(actor, actor.user.id));
        }
    }
}
