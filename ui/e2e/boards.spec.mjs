// Kanban boards (issue 17): a worker opens «Доски» from the menu, creates a board, adds three
// cards, drags the last to another column with the mouse, reorders one with the keyboard (the
// screen reader told in Russian), drags one to the top of a column above another card, reloads
// and finds the same order; the columns editor shows the server's refusal to remove a column
// with cards, and renames a column for good (its cards stay in it); a card's dialog saves a
// description whose link is clickable. Screenshots at 1366 and 360 px (one column at a time,
// column tabs; a finger's swipe across a card snaps the lane to the next column and marks its
// tab, and leaves the card where it was), light and dark. A card marks a task with a description; its dialog reads the
// whole task. On a phone a card is held and dragged with a finger.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callApi, schoolNow, until } from './support/api.mjs';
import { DEMO, PHONE, useApp } from './support/app.mjs';

const app = useApp();
const WIDE = { width: 1366, height: 900 };

async function open(path, { viewport = WIDE, colorScheme = 'light', hasTouch = false } = {}) {
  const page = await app.open(path, { viewport, colorScheme, hasTouch });
  await page.evaluate((mode) => localStorage.setItem('theme', mode), colorScheme);
  return page;
}

const column = (page, name) => page.locator('.board-lane .board-column', { has: page.getByRole('heading', { level: 3, name: new RegExp(`^${name}`) }) });
const titles = (page, name) => column(page, name).locator('.task-card .task-card-title').allInnerTexts();
const live = (page) => page.locator('[id^="DndLiveRegion"]');

const isMove = (response) => response.url().includes('/move') && response.request().method() === 'POST';

/**
 * Drags `card` with the mouse to the point `target()` gives once the card is in view: pressed,
 * moved past dnd-kit's activation distance, then in steps.
 */
async function mouseDrag(page, card, target) {
  await card.scrollIntoViewIfNeeded();
  const box = await card.boundingBox();
  const point = await target();
  const from = { x: box.x + box.width / 3, y: box.y + box.height / 2 };
  const moved = page.waitForResponse(isMove);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + 10, { steps: 5 });
  await page.mouse.move(point.x, point.y, { steps: 25 });
  await page.mouse.move(point.x, point.y + 1, { steps: 2 });
  await page.mouse.up();
  const answer = await moved;
  assert.equal(answer.status(), 200, await answer.text());
  return answer.json();
}

const card = (page, title) => page.locator('.board-lane .task-card', { has: page.getByRole('button', { name: title, exact: true }) });

