import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useApp } from './support/app.mjs';

const app = useApp();
const isDark = (page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

test('starts light by default, even when the OS prefers dark', async () => {
  const page = await app.open('/help', { colorScheme: 'dark' });
  await page.getByRole('heading', { name: 'Справка', level: 1 }).waitFor();
  assert.equal(await isDark(page), false);
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
});

test('dark mode chosen in the settings sets the dark class and survives a reload', async () => {
  const page = await app.open('/settings/ui');
  await page.getByLabel('Тёмная').check();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
  assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
  await page.reload();
  await page.getByRole('heading', { name: 'Интерфейс', level: 1 }).waitFor();
  assert.equal(await isDark(page), true);
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.deepEqual(page.errors, []);
});

test('system mode follows the OS live', async () => {
  const page = await app.open('/settings/ui');
  await page.getByLabel('Как в системе').check();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  assert.equal(await isDark(page), false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
});

test('the top bar switch cycles light -> dark -> system', async () => {
  const page = await app.open('/help');
  await page.getByRole('button', { name: 'Тема: светлая' }).click();
  assert.equal(await isDark(page), true);
  await page.getByRole('button', { name: 'Тема: тёмная' }).click();
  await page.getByRole('button', { name: 'Тема: как в системе' }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'system');
});

test('the primary colour is kept', async () => {
  const page = await app.open('/settings/ui');
  await page.getByText('Фиолетовый').click();
  assert.equal(await page.getByLabel('Фиолетовый').isChecked(), true);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.reload();
  assert.equal(await page.getAttribute('html', 'data-primary'), 'violet');
});
