//! Whose lessons /calendar shows staff, kept in the address as `?teacher=`: a teacher (a worker who
//! is not a manager) opens on his own, a manager on the whole school's. A teacher who clears the
//! filter gets `?teacher=all`, so the whole school stays chosen over a reload and a bookmark.
import type { CurrentUser } from '../../lib/user';

type Viewer = Pick<CurrentUser, 'id' | 'roles'>;

/** The address's word for the whole school where it is not the default. */
export const WHOLE_SCHOOL = 'all';

/** The teacher the calendar opens on: a teacher himself, anyone else none (the whole school). */
export const ownTeacher = (user: Viewer): number | null => (user.roles.includes('worker') && !user.roles.includes('manager') ? user.id : null);

/** The teacher the address names (none: the whole school); without one, `ownTeacher`. */
export function teacherOf(param: string | null, user: Viewer): number | null {
  if (!param) return ownTeacher(user);
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** What the address keeps for a chosen teacher (none: the whole school); nothing for the default. */
export function teacherParam(id: number | null, user: Viewer): string {
  if (id === ownTeacher(user)) return '';
  return id === null ? WHOLE_SCHOOL : String(id);
}
