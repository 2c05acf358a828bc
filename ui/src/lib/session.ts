//! Loading the current user once at start (spec §4): a 401/419 means signed out, without an error.
import { endpoints } from '../paths';
import { api } from './api/client';
import { currentUser, setCurrentUser, type CurrentUser } from './user';

let loading: Promise<CurrentUser | null> | null = null;

/** The signed-in user or null; the server is asked only the first time. */
export function loadCurrentUser(): Promise<CurrentUser | null> {
  if (currentUser.loaded) return Promise.resolve(currentUser.user);
  loading ??= api<{ data: CurrentUser }>(endpoints.currentUser, { probe: true }).then(
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
