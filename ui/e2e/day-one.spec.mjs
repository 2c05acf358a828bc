// The rough edges a school meets on day one (issue 11, items 19–24): merged toasts with field
// messages, sign-in from a deep link, the way back from "login as", the 403 and missing-card
// pages, parents picked when a student is created and links saved at once, the upload limit
// checked in the browser, one word per role, one palette, declined names; and their pictures.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO, PHONE, looks, useApp } from './support/app.mjs';

const app = useApp({ env: { KLASS_FILES__MAX_UPLOAD_MB: '1' } });
const WIDE = { width: 1366, height: 800 };

/** Fills the sign-in form; the caller waits for where it leads. */
async function submitSignIn(page, email = DEMO.manager) {
  await page.getByLabel('Эл. почта').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

/** The id of the first person a search finds (as the signed-in page's user). */
const findId = (page, search) =>
  page.evaluate(async (text) => {
    const response = await fetch(`/api/users?search=${encodeURIComponent(text)}&per_page=1`, { headers: { Accept: 'application/json' } });
    return (await response.json()).data[0].id;
  }, search);

test('signing in from a deep link lands on that page; a foreign redirect is refused', async () => {
  const page = await app.open('/users/1/files?x=1');
  await page.waitForURL((url) => url.pathname === '/auth/login');
  assert.equal(new URL(page.url()).searchParams.get('redirect'), '/users/1/files?x=1');
  await submitSignIn(page);
  await page.waitForURL((url) => url.pathname === '/users/1/files' && url.search === '?x=1');
  await page.getByRole('heading', { level: 2, name: 'Файлы' }).waitFor();
  // Signed in already (another tab signed in first): the sign-in link goes straight on.
  await page.goto('/auth/login?redirect=%2Fusers%2F1');
  await page.waitForURL((url) => url.pathname === '/users/1');

  for (const evil of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/auth/forgot-password']) {
    const other = await app.open(`/auth/login?redirect=${encodeURIComponent(evil)}`);
    await submitSignIn(other);
    await other.waitForURL((url) => url.origin === app.url && url.pathname === '/');
    await other.context().close();
  }
  assert.deepEqual(page.errors, []);
});

test('login as names the person declined and leaving returns to the card it started from', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  const card = `/users/${await findId(page, 'smirnova@demo.klass')}`;
  await page.goto(card);
  await page.getByRole('button', { name: 'Войти как' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('глазами Смирновой Ольги Викторовны').waitFor();
  await dialog.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.locator('.impersonation-banner').getByRole('button', { name: 'Вернуться в свой аккаунт' }).click();
  await page.waitForURL((url) => url.pathname === card);
  await page.locator('.impersonation-banner').waitFor({ state: 'detached' });
  await page.getByRole('heading', { level: 1, name: 'Смирнова Ольга Викторовна' }).waitFor();
});

test('the 403 page says access is missing and a missing card leads back to the list', async () => {
  const page = await app.open('/');
  await app.signIn(page, DEMO.worker);
  await page.goto('/users/create');
  const error = page.locator('.error-page');
  await error.getByRole('heading', { name: 'Нет доступа' }).waitFor();
  assert.match(await error.innerText(), /нет прав/);
  assert.doesNotMatch(await error.innerText(), /Обновите страницу/);
  await error.getByRole('button', { name: 'На главную' }).waitFor();

  await page.goto('/users/99999');
  await page.getByText('Такого пользователя нет').waitFor();
  await page.getByRole('button', { name: 'К списку пользователей' }).click();
  await page.waitForURL((url) => url.pathname === '/users');
  await page.locator('.people-table').waitFor();
});

test('the same failure three times is one toast «×3», with the message at the field', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  await page.goto('/settings/password');
  await page.getByLabel('Текущий пароль').fill('не-тот-пароль');
  await page.getByLabel('Новый пароль', { exact: true }).fill('новый-пароль-123');
  await page.getByLabel('Новый пароль ещё раз').fill('новый-пароль-123');
  for (let i = 0; i < 3; i++) {
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/user/password'));
    await page.getByRole('button', { name: 'Сменить пароль' }).click();
    assert.equal((await answered).status(), 422);
  }
  const toasts = page.locator('.toast', { hasText: 'Перепроверьте все обязательные поля!' });
  await toasts.locator('.toast-count', { hasText: '×3' }).waitFor();
  assert.equal(await toasts.count(), 1);
  await toasts.getByText('Незаполненные и неправильно заполненные данные не сохранятся').waitFor();
  await page.locator('small', { hasText: 'Неверный текущий пароль' }).waitFor();
  assert.equal(await page.getByLabel('Текущий пароль').getAttribute('aria-invalid'), 'true');
});

test('a student is created with a parent, and links on the parents page save at once', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  await page.goto('/users/create');
  const form = page.locator('form.person-form');
  await form.getByLabel('Фамилия').fill('Первоклассова');
  await form.getByLabel('Имя', { exact: true }).fill('Дарья');
  await form.getByLabel('Email', { exact: true }).fill('darya.first@demo.klass');
  assert.equal(await form.getByRole('searchbox', { name: 'Найти: родитель' }).count(), 0, 'only for a student');
  await form.getByLabel('Ученик', { exact: true }).check();
  await form.getByRole('searchbox', { name: 'Найти: родитель' }).fill('smirnova');
  // A worker is no parent: nobody is offered; then a real parent.
  await form.getByText('Никого не нашлось').waitFor();
  await form.getByRole('searchbox', { name: 'Найти: родитель' }).fill('ова');
  const offered = form.locator('.picker-results button').first();
  const parentName = (await offered.locator('span').first().innerText()).replace(/^\+ /, '');
  await offered.click();
  await form.getByRole('button', { name: 'Создать' }).click();
  await page.waitForURL(/\/users\/\d+$/);
  const card = new URL(page.url()).pathname;
  await page.locator('.relatives').getByRole('link', { name: parentName }).waitFor();

  // Removing saves at once: the page can be left without a save button.
  await page.goto(`${card}/parents`);
  await page.getByRole('button', { name: `Убрать: ${parentName}` }).click();
  await page.locator('.toast', { hasText: 'Связь убрана' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Сохранить' }).count(), 0);
  await page.goto(card);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  assert.equal(await page.locator('.relatives').getByRole('link', { name: parentName }).count(), 0);

  // And adding too.
  await page.goto(`${card}/parents`);
  await page.getByRole('searchbox', { name: 'Найти: родитель' }).fill(parentName.split(' ')[0]);
  await page.getByRole('button', { name: new RegExp(parentName) }).click();
  await page.locator('.toast', { hasText: 'Связь добавлена' }).waitFor();
  await page.goto(card);
  await page.locator('.relatives').getByRole('link', { name: parentName }).waitFor();
});

test('the file cabinet shows the upload limit and refuses a larger file before sending it', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  await page.goto('/users/1/files');
  await page.getByText('Файл до 1 МБ').waitFor();
  const uploads = [];
  page.on('request', (request) => request.method() === 'POST' && request.url().includes('/files') && uploads.push(request.url()));
  await page.locator('input[type="file"]').setInputFiles({ name: 'большой.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(1024 * 1024 + 1) });
  await page.getByRole('alert').filter({ hasText: '«большой.pdf» (1 МБ) больше 1 МБ' }).waitFor();
  assert.deepEqual(uploads, []);
  await page.locator('input[type="file"]').setInputFiles({ name: 'малый.txt', mimeType: 'text/plain', buffer: Buffer.from('ок') });
  await page.locator('.files-table').getByRole('link', { name: 'малый.txt' }).waitFor();
  assert.equal(uploads.length, 1);
});

test('one word per role and one palette everywhere', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  await page.goto('/settings');
  await page.locator('.version').getByText('Менеджер').waitFor();
  await page.goto('/help');
  await page.getByRole('heading', { name: 'Роли' }).waitFor();
  assert.doesNotMatch(await page.locator('main').innerText(), /[Рр]уководител/);

  await page.goto('/settings/ui');
  await page.locator('.swatches').waitFor();
  const settingsNames = (await page.locator('.swatches label').allInnerTexts()).map((t) => t.trim());
  await page.goto('/tags');
  await page.getByRole('button', { name: 'Создать тег' }).click();
  const tagNames = await page.getByRole('dialog').locator('.palette .swatch').evaluateAll((labels) => labels.map((l) => l.title));
  assert.equal(tagNames.length, 18);
  assert.deepEqual(tagNames, settingsNames);
});

for (const [scheme, device, viewport] of looks([['wide', WIDE], ['phone', PHONE]])) {
  test(`day-one screenshots: ${scheme}, ${device}`, async () => {
    const page = await app.open('/help', { viewport, colorScheme: scheme });
    await page.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
    await page.goto('/users/1/files');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await app.screenshot(page, `day-one-login-redirect-${scheme}-${device}`);
    await submitSignIn(page);
    await page.waitForURL((url) => url.pathname === '/users/1/files');
    await page.getByText('Файл до 1 МБ').waitFor();
    await page.locator('input[type="file"]').setInputFiles({ name: 'большой.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(1024 * 1024 + 1) });
    await page.getByRole('alert').waitFor();
    await app.screenshot(page, `day-one-files-${scheme}-${device}`);

    await page.goto('/users/create');
    await page.getByLabel('Ученик', { exact: true }).check();
    await page.getByRole('searchbox', { name: 'Найти: родитель' }).fill('ова');
    await page.locator('.picker-results button').first().click();
    await app.screenshot(page, `day-one-create-parents-${scheme}-${device}`);

    await page.goto('/settings/password');
    await page.getByLabel('Текущий пароль').fill('не-тот-пароль');
    await page.getByLabel('Новый пароль', { exact: true }).fill('новый-пароль-123');
    await page.getByLabel('Новый пароль ещё раз').fill('новый-пароль-123');
    for (let i = 0; i < 2; i++) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/user/password'));
      await page.getByRole('button', { name: 'Сменить пароль' }).click();
      await answered;
    }
    await page.locator('.toast-count').waitFor();
    await app.screenshot(page, `day-one-toast-${scheme}-${device}`);

    await page.goto('/users/99999');
    await page.getByText('Такого пользователя нет').waitFor();
    await app.screenshot(page, `day-one-missing-card-${scheme}-${device}`);

    const smirnova = await findId(page, 'smirnova@demo.klass');
    await page.goto(`/users/${smirnova}/parents`);
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    await app.screenshot(page, `day-one-family-${scheme}-${device}`);
    await page.goto(`/users/${smirnova}`);
    await page.getByRole('button', { name: 'Войти как' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/users/create');
    await page.locator('.error-page').waitFor();
    await app.screenshot(page, `day-one-forbidden-${scheme}-${device}`);
  });
}
