// One real server and one Chromium per spec file, started before its tests and stopped after.
import { after, before } from 'node:test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '../screenshots');

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
  app.screenshot = async (page, name) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  };
  return app;
}
