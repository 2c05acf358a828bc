import { describe, expect, it, vi } from 'vitest';
import { isCrawler, reportFatal, fatal } from './fatal';
import { createMemoryRouter } from 'react-router';
import { errorAdvice, forbidden, notFound, toPageError } from './pageError';

/** What the router's error element receives when a loader at `path` throws `thrown(path)`. */
async function routeError(path: string, thrown: (path: string) => unknown) {
  const router = createMemoryRouter(
    [{ path: '*', loader: ({ request }) => { throw thrown(new URL(request.url).pathname); }, Component: () => null }],
    { initialEntries: [path] },
  );
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve();
    else router.subscribe((state) => state.initialized && resolve());
  });
  return Object.values(router.state.errors ?? {})[0];
}

describe('error page', () => {
  it('shows an unmatched path as 404 with the spec texts', async () => {
    expect(toPageError(await routeError('/some/path', notFound))).toEqual({
      status: 404,
      statusMessage: 'Page Not Found',
      message: 'Page not found: /some/path',
    });
  });

  it('defaults to 500 Internal Server Error', () => {
    expect(toPageError(new Error('Unknown route middleware'))).toEqual({
      status: 500,
      statusMessage: 'Internal Server Error',
      message: 'Unknown route middleware',
    });
    expect(toPageError(undefined)).toEqual({ status: 500, statusMessage: 'Internal Server Error', message: 'Internal Server Error' });
  });

  it('keeps a status message given by the thrower', async () => {
    expect(toPageError(await routeError('/tags', forbidden))).toMatchObject({ status: 403, statusMessage: 'Forbidden' });
  });
});

describe('error advice', () => {
  it('tells a 403 that access is missing, without advising a reload', () => {
    const { heading, advice } = errorAdvice(403);
    expect(heading).toBe('Нет доступа');
    expect(advice).toContain('нет прав');
    expect(advice).not.toMatch(/Обновите/);
  });

  it('advises a reload only for a failure a reload may cure', () => {
    expect(errorAdvice(500).advice).toMatch(/Обновите страницу/);
    expect(errorAdvice(404).advice).not.toMatch(/Обновите/);
  });
});

describe('fatal errors', () => {
  const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
  const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

  it('recognises crawlers', () => {
    expect(isCrawler(crawler)).toBe(true);
    expect(isCrawler('Mozilla/5.0 (compatible; YandexBot/3.0)')).toBe(true);
    expect(isCrawler(browser)).toBe(false);
  });

  it('shows the error page to people and only logs for crawlers', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fatal.error = null;
    reportFatal(new Error('boom'), crawler);
    expect(fatal.error).toBeNull();
    reportFatal(new Error('boom'), browser);
    expect(fatal.error).toMatchObject({ status: 500, message: 'boom' });
    expect(log).toHaveBeenCalledTimes(2);
  });
});
