// One real server and one Chromium per spec file, started before its tests and stopped after.
import { after, before } from 'node:test';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';

// Debian's `chromium-headless-shell` is the same Chromium without a browser window around the
// page: the full `chromium` in headless mode still draws its toolbar and starts the address
// bar's pop-ups for every context, which made the specs take half as long again.
const SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(SHELL) ? SHELL : '/usr/bin/chromium');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '../screenshots');

/** Whether this run takes pictures (`make screenshots`); `make test` only walks the pages. */
const PICTURES = process.env.KLASS_SCREENSHOTS === '1';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };

/** The demo school's accounts (`serve --demo`). */
export const DEMO = { manager: 'director@demo.klass', worker: 'smirnova@demo.klass', password: 'klass-demo' };

/**
 * Registers the hooks (a server with `env` added to its environment, and a browser) and returns
 * the app: `url`, `dataDir`, `open(path, options)` (a fresh page
 * in a fresh context with its own storage and cookies, `hasTouch` for a finger's events; uncaught
 * page errors collected in `page.errors`), `signIn(page, email?, password?)` and `screenshot(page, name)`.
 */
export function useApp({ env = {} } = {}) {
  const app = { url: '', dataDir: '', browser: null, server: null };
  before(async () => {
    app.server = await startServer(env);
    app.url = app.server.url;
    app.dataDir = app.server.dataDir;
    app.browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  });
  after(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  app.open = async (path, { viewport = DESKTOP, colorScheme = 'light', hasTouch = false } = {}) => {
    const context = await app.browser.newContext({ viewport, colorScheme, hasTouch, baseURL: app.url, locale: 'ru-RU' });
    const page = await context.newPage();
    page.errors = [];
    page.on('pageerror', (error) => page.errors.push(error));
    await page.goto(path);
    return page;
  };
  /** Signs in through the sign-in page and waits for the start page. */
  app.signIn = async (page, email = DEMO.manager, password = DEMO.password) => {
    await page.goto('/auth/login');
    await page.getByLabel('Эл. почта').fill(email);
    await page.getByLabel('Пароль', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  };
  /** Opens `path` in `page` and waits for `ready` (a selector) and for every load on it to end. */
  app.visit = async (page, path, ready) => {
    await page.goto(path);
    await page.locator(ready).first().waitFor();
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  };
  /** A full-page picture `name`.png in SCREENSHOTS, when this run takes pictures. */
  app.screenshot = async (page, name) => {
    if (!PICTURES) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  };
  return app;
}

/**
 * The looks a picture test walks its pages in, as `[scheme, device, viewport]`: light and dark on
 * each of `devices` (`[name, viewport]`, the phone last) when the run takes pictures; otherwise
 * the phone in dark only, which still walks every page there.
 */
export function looks(devices) {
  if (!PICTURES) return [['dark', ...devices.at(-1)]];
  return ['light', 'dark'].flatMap((scheme) => devices.map(([device, viewport]) => [scheme, device, viewport]));
}
