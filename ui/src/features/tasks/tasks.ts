//! Tasks: their words (states, priorities), the list's filter definition (kept in the address by
//! the list kit), «my tasks» cut into overdue, today and the coming week by the school's today,
//! and the calls that change a task (create, change, mark done, move to another day).
import type { Body, Ok, Row } from '../../api/types';
import { api } from '../../lib/api/client';
import { changedFields } from '../../lib/changes';
import { day, defineFilters, id, oneOf, perPage, sort, text } from '../../lib/filters';
import { addDays, schoolToday } from '../../lib/timetable';
import type { CurrentUser } from '../../lib/user';
import { endpoints } from '../../paths';

export type Task = Row<'tasks_list'>;
export type TaskBody = Body<'tasks_create'>;
export type TaskChange = Body<'tasks_update'>;
export type TaskStatus = Task['status'];
export type TaskPriority = Task['priority'];

export const TASK_STATUSES = ['todo', 'in_progress', 'done'] as const satisfies readonly TaskStatus[];
export const STATUS_NAMES: Record<TaskStatus, string> = { todo: 'К выполнению', in_progress: 'В работе', done: 'Выполнено' };
export const PRIORITIES = ['high', 'normal', 'low'] as const satisfies readonly TaskPriority[];
export const PRIORITY_NAMES: Record<TaskPriority, string> = { high: 'Высокий', normal: 'Обычный', low: 'Низкий' };

/** The sortable columns (the table's headers and the phone's «Порядок»). */
export const TASK_SORTS = { title: 'Задача', priority: 'Приоритет', due_on: 'Срок', created_at: 'Создана' } as const;

/** The tasks list (`GET /api/tasks`): state, priority, assignee, author, the due period, search, order, page size. */
export const taskFilters = defineFilters(
  'tasks_list',
  {
    search: text(),
    status: oneOf(TASK_STATUSES),
    priority: oneOf(PRIORITIES),
    assignee: id({ api: 'assignee_id' }),
    author: id({ api: 'author_id' }),
    from: day({ api: 'due_from' }),
    to: day({ api: 'due_to' }),
    sort: sort(Object.keys(TASK_SORTS), 'due_on'),
    perPage: perPage([20, 50, 100]),
  },
  // A period typed backwards is turned round.
  (values) => (values.from && values.to && values.to < values.from ? { ...values, from: values.to, to: values.from } : values),
);

/** A person's tasks (`GET /api/users/{id}/tasks`): state and the due period. */
export const personTaskFilters = defineFilters('user_tasks', {
  status: oneOf(TASK_STATUSES),
  from: day({ api: 'due_from' }),
  to: day({ api: 'due_to' }),
  perPage: perPage([20, 50, 100]),
});

/** The school's today, read from the offset of an instant the server wrote (a task's `created_at`). */
export const todayOf = (tasks: readonly Pick<Task, 'created_at'>[], now: Date = new Date()) => schoolToday(tasks[0]?.created_at, 0, now);

export interface Sections<T> {
  overdue: T[];
  today: T[];
  week: T[];
}

/**
 * «My tasks» by due day: overdue (unfinished, before `today`), today, and the coming seven days;
 * each by due day and time, the urgent first within the same moment. A task finished here stays
 * where it was (crossed out) until the page is loaded again.
 */
export function sectionsOf<T extends Pick<Task, 'due_on' | 'due_time' | 'priority' | 'status' | 'title'>>(tasks: readonly T[], today: string): Sections<T> {
  const weekEnd = addDays(today, 7);
  const rank: Record<TaskPriority, number> = { high: 0, normal: 1, low: 2 };
  const ordered = [...tasks].sort(
    (a, b) => a.due_on.localeCompare(b.due_on) || (a.due_time ?? '99').localeCompare(b.due_time ?? '99') || rank[a.priority] - rank[b.priority] || a.title.localeCompare(b.title, 'ru'),
  );
  return {
    overdue: ordered.filter((task) => task.due_on < today),
    today: ordered.filter((task) => task.due_on === today),
    week: ordered.filter((task) => task.due_on > today && task.due_on <= weekEnd),
  };
}

/** The unfinished states («my tasks» asks for each: the list filters one state at a time). */
export const OPEN_STATUSES: readonly TaskStatus[] = ['todo', 'in_progress'];

/** Whether `user` may delete `task`, as the server decides: its author or a manager (its assignee
 * may not: no delete button is offered to him). */
export const deletesTask = (user: Pick<CurrentUser, 'id' | 'roles'> | null, task: Pick<Task, 'author_id'>) =>
  Boolean(user && (task.author_id === user.id || user.roles.includes('manager')));

export const taskUrl = (taskId: number) => `${endpoints.tasks}/${taskId}`;

export async function createTask(body: TaskBody): Promise<Task> {
  return (await api<Ok<'tasks_create'>>(endpoints.tasks, { method: 'POST', body })).data;
}

/** What the dialog sends for `task` from its whole `form`: only the fields changed in it
 * (`changedFields`), so a state or column someone changed meanwhile stays as he left it. */
export function changeOf(task: Task, form: TaskChange): TaskChange {
  const { title, description, assignee_id, related_user_id, due_on, due_time, priority, status } = task;
  return changedFields<TaskChange>({ title, description, assignee_id, related_user_id, due_on, due_time, priority, status }, form);
}

export async function changeTask(taskId: number, change: TaskChange): Promise<Task> {
  return (await api<Ok<'tasks_update'>>(taskUrl(taskId), { method: 'PUT', body: change })).data;
}

/** «Выполнено» for several tasks at once (one commit on the server). */
export async function completeTasks(ids: readonly number[]): Promise<Task[]> {
  return (await api<Ok<'tasks_complete'>>(endpoints.tasksComplete, { method: 'POST', body: { ids: [...ids] } })).data;
}
