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

/**
 * Registers the hooks and returns `{ url, open }`; `open(path, options)` gives a fresh page in a
 * fresh context (own localStorage), failing the test on any uncaught page error.
 */
export function useApp() {
  const app = { url: '', browser: null, server: null };
  before(async () => {
    app.server = await startServer();
    app.url = app.server.url;
    app.browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  });
  after(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  app.open = async (path, { viewport = DESKTOP, colorScheme = 'light' } = {}) => {
    const context = await app.browser.newContext({ viewport, colorScheme, baseURL: app.url, locale: 'ru-RU' });
    const page = await context.newPage();
    page.errors = [];
    page.on('pageerror', (error) => page.errors.push(error));
    await page.goto(path);
    return page;
  };
  app.screenshot = async (page, name) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  };
  return app;
}