test('a worker builds a board and reorders its cards with the mouse and the keyboard; the order holds after a reload', async () => {
  const page = await open('/');
  await app.signIn(page, DEMO.worker);
  await page.locator('#sidebar').getByRole('link', { name: 'Доски' }).click();
  await page.waitForURL(/\/users\/\d+\/boards$/);

  await page.getByRole('button', { name: 'Новая доска' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая доска' });
  await dialog.getByLabel('Название').fill('Учебный год');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await page.getByRole('navigation', { name: 'Доски' }).getByRole('link', { name: 'Учебный год' }).waitFor();
  for (const name of ['К выполнению', 'В работе', 'Готово']) await column(page, name).waitFor();

  const add = page.getByLabel('Новая карточка в колонке «К выполнению»');
  for (const title of ['Позвонить маме Ёжикова', 'Подготовить контрольную', 'Проверить тетради']) {
    await add.fill(title);
    await add.press('Enter');
    await card(page, title).waitFor();
  }
  await until(() => titles(page, 'К выполнению'), ['Позвонить маме Ёжикова', 'Подготовить контрольную', 'Проверить тетради']);
  await app.screenshot(page, 'boards-new-1366-light');

  // The mouse: the last card to the (empty) «В работе»; its status follows the column.
  const first = await mouseDrag(page, card(page, 'Проверить тетради'), async () => {
    const lane = await column(page, 'В работе').locator('.board-cards').boundingBox();
    return { x: lane.x + lane.width / 2, y: lane.y + 20 };
  });
  assert.equal(first.data.status, 'in_progress');
  await until(() => titles(page, 'В работе'), ['Проверить тетради']);
  await until(() => titles(page, 'К выполнению'), ['Позвонить маме Ёжикова', 'Подготовить контрольную']);

  // The keyboard: the second card lifted by its handle, moved up one, put down; announced in
  // Russian. The mouse's drop animation ends first (its copy of the card is gone), so the lift
  // starts from the settled column.
  const said = async () => (await live(page).textContent()) ?? '';
  await page.locator('.task-card-lifted').waitFor({ state: 'detached' });
  const moved = page.waitForResponse(isMove);
  await page.getByRole('button', { name: 'Переместить «Подготовить контрольную»' }).focus();
  await page.keyboard.press('Space');
  await until(async () => (await said()).includes('«Подготовить контрольную»'), true);
  // dnd-kit's keyboard sensor starts listening for arrows in a zero-delay timer after the lift;
  // Chromium runs input before timers, so an arrow sent at once can arrive first and be lost.
  // A zero-delay timer of our own, set after the sensor's, has run only once the sensor's has.
  await page.evaluate(() => new Promise((settled) => setTimeout(settled)));
  await page.keyboard.press('ArrowUp');
  await until(async () => (await said()).includes('колонка «К выполнению», место 1 из 2'), true);
  await page.keyboard.press('Space');
  assert.equal((await moved).status(), 200);
  await until(async () => ((await live(page).textContent()) ?? '').includes('«Подготовить контрольную» положена: колонка «К выполнению», место 1 из 2'), true);
  await until(() => titles(page, 'К выполнению'), ['Подготовить контрольную', 'Позвонить маме Ёжикова']);

  // The mouse again: a card to the top of «В работе», above the card already there.
  const second = await mouseDrag(page, card(page, 'Позвонить маме Ёжикова'), async () => {
    const top = await card(page, 'Проверить тетради').boundingBox();
    return { x: top.x + top.width / 2, y: top.y + 4 };
  });
  assert.equal(second.data.status, 'in_progress');
  await until(() => titles(page, 'В работе'), ['Позвонить маме Ёжикова', 'Проверить тетради']);

  await page.reload();
  await column(page, 'В работе').locator('.task-card').first().waitFor();
  await until(() => titles(page, 'К выполнению'), ['Подготовить контрольную']);
  await until(() => titles(page, 'В работе'), ['Позвонить маме Ёжикова', 'Проверить тетради']);
  await until(() => titles(page, 'Готово'), []);

  // Columns: one added; removing one with cards is refused with the server's words.
  await page.getByRole('button', { name: 'Колонки' }).click();
  const columns = page.getByRole('dialog', { name: 'Колонки доски «Учебный год»' });
  await columns.getByRole('button', { name: 'Добавить колонку' }).click();
  await columns.getByLabel('Название колонки 4').fill('Отложено');
  await columns.getByRole('button', { name: 'Убрать колонку «В работе»' }).click();
  await columns.getByRole('button', { name: 'Сохранить' }).click();
  await columns.getByText('В колонке «В работе» есть задачи — перенесите их').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Колонки' }).click();
  await columns.getByRole('button', { name: 'Добавить колонку' }).click();
  await columns.getByLabel('Название колонки 4').fill('Отложено');
  assert.equal(await columns.getByRole('button', { name: 'Ниже: «Отложено»' }).isDisabled(), true);
  await columns.getByRole('button', { name: 'Выше: «Отложено»' }).click();
  await columns.getByRole('button', { name: 'Сохранить' }).click();
  await columns.waitFor({ state: 'detached' });
  await until(async () => page.locator('.board-lane .board-column h3').evaluateAll((hs) => hs.map((h) => h.firstChild.textContent.trim())), [
    'К выполнению',
    'В работе',
    'Отложено',
    'Готово',
  ]);

  // A card's dialog: a description with a link, a high priority.
  await page.getByRole('button', { name: 'Подготовить контрольную', exact: true }).click();
  const task = page.getByRole('dialog', { name: 'Задача' });
  await task.getByLabel('Описание').fill('Образец: https://example.org/test.pdf');
  await task.getByLabel('Приоритет').selectOption({ label: 'Высокий' });
  await task.getByRole('button', { name: 'Сохранить' }).click();
  await task.waitFor({ state: 'detached' });
  await card(page, 'Подготовить контрольную').getByText('Высокий').waitFor();
  assert.equal(await card(page, 'Позвонить маме Ёжикова').getByText('Есть описание').count(), 0);
  await card(page, 'Подготовить контрольную').getByText('Есть описание').waitFor();
  // The card carries only its face; opened again, the dialog reads the whole task.
  await page.getByRole('button', { name: 'Подготовить контрольную', exact: true }).click();
  assert.equal(await task.getByRole('link', { name: 'https://example.org/test.pdf' }).getAttribute('href'), 'https://example.org/test.pdf');
  await page.keyboard.press('Escape');

  // Deleted after a confirmation: its tab goes at once and the next board opens; no «no such
  // board» in between.
  await page.locator('.board-toolbar').getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('dialog', { name: 'Удалить доску «Учебный год»?' }).getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('navigation', { name: 'Доски' }).getByRole('link', { name: 'Учебный год' }).waitFor({ state: 'detached' });
  assert.equal(await page.getByText('Такой доски нет').count(), 0);
  await page.locator('.board-lane .task-card').first().waitFor();
  assert.deepEqual(page.errors, []);
});

test('a column renamed in the columns dialog keeps its cards, and its new name after a reload', async () => {
  const page = await open('/');
  await app.signIn(page, DEMO.worker);
  const me = (await callApi(page, 'GET', '/api/user')).body.data;
  const made = await callApi(page, 'POST', '/api/boards', { name: 'Аттестация' });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const board = made.body.data;
  const task = await callApi(page, 'POST', '/api/tasks', { title: 'Собрать портфолио', due_on: schoolNow(2).day, board_id: board.id, column_id: board.columns[1].id });
  assert.equal(task.status, 201, JSON.stringify(task.body));
  const headings = () => page.locator('.board-lane .board-column h3').evaluateAll((hs) => hs.map((h) => h.firstChild.textContent.trim()));
  await page.goto(`/users/${me.id}/boards?board=${board.id}`);
  await until(() => titles(page, 'В работе'), ['Собрать портфолио']);

  await page.getByRole('button', { name: 'Колонки' }).click();
  const columns = page.getByRole('dialog', { name: 'Колонки доски «Аттестация»' });
  const second = columns.getByLabel('Название колонки 2');
  assert.equal(await second.inputValue(), 'В работе');
  await second.fill('На проверке');
  await columns.getByRole('button', { name: 'Сохранить' }).click();
  await columns.waitFor({ state: 'detached' });
  await page.getByText('Колонки сохранены').waitFor();
  await until(headings, ['К выполнению', 'На проверке', 'Готово']);
  await until(() => titles(page, 'На проверке'), ['Собрать портфолио']);

  // Kept: the same column (its id, its status) under the new name, its card still in it.
  await page.reload();
  await until(() => titles(page, 'На проверке'), ['Собрать портфолио']);
  await until(headings, ['К выполнению', 'На проверке', 'Готово']);
  const saved = await callApi(page, 'GET', `/api/boards/${board.id}`);
  assert.deepEqual(
    saved.body.data.columns.map((c) => [c.id, c.name, c.status]),
    board.columns.map((c, at) => [c.id, at === 1 ? 'На проверке' : c.name, c.status]),
  );
  await page.getByRole('button', { name: 'Колонки' }).click();
  assert.equal(await columns.getByLabel('Название колонки 2').inputValue(), 'На проверке');
  await page.keyboard.press('Escape');
  assert.deepEqual(page.errors, []);
});

test('the boards page at 1366 and 360 px, light and dark; on a phone one column at a time', async () => {
  const setup = await open('/');
  await app.signIn(setup, DEMO.worker);
  const me = (await callApi(setup, 'GET', '/api/user')).body;
  const made = await callApi(setup, 'POST', '/api/boards', { name: 'Методобъединение' });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const board = made.body.data;
  const yesterday = schoolNow(-1).day;
  const soon = schoolNow(3).day;
  for (const [title, due_on, priority, at] of [
    ['Сдать отчёт за четверть', yesterday, 'high', 0],
    ['Позвонить маме Ёжикова', soon, 'normal', 0],
    ['Подготовить контрольную по алгебре для 8 «Б»', soon, 'low', 1],
    ['Проверить тетради', soon, 'normal', 2],
  ]) {
    const task = await callApi(setup, 'POST', '/api/tasks', { title, due_on, priority, board_id: board.id, column_id: board.columns[at].id });
    assert.equal(task.status, 201, JSON.stringify(task.body));
  }
  const path = `/users/${me.id ?? me.data?.id}/boards?board=${board.id}`;
  for (const colorScheme of ['light', 'dark']) {
    for (const [width, viewport] of [
      [1366, WIDE],
      [360, PHONE],
    ]) {
      const page = await open('/', { viewport, colorScheme, hasTouch: width === 360 });
      await app.signIn(page, DEMO.worker);
      await page.goto(path);
      await card(page, 'Сдать отчёт за четверть').waitFor();
      assert.equal(await page.locator('.task-card-due.overdue').count(), 1);
      assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), colorScheme === 'dark');
      await app.screenshot(page, `boards-${width}-${colorScheme}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no sideways scroll of the page at ${width} px (${overflow} px)`);
      if (width === 360) {
        // One column in view; its tab brings the next one.
        const tabs = page.getByRole('navigation', { name: 'Колонки доски' });
        await tabs.getByRole('button', { name: 'В работе' }).click();
        await page.waitForFunction(() => {
          const lane = document.querySelector('.board-lane').getBoundingClientRect();
          const second = document.querySelectorAll('.board-lane .board-column')[1].getBoundingClientRect();
          return Math.abs(second.left - lane.left) < 2;
        });
        await until(() => tabs.locator('[aria-current="true"]').innerText(), 'В работе');
        await app.screenshot(page, `boards-column-2-${width}-${colorScheme}`);
        // A finger swiping to the left across a card brings the next column whole and marks its
        // tab; the card, not held, stays where it was.
        const held = column(page, 'В работе').locator('.task-card').first();
        await held.scrollIntoViewIfNeeded();
        const box = await held.boundingBox();
        const y = box.y + box.height / 2;
        await touchDrag(page, { x: box.x + box.width * 0.9, y }, { x: box.x + box.width * 0.3, y }, 0);
        await page.waitForFunction(() => {
          const shown = document.querySelector('.board-lane').getBoundingClientRect();
          const third = document.querySelectorAll('.board-lane .board-column')[2].getBoundingClientRect();
          return Math.abs(third.left - shown.left) < 2;
        });
        await until(() => tabs.locator('[aria-current="true"]').innerText(), 'Готово');
        assert.deepEqual(await titles(page, 'В работе'), ['Подготовить контрольную по алгебре для 8 «Б»']);
      }
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  }
});

/**
 * A finger on the screen through the DevTools protocol: pressed, held `holdMs` (by default past
 * the TouchSensor's 250 ms, which lifts a card; 0 for a swipe), then moved in steps and lifted.
 */
async function touchDrag(page, from, to, holdMs = 400) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, point) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [{ x: point.x, y: point.y }] : [] });
  await touch('touchStart', from);
  if (holdMs > 0) await page.waitForTimeout(holdMs);
  const steps = 12;
  for (let step = 1; step <= steps; step += 1) {
    await touch('touchMove', { x: from.x + ((to.x - from.x) * step) / steps, y: from.y + ((to.y - from.y) * step) / steps });
  }
  await touch('touchEnd');
}

