//! A person of the school as the API shows them (list row and card), role names in Russian, and
//! the address of a user's page; shared by the people pages and the records that name people.
import { generatePath } from 'react-router';
import type { Schema } from '../api/types';
import type { Role } from './user';

export type UserView = Schema<'UserView'>;
export type UserCard = Schema<'UserCard'>;

export const ROLES: readonly Role[] = ['manager', 'worker', 'student', 'parent'];
export const ROLE_NAMES: Record<Role, string> = { manager: 'Менеджер', worker: 'Сотрудник', student: 'Ученик', parent: 'Родитель' };

export const roleName = (role: string) => ROLE_NAMES[role as Role] ?? role;

/** The page of a user: `to(paths.user, 7)` -> `/users/7`. */
export const to = (path: string, id: number) => generatePath(path, { id: String(id) });
