import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useApp } from './support/app.mjs';

const app = useApp();

test('an unknown path shows the 404 page', async () => {
  const page = await app.open('/some/path');
  await page.getByText('Page not found: /some/path').waitFor();
  assert.match(await page.locator('.error-status').innerText(), /404 · Page Not Found/);
  assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Страница не найдена');
});

test('a deep link loads the right page, and so does a reload', async () => {
  const page = await app.open('/settings/ui');
  await page.getByRole('heading', { name: 'Интерфейс', level: 1 }).waitFor();
  assert.equal(await page.title(), 'Интерфейс · Klass');
  await page.locator('#sidebar').getByRole('link', { name: 'Справка' }).click();
  await page.getByRole('heading', { name: 'Справка', level: 1 }).waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Справка', level: 1 }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/help');
  assert.deepEqual(page.errors, []);
});

test('the help page shows the version the server reports', async () => {
  const page = await app.open('/help');
  const health = await (await fetch(`${app.url}/api/health`)).json();
  await page.getByText(health.build, { exact: true }).first().waitFor();
  assert.ok(await page.getByText(health.version, { exact: true }).isVisible());
});

test('no more than 5 toasts are shown; the same toast again counts up instead of stacking', async () => {
  const page = await app.open('/auth/login');
  // Seven different failures (the server's message is the title of a 5xx toast, spec §8).
  let n = 0;
  await page.route('**/login', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: `Сбой №${++n}` }) })
      : route.continue(),
  );
  await page.getByLabel('Эл. почта').fill('director@demo.klass');
  await page.getByLabel('Пароль', { exact: true }).fill('klass-demo');
  const toasts = page.locator('.toaster .toast');
  for (let i = 1; i <= 7; i++) {
    await page.getByRole('button', { name: 'Войти' }).click();
    await toasts.filter({ hasText: `Сбой №${i}` }).waitFor();
  }
  assert.equal(await toasts.count(), 5);
  assert.equal(await toasts.first().getByText('Сбой №3').count(), 1);
  await toasts.first().getByRole('button', { name: 'Закрыть уведомление' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.toaster .toast').length === 4);

  // Saving the settings seven times is one toast that says how often.
  await page.goto('/settings/ui');
  await page.getByRole('button', { name: 'Сохранить' }).focus();
  for (let i = 0; i < 7; i++) await page.keyboard.press('Enter');
  const saved = toasts.filter({ hasText: 'Настройки сохранены' });
  await saved.locator('.toast-count', { hasText: '×7' }).waitFor();
  assert.equal(await saved.count(), 1);
});

test('? opens the keyboard shortcuts and Esc closes them', async () => {
  const page = await app.open('/help');
  await page.getByRole('heading', { name: 'Справка', level: 1 }).waitFor();
  await page.keyboard.press('Shift+Slash');
  const dialog = page.getByRole('dialog', { name: 'Горячие клавиши' });
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
});

test('a tooltip opens 700 ms after hover', async () => {
  const page = await app.open('/help');
  await page.getByRole('button', { name: 'Горячие клавиши' }).hover();
  const started = Date.now();
  const tooltip = page.getByRole('tooltip');
  await page.waitForTimeout(400);
  assert.equal(await tooltip.count(), 0, 'not yet at 400 ms');
  await tooltip.waitFor();
  assert.ok(Date.now() - started >= 650, 'opened after about 700 ms');
  assert.equal(await tooltip.innerText(), 'Горячие клавиши (?)');
});

test('the API docs at /api/docs show every area of the API under the strict content policy', async () => {
  const page = await app.open('/api/docs');
  await page.getByRole('heading', { name: /Klass API/ }).waitFor();
  await page.locator('.opblock').nth(100).waitFor();
  await page.locator('.opblock-summary-path', { hasText: '/api/lessons/{id}/journal' }).first().waitFor();
  assert.deepEqual(page.errors, []);
});
