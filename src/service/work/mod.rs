//! Work: the staff's tasks (a list, a person's, one task), kanban boards and moving cards on
//! them by fractional positions.

pub mod boards;
pub mod moves;
pub mod task_list;
pub mod tasks;
