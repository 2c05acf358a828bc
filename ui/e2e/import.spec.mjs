// CSV import: a manager uploads a file with mistakes, sees each by row and column, nothing is
// written; then a good file (Windows-style: semicolons), imports it and finds the people in /users.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, useApp } from './support/app.mjs';

const app = useApp();

const csv = (name, text) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

const BAD = csv(
  'ошибки.csv',
  'Фамилия;Имя;Email;Роль\nИмпортова;Ирина;irina@import.klass;ученик\nБезпочтова;Белла;не-почта;ученик\nКосмонавтов;Кирилл;kirill@import.klass;космонавт\n',
);
const GOOD = csv(
  'ученики.csv',
  '\ufeffФамилия;Имя;Email;Роль;Email родителя\nИмпортова;Ирина;irina@import.klass;ученик;olga@import.klass\nИмпортова;Ольга;olga@import.klass;родитель;\n',
);

test('a manager sees the row errors of a bad file, then imports a good one', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  await page.goto('/users');
  await page.getByRole('button', { name: 'Импорт' }).or(page.getByRole('link', { name: 'Импорт' })).click();
  await page.waitForURL((url) => url.pathname === '/users/import');
  await page.getByRole('heading', { level: 1, name: 'Импорт пользователей' }).waitFor();

  const importButton = page.getByRole('button', { name: 'Импортировать' });
  assert.equal(await importButton.isDisabled(), true, 'nothing to import before a check');
  await page.getByLabel('CSV-файл').setInputFiles(BAD);
  await page.getByRole('button', { name: 'Проверить' }).click();
  const errors = page.locator('table.import-errors tbody tr');
  await errors.first().waitFor();
  assert.equal(await errors.count(), 2);
  const rows = await page.locator('table.import-errors td[data-label="Строка"]').allTextContents();
  assert.deepEqual(rows, ['3', '4']);
  await page.locator('table.import-errors').getByText('космонавт').waitFor();
  assert.equal(await importButton.isDisabled(), true, 'a file with errors cannot be imported');

  await page.getByLabel('CSV-файл').setInputFiles(GOOD);
  await page.getByRole('button', { name: 'Проверить' }).click();
  await page.getByText('будет создано: 2').waitFor();
  await importButton.click();
  await page.getByText('Импорт завершён.').waitFor();
  await page.getByRole('link', { name: 'Перейти к пользователям' }).click();
  await page.waitForURL((url) => url.pathname === '/users');
  await page.getByRole('searchbox').fill('Импортова');
  await page.locator('.people-table').getByText('Импортова Ирина').waitFor();
  await page.locator('.people-table').getByText('Импортова Ольга').waitFor();
  assert.deepEqual(page.errors, []);
});

test('the import page fits a phone in dark mode', async () => {
  const page = await app.open('/', { viewport: PHONE, colorScheme: 'dark' });
  await app.signIn(page);
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.goto('/users/import');
  await page.getByLabel('CSV-файл').setInputFiles(BAD);
  await page.getByRole('button', { name: 'Проверить' }).click();
  await page.locator('table.import-errors tbody tr').first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling at 360 px (${overflow}px too wide)`);
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
  await app.screenshot(page, 'import-phone-dark');
});
