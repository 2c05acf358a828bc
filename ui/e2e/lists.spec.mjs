// The list kit (issue 12): a list page keeps its search, order, page size and page in the address
// (a reload and back/forward show the same list) on the tags page, whose rows the browser pages,
// and on the people list, which the server pages; pictures of the people list and the activity
// log at 1366 px and 360 px, light and dark.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, looks, useApp } from './support/app.mjs';

const app = useApp();
const WIDE = { width: 1366, height: 800 };

const tagNames = (page) => page.locator('.tags-table tbody .tag-badge').allInnerTexts();
const search = (page) => new URL(page.url()).search;

test('the tags list is searched and sorted through the address, and keeps both on reload and back', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  await page.goto('/tags');
  await page.locator('.tags-table').waitFor();
  const all = await tagNames(page);
  assert.ok(all.length > 2, `the demo school has tags: ${all}`);
  assert.deepEqual(all, [...all].sort((a, b) => a.localeCompare(b, 'ru')));

  // A click on «Люди» orders by how many people carry a tag; a second click turns it round.
  await page.getByRole('button', { name: /^Люди/ }).click();
  await page.waitForURL((url) => url.search === '?sort=users_count');
  await page.getByRole('button', { name: /^Люди/ }).click();
  await page.waitForURL((url) => url.search === '?sort=-users_count');
  // The address changes a moment before the table is drawn again in its new order.
  await page.waitForFunction(() => {
    const cells = [...document.querySelectorAll('.tags-table tbody td[data-label="Люди"]')];
    const numbers = cells.map((cell) => parseInt(cell.textContent ?? '', 10));
    return numbers.every((n, i) => i === 0 || numbers[i - 1] >= n);
  });
  const counts = (await page.locator('.tags-table tbody td[data-label="Люди"]').allInnerTexts()).map((text) => parseInt(text, 10));
  assert.deepEqual(counts, [...counts].sort((a, b) => b - a));

  // The search narrows the list and joins the address; a reload shows the same.
  const wanted = all[0];
  await page.getByRole('searchbox', { name: 'Поиск по названию тега' }).fill(wanted.slice(0, 4).toUpperCase());
  await page.waitForURL((url) => url.searchParams.has('search'));
  assert.ok((await tagNames(page)).includes(wanted));
  await page.reload();
  await page.locator('.tags-table').waitFor();
  assert.equal(await page.getByRole('searchbox', { name: 'Поиск по названию тега' }).inputValue(), wanted.slice(0, 4).toUpperCase());
  assert.match(search(page), /sort=-users_count/);

  // Nothing found: «Сбросить фильтры» brings every tag back.
  await page.getByRole('searchbox', { name: 'Поиск по названию тега' }).fill('нет такого тега');
  await page.getByText('Ничего не найдено по заданным условиям.').waitFor();
  await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
  await page.locator('.tags-table').waitFor();
  assert.equal(search(page), '');
  assert.equal((await tagNames(page)).length, all.length);
  await page.goBack();
  await page.waitForURL((url) => url.searchParams.get('search') === 'нет такого тега');
  await page.getByText('Ничего не найдено по заданным условиям.').waitFor();
  assert.deepEqual(page.errors, []);
});

test('the people list changes its page size and page through the address, and back undoes each', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  await page.goto('/users');
  const rows = page.locator('.people-table tbody tr');
  await rows.first().waitFor();
  assert.equal(await rows.count(), 20);
  await page.getByText(/^Показаны 1–20 из \d+$/).waitFor();

  await page.getByLabel('На странице').selectOption('50');
  await page.waitForURL((url) => url.search === '?per_page=50');
  await page.getByText(/^Показаны 1–50 из \d+$/).waitFor();
  await page.getByRole('navigation', { name: 'Страницы' }).getByRole('button', { name: 'Вперёд' }).click();
  await page.waitForURL((url) => url.search === '?per_page=50&page=2');
  await page.getByText(/^Показаны 51–\d+ из \d+$/).waitFor();

  await page.reload();
  await page.getByText(/^Показаны 51–\d+ из \d+$/).waitFor();
  await page.goBack();
  await page.getByText(/^Показаны 1–50 из \d+$/).waitFor();
  await page.goBack();
  await page.getByText(/^Показаны 1–20 из \d+$/).waitFor();
  assert.deepEqual(page.errors, []);
});

test('on a phone, where the headers are hidden, «Порядок» sorts the list', async () => {
  const page = await app.open('/', { viewport: PHONE });
  await app.signIn(page);
  await page.goto('/tags');
  await page.locator('.tags-table').waitFor();
  await page.getByLabel('Порядок').selectOption({ label: 'Люди ↓' });
  await page.waitForURL((url) => url.search === '?sort=-users_count');
  // The address changes a moment before the table is drawn again in its new order.
  await page.waitForFunction(() => {
    const cells = [...document.querySelectorAll('.tags-table tbody td[data-label="Люди"]')];
    const numbers = cells.map((cell) => parseInt(cell.textContent ?? '', 10));
    return numbers.every((n, i) => i === 0 || numbers[i - 1] >= n);
  });
  const counts = (await page.locator('.tags-table tbody td[data-label="Люди"]').allInnerTexts()).map((text) => parseInt(text, 10));
  assert.deepEqual(counts, [...counts].sort((a, b) => b - a));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `/tags is ${overflow}px wider than the screen`);
});

for (const [scheme, device, viewport] of looks([['wide', WIDE], ['phone', PHONE]])) {
  test(`list screenshots: ${scheme}, ${device}`, async () => {
    const page = await app.open('/help', { viewport, colorScheme: scheme });
    await page.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
    await app.signIn(page);
    const shot = async (name, path, ready) => {
      await app.visit(page, path, ready);
      await app.screenshot(page, `kit-${name}-${scheme}-${device}`);
    };
    await shot('users', '/users?sort=-created_at', '.people-table');
    await shot('log', '/history', '.activity-table');
    await shot('tags', '/tags', '.tags-table');
  });
}
