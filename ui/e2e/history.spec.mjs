// The records of issue 7: a person's mail under the card's «Почта» tab; the activity log, where
// a change a manager made while acting as someone names both people, filtered through the
// address; the «account used» notification that person then finds; pictures of the pages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO, DESKTOP, PHONE, useApp } from './support/app.mjs';

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
const MANAGER = { name: 'Орлова Наталья Игоревна', short: 'Орлова Н. И.', byWhom: 'менеджером Орловой Натальей Игоревной' };

test('a change made while acting as someone is logged with both names, and that person is told', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  const card = await openCard(page, STUDENT.email);
  const id = card.split('/').at(-1);

  // Act as the student and change his notification settings.
  await page.getByRole('button', { name: 'Войти как' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Войти' }).click();
  await page.locator('.impersonation-banner').getByText(`Вы вошли как ${STUDENT.name}`).waitFor();
  await page.goto('/settings/notifications');
  const fileKind = page.getByRole('group', { name: 'Новый файл' });
  await fileKind.getByLabel('Также присылать на почту').click();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.locator('.toast').filter({ hasText: 'Настройки уведомлений сохранены' }).waitFor();
  await page.locator('.impersonation-banner').getByRole('button', { name: 'Вернуться в свой аккаунт' }).click();
  await page.locator('.impersonation-banner').waitFor({ state: 'detached' });

  // The log names both: the manager, on behalf of the student; each name leads to the card.
  await page.goto('/history');
  const row = page.locator('.activity-table tbody tr').filter({ hasText: 'Настройки уведомлений' });
  const who = row.locator('td[data-label="Кто"]');
  assert.equal((await who.innerText()).trim(), `${MANAGER.short} от имени ${STUDENT.short}`);
  assert.equal(await who.getByRole('link', { name: STUDENT.short }).getAttribute('href'), card);
  assert.equal(await who.getByRole('link', { name: MANAGER.short }).getAttribute('href'), '/users/1');

  // Filters: the action, then the person; both in the address, and a reload keeps them.
  await page.getByLabel('Действие').selectOption({ label: 'Настройки уведомлений' });
  await page.waitForURL('**/history?action=user.notification_settings_changed');
  await page.getByLabel('Человек').fill('Иванов Артём');
  await page.getByRole('button', { name: new RegExp(STUDENT.name) }).click();
  await page.waitForURL(`**/history?user_id=${id}&action=user.notification_settings_changed`);
  await page.reload();
  await page.getByRole('button', { name: `Человек: ${STUDENT.name}. Убрать` }).waitFor();
  assert.equal(await page.locator('.activity-table tbody tr').count(), 1);
  await page.getByLabel('С даты').fill('2000-01-01');
  await page.getByLabel('По дату').fill('2000-01-31');
  await page.getByText('Ничего не найдено по заданным условиям.').waitFor();
  await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
  await page.waitForURL((url) => url.pathname === '/history' && url.search === '');
  await page.locator('.activity-table tbody tr').nth(3).waitFor();

  // The student's own log on the card says the same.
  await page.goto(card);
  await page.getByRole('navigation', { name: 'Разделы пользователя' }).getByRole('link', { name: 'Журнал' }).click();
  await page.waitForURL(`**${card}/logs`);
  const own = page.locator('.activity-table tbody tr').filter({ hasText: 'Настройки уведомлений' });
  assert.equal((await own.locator('td[data-label="Кто"]').innerText()).trim(), `${MANAGER.short} от имени ${STUDENT.short}`);
  assert.deepEqual(page.errors, []);

  // The student, signed in himself, finds the notification that his account was used.
  const his = await app.open('/');
  await app.signIn(his, STUDENT.email, DEMO.password);
  const bell = his.getByRole('button', { name: /^Уведомления, непрочитанных: \d+$/ });
  await bell.waitFor();
  await his.keyboard.press('F8');
  const panel = his.getByRole('dialog', { name: 'Уведомления' });
  const note = panel.locator('.notification[data-unread]').filter({ hasText: 'Вход менеджера в учётную запись' });
  // The manager is named declined, as the sentence needs.
  await note.filter({ hasText: MANAGER.byWhom }).waitFor();
  assert.deepEqual(his.errors, []);
});

for (const scheme of ['light', 'dark']) {
  for (const [device, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    test(`history screenshots: ${scheme}, ${device}`, async () => {
      const page = await app.open('/help', { viewport, colorScheme: scheme });
      await page.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
      await app.signIn(page);
      const card = await openCard(page, STUDENT.email);
      await sendPasswordLink(page);
      const shot = async (name, path, ready) => {
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
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
}
