// Pictures for a person to look at (ui/e2e/screenshots, not committed, by make screenshots):
// light and dark, desktop and phone, signed out and signed in as the demo manager; make test
// walks the same pages on the phone in dark.
import { test } from 'node:test';
import { DEMO, DESKTOP, PHONE, looks, useApp } from './support/app.mjs';

const app = useApp();

const SIGNED_OUT = [
  ['help', '/help'],
  ['settings-ui', '/settings/ui'],
  ['not-found', '/some/path'],
  ['login', '/auth/login'],
  ['forgot-password', '/auth/forgot-password'],
  ['reset-password', `/auth/reset-password?token=example&email=${encodeURIComponent(DEMO.worker)}`],
];
const SIGNED_IN = [
  ['home', '/'],
  ['settings-password', '/settings/password'],
  ['mail-history', '/history/mail'],
  ['verify-email', '/verify-email'],
];

/** Lets a toast slide in and scrolls back up. */
async function settle(page) {
  await page.waitForTimeout(300);
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const [scheme, device, viewport] of looks([['desktop', DESKTOP], ['phone', PHONE]])) {
  test(`screenshots: ${scheme}, ${device}`, async () => {
    const shot = (page, name) => app.screenshot(page, `${name}-${scheme}-${device}`);
    const page = await app.open('/help', { viewport });
    await page.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
    for (const [name, path] of SIGNED_OUT) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      if (name === 'settings-ui') {
        await page.getByRole('button', { name: 'Сохранить' }).click();
        await page.locator('.toast').waitFor();
        await settle(page);
      }
      await shot(page, name);
    }
    if (device === 'phone') {
      await page.goto('/help');
      await page.getByRole('button', { name: 'Открыть меню' }).click();
      await page.locator('#sidebar').getByRole('button', { name: 'Настройки' }).click();
      await page.waitForTimeout(300);
      await shot(page, 'menu');
    }

    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByLabel('Эл. почта').fill('nobody@demo.klass');
    await page.getByLabel('Пароль', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.locator('.toast').waitFor();
    await settle(page);
    await shot(page, 'login-refused');

    // A mail for the history.
    await page.goto('/auth/forgot-password');
    await page.getByLabel('Эл. почта').fill(DEMO.worker);
    await page.getByRole('button', { name: 'Отправить ссылку' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');

    await app.signIn(page);
    for (const [name, path] of SIGNED_IN) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      await shot(page, name);
    }
    await page.goto('/settings/password');
    await page.getByRole('button', { name: 'Выйти на всех других устройствах' }).click();
    await page.getByRole('dialog').waitFor();
    await settle(page);
    await shot(page, 'other-sessions-dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Наталья Орлова' }).click();
    await shot(page, 'user-menu');
  });
}
