import { describe, expect, it } from 'vitest';
import type { CurrentUser, Role } from '../lib/user';
import { isGroup, menuItemFor, visibleMenu } from './menu';

const user = (...roles: Role[]): CurrentUser => ({ id: 7, email: 'a@b.c', first_name: 'Анна', last_name: 'Петрова', middle_name: null, roles });
const ids = (u: CurrentUser | null) => visibleMenu(u).flatMap((e) => (isGroup(e) ? [e.id, ...e.children.map((c) => c.id)] : [e.id]));

describe('menu', () => {
  it('hides pages that need a sign-in from a signed-out visitor', () => {
    expect(ids(null)).toEqual(['settings', 'settings-general', 'settings-ui', 'help']);
  });

  it('shows the home page to any signed-in user', () => {
    expect(ids(user('student'))).toContain('home');
  });

  it('shows the password page to the signed-in and the mail history to managers only', () => {
    expect(ids(user('student'))).toContain('settings-password');
    expect(ids(user('worker'))).not.toContain('history');
    expect(ids(user('manager'))).toEqual(expect.arrayContaining(['history', 'history-mail']));
  });

  it('finds the entry and group of a page', () => {
    expect(menuItemFor('/settings/ui')).toEqual({ id: 'settings-ui', group: 'settings' });
    expect(menuItemFor('/help')).toEqual({ id: 'help', group: null });
    expect(menuItemFor('/nowhere')).toBeNull();
  });
});
