import { describe, expect, it } from 'vitest';
import type { Values } from '../../lib/filters';
import { changeOf, deletesTask, personTaskFilters, sectionsOf, taskFilters, todayOf, type Task } from './tasks';

type TaskFilters = Values<typeof taskFilters.fields>;
const { read, write, query, narrowed } = taskFilters;
const defaults: TaskFilters = { search: '', status: '', priority: '', assignee: null, author: null, from: '', to: '', sort: 'due_on', page: 1, perPage: 20 };

describe('the tasks list filters in the query string', () => {
  it('reads every filter, dropping unknown states, bad ids, days, sorts and page sizes', () => {
    const params = new URLSearchParams('search=мама&status=in_progress&priority=high&assignee=4&author=9&from=2026-11-23&to=2026-11-30&sort=-priority&page=2&per_page=50');
    expect(read(params)).toEqual({ search: 'мама', status: 'in_progress', priority: 'high', assignee: 4, author: 9, from: '2026-11-23', to: '2026-11-30', sort: '-priority', page: 2, perPage: 50 });
    expect(read(new URLSearchParams('status=lost&priority=urgent&assignee=x&from=31.11.2026&to=2026-02-30&sort=author&page=0&per_page=7'))).toEqual(defaults);
  });

  it('writes only what differs from the defaults, and reads back the same filters', () => {
    expect(write(defaults).toString()).toBe('');
    const filters: TaskFilters = { ...defaults, status: 'done', assignee: 3, from: '2026-11-01', sort: '-created_at', page: 3 };
    const written = write(filters);
    expect(written.toString()).toBe('status=done&assignee=3&from=2026-11-01&sort=-created_at&page=3');
    expect(read(written)).toEqual(filters);
  });

  it('turns a backward period round', () => {
    expect(read(new URLSearchParams('from=2026-12-01&to=2026-11-01'))).toMatchObject({ from: '2026-11-01', to: '2026-12-01' });
  });

  it('asks the API by its names', () => {
    expect(query(defaults)).toEqual({ search: undefined, status: undefined, priority: undefined, assignee_id: undefined, author_id: undefined, due_from: undefined, due_to: undefined, sort: 'due_on', page: 1, per_page: 20 });
    expect(query({ ...defaults, status: 'todo', priority: 'low', assignee: 2, author: 5, from: '2026-11-23', to: '2026-11-29' })).toMatchObject({
      status: 'todo',
      priority: 'low',
      assignee_id: 2,
      author_id: 5,
      due_from: '2026-11-23',
      due_to: '2026-11-29',
    });
    expect(personTaskFilters.query(personTaskFilters.read(new URLSearchParams('status=done&to=2026-12-31')))).toEqual({
      status: 'done',
      due_from: undefined,
      due_to: '2026-12-31',
      page: 1,
      per_page: 20,
    });
  });

  it('knows a filtered list from a sorted or paged one', () => {
    expect(narrowed({ ...defaults, sort: '-title', page: 4, perPage: 100 })).toBe(false);
    expect(narrowed({ ...defaults, status: 'todo' })).toBe(true);
    expect(narrowed({ ...defaults, author: 1 })).toBe(true);
    expect(narrowed({ ...defaults, to: '2026-11-30' })).toBe(true);
  });
});

describe('my tasks by the school’s today', () => {
  const task = (title: string, due_on: string, extra: Partial<{ due_time: string | null; priority: 'low' | 'normal' | 'high' }> = {}) => ({
    title,
    due_on,
    due_time: null,
    priority: 'normal' as const,
    status: 'todo' as const,
    ...extra,
  });

  it('cuts overdue, today and the coming seven days, each by day, time and priority', () => {
    const tasks = [
      task('через неделю', '2026-11-30'),
      task('через восемь дней', '2026-12-01'),
      task('вчера', '2026-11-22'),
      task('сегодня без времени', '2026-11-23'),
      task('сегодня в 9', '2026-11-23', { due_time: '09:00' }),
      task('сегодня срочно', '2026-11-23', { priority: 'high' }),
      task('давно', '2026-10-01'),
      task('завтра', '2026-11-24'),
    ];
    const { overdue, today, week } = sectionsOf(tasks, '2026-11-23');
    expect(overdue.map((t) => t.title)).toEqual(['давно', 'вчера']);
    expect(today.map((t) => t.title)).toEqual(['сегодня в 9', 'сегодня срочно', 'сегодня без времени']);
    expect(week.map((t) => t.title)).toEqual(['завтра', 'через неделю']);
  });

  it('reads the school’s today from the offset the server writes, not the browser’s zone', () => {
    const now = new Date('2026-11-23T22:30:00Z');
    // 01:30 on the 24th in Moscow (+03:00) while the 23rd in London.
    expect(todayOf([{ created_at: '2026-11-20T10:00:00+03:00' }], now)).toBe('2026-11-24');
    expect(todayOf([{ created_at: '2026-11-20T10:00:00-05:00' }], now)).toBe('2026-11-23');
  });
});

describe('what the task dialog sends', () => {
  const task = {
    id: 9, title: 'Позвонить маме', description: '', assignee_id: 2, related_user_id: 11, due_on: '2026-12-01', due_time: null,
    priority: 'high', status: 'todo',
  } as unknown as Task;
  const form = { title: 'Позвонить маме', description: '', assignee_id: 2, related_user_id: 11, due_on: '2026-12-01', due_time: null, priority: 'high', status: 'todo' } as const;

  it('sends only the fields changed, not the state the dialog opened with', () => {
    // Someone dragged the card to «Готово» while the dialog was open: a new title must not reopen it.
    expect(changeOf(task, { ...form, title: 'Позвонить маме Алёны' })).toEqual({ title: 'Позвонить маме Алёны' });
    expect(changeOf(task, { ...form, status: 'done', due_time: '14:30', related_user_id: null })).toEqual({ status: 'done', due_time: '14:30', related_user_id: null });
  });
});

describe('who is offered «Удалить»', () => {
  it('the author and a manager, not the assignee (the server would answer 403)', () => {
    const task = { author_id: 1 };
    expect(deletesTask({ id: 1, roles: ['worker'] }, task)).toBe(true);
    expect(deletesTask({ id: 2, roles: ['worker'] }, task)).toBe(false);
    expect(deletesTask({ id: 3, roles: ['manager'] }, task)).toBe(true);
    expect(deletesTask(null, task)).toBe(false);
  });
});
