//! The boards and tasks calls of the boards page, typed from the API document.
import type { Body, Ok, Row } from '../../api/types';
import { fetchAllPages } from '../../lib/allPages';
import { api } from '../../lib/api/client';
import { changedFields } from '../../lib/changes';
import { userUrl } from '../../lib/useCard';
import { endpoints } from '../../paths';

export type Board = Row<'boards_list'>;
export type BoardDetail = Ok<'boards_show'>['data'];
export type Column = Board['columns'][number];
export type Card = BoardDetail['cards'][number];
/** The whole task behind a card (its dialog). */
export type Task = Ok<'tasks_show'>['data'];
export type TaskChange = Body<'tasks_update'>;
export type ColumnsChange = NonNullable<Body<'boards_update'>['columns']>;

const boardUrl = (id: number) => `${endpoints.boards}/${id}`;
const taskUrl = (id: number) => `${endpoints.tasks}/${id}`;

export const boardsApi = {
  /** A person's boards (`GET /api/users/{id}/boards`, every page). */
  of: async (owner: number, signal?: AbortSignal) => (await fetchAllPages<Board>(userUrl(owner, 'boards'), {}, signal)).rows,
  show: async (id: number, signal?: AbortSignal) => (await api<Ok<'boards_show'>>(boardUrl(id), { signal })).data,
  create: async (body: Body<'boards_create'>) => (await api<Ok<'boards_create'>>(endpoints.boards, { method: 'POST', body })).data,
  rename: async (id: number, name: string) =>
    (await api<Ok<'boards_update'>>(boardUrl(id), { method: 'PUT', body: { name } satisfies Body<'boards_update'> })).data,
  /** The full list of columns in their new order (`id` null: a new one); a column left out goes. */
  setColumns: async (id: number, columns: ColumnsChange) =>
    (
      await api<Ok<'boards_update'>>(boardUrl(id), {
        method: 'PUT',
        body: { columns } satisfies Body<'boards_update'>,
        ownFailure: (status) => status === 422,
      })
    ).data,
  remove: (id: number) => api<void>(boardUrl(id), { method: 'DELETE' }),
};

/** The card of `task` as a board shows it, or null when it is on no board. */
export function cardOf(task: Task): Card | null {
  const { id, title, description, assignee_id, assignee_name, due_on, due_time, priority, status, column_id, position, overdue } = task;
  if (column_id == null || position == null) return null;
  return { id, title, has_description: description.trim() !== '', assignee_id, assignee_name, due_on, due_time, priority, status, column_id, position, overdue };
}

/** What a card's dialog sends for `task` from its whole form: only the fields changed in it
 * (`changedFields`), so a column or state someone changed meanwhile stays as he left it. */
export function changeOf(task: Task, form: Required<Pick<TaskChange, 'title' | 'description' | 'due_on' | 'priority' | 'status'>>): TaskChange {
  const { title, description, due_on, priority, status } = task;
  return changedFields<TaskChange>({ title, description, due_on, priority, status }, form);
}

export const tasksApi = {
  show: async (id: number) => (await api<Ok<'tasks_show'>>(taskUrl(id))).data,
  create: async (body: Body<'tasks_create'>) => (await api<Ok<'tasks_create'>>(endpoints.tasks, { method: 'POST', body })).data,
  update: async (id: number, body: TaskChange) => (await api<Ok<'tasks_update'>>(taskUrl(id), { method: 'PUT', body })).data,
  /** Silent: the page rolls the card back and says why itself. */
  move: async (id: number, body: Body<'tasks_move'>) =>
    (await api<Ok<'tasks_move'>>(`${taskUrl(id)}/move`, { method: 'POST', body, silent: true })).data,
};
