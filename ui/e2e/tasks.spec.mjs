// Tasks (issue 17): a worker quick-adds two tasks on /tasks, marks one done with one tap, finds
// it on /tasks/list by its state, bulk-completes the other, and sees a task on its day in the
// month of /tasks/calendar, where dragging it to another day changes its due day. The same on a
// 360 px phone; a busy day shows three tasks and «ещё N»; pictures of the three pages at 1366 and
// 360 px, light and dark.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callApi, schoolNow } from './support/api.mjs';
import { DEMO, PHONE, useApp } from './support/app.mjs';

const app = useApp();
const WIDE = { width: 1366, height: 900 };

/** «23.11.2026» of a day «2026-11-23». */
const dotted = (day) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** A page at `viewport` in `colorScheme`, signed in as the demo worker. */
async function worker({ viewport = WIDE, colorScheme = 'light' } = {}) {
  const page = await app.open('/help', { viewport, colorScheme });
  await page.evaluate((mode) => localStorage.setItem('theme', mode), colorScheme);
  await app.signIn(page, DEMO.worker);
  return page;
}

async function ok(page, method, path, body) {
  const answer = await callApi(page, method, path, body);
  assert.ok(answer.status < 300, `${method} ${path} -> ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The worker's task titled `title` as the server holds it. */
async function taskNamed(page, title) {
  const { data } = await ok(page, 'GET', `/api/tasks?search=${encodeURIComponent(title)}&per_page=5`);
  const task = data.find((t) => t.title === title);
  assert.ok(task, `no task «${title}»`);
  return task;
}

/** Adds a task through the quick add line: the title, the due day when given, Enter. */
async function quickAdd(page, title, day) {
  if (day) await page.getByLabel('Срок', { exact: true }).fill(dotted(day));
  const field = page.getByRole('textbox', { name: 'Новая задача' });
  await field.fill(title);
  await field.press('Enter');
  await page.locator('.task-section[data-section="today"] .task-item', { hasText: title }).waitFor();
  assert.equal(await field.inputValue(), '');
}

/** Drags `source` onto `target` (a day near it) with the mouse, in steps (a chip low on the page
 * misses a bare dragTo); the target is scrolled to the middle of the window first, so a day in
 * the grid's last row is on the screen too. */
async function drag(page, source, target) {
  await target.evaluate((day) => day.scrollIntoView({ block: 'center' }));
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 5, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
}

const stamp = () => Date.now().toString(36).slice(-5);

test('a worker quick-adds two tasks, marks one done, filters the list, bulk-completes, and sees a task on its day', async () => {
  const page = await worker();
  const today = schoolNow().day;
  const [call, exam] = [`Позвонить маме Ёжикова ${stamp()}`, `Подготовить контрольную ${stamp()}`];
  await page.goto('/tasks');
  await page.getByRole('heading', { name: 'Мои задачи' }).waitFor();
  // The first with the school's day typed (the browser may live in another zone), the second on
  // the day the page fills in: by then it knows the school's today from the first task.
  await quickAdd(page, call, today);
  await quickAdd(page, exam);
  assert.equal((await taskNamed(page, exam)).due_on, today);
  await app.screenshot(page, 'tasks-mine-1366-light');

  // «Новая задача» without a title is refused under the field, and a bad time under its own.
  await page.getByRole('button', { name: 'Новая задача' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая задача' });
  await dialog.getByLabel('Время').fill('25:00');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await dialog.getByText('Введите название задачи').waitFor();
  await dialog.getByText('Время в формате ЧЧ:ММ').waitFor();
  // The server's 422 shows under its field: a description over 5000 characters.
  await dialog.getByLabel('Задача', { exact: true }).fill('Слишком длинная');
  await dialog.getByLabel('Время').fill('');
  await dialog.getByLabel('Описание').fill('я'.repeat(5001));
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await dialog.locator('.field-error', { hasText: 'Не длиннее 5000 символов' }).waitFor();
  await dialog.getByRole('button', { name: 'Отмена' }).click();

  // One tap marks it done: the box stays ticked, the title crossed out, the server agrees.
  const row = page.locator('.task-item', { hasText: call });
  await row.getByRole('checkbox', { name: `Выполнено: ${call}` }).check();
  await page.locator('.task-item[data-done]', { hasText: call }).waitFor();
  for (let look = 0; look < 50 && (await taskNamed(page, call)).status !== 'done'; look += 1) await page.waitForTimeout(100);
  assert.equal((await taskNamed(page, call)).status, 'done');

  // The list: «Выполнено» in the state filter joins the address and shows the first task only.
  await page.getByRole('navigation', { name: 'Задачи' }).getByRole('link', { name: 'Список' }).click();
  await page.locator('.tasks-table').waitFor();
  await page.getByRole('combobox', { name: 'Состояние' }).selectOption('done');
  await page.waitForURL((url) => url.searchParams.get('status') === 'done');
  await page.locator('.tasks-table tr', { hasText: call }).waitFor();
  await page.locator('.tasks-table tr', { hasText: exam }).waitFor({ state: 'detached' });

  // «К выполнению»: select the second task and mark it done in bulk; it leaves the list.
  await page.getByRole('combobox', { name: 'Состояние' }).selectOption('todo');
  await page.waitForURL((url) => url.searchParams.get('status') === 'todo');
  await page.getByRole('checkbox', { name: `Выбрать: ${exam}` }).check();
  await page.getByRole('region', { name: 'Выбранные задачи' }).getByRole('button', { name: 'Выполнено' }).click();
  await page.locator('.tasks-table tr', { hasText: exam }).waitFor({ state: 'detached' });
  assert.equal((await taskNamed(page, exam)).status, 'done');
  await page.reload();
  await page.locator('.tasks-table, .empty-state').first().waitFor();
  assert.equal(new URL(page.url()).searchParams.get('status'), 'todo');
  await app.screenshot(page, 'tasks-list-1366-light');

  // The month: the task sits on its day; dragged to another day, its due day follows.
  await page.getByRole('navigation', { name: 'Задачи' }).getByRole('link', { name: 'Календарь' }).click();
  const chip = page.locator(`.cal-cell[data-day="${today}"] .task-chip`, { hasText: exam });
  await chip.waitFor();
  const other = page.locator(`.cal-cell[data-day="${schoolNow(1).day}"]`);
  const target = (await other.count()) > 0 ? schoolNow(1).day : schoolNow(-1).day;
  await drag(page, chip, page.locator(`.cal-cell[data-day="${target}"]`));
  await page.locator(`.cal-cell[data-day="${target}"] .task-chip`, { hasText: exam }).waitFor();
  for (let look = 0; look < 50 && (await taskNamed(page, exam)).due_on !== target; look += 1) await page.waitForTimeout(100);
  assert.equal((await taskNamed(page, exam)).due_on, target);
  await app.screenshot(page, 'tasks-calendar-1366-light');
  assert.deepEqual(page.errors, []);
});

test('on a 360 px phone the worker adds a task, ticks it with one tap and finds it in the list', async () => {
  const page = await worker({ viewport: PHONE });
  const today = schoolNow().day;
  const title = `Проверить тетради ${stamp()}`;
  await page.goto('/tasks');
  await quickAdd(page, title, today);
  const box = page.getByRole('checkbox', { name: `Выполнено: ${title}` });
  const size = await box.boundingBox();
  assert.ok(size && size.width >= 24 && size.height >= 24, `a big target: ${JSON.stringify(size)}`);
  await box.tap().catch(() => box.check());
  await page.locator('.task-item[data-done]', { hasText: title }).waitFor();
  await page.goto('/tasks/list?status=done');
  const card = page.locator('.tasks-table tr', { hasText: title });
  await card.waitFor();
  // A row is a card as wide as the screen, nothing scrolls sideways.
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.width);
  assert.deepEqual(page.errors, []);
});

for (const scheme of ['light', 'dark']) {
  for (const [device, viewport] of [['1366', WIDE], ['360', PHONE]]) {
    test(`pictures of the tasks pages: ${scheme}, ${device} px`, async () => {
      const page = await worker({ viewport, colorScheme: scheme });
      const today = schoolNow().day;
      await ok(page, 'POST', '/api/tasks', { title: `Картинка: срочно ${scheme} ${device}`, due_on: today, due_time: '15:30', priority: 'high', description: 'Подробности: https://klass.example/tasks' });
      await ok(page, 'POST', '/api/tasks', { title: `Картинка: на неделе ${scheme} ${device}`, due_on: schoolNow(3).day, priority: 'low' });
      await ok(page, 'POST', '/api/tasks', { title: `Картинка: просрочено ${scheme} ${device}`, due_on: schoolNow(-2).day });
      for (const [path, ready, name] of [
        ['/tasks', '.task-section[data-section="overdue"]', 'mine'],
        ['/tasks/list', '.tasks-table', 'list'],
        ['/tasks/calendar', '.cal-cell .task-chip', 'calendar'],
      ]) {
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        await app.screenshot(page, `tasks-${name}-${device}-${scheme}`);
      }
      // A task's dialog, opened from the list by its title; the person's tab on his card.
      await page.goto('/tasks/list');
      await page.getByRole('button', { name: `Картинка: срочно ${scheme} ${device}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Задача' });
      await dialog.getByLabel('Задача', { exact: true }).waitFor();
      assert.equal(await dialog.getByLabel('Время').inputValue(), '15:30');
      await app.screenshot(page, `tasks-dialog-${device}-${scheme}`);
      await dialog.getByRole('button', { name: 'Отмена' }).click();
      const me = (await ok(page, 'GET', '/api/user')).data;
      await page.goto(`/users/${me.id}`);
      await page.getByRole('navigation', { name: 'Разделы пользователя' }).getByRole('link', { name: 'Задачи' }).click();
      await page.locator('.tasks-table').waitFor();
      await app.screenshot(page, `tasks-person-${device}-${scheme}`);
      assert.deepEqual(page.errors, []);
    });
  }
}

test('a busy day of the month shows its first three tasks and «ещё N», which lists them all', async () => {
  const page = await worker();
  const day = schoolNow(10).day;
  const me = (await ok(page, 'GET', '/api/user')).data;
  for (let n = 1; n <= 6; n += 1) await ok(page, 'POST', '/api/tasks', { title: `Дело ${n} ${stamp()}`, due_on: day });
  const { meta } = await ok(page, 'GET', `/api/tasks?due_from=${day}&due_to=${day}&assignee_id=${me.id}&per_page=1`);
  await page.goto(`/tasks/calendar?date=${day}`);
  const cell = page.locator(`.cal-cell[data-day="${day}"]`);
  const more = cell.locator('.cal-more');
  await more.waitFor();
  assert.equal(await more.innerText(), `ещё ${meta.total - 3}`);
  assert.equal(await cell.locator('.task-chip').count(), 3);
  await more.click();
  await page.getByRole('heading', { name: `Задачи на ${dotted(day)}` }).waitFor();
  assert.equal(await page.locator('.task-items .task-item').count(), meta.total);
  assert.deepEqual(page.errors, []);
});
