// Notifications (issue 7, part 3): the bell counts what a person has not read; F8 opens the
// panel and Esc closes it; a click reads one and opens its page; «Прочитать все» clears the
// count; the settings page keeps which kinds also come by mail. Pictures of the panel and page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO, DESKTOP, PHONE, looks, useApp } from './support/app.mjs';

const app = useApp();

/** A call to the API from the page, as the signed-in user, with the anti-forgery header. */
function call(page, method, path, body) {
  return page.evaluate(
    async ([method, path, body]) => {
      const token = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const response = await fetch(path, {
        method,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path} -> ${response.status}`);
      return response.status === 204 ? null : response.json();
    },
    [method, path, body],
  );
}

/**
 * The manager gives the student with `email` three notifications (roles changed, the account
 * used, the password changed: the newest first in the panel); returns the person's id.
 */
async function notify(email) {
  const manager = await app.open('/');
  await app.signIn(manager);
  const { data } = await call(manager, 'GET', `/api/users?search=${encodeURIComponent(email)}`);
  const { id, roles } = data[0];
  await call(manager, 'POST', `/api/users/${id}/update-roles`, { roles: [...roles, 'parent'] });
  await call(manager, 'POST', `/api/users/${id}/login`);
  await call(manager, 'POST', '/api/impersonation/leave');
  await call(manager, 'POST', `/api/users/${id}/change-password`, { password: DEMO.password, password_confirmation: DEMO.password });
  await manager.context().close();
  return id;
}

const bellNamed = (page, name) => page.getByRole('button', { name, exact: true });

test('the bell counts the unread; one read by a click, then all by «Прочитать все»', async () => {
  const email = 'daniil.ivanov@demo.klass';
  await notify(email);
  const page = await app.open('/');
  await app.signIn(page, email);
  const bell = page.locator('button.bell');
  await bellNamed(page, 'Уведомления, непрочитанных: 3').waitFor();
  assert.equal(await page.locator('.bell-badge').innerText(), '3');

  // F8 opens the panel with the focus in it; Esc closes it and gives the focus back to the bell.
  await page.keyboard.press('F8');
  const panel = page.getByRole('dialog', { name: 'Уведомления' });
  await panel.locator('.notification[data-unread]').nth(2).waitFor();
  assert.ok(await panel.evaluate((element) => element.contains(document.activeElement)), 'the focus is in the panel');
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  assert.ok(await bell.evaluate((element) => element === document.activeElement), 'the focus is back on the bell');

  // A click on one reads it and opens its page.
  await bell.click();
  await panel.locator('.notification', { hasText: 'Пароль изменён' }).click();
  await page.waitForURL('**/settings/password');
  await panel.waitFor({ state: 'detached' });
  await bellNamed(page, 'Уведомления, непрочитанных: 2').waitFor();

  // «Прочитать все»: no badge, nothing marked, and so it stays after a reload.
  await bell.click();
  await panel.locator('.notification').nth(2).waitFor();
  assert.equal(await panel.locator('.notification[data-unread]').count(), 2);
  await panel.getByRole('button', { name: 'Прочитать все' }).click();
  await bellNamed(page, 'Уведомления').waitFor();
  assert.equal(await page.locator('.bell-badge').count(), 0);
  assert.equal(await panel.locator('.notification[data-unread]').count(), 0);
  assert.ok(await panel.getByRole('button', { name: 'Прочитать все' }).isDisabled());
  await page.reload();
  await bellNamed(page, 'Уведомления').waitFor();
  await page.waitForTimeout(500);
  assert.equal(await page.locator('.bell-badge').count(), 0);
  assert.deepEqual(page.errors, []);
});

test('the notification settings keep which kinds also come by mail', async () => {
  const page = await app.open('/');
  await app.signIn(page, DEMO.worker);
  await page.locator('#sidebar').getByRole('button', { name: 'Настройки' }).click();
  await page.locator('#sidebar').getByRole('link', { name: 'Уведомления' }).click();
  await page.waitForURL('**/settings/notifications');
  const save = page.getByRole('button', { name: 'Сохранить' });
  const roles = page.getByRole('group', { name: 'Роли изменены' }).getByLabel('Также присылать на почту');
  const before = await roles.isChecked();
  assert.ok(await save.isDisabled(), 'nothing to save yet');
  await roles.click();
  await save.click();
  await page.locator('.toast').filter({ hasText: 'Настройки уведомлений сохранены' }).waitFor();
  await page.reload();
  await page.getByRole('group', { name: 'Роли изменены' }).waitFor();
  assert.equal(await roles.isChecked(), !before);
  assert.deepEqual(page.errors, []);
});

for (const [scheme, device, viewport] of looks([['desktop', DESKTOP], ['phone', PHONE]])) {
  test(`notification screenshots: ${scheme}, ${device}`, async () => {
    const email = device === 'phone' ? 'darya.ivanova@demo.klass' : 'artem.alekseev@demo.klass';
    await notify(email);
    const page = await app.open('/help', { viewport, colorScheme: scheme });
    await page.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
    await app.signIn(page, email);
    await page.locator('.bell-badge').waitFor();
    await page.keyboard.press('F8');
    const panel = page.getByRole('dialog', { name: 'Уведомления' });
    await panel.locator('.notification').nth(2).waitFor();
    await page.waitForTimeout(200);
    await app.screenshot(page, `notifications-panel-${scheme}-${device}`);
    await panel.getByRole('button', { name: 'Прочитать все' }).click();
    await page.locator('.bell-badge').waitFor({ state: 'detached' });
    await app.screenshot(page, `notifications-panel-read-${scheme}-${device}`);
    await page.keyboard.press('Escape');

    await page.goto('/settings/notifications');
    await page.locator('.notification-kind').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the settings page is ${overflow}px wider than the screen`);
    await app.screenshot(page, `settings-notifications-${scheme}-${device}`);

    // Someone with nothing to read (a demo student; the staff are told their accounts exist)
    // sees the empty panel.
    const fresh = await app.open('/help', { viewport, colorScheme: scheme });
    await fresh.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
    await app.signIn(fresh, 'maksim.sokolov@demo.klass');
    await fresh.getByRole('button', { name: /^Уведомления/ }).click();
    await fresh.getByText('Уведомлений нет').waitFor();
    await app.screenshot(fresh, `notifications-empty-${scheme}-${device}`);
  });
}
