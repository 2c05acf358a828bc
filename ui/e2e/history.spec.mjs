// A person's mail on the card (issue 7, part 1): a manager sends one person a link to set a
// password and finds that mail, and only that person's mail, under the card's «Почта» tab.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useApp } from './support/app.mjs';

const app = useApp();

/** Opens the card of the first person a search finds; returns its path. */
async function openCard(page, search) {
  await page.goto(`/users?search=${encodeURIComponent(search)}`);
  await page.locator('.people-table tbody tr').first().click();
  await page.waitForURL(/\/users\/\d+$/);
  await page.locator('.user-details').waitFor();
  return new URL(page.url()).pathname;
}

/** Sends the person on the open card a link to set a password. */
async function sendPasswordLink(page) {
  await page.getByRole('button', { name: 'Пароль' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /Отправить ссылку/ }).click();
  await page.locator('.toast').filter({ hasText: 'Письмо отправлено на почту!' }).waitFor();
}

test("a manager finds a person's mail under the card's «Почта» tab", async () => {
  const page = await app.open('/');
  await app.signIn(page);
  await openCard(page, 'smirnova');
  await sendPasswordLink(page);
  const card = await openCard(page, 'kuznetsov');
  await sendPasswordLink(page);

  await page.getByRole('navigation', { name: 'Разделы пользователя' }).getByRole('link', { name: 'Почта' }).click();
  await page.waitForURL(`**${card}/mail`);
  await page.getByRole('heading', { level: 2, name: 'Почта' }).waitFor();
  const rows = page.locator('.data-table tbody tr');
  await rows.first().waitFor();
  const recipients = await page.locator('.data-table tbody td[data-label="Получатель"]').allInnerTexts();
  assert.deepEqual(recipients.map((text) => text.trim()), ['Кузнецов Андрей Павлович\nkuznetsov@demo.klass']);
  assert.match(await rows.first().locator('td[data-label="Тип"]').innerText(), /Установка пароля/);

  // The filters work here as on the whole history, in the page's address.
  await page.getByLabel('Статус').selectOption('failed');
  await page.getByText('Ничего не найдено по заданным условиям.').waitFor();
  assert.equal(new URL(page.url()).search, '?status=failed');
  await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
  await rows.first().waitFor();

  // The whole history still lists both.
  await page.locator('#sidebar').getByRole('button', { name: 'История' }).click();
  await page.locator('#sidebar').getByRole('link', { name: 'Письма' }).click();
  await page.waitForURL('**/history/mail');
  await page.locator('.data-table tbody tr').nth(1).waitFor();
  assert.deepEqual(page.errors, []);
});
