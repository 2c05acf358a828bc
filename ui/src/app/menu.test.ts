import { describe, expect, it } from 'vitest';
import type { CurrentUser, Role } from '../lib/user';
import { aUser } from '../test/user';
import { isGroup, menuItemFor, menuPages, visibleMenu } from './menu';

const user = (...roles: Role[]): CurrentUser => aUser(roles);
const ids = (u: CurrentUser | null) => visibleMenu(u).flatMap((e) => (isGroup(e) ? [e.id, ...e.children.map((c) => c.id)] : [e.id]));

describe('menu', () => {
  it('hides pages that need a sign-in from a signed-out visitor', () => {
    expect(ids(null)).toEqual(['settings', 'settings-general', 'settings-ui', 'help']);
  });

  it('shows the home page and the calendar to any signed-in user', () => {
    expect(ids(user('student'))).toContain('home');
    expect(ids(user('parent'))).toContain('calendar');
    expect(ids(null)).not.toContain('calendar');
  });

  it('shows the password page to the signed-in and the history (log and mail) to managers only', () => {
    expect(ids(user('student'))).toEqual(expect.arrayContaining(['settings-password', 'settings-notifications']));
    expect(ids(user('worker'))).not.toContain('history');
    expect(ids(user('manager'))).toEqual(expect.arrayContaining(['history', 'history-log', 'history-mail']));
  });

  it('shows «Задачи» to everyone signed in', () => {
    for (const role of ['student', 'parent', 'worker', 'manager'] as const) expect(ids(user(role))).toContain('tasks');
    expect(ids(null)).not.toContain('tasks');
    expect(menuItemFor('/tasks/calendar')).toEqual({ id: 'tasks', group: null });
  });

  it('shows «Занятия» to everyone signed in and «Группы» to staff only', () => {
    expect(ids(user('student'))).toContain('lessons');
    expect(ids(user('parent'))).not.toContain('groups');
    expect(ids(user('worker'))).toEqual(expect.arrayContaining(['lessons', 'groups']));
    expect(ids(null)).not.toContain('lessons');
    expect(menuItemFor('/group-lessons/5')).toEqual({ id: 'groups', group: null });
  });

  it('shows «Доски» to everyone signed in, pointing at his own boards', () => {
    const boards = (u: CurrentUser) => visibleMenu(u).find((entry) => entry.id === 'boards');
    expect(boards(user('student'))).toMatchObject({ label: 'Доски', path: '/users/7/boards' });
    expect(boards(user('worker'))).toMatchObject({ path: '/users/7/boards' });
    expect(ids(null)).not.toContain('boards');
    expect(menuItemFor('/users/7/boards')).toEqual({ id: 'boards', group: null });
    expect(menuItemFor('/users/7')).toEqual({ id: 'users', group: null });
  });

  it('finds the entry and group of a page', () => {
    expect(menuItemFor('/settings/ui')).toEqual({ id: 'settings-ui', group: 'settings' });
    expect(menuItemFor('/help')).toEqual({ id: 'help', group: null });
    expect(menuItemFor('/nowhere')).toBeNull();
  });

  it('highlights the nearest entry of a sub-page: the longest matching path wins', () => {
    expect(menuItemFor('/users')).toEqual({ id: 'users', group: null });
    expect(menuItemFor('/users/5')).toEqual({ id: 'users', group: null });
    expect(menuItemFor('/users/5/parents')).toEqual({ id: 'users', group: null });
    expect(menuItemFor('/settings/ui')).toEqual({ id: 'settings-ui', group: 'settings' });
    expect(menuItemFor('/settings/password/extra')).toEqual({ id: 'settings-password', group: 'settings' });
    expect(menuItemFor('/settings/other')).toEqual({ id: 'settings-general', group: 'settings' });
    expect(menuItemFor('/history')).toEqual({ id: 'history-log', group: 'history' });
    expect(menuItemFor('/history/mail/3')).toEqual({ id: 'history-mail', group: 'history' });
    expect(menuItemFor('/history/payments')).toEqual({ id: 'history-payments', group: 'history' });
    expect(menuItemFor('/users/5/payments')).toEqual({ id: 'users', group: null });
    expect(menuItemFor('/payments')).toEqual({ id: 'payments', group: null });
    expect(menuItemFor('/')).toEqual({ id: 'home', group: null });
    expect(menuItemFor('/usersx')).toBeNull();
    expect(menuItemFor('/tagsx/1')).toBeNull();
  });

  it('lists on the home page the pages each role may open, by their titles', () => {
    const labels = (u: CurrentUser) => menuPages(u).map((link) => link.label);
    expect(labels(user('student'))).toContain('Пользователи');
    expect(labels(user('student'))).not.toContain('Теги');
    expect(labels(user('worker'))).toEqual(expect.arrayContaining(['Пользователи', 'Теги']));
    expect(labels(user('worker'))).not.toContain('История писем');
    expect(labels(user('manager'))).toEqual(expect.arrayContaining(['Пользователи', 'Теги', 'Журнал действий', 'История писем', 'Оплаты', 'История оплат']));
    expect(labels(user('parent'))).toContain('Оплаты');
    expect(labels(user('worker'))).not.toContain('История оплат');
  });
});
