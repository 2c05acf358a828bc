// Sign-in, sign-out and password recovery against the real binary (issue 4, spec §4, §5).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO, useApp } from './support/app.mjs';
import { waitForMail } from './support/outbox.mjs';

const app = useApp();

const REFUSED = 'Введены некорректные данные для входа или пользователь не найден в системе!';
const LINK_INVALID = 'Ссылка для сброса пароля недействительна или устарела';
const path = (page) => new URL(page.url()).pathname;

async function fillLogin(page, email, password) {
  await page.getByLabel('Эл. почта').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

test('the demo manager signs in, lands on / with his name, and signs out', async () => {
  const page = await app.open('/');
  await page.waitForURL((url) => url.pathname === '/auth/login');
  await fillLogin(page, DEMO.manager, DEMO.password);
  await page.waitForURL((url) => url.pathname === '/');
  const menu = page.getByRole('button', { name: 'Наталья Орлова' });
  await menu.waitFor();
  assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Здравствуйте, Наталья!');

  await page.goto('/auth/login');
  await page.waitForURL((url) => url.pathname === '/');

  // Reached with Tab, the menu's button shows where the focus is.
  await page.getByRole('button', { name: /^Уведомления/ }).focus();
  await page.keyboard.press('Tab');
  assert.deepEqual(await page.evaluate(() => [document.activeElement?.getAttribute('aria-haspopup'), getComputedStyle(document.activeElement).outlineStyle]), ['menu', 'solid']);
  await menu.click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/login');
  await page.getByRole('heading', { name: 'Вход', level: 1 }).waitFor();
  await page.goto('/');
  await page.waitForURL((url) => url.pathname === '/auth/login');
  assert.deepEqual(page.errors, []);
});

test('a wrong password shows the server message with the spec description', async () => {
  const page = await app.open('/auth/login');
  await fillLogin(page, DEMO.manager, 'not-the-password');
  const toast = page.locator('.toast').filter({ hasText: REFUSED });
  await toast.waitFor();
  assert.equal(await toast.locator('.toast-title').innerText(), 'Неверный email или пароль');
  assert.equal(path(page), '/auth/login');
});

test('the form checks the fields before asking the server', async () => {
  const page = await app.open('/auth/login');
  await page.getByRole('button', { name: 'Войти' }).click();
  const email = page.getByLabel('Эл. почта');
  assert.equal(await email.getAttribute('aria-invalid'), 'true');
  assert.ok(await email.evaluate((input) => input === document.activeElement), 'the first wrong field has the focus');
  assert.equal(await page.locator('small', { hasText: 'Обязательное поле' }).count(), 2);
});

test('forgot password -> the mail in the outbox -> reset -> sign in with the new password', async () => {
  const page = await app.open('/auth/login');
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  // The login page has a field with the same label: fill only once the forgot page is shown.
  await page.waitForURL((url) => url.pathname === '/auth/forgot-password');
  await page.getByLabel('Эл. почта').fill(DEMO.worker);
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/login');
  await page.locator('.toast').filter({ hasText: 'Письмо отправлено на почту!' }).filter({ hasText: 'Следуйте инструкциям, указанным в письме' }).waitFor();

  const mail = await waitForMail(app.dataDir, 'password_reset');
  const link = /https?:\/\/[^\s"<>]+\/auth\/reset-password\?[^\s"<>]+/.exec(mail)?.[0]?.replaceAll('&amp;', '&');
  assert.ok(link, `a reset link in the mail:\n${mail}`);
  assert.ok(link.startsWith(app.url), `the link points at this server: ${link}`);

  await page.goto(link);
  await page.getByLabel('Новый пароль', { exact: true }).fill('короткий');
  await page.getByLabel('Пароль ещё раз').fill('другой-пароль');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await page.getByText('Пароли не совпадают').waitFor();
  await page.getByLabel('Пароль ещё раз').fill('короткий');
  await page.getByLabel('Новый пароль', { exact: true }).fill('новый-пароль-42');
  await page.getByLabel('Пароль ещё раз').fill('новый-пароль-42');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/login');
  await page.locator('.toast').filter({ hasText: 'Пароль успешно обновлён!' }).filter({ hasText: 'Теперь Вы можете войти в систему с новым паролем' }).waitFor();

  await fillLogin(page, DEMO.worker, DEMO.password);
  await page.locator('.toast').filter({ hasText: REFUSED }).waitFor();
  await fillLogin(page, DEMO.worker, 'новый-пароль-42');
  await page.waitForURL((url) => url.pathname === '/');

  // The link is single-use, and the page says so as it opens, before any form is filled.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole('alert').filter({ hasText: LINK_INVALID }).waitFor();
  assert.equal(await page.getByLabel('Новый пароль', { exact: true }).count(), 0, 'no form for a used link');
  await page.getByRole('link', { name: 'Запросить новую ссылку' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/forgot-password');
  assert.deepEqual(page.errors, []);
});

test('a link with an unknown or expired token is refused as the page opens', async () => {
  const page = await app.open(`/auth/reset-password?token=expired-or-made-up&email=${encodeURIComponent(DEMO.worker)}`);
  await page.getByRole('alert').filter({ hasText: LINK_INVALID }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Сохранить пароль' }).count(), 0);
  assert.ok(await page.getByRole('link', { name: 'Запросить новую ссылку' }).isVisible());
  assert.deepEqual(page.errors, []);
});

test('the manager sees the reset mail in the mail history; a worker may not open it', async () => {
  const page = await app.open('/auth/login');
  await app.signIn(page);
  await page.locator('#sidebar').getByRole('button', { name: 'История' }).click();
  await page.locator('#sidebar').getByRole('link', { name: 'Письма' }).click();
  await page.getByRole('heading', { name: 'История писем', level: 1 }).waitFor();
  const row = page.locator('tbody tr').filter({ hasText: DEMO.worker });
  await row.first().waitFor();
  // The reset mail; the «Пароль изменён» notification may have followed it by mail.
  await row.filter({ hasText: /Сброс пароля/i }).first().waitFor();
  const fits = await page.locator('.table-scroll').evaluate((el) => el.scrollWidth <= el.clientWidth);
  assert.equal(fits, true, 'the mail table fits at 1280 px without scrolling sideways');

  await page.getByLabel('Поиск по адресу, имени и теме').fill('нет-такого-адреса');
  await page.getByText('Ничего не найдено по заданным условиям.').waitFor();
  assert.match(page.url(), /search=/);
  await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
  await row.first().waitFor();
  await page.getByLabel('Статус').selectOption('failed');
  await page.getByText('Ничего не найдено по заданным условиям.').waitFor();
  await page.getByLabel('Статус').selectOption('sent');
  await row.first().waitFor();
  assert.match(page.url(), /status=sent/);

  const worker = await app.open('/auth/login');
  await app.signIn(worker, DEMO.worker, 'новый-пароль-42');
  assert.equal(await worker.locator('#sidebar').getByRole('button', { name: 'История' }).count(), 0);
  await worker.goto('/history/mail');
  await worker.getByText('403').first().waitFor();
});
