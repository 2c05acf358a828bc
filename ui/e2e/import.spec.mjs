// CSV import: a manager uploads a file with mistakes, sees each by row and column, nothing is
// written; then a good file (Windows-style: semicolons), imports it and finds the people in /users.
// A file that changes people already in the school shows each change «было → станет» and asks
// before writing, naming how many people change.
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
  const errors = page.locator('table.import-rows tbody tr[data-kind="errors"]');
  await errors.first().waitFor();
  assert.equal(await errors.count(), 2);
  const rows = await errors.locator('td[data-label="Строка"]').allTextContents();
  assert.deepEqual(rows, ['3', '4']);
  await page.locator('table.import-rows .import-row-errors').getByText('Неизвестная роль «космонавт»').waitFor();
  assert.equal(await importButton.isDisabled(), true, 'a file with errors cannot be imported');

  await page.getByLabel('CSV-файл').setInputFiles(GOOD);
  await page.getByRole('button', { name: 'Проверить' }).click();
  await page.getByText('будет создано: 2').waitFor();
  await importButton.click();
  assert.equal(await page.getByRole('dialog').count(), 0, 'only new people: nothing to confirm');
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
  await page.locator('table.import-rows tbody tr').first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling at 360 px (${overflow}px too wide)`);
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
  await app.screenshot(page, 'import-phone-dark');
});

const CHANGES = csv(
  'изменения.csv',
  'Фамилия;Имя;Email;Телефон;Роль\nПетрова;Екатерина;popova@demo.klass;+7 900 111-22-33;\nКузнецов;Андрей;kuznetsov@demo.klass;+7 900 111-22-44;родитель\nНовикова;Нина;nina@import.klass;;учитель\n',
);

test('a file that changes people shows «было → станет» and asks before changing 2 people', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  await page.goto('/users/import');
  await page.getByLabel('CSV-файл').setInputFiles(CHANGES);
  await page.getByRole('button', { name: 'Проверить' }).click();
  const table = page.locator('table.import-rows');
  const popova = table.locator('tbody tr', { hasText: 'popova@demo.klass' });
  await popova.waitFor();
  assert.equal((await popova.locator('td[data-label="Фамилия"]').innerText()).trim(), 'Попова → Петрова');
  assert.equal((await popova.locator('td[data-label="Действие"]').innerText()).trim(), 'Изменение');
  const kuznetsov = table.locator('tbody tr', { hasText: 'kuznetsov@demo.klass' });
  await kuznetsov.getByText('+ Родитель').waitFor();
  const nina = table.locator('tbody tr', { hasText: 'nina@import.klass' });
  await nina.getByText('Новый').waitFor();
  await nina.getByText('+ Сотрудник').waitFor();

  await page.getByRole('radio', { name: /Изменения/ }).check();
  assert.equal(await table.locator('tbody tr').count(), 2, 'the filter shows the changed rows only');

  const importButton = page.getByRole('button', { name: 'Импортировать', exact: true });
  await importButton.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Файл изменит людей, которые уже есть в школе: 2 человека.').waitFor();
  await dialog.getByText('Роль «Сотрудник» получат: 1 человек.').waitFor();
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await page.getByText('Импорт завершён.').count(), 0, 'cancelled: nothing written');

  await importButton.click();
  await dialog.getByRole('button', { name: 'Импортировать' }).click();
  await page.getByText('Импорт завершён.').waitFor();
  await page.getByText('Создано: 1, изменено: 2').waitFor();
  await page.goto('/users');
  await page.getByRole('searchbox').fill('Петрова Екатерина');
  await page.locator('.people-table').getByText('Петрова Екатерина').waitFor();
  assert.deepEqual(page.errors, []);
});
