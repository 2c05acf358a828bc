import { beforeEach, describe, expect, it, vi } from 'vitest';
import { build, BUILD_CHECK_INTERVAL, checkBuild, RELOAD_GUARD, shouldReload } from './build';

const health = (id: string) => ({ status: 'ok', version: '0.1.0', build: id });

beforeEach(() => {
  sessionStorage.clear();
  build.server = null;
  build.current = 'b1';
});

describe('build updates', () => {
  it('has the spec intervals', () => {
    expect(BUILD_CHECK_INTERVAL).toBe(3_600_000);
    expect(RELOAD_GUARD).toBe(10_000);
  });

  it('asks /api/health with a timestamp', async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify({ status: 'ok', version: '0.1.0', build: 'b2' })));
    vi.stubGlobal('fetch', fetchMock);
    await checkBuild();
    expect(fetchMock.mock.calls[0]?.[0]).toMatch(/^\/api\/health\?t=\d+$/);
    expect(build.server?.build).toBe('b2');
    vi.unstubAllGlobals();
  });

  it('does not reload while the build is the same', () => {
    build.server = health('b1');
    expect(shouldReload('/help')).toBe(false);
  });

  it('reloads on the next navigation to a new build, at most once per 10 s per path', () => {
    build.server = health('b2');
    const t0 = 1_000_000;
    expect(shouldReload('/help', sessionStorage, t0)).toBe(true);
    expect(shouldReload('/help', sessionStorage, t0 + RELOAD_GUARD - 1)).toBe(false);
    expect(shouldReload('/settings', sessionStorage, t0 + 1)).toBe(true);
    expect(shouldReload('/help', sessionStorage, t0 + RELOAD_GUARD)).toBe(true);
  });

  it('never reloads the dev server', () => {
    build.current = 'dev';
    build.server = health('b2');
    expect(shouldReload('/help')).toBe(false);
  });
});
