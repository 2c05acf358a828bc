// People: a manager creates a parent and a student, links them, tags the student, acts as the
// parent (who then sees only himself and his child) and returns; pictures of the people pages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, PHONE, looks, useApp } from './support/app.mjs';

const app = useApp();

/** Fills the person form of /users/create and waits for the new card; returns its path. */
async function createPerson(page, { last, first, email, role, born = '' }) {
  await page.goto('/users/create');
  const form = page.locator('form.person-form');
  await form.getByLabel('Фамилия').fill(last);
  await form.getByLabel('Имя', { exact: true }).fill(first);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Дата рождения').fill(born);
  await form.getByLabel(role, { exact: true }).check();
  await form.getByRole('button', { name: 'Создать' }).click();
  await page.waitForURL(/\/users\/\d+$/);
  await page.getByRole('heading', { level: 1, name: `${last} ${first}` }).waitFor();
  return new URL(page.url()).pathname;
}

const rowNames = (page) => page.locator('.people-table tbody td[data-label="ФИО"] a').allTextContents();

test('a manager links a parent and a child, tags the child, acts as the parent and returns', async () => {
  const page = await app.open('/');
  await app.signIn(page);

  // The form shows the server's per-field messages.
  await page.goto('/users/create');
  const form = page.locator('form.person-form');
  await form.getByRole('button', { name: 'Создать' }).click();
  await form.getByText('Выберите хотя бы одну роль').waitFor();
  await form.getByLabel('Фамилия').fill('Проверкина');
  await form.getByLabel('Имя', { exact: true }).fill('Вера');
  await form.getByLabel('Email', { exact: true }).fill('vera@demo.klass');
  await form.getByLabel('Телефон').fill('12');
  await form.getByLabel('Ученик', { exact: true }).check();
  await form.getByRole('button', { name: 'Создать' }).click();
  await form.getByText('Введите корректный номер телефона').waitFor();
  // A birth date is typed the Russian way, whatever the browser's language; no such day is refused.
  assert.equal(await form.getByLabel('Дата рождения').getAttribute('placeholder'), 'ДД.ММ.ГГГГ');
  await form.getByLabel('Дата рождения').fill('31.02.2010');
  await form.getByRole('button', { name: 'Создать' }).click();
  await form.getByText('Введите дату в формате ДД.ММ.ГГГГ').waitFor();

  const parent = await createPerson(page, { last: 'Тестова', first: 'Ольга', email: 'olga.testova@demo.klass', role: 'Родитель' });
  const child = await createPerson(page, { last: 'Тестов', first: 'Пётр', email: 'petr.testov@demo.klass', role: 'Ученик', born: '05.03.2012' });
  await page.locator('.user-details').getByText('05.03.2012').waitFor();
  // A user's pages keep «Пользователи» lit in the menu.
  const usersLink = page.locator('#sidebar').getByRole('link', { name: 'Пользователи' });
  assert.equal(await usersLink.getAttribute('aria-current'), 'true');
  await page.goto(`${child}/update`);
  assert.equal(await page.getByLabel('Дата рождения').inputValue(), '05.03.2012');
  assert.equal(await usersLink.getAttribute('aria-current'), 'true');
  await page.goto(child);

  // Link: the child's parents page, search, add: saved at once.
  await page.getByRole('navigation', { name: 'Разделы пользователя' }).getByRole('link', { name: 'Родители' }).click();
  await page.waitForURL(`**${child}/parents`);
  await page.getByRole('searchbox', { name: 'Найти: родитель' }).fill('тестова');
  await page.getByRole('button', { name: /Тестова Ольга/ }).click();
  await page.locator('.toast', { hasText: 'Связь добавлена' }).waitFor();
  await page.getByRole('button', { name: 'К карточке' }).click();
  await page.waitForURL(`**${child}`);
  await page.locator('.relatives').getByRole('link', { name: 'Тестова Ольга' }).waitFor();

  // Tag the child.
  await page.getByRole('button', { name: 'Теги' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Новичок').check();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await page.locator('.user-details .tag-badge', { hasText: 'Новичок' }).waitFor();

  // The search folds ё: "петр" finds Пётр.
  await page.goto('/users?search=%D0%BF%D0%B5%D1%82%D1%80');
  await page.getByRole('link', { name: 'Тестов Пётр' }).waitFor();

  // Act as the parent.
  await page.goto(parent);
  await page.getByRole('button', { name: 'Войти как' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const banner = page.locator('.impersonation-banner');
  await banner.getByText('Вы вошли как Тестова Ольга').waitFor();

  await page.goto('/users');
  await page.locator('.people-table').waitFor();
  assert.deepEqual((await rowNames(page)).sort(), ['Тестов Пётр', 'Тестова Ольга']);
  assert.equal(await page.getByRole('link', { name: 'Создать' }).count(), 0);
  await page.getByRole('link', { name: 'Тестов Пётр' }).click();
  await page.getByRole('heading', { level: 1, name: 'Тестов Пётр' }).waitFor();
  assert.equal(await page.locator('.user-actions').count(), 0);

  // And back, to the card it started from.
  await banner.getByRole('button', { name: 'Вернуться в свой аккаунт' }).click();
  await page.waitForURL((url) => url.pathname === parent);
  await banner.waitFor({ state: 'detached' });
  await page.goto('/users');
  await page.locator('.people-table').waitFor();
  assert.ok((await rowNames(page)).length > 2);
  assert.deepEqual(page.errors, []);
});

test('when the tags do not load, /tags says so and a retry loads them', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  await page.route('**/api/tags', (route) => route.abort('connectionrefused'), { times: 1 });
  await page.goto('/tags');
  await page.getByText('Не удалось загрузить теги.').waitFor();
  await page.getByRole('button', { name: 'Повторить' }).click();
  await page.locator('.tags-table').waitFor();
});

test('a manager deletes a user after confirming and restores him', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  await page.goto('/users?search=belov');
  await page.locator('.people-table tbody tr').first().click();
  await page.waitForURL(/\/users\/\d+$/);
  await page.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();
  assert.equal(await page.locator('.profile-header').getByText('Удалён').count(), 0);
  await page.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await page.locator('.profile-header').getByText('Удалён').waitFor();
  await page.getByRole('button', { name: 'Восстановить' }).click();
  await page.locator('.profile-header').getByText('Удалён').waitFor({ state: 'detached' });
});

for (const [scheme, device, viewport] of looks([['desktop', DESKTOP], ['phone', PHONE]])) {
  test(`people screenshots: ${scheme}, ${device}`, async () => {
    const page = await app.open('/help', { viewport, colorScheme: scheme });
    await page.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
    await app.signIn(page);
    const shot = async (name, path, ready) => {
      await app.visit(page, path, ready);
      await app.screenshot(page, `${name}-${scheme}-${device}`);
    };
    await shot('users', '/users?tag=1', '.people-table');
    await page.goto('/users?search=artem.ivanov');
    await page.locator('.people-table tbody tr').first().click();
    await page.locator('.user-details .tag-badge').first().waitFor();
    const card = new URL(page.url()).pathname;
    await shot('user-card', card, '.user-details .tag-badge');
    await shot('user-parents', `${card}/parents`, '.picker-chosen li button');
    await shot('user-create', '/users/create', 'form.person-form');
    await shot('tags', '/tags', '.tags-table');
    await page.getByRole('button', { name: 'Создать тег' }).click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(200);
    await app.screenshot(page, `tag-dialog-${scheme}-${device}`);
  });
}