test('on a phone a card is held and dragged with a finger above another one', async () => {
  const setup = await open('/');
  await app.signIn(setup, DEMO.worker);
  const made = await callApi(setup, 'POST', '/api/boards', { name: 'Пальцем' });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const board = made.body.data;
  for (const title of ['Первая', 'Вторая']) {
    const task = await callApi(setup, 'POST', '/api/tasks', { title, due_on: schoolNow(1).day, board_id: board.id, column_id: board.columns[0].id });
    assert.equal(task.status, 201, JSON.stringify(task.body));
  }
  const me = (await callApi(setup, 'GET', '/api/user')).body;
  await setup.context().close();

  const page = await app.open('/', { viewport: PHONE, hasTouch: true });
  await app.signIn(page, DEMO.worker);
  await page.goto(`/users/${me.data?.id ?? me.id}/boards?board=${board.id}`);
  await until(() => titles(page, 'К выполнению'), ['Первая', 'Вторая']);
  await card(page, 'Вторая').scrollIntoViewIfNeeded();
  const lower = await card(page, 'Вторая').locator('.task-card-meta').boundingBox();
  const upper = await card(page, 'Первая').boundingBox();
  const moved = page.waitForResponse(isMove);
  await touchDrag(page, { x: lower.x + lower.width / 2, y: lower.y + lower.height / 2 }, { x: upper.x + upper.width / 2, y: upper.y + 4 });
  assert.equal((await moved).status(), 200);
  await until(() => titles(page, 'К выполнению'), ['Вторая', 'Первая']);
  await page.reload();
  await until(() => titles(page, 'К выполнению'), ['Вторая', 'Первая']);
  assert.equal(await page.getByRole('dialog').count(), 0, 'the hold opened no dialog');
  assert.deepEqual(page.errors, []);
});
