//! Test data: a signed-in user as `GET /api/user` sends one, with what a test changes.
import type { CurrentUser, Role } from '../lib/user';

export const aUser = (roles: Role[], extra: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 7,
  email: 'a@b.c',
  first_name: 'Анна',
  last_name: 'Петрова',
  full_name: 'Петрова Анна',
  roles,
  tags: [],
  email_verified: true,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  children_ids: [],
  school_time_zone: 'Europe/Moscow',
  school_name: 'Школа «Радуга»',
  ...extra,
});
