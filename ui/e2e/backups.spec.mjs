// Backups: a manager opens «Резервные копии» from the settings menu, makes a copy, sees its
// progress while it is made, sees it listed with its status, and downloads exactly the file the
// server keeps.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { useApp } from './support/app.mjs';

const app = useApp();

test('a manager makes a copy, sees its progress and status, and downloads it', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  await page.goto('/settings/backups');
  await page.getByRole('heading', { level: 1, name: 'Резервные копии' }).waitFor();
  await page.getByText('Копий пока нет.').waitFor();
  await page.getByText('Каждую ночь в 03:00.', { exact: false }).waitFor();

  // The page's polls of the list are held until the progress has been seen: a copy of the small
  // e2e school may be made in a moment, and must not finish on screen before it is checked. The
  // answer to the click says a copy is being made (the server reads its state first), so the
  // page shows the progress from that answer on, and keeps it while the next poll is held.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route('**/api/backups', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });
  const progress = page.getByRole('progressbar', { name: 'Ход копирования' });
  const shown = progress.waitFor({ state: 'attached' });
  shown.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
  const started = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/backups',
  );
  const makeNow = page.getByRole('button', { name: 'Сделать копию сейчас' });
  await makeNow.click();
  const answer = await started;
  assert.equal(answer.status(), 202);
  assert.ok((await answer.json()).running, 'the answer to «Сделать копию сейчас» says a copy is being made');
  await shown;
  assert.match(await page.locator('.backups-progress').textContent(), /^(Копирование таблиц|Сжатие и запись копии): \d{1,3}%$/);
  const percent = await progress.evaluate((bar) => bar.value);
  assert.ok(percent >= 0 && percent <= 100, `progress ${percent}`);
  assert.equal(await makeNow.isDisabled(), true);
  release();

  // Then the progress goes, the copy is listed and the page says it is ready.
  const row = page.locator('.backups-table tbody tr').first();
  await row.waitFor();
  await page.getByText('Копия готова').waitFor();
  await progress.waitFor({ state: 'detached' });
  assert.equal(await makeNow.isDisabled(), false);
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
