// Tasks (issue 17): a worker quick-adds two tasks on /tasks, marks one done with one tap, finds
// it on /tasks/list by its state, bulk-completes the other, and sees a task on its day in the
// month of /tasks/calendar, where dragging it to another day changes its due day. The same on a
// 360 px phone; the list sorts by a header and pages, the address keeping both; a person's tab
// lists the tasks given to him or about him, no others; a busy day shows three tasks and «ещё N»;
// pictures of the three pages at 1366 and 360 px, light and dark.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callApi, schoolNow, until } from './support/api.mjs';
import { DEMO, PHONE, looks, useApp } from './support/app.mjs';

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

/** The titles of the table's rows, top to bottom. */
const shownTitles = (page) => page.locator('.tasks-table tbody .task-title').allInnerTexts();

test('the list sorts by a column header and turns to page 2; the address keeps both across a reload', async () => {
  const page = await app.open('/', { viewport: WIDE });
  await app.signIn(page, DEMO.manager);
  const titlesOf = async (query) => (await ok(page, 'GET', `/api/tasks?per_page=20&${query}`)).data.map((task) => task.title);
  const { meta } = await ok(page, 'GET', '/api/tasks?per_page=20');
  assert.ok(meta.last_page > 1, `the manager sees more than a page of tasks (${meta.total})`);
  await page.goto('/tasks/list');
  const head = page.locator('.tasks-table thead');
  const byDue = await titlesOf('sort=due_on');
  await until(() => shownTitles(page), byDue);
  assert.equal(await head.getByRole('columnheader', { name: 'Срок' }).getAttribute('aria-sort'), 'ascending');

  // «Задача»: by title, A to Я, in the server's order, the address saying so.
  await head.getByRole('button', { name: 'Задача', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('sort') === 'title');
  const byTitle = await titlesOf('sort=title');
  assert.notDeepEqual(byTitle, byDue, 'the order changes');
  await until(() => shownTitles(page), byTitle);
  assert.equal(await head.getByRole('columnheader', { name: 'Задача' }).getAttribute('aria-sort'), 'ascending');
  assert.equal(await head.getByRole('columnheader', { name: 'Срок' }).getAttribute('aria-sort'), 'none');
  // «Срок»: the earliest first (the default, so out of the address); again, the latest first.
  await head.getByRole('button', { name: 'Срок', exact: true }).click();
  await page.waitForURL((url) => !url.searchParams.has('sort'));
  await until(() => shownTitles(page), byDue);
  await head.getByRole('button', { name: 'Срок', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('sort') === '-due_on');
  const latest = await titlesOf('sort=-due_on');
  assert.notDeepEqual(latest, byDue, 'the order turns round');
  await until(() => shownTitles(page), latest);
  assert.equal(await head.getByRole('columnheader', { name: 'Срок' }).getAttribute('aria-sort'), 'descending');

  // «Вперёд»: page 2 in the same order; a reload stays there.
  const paging = page.getByRole('navigation', { name: 'Страницы' });
  await paging.getByText(`Страница 1 из ${meta.last_page}`).waitFor();
  await paging.getByRole('button', { name: 'Вперёд' }).click();
  await page.waitForURL((url) => url.searchParams.get('page') === '2' && url.searchParams.get('sort') === '-due_on');
  const second = await titlesOf('sort=-due_on&page=2');
  await until(() => shownTitles(page), second);
  await paging.getByText(`Страница 2 из ${meta.last_page}`).waitFor();
  await page.getByText(`Показаны 21–${20 + second.length} из ${meta.total}`).waitFor();
  await page.reload();
  await until(() => shownTitles(page), second);
  await paging.getByText(`Страница 2 из ${meta.last_page}`).waitFor();
  const url = new URL(page.url());
  assert.deepEqual([url.searchParams.get('page'), url.searchParams.get('sort')], ['2', '-due_on']);
  assert.equal(await head.getByRole('columnheader', { name: 'Срок' }).getAttribute('aria-sort'), 'descending');
  assert.deepEqual(page.errors, []);
});

// The header turned the other way round (as a phone's «Порядок» «Задача ↓») asks for `-title`:
// the rows come Я to А, as the server lists them.
test('«Задача» clicked twice lists the tasks Я to A', async () => {
  const page = await app.open('/', { viewport: WIDE });
  await app.signIn(page, DEMO.manager);
  await page.goto('/tasks/list?sort=title');
  await until(async () => (await shownTitles(page)).length > 0, true);
  const button = page.locator('.tasks-table thead').getByRole('button', { name: 'Задача', exact: true });
  await button.click();
  await page.waitForURL((url) => url.searchParams.get('sort') === '-title');
  const { data } = await ok(page, 'GET', '/api/tasks?per_page=20&sort=-title');
  await until(() => shownTitles(page), data.map((task) => task.title));
});

test("a person's «Задачи» tab lists the tasks given to him and those about him, and no one else's", async () => {
  const page = await app.open('/', { viewport: WIDE });
  await app.signIn(page, DEMO.manager);
  // People of the test's own: no demo task is theirs.
  const person = async (last, first, roles) =>
    (await ok(page, 'POST', '/api/users', { email: `tasks-${stamp()}-${Math.random().toString(36).slice(2, 7)}@e2e.klass`, last_name: last, first_name: first, roles, send_password_link: false })).data;
  const teacher = await person('Заменова', 'Зоя', ['worker']);
  const student = await person('Учеников', 'Устин', ['student']);
  const worker = (await ok(page, 'GET', `/api/users?search=${encodeURIComponent('Смирнова')}`)).data.find((user) => user.email === DEMO.worker);
  const day = schoolNow(4).day;
  const task = async (title, fields) => (await ok(page, 'POST', '/api/tasks', { title, due_on: day, ...fields })).data.title;
  const s = stamp();
  const given = await task(`Заменить урок в 7 «А» ${s}`, { assignee_id: teacher.id });
  const about = await task(`Обсудить с Заменовой расписание ${s}`, { related_user_id: teacher.id });
  const elsewhere = await task(`Проверить журнал 8 «Б» ${s}`, { assignee_id: worker.id });
  const aboutOther = await task(`Позвонить родителям Учеников ${s}`, { related_user_id: student.id });

  await page.goto(`/users/${teacher.id}`);
  await page.getByRole('navigation', { name: 'Разделы пользователя' }).getByRole('link', { name: 'Задачи' }).click();
  await page.waitForURL(`**/users/${teacher.id}/tasks`);
  await page.getByRole('heading', { level: 2, name: 'Задачи' }).waitFor();
  await until(async () => (await shownTitles(page)).sort(), [given, about].sort());
  const row = (title) => page.locator('.tasks-table tbody tr', { has: page.getByRole('button', { name: title, exact: true }) });
  assert.equal((await row(given).locator('td[data-label="Кому"]').innerText()).trim(), 'Заменова З.');
  assert.equal((await row(about).locator('td[data-label="О ком"]').getByRole('link').getAttribute('href')), `/users/${teacher.id}`);
  await page.getByText('Показаны 1–2 из 2').waitFor();
  for (const title of [elsewhere, aboutOther]) assert.equal(await row(title).count(), 0, `«${title}» is not his`);

  // The student's tab: the one about him only.
  await page.goto(`/users/${student.id}/tasks`);
  await until(() => shownTitles(page), [aboutOther]);
  assert.deepEqual(page.errors, []);
});

for (const [scheme, device, viewport] of looks([['1366', WIDE], ['360', PHONE]])) {
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
