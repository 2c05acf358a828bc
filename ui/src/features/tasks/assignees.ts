//! Whom a task may be given to, as the server decides it (`policy::work::assigns_to`): anyone to
//! himself, staff to staff, a manager to anyone. The «Кому» search of the task dialog and of the
//! quick add line asks `/api/users` for exactly these people.
import { useSnapshot } from 'valtio';
import { currentUser, isStaff, type CurrentUser, type Role } from '../../lib/user';

/** Staff: the people a worker may give a task to. */
const STAFF: readonly Role[] = ['manager', 'worker'];
/** A manager's search keeps no role: anyone. */
const ANYONE: readonly Role[] = [];

/**
 * The roles of the people `user` may give a task to, for the search's `roles[]` (empty: anyone);
 * null when he may give one only to himself (no «Кому» at all).
 */
export function assigneeRoles(user: Pick<CurrentUser, 'roles'> | null): readonly Role[] | null {
  if (!user || !isStaff(user)) return null;
  return user.roles.includes('manager') ? ANYONE : STAFF;
}

/** `assigneeRoles` of the signed-in user. */
export function useAssigneeRoles(): readonly Role[] | null {
  return assigneeRoles(useSnapshot(currentUser).user);
}
