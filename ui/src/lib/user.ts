//! The signed-in user as shared state (spec §3): null when signed out.
import { proxy, ref } from 'valtio';
import type { Frozen, Schema } from '../api/types';
import { setSchoolZone } from './timetable';

/** The roles of spec §3, as the document names them. */
export type Role = Schema<'Role'>;

/** `GET /api/user` -> `{data: CurrentUser}` (roles among `Role`, children_ids for a parent). */
export type CurrentUser = Frozen<Schema<'CurrentUser'>>;

export const currentUser = proxy({
  user: null as CurrentUser | null,
  /** True once the start-up fetch has answered. */
  loaded: false,
});

export function setCurrentUser(user: CurrentUser | null) {
  if (user) setSchoolZone(user.school_time_zone);
  currentUser.user = user ? ref(user) : null;
  currentUser.loaded = true;
}

/** Staff: a manager or a worker. */
export const isStaff = (user: Pick<CurrentUser, 'roles'> | null) => Boolean(user && (user.roles.includes('manager') || user.roles.includes('worker')));

/** Whether `user` may read the person `id` (his card, his pages): staff everyone, anyone else
 * himself and his children (`master-by-url`; the server's `Actor::sees`). */
export const seesPerson = (user: Pick<CurrentUser, 'id' | 'roles' | 'children_ids'> | null, id: number) =>
  Boolean(user && (isStaff(user) || id === user.id || user.children_ids.includes(id)));

/** Whether `user` is a parent (and not a student) with no children linked yet: he has no lessons,
 * homework, marks or payments to see, and each page of them tells him why. */
export const waitsForChildren = (user: Pick<CurrentUser, 'roles' | 'children_ids'>) =>
  user.roles.includes('parent') && !user.roles.includes('student') && user.children_ids.length === 0;

export function displayName(user: CurrentUser): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
}

/**
 * Whether a manager is acting as this user ("login as"). The person's own trace of it (his
 * notification settings, «Прочитать все») is then not the manager's to change: the server
 * refuses with 403, so the pages offer no such change.
 */
export const isActing = (user: Pick<CurrentUser, 'impersonator'> | null) => Boolean(user?.impersonator);
