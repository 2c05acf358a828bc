// Files: a manager uploads a file with a Cyrillic name into a user's cabinet through the UI,
// sees it listed, downloads it under its own name, and deletes it after confirming.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { PHONE, useApp } from './support/app.mjs';

const app = useApp();
const NAME = 'Договор №5 — Иванов.txt';
const CONTENTS = 'Договор об оказании образовательных услуг\n';

test('a manager uploads, downloads and deletes a file with a Cyrillic name', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  // Any user of the demo school: the first of the list.
  const id = await page.evaluate(async () => {
    const response = await fetch('/api/users?per_page=1', { headers: { Accept: 'application/json' } });
    return (await response.json()).data[0].id;
  });

  // The card has a «Файлы» tab.
  await page.goto(`/users/${id}`);
  await page.getByRole('navigation', { name: 'Разделы пользователя' }).getByRole('link', { name: 'Файлы' }).click();
  await page.waitForURL(`**/users/${id}/files`);
  await page.getByRole('heading', { level: 2, name: 'Файлы' }).waitFor();

  await page.locator('input[type="file"]').setInputFiles({ name: NAME, mimeType: 'text/plain', buffer: Buffer.from(CONTENTS) });
  const link = page.locator('.files-table').getByRole('link', { name: NAME });
  await link.waitFor();
  const row = page.locator('.files-table tbody tr').filter({ hasText: NAME });
  assert.equal(await row.locator('td[data-label="Тип"]').textContent(), 'TXT');

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  assert.equal(download.suggestedFilename(), NAME);
  assert.equal(readFileSync(await download.path(), 'utf8'), CONTENTS);

  // An empty file is refused with the server's words.
  await page.locator('input[type="file"]').setInputFiles({ name: 'пусто.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
  await page.getByRole('alert').getByText('Файл пустой').waitFor();

  // Delete: «Отмена» keeps it, «Удалить» removes it.
  await row.getByRole('button', { name: `Удалить ${NAME}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();
  assert.equal(await link.count(), 1);
  await row.getByRole('button', { name: `Удалить ${NAME}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await page.getByText('Файлов пока нет.').waitFor();
  assert.deepEqual(page.errors, []);
});

test('the cabinet fits a phone in dark mode', async () => {
  const page = await app.open('/', { viewport: PHONE, colorScheme: 'dark' });
  await app.signIn(page);
  const id = await page.evaluate(async () => {
    const response = await fetch('/api/users?per_page=1', { headers: { Accept: 'application/json' } });
    return (await response.json()).data[0].id;
  });
  await page.goto(`/users/${id}/files`);
  await page.getByRole('heading', { level: 2, name: 'Файлы' }).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  await app.screenshot(page, 'files-phone-dark');
});
