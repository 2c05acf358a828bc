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

test('no more than 5 toasts are shown', async () => {
  const page = await app.open('/settings/ui');
  // The toasts soon cover the button's corner: save from the keyboard, as a person then would.
  await page.getByRole('button', { name: 'Сохранить' }).focus();
  for (let i = 0; i < 7; i++) await page.keyboard.press('Enter');
  const toasts = page.locator('.toaster .toast');
  assert.equal(await toasts.count(), 5);
  assert.equal(await toasts.first().getByText('Настройки сохранены').count(), 1);
  await toasts.first().getByRole('button', { name: 'Закрыть уведомление' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.toaster .toast').length === 4);
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
