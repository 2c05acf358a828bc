// Backups: a manager opens «Резервные копии» from the settings menu, makes a copy, watches it
// finish, sees it listed with its status, and downloads exactly the file the server keeps.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { useApp } from './support/app.mjs';

const app = useApp();

test('a manager makes a copy, sees its status and downloads it', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  await page.goto('/settings/backups');
  await page.getByRole('heading', { level: 1, name: 'Резервные копии' }).waitFor();
  await page.getByText('Копий пока нет.').waitFor();
  await page.getByText('Каждую ночь в 03:00.', { exact: false }).waitFor();

  await page.getByRole('button', { name: 'Сделать копию сейчас' }).click();
  // The button waits while the copy is made (the progress bar shows meanwhile), then the copy is listed.
  const row = page.locator('.backups-table tbody tr').first();
  await row.waitFor();
  await page.getByText('Копия готова').waitFor();
  assert.equal(await row.locator('td[data-label="Состояние"]').textContent(), 'Не проверялась');
  assert.match(await row.locator('td[data-label="Версия"]').textContent(), /схема \d+/);
  const link = row.getByRole('link');
  const name = await link.textContent();
  assert.match(name, /^klass-\d{4}-\d{2}-\d{2}-\d{6}\.tar\.gz$/);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  assert.equal(download.suggestedFilename(), name);
  const kept = readFileSync(join(app.dataDir, 'backups', name));
  assert.deepEqual(readFileSync(await download.path()), kept);
  assert.deepEqual(page.errors, []);
});

test('the copies are in the settings menu for a manager only', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Резервные копии' }).first().waitFor();
  const worker = await app.open('/');
  await app.signIn(worker, 'smirnova@demo.klass');
  await worker.goto('/settings');
  await worker.getByRole('heading', { level: 1, name: 'Настройки' }).waitFor();
  assert.equal(await worker.getByRole('link', { name: 'Резервные копии' }).count(), 0);
});
