// Temporary: a look at a few pages (not committed).
import { chromium } from 'playwright-core';
import { startServer } from './support/server.mjs';
const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const paths = process.argv.slice(2);
try {
  for (const [w, h, tag] of [[1366, 860, 'wide'], [360, 740, 'phone']]) {
    for (const scheme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport: { width: w, height: h }, baseURL: server.url, locale: 'ru-RU' });
      const page = await context.newPage();
      page.on('pageerror', (e) => console.log('pageerror', e.message));
      await page.goto('/auth/login');
      await page.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
      await page.getByLabel('Эл. почта').fill(process.env.WHO ?? 'director@demo.klass');
      await page.getByLabel('Пароль', { exact: true }).fill('klass-demo');
      await page.getByRole('button', { name: 'Войти' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      for (const path of paths) {
        await page.goto(path);
        await page.waitForTimeout(1200);
        const name = path.replace(/[^a-z0-9]+/gi, '_');
        await page.screenshot({ path: `/tmp/shots/${name}-${tag}-${scheme}.png`, fullPage: true });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
