// The records of issue 7: a person's mail under the card's «Почта» tab; the activity log, where
// a change a manager made while acting as someone names both people, filtered through the
// address; the «account used» notification that person then finds, and cannot be cleared or
// silenced by the manager acting as him (issue 11, item 3); pictures of the pages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO, DESKTOP, PHONE, looks, useApp } from './support/app.mjs';

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

const STUDENT = { email: 'artem.ivanov@demo.klass', name: 'Иванов Артём Дмитриевич', short: 'Иванов А. Д.' };
const WORKER = { email: DEMO.worker, name: 'Смирнова Ольга Викторовна', short: 'Смирнова О. В.' };
const MANAGER = { name: 'Орлова Наталья Игоревна', short: 'Орлова Н. И.', byWhom: 'менеджером Орловой Натальей Игоревной' };

/** From the open card, acts as its person ("Войти как") and waits for the banner. */
async function actAs(page, name) {
  await page.getByRole('button', { name: 'Войти как' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Войти' }).click();
  await page.locator('.impersonation-banner').getByText(`Вы вошли как ${name}`).waitFor();
}

/** Returns to the manager's own account from the banner. */
async function leave(page) {
  await page.locator('.impersonation-banner').getByRole('button', { name: 'Вернуться в свой аккаунт' }).click();
  await page.locator('.impersonation-banner').waitFor({ state: 'detached' });
}

test('a change made while acting as someone is logged with both names, and that person is told', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  const card = await openCard(page, STUDENT.email);
  const id = card.split('/').at(-1);
  const worker = await openCard(page, WORKER.email);

  // Act as the worker and, as her, take one of the student's parents off his parents page.
  await actAs(page, WORKER.name);
  await page.goto(`${card}/parents`);
  const remove = page.locator('.picker-chosen').getByRole('button', { name: /^Убрать: / }).first();
  const parent = (await remove.getAttribute('aria-label')).replace('Убрать: ', '');
  await remove.click();
  await page.locator('.toast').filter({ hasText: 'Связь убрана' }).waitFor();
  await leave(page);

  // The log names both: the manager, on behalf of the worker; each name leads to the card.
  await page.goto('/history');
  const row = page.locator('.activity-table tbody tr').filter({ hasText: 'Изменение родителей' });
  assert.match(await row.innerText(), new RegExp(parent));
  const who = row.locator('td[data-label="Кто"]');
  assert.equal((await who.innerText()).trim(), `${MANAGER.short} от имени ${WORKER.short}`);
  assert.equal(await who.getByRole('link', { name: WORKER.short }).getAttribute('href'), worker);
  assert.equal(await who.getByRole('link', { name: MANAGER.short }).getAttribute('href'), '/users/1');

  // Filters: the action, then the person changed; both in the address, and a reload keeps them.
  await page.getByLabel('Действие').selectOption({ label: 'Изменение родителей' });
  await page.waitForURL('**/history?action=user.parents_changed');
  await page.getByLabel('Человек').fill('Иванов Артём');
  await page.getByRole('button', { name: new RegExp(STUDENT.name) }).click();
  await page.waitForURL(`**/history?user_id=${id}&action=user.parents_changed`);
  await page.reload();
  await page.getByRole('button', { name: `Человек: ${STUDENT.name}. Убрать` }).waitFor();
  assert.equal(await page.locator('.activity-table tbody tr').count(), 1);
  await page.getByLabel('С даты').fill('01.01.2000');
  await page.getByLabel('По дату').fill('31.01.2000');
  await page.getByText('Ничего не найдено по заданным условиям.').waitFor();
  await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
  await page.waitForURL((url) => url.pathname === '/history' && url.search === '');
  await page.locator('.activity-table tbody tr').nth(3).waitFor();

  // The student's own log on the card says the same.
  await page.goto(card);
  await page.getByRole('navigation', { name: 'Разделы пользователя' }).getByRole('link', { name: 'Журнал' }).click();
  await page.waitForURL(`**${card}/logs`);
  const own = page.locator('.activity-table tbody tr').filter({ hasText: 'Изменение родителей' });
  assert.equal((await own.locator('td[data-label="Кто"]').innerText()).trim(), `${MANAGER.short} от имени ${WORKER.short}`);
  assert.deepEqual(page.errors, []);

  // The worker, signed in herself, finds the notification that her account was used.
  const hers = await app.open('/');
  await app.signIn(hers, WORKER.email, DEMO.password);
  const bell = hers.getByRole('button', { name: /^Уведомления, непрочитанных: \d+$/ });
  await bell.waitFor();
  await hers.keyboard.press('F8');
  const panel = hers.getByRole('dialog', { name: 'Уведомления' });
  const note = panel.locator('.notification[data-unread]').filter({ hasText: 'Вход менеджера в учётную запись' });
  // The manager is named declined, as the sentence needs.
  await note.filter({ hasText: MANAGER.byWhom }).waitFor();
  assert.deepEqual(hers.errors, []);
});

test("while acting as someone, his notification settings and «Прочитать все» are not offered", async () => {
  const page = await app.open('/');
  await app.signIn(page);
  await openCard(page, STUDENT.email);
  await actAs(page, STUDENT.name);

  // The settings show, read-only, with the reason; there is nothing to save.
  await page.goto('/settings/notifications');
  const fileKind = page.getByRole('group', { name: 'Новый файл' });
  await fileKind.waitFor();
  await page.getByRole('note').getByText('Пока вы вошли как другой пользователь, его настройки уведомлений не меняются.').waitFor();
  assert.equal(await fileKind.getByLabel('Также присылать на почту').isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: 'Сохранить' }).count(), 0);

  // The panel lists his notifications, the unread «account used» among them, but cannot clear them.
  await page.getByRole('button', { name: /^Уведомления, непрочитанных: \d+$/ }).waitFor();
  await page.keyboard.press('F8');
  const panel = page.getByRole('dialog', { name: 'Уведомления' });
  await panel.locator('.notification[data-unread]').filter({ hasText: 'Вход менеджера в учётную запись' }).waitFor();
  assert.equal(await panel.getByRole('button', { name: 'Прочитать все' }).count(), 0);
  await page.keyboard.press('Escape');

  // Back in his own account the manager has both again.
  await leave(page);
  await page.goto('/settings/notifications');
  await page.getByRole('group', { name: 'Новый файл' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Сохранить' }).count(), 1);
  assert.equal(await page.getByRole('note').count(), 0);
  await page.keyboard.press('F8');
  await page.getByRole('dialog', { name: 'Уведомления' }).getByRole('button', { name: 'Прочитать все' }).waitFor();
  assert.deepEqual(page.errors, []);
});

for (const [scheme, device, viewport] of looks([['desktop', DESKTOP], ['phone', PHONE]])) {
  test(`history screenshots: ${scheme}, ${device}`, async () => {
    const page = await app.open('/help', { viewport, colorScheme: scheme });
    await page.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
    await app.signIn(page);
    const card = await openCard(page, STUDENT.email);
    await sendPasswordLink(page);
    const shot = async (name, path, ready) => {
      await app.visit(page, path, ready);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${path} is ${overflow}px wider than the screen`);
      await app.screenshot(page, `${name}-${scheme}-${device}`);
    };
    await shot('history', '/history', '.activity-table');
    await shot('history-filtered', `/history?user_id=1&date_from=2026-01-01`, '.person-chosen');
    await shot('user-logs', `${card}/logs`, '.activity-table');
    await shot('user-mail', `${card}/mail`, '.data-table');
    await page.goto('/history');
    await page.getByLabel('Человек').fill('иванов');
    await page.locator('.person-field .picker-results button').first().waitFor();
    await page.waitForTimeout(200);
    await app.screenshot(page, `history-person-search-${scheme}-${device}`);
  });
}
