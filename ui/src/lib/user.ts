//! The signed-in user as shared state (spec §3): null when signed out.
import { proxy, ref } from 'valtio';

export type Role = 'manager' | 'worker' | 'student' | 'parent';

/** `GET /api/user` -> `{data: CurrentUser}`. */
export interface CurrentUser {
  readonly id: number;
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly middle_name: string | null;
  /** "Фамилия Имя Отчество". */
  readonly full_name?: string;
  readonly roles: readonly Role[];
  /** False while the address is unconfirmed (spec §2 /verify-email). */
  readonly email_verified?: boolean;
  /** Ids of the children linked to a parent, when the server sends them. */
  readonly children_ids?: readonly number[];
  /** The manager acting as this user ("Вы вошли как …"), null otherwise. */
  readonly impersonator?: { readonly id: number; readonly full_name: string } | null;
}

export const currentUser = proxy({
  user: null as CurrentUser | null,
  /** True once the start-up fetch has answered. */
  loaded: false,
});

export function setCurrentUser(user: CurrentUser | null) {
  currentUser.user = user ? ref(user) : null;
  currentUser.loaded = true;
}

export function displayName(user: CurrentUser): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
}
