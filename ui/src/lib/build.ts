//! Build updates (spec §4, §9): the server reports its build at /api/health; the UI compares it
//! with its own every hour and, when a newer one is out, reloads on the next navigation, at most
//! once per 10 s per path.
import { proxy } from 'valtio';
import type { Ok } from '../api/types';
import { endpoints } from '../paths';
import { api } from './api/client';

export type Health = Ok<'health'>;

export const BUILD_CHECK_INTERVAL = 3_600_000;
export const RELOAD_GUARD = 10_000;
const RELOAD_KEY = 'klass:reloaded:';

export const build = proxy({
  /** The build of the UI running in this tab. */
  current: __BUILD_ID__,
  /** What the server answered last time, null until it has. */
  server: null as Health | null,
});

export function updateAvailable(): boolean {
  if (build.current === 'dev') return false; // the dev server's build never matches the binary's
  return build.server !== null && build.server.build !== build.current;
}

/** Asks the server which build it carries (a timestamp defeats any cache). */
export async function checkBuild(): Promise<Health> {
  const health = await api<Health>(endpoints.health, { query: { t: Date.now() }, silent: true });
  build.server = health;
  return health;
}

/** True when navigating to `path` should load the page afresh; remembers that it did. */
export function shouldReload(path: string, storage: Storage = sessionStorage, now: number = Date.now()): boolean {
  return updateAvailable() && mayReload(path, storage, now);
}

/** At most one reload per path per 10 s (also after a failed chunk load); records this one. */
export function mayReload(path: string, storage: Storage = sessionStorage, now: number = Date.now()): boolean {
  const last = Number(storage.getItem(RELOAD_KEY + path) ?? 0);
  if (now - last < RELOAD_GUARD) return false;
  storage.setItem(RELOAD_KEY + path, String(now));
  return true;
}

/** Checks now and then every hour; returns the stop function. */
export function startBuildChecks(): () => void {
  const check = () => checkBuild().catch(() => undefined);
  void check();
  const timer = setInterval(check, BUILD_CHECK_INTERVAL);
  return () => clearInterval(timer);
}
