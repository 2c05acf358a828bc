// The signed-in user's password page against the real binary: signing out other devices and
// changing the password (issue 4, item 3).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO, useApp } from './support/app.mjs';

const app = useApp();

const TEACHER = 'kuznetsov@demo.klass';
const NEW_PASSWORD = 'учитель-2026';

test('"sign out on all other devices" asks for the password and ends the other session', async () => {
  const here = await app.open('/auth/login');
  const there = await app.open('/auth/login');
  await app.signIn(here, TEACHER);
  await app.signIn(there, TEACHER);

  await here.goto('/settings/password');
  await here.getByRole('button', { name: 'Выйти на всех других устройствах' }).click();
  const dialog = here.getByRole('dialog', { name: 'Выйти на других устройствах?' });
  const password = dialog.getByLabel('Текущий пароль');
  assert.ok(await password.evaluate((input) => input === document.activeElement), 'the dialog starts in its field');
  await password.fill('не-тот-пароль');
  await dialog.getByRole('button', { name: 'Выйти на других устройствах' }).click();
  await dialog.locator('small').waitFor();
  assert.equal(await password.getAttribute('aria-invalid'), 'true');

  await password.fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Выйти на других устройствах' }).click();
  await dialog.waitFor({ state: 'detached' });
  await here.locator('.toast').filter({ hasText: 'Выполнен выход на других устройствах' }).filter({ hasText: 'Завершено сеансов: 1' }).waitFor();

  await there.reload();
  await there.waitForURL((url) => url.pathname === '/auth/login');
  await here.reload();
  await here.getByRole('heading', { name: 'Пароль', level: 1 }).waitFor();
  assert.deepEqual([...here.errors, ...there.errors], []);
});

test('changing the password needs the current one; the new one then signs in', async () => {
  const page = await app.open('/auth/login');
  await app.signIn(page, TEACHER);
  await page.goto('/settings/password');
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Сменить пароль' }) });
  await form.getByLabel('Текущий пароль').fill('не-тот-пароль');
  await form.getByLabel('Новый пароль', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Новый пароль ещё раз').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Сменить пароль' }).click();
  await form.getByText('Неверный текущий пароль').waitFor();

  await form.getByLabel('Текущий пароль').fill(DEMO.password);
  await form.getByRole('button', { name: 'Сменить пароль' }).click();
  await page.locator('.toast').filter({ hasText: 'Пароль успешно обновлён!' }).waitFor();
  assert.equal(await form.getByLabel('Текущий пароль').inputValue(), '', 'the form is emptied');

  await page.getByRole('button', { name: /Кузнецов/ }).click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/login');
  await app.signIn(page, TEACHER, NEW_PASSWORD);
  assert.deepEqual(page.errors, []);
});
