//! The session (spec §4): the current user loaded once at start (a 401/419 means signed out,
//! without an error), sign-in, sign-out, and the calls of the signed-out forms.
import type { Body, Ok } from '../api/types';
import { endpoints, paths } from '../paths';
import { api } from './api/client';
import { navigateTo } from './navigation';
import { currentUser, setCurrentUser, type CurrentUser } from './user';

let loading: Promise<CurrentUser | null> | null = null;

/** The signed-in user or null; the server is asked only the first time. */
export function loadCurrentUser(): Promise<CurrentUser | null> {
  if (currentUser.loaded) return Promise.resolve(currentUser.user);
  loading ??= api<Ok<'current_user'>>(endpoints.currentUser, { probe: true }).then(
    ({ data }) => {
      setCurrentUser(data);
      return data;
    },
    () => {
      setCurrentUser(null);
      return null;
    },
  );
  return loading;
}

/** Asks the server again (after sign-in, after the e-mail is confirmed). */
export async function refreshCurrentUser(): Promise<void> {
  const { data } = await api<Ok<'current_user'>>(endpoints.currentUser);
  setCurrentUser(data);
}

/**
 * Impersonation (spec §4): `url` starts acting as another user (`POST /api/users/{id}/login`),
 * then the app goes to `/`; or returns to one's own account (`POST /api/impersonation/leave`),
 * then to `then` (the card it was started from). The user is fetched again either way.
 */
export async function switchAccount(url: string, then: string = paths.home): Promise<void> {
  await api<void>(url, { method: 'POST' });
  await refreshCurrentUser();
  navigateTo(then);
}

const isClientError = (status: number) => status >= 400 && status < 500;

/**
 * A POST of a signed-out form (sign-in, forgot and reset password): with a new anti-forgery
 * cookie, and the form's own messages for 4xx answers (spec §5); 5xx and an unreachable server
 * get the catalogue's.
 */
export function guestPost<T>(url: string, body: unknown): Promise<T> {
  return api<T>(url, { method: 'POST', body, freshCsrf: true, ownFailure: isClientError });
}

/** What the sign-in form sends (`POST /login`). */
export type Credentials = Body<'login'>;

/**
 * Signs in, fetches the user and goes to `then` (a checked path of this portal: the page that
 * sent the user to sign in) or `/`; ignored when someone is signed in already.
 */
export async function signIn(credentials: Credentials, then: string | null = null): Promise<void> {
  if (currentUser.user) return;
  await guestPost<void>(endpoints.login, credentials);
  await refreshCurrentUser();
  navigateTo(then ?? paths.home);
}

/** Signs out: the logout call, the user cleared, the sign-in page. */
export async function signOut(): Promise<void> {
  await api<void>(endpoints.logout, { method: 'POST' });
  setCurrentUser(null);
  navigateTo(paths.login);
}
