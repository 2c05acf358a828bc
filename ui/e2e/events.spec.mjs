// The school's events (issue 17): a manager puts a two-day holiday that cancels lessons on the
// calendars — the dialog asks first, with the server's counts of lessons and people, declined in
// Russian — and sees it in the list and on the month; a parent then sees the holiday on his
// child's calendar as an all-day band, its details on a click, and the child's lessons of those
// days cancelled. A meeting for one group ticked in «Для кого», and an event's new title, are
// kept after a reload. Screenshots at 1366 and 360 px, light and dark.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callApi } from './support/api.mjs';
import { DEMO, PHONE, useApp } from './support/app.mjs';

const app = useApp();
const WIDE = { width: 1366, height: 900 };

const pad = (n) => String(n).padStart(2, '0');
const iso = (date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const addDays = (day, n) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return iso(date);
};
const dotted = (day) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** A page in a fresh context, in the colour scheme the person chose (the portal starts light). */
async function open(path, { viewport = WIDE, colorScheme = 'light' } = {}) {
  const context = await app.browser.newContext({ viewport, baseURL: app.url, locale: 'ru-RU' });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error));
  await page.goto(path);
  await page.evaluate((mode) => localStorage.setItem('theme', mode), colorScheme);
  return page;
}

/**
 * The school this spec builds through the API: a subject and a group with a demo parent's child,
 * on Tuesdays and Wednesdays at 20:00 for four weeks from a Monday seven months ahead (past the
 * demo timetable, so the holiday's counts are this group's alone).
 */
let school = null;
async function setUp(page) {
  if (school) return school;
  const workers = await callApi(page, 'GET', '/api/users?roles[]=worker&per_page=100');
  const teacher = workers.body.data.find((u) => u.email === DEMO.worker) ?? workers.body.data[0];
  const parents = await callApi(page, 'GET', '/api/users?roles[]=parent&per_page=1');
  const parent = (await callApi(page, 'GET', `/api/users/${parents.body.data[0].id}`)).body.data;
  const child = parent.children_ids[0];
  const subject = await callApi(page, 'POST', '/api/subjects', { name: `Геология ${Date.now()}`, color: 'orange' });
  assert.equal(subject.status, 201, JSON.stringify(subject.body));
  const ahead = new Date();
  ahead.setUTCDate(ahead.getUTCDate() + 210);
  const monday = addDays(iso(ahead), -((ahead.getUTCDay() + 6) % 7));
  const group = await callApi(page, 'POST', '/api/group-lessons', {
    name: 'Минералы',
    subject_id: subject.body.data.id,
    course_id: null,
    teacher_id: teacher.id,
    student_ids: [child],
    capacity: null,
    room: 'Музей',
    schedule: [
      { weekday: 2, start: '20:00', duration_minutes: 60 },
      { weekday: 3, start: '20:00', duration_minutes: 60 },
    ],
    starts_on: monday,
    ends_on: addDays(monday, 27),
    price: null,
  });
  assert.equal(group.status, 201, JSON.stringify(group.body));
  school = { parent, child, tuesday: addDays(monday, 8), wednesday: addDays(monday, 9) };
  return school;
}

const TITLE = 'Осенние каникулы';

test('a manager creates a holiday that cancels lessons, confirming the counts', async () => {
  const page = await open('/');
  await app.signIn(page);
  const { tuesday, wednesday } = await setUp(page);
  // The list from the week of the holiday on (the demo school's own events come sooner).
  await page.goto(`/events?from=${addDays(tuesday, -1)}`);
  await page.getByRole('link', { name: 'События' }).first().waitFor();
  await page.getByText('Ничего не найдено по заданным условиям.').waitFor();
  assert.equal(await page.getByLabel('С даты').inputValue(), dotted(addDays(tuesday, -1)));

  // The dialog: a server refusal shows under its field (the last day before the first).
  await page.getByRole('button', { name: 'Новое событие' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новое событие' });
  await dialog.getByLabel('Название').fill(TITLE);
  await dialog.getByLabel('Описание').fill('Школа закрыта, занятий нет.');
  assert.equal(await dialog.getByLabel('Вид').inputValue(), 'holiday');
  await dialog.getByLabel('Первый день').fill(dotted(wednesday));
  await dialog.getByLabel('Последний день').fill(dotted(tuesday));
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await dialog.locator('[aria-invalid="true"]').first().waitFor();
  assert.ok(await dialog.isVisible(), 'the dialog stays open with the message');

  await dialog.getByLabel('Первый день').fill(dotted(tuesday));
  await dialog.getByLabel('Последний день').fill(dotted(wednesday));
  await dialog.getByLabel('Отменить занятия в эти дни').check();
  await app.screenshot(page, 'events-dialog-1366-light');
  await dialog.getByRole('button', { name: 'Создать' }).click();

  // The question, with the server's own counts.
  const question = page.getByRole('dialog', { name: 'Отменить занятия?' });
  await question.waitFor();
  const body = { title: TITLE, description: '', kind: 'holiday', starts_at: tuesday, ends_at: wednesday, all_day: true, audience: { kind: 'all', ids: [] }, cancels_lessons: true };
  const preview = await callApi(page, 'POST', '/api/events/preview', body);
  assert.equal(preview.status, 200, JSON.stringify(preview.body));
  const { lessons, people } = preview.body.data;
  assert.equal(lessons, 2, 'the group meets on both days of the holiday');
  const text = await question.textContent();
  assert.match(text, new RegExp(`Будут отменены 2 занятия, это коснётся ${people} человека?`));
  await app.screenshot(page, 'events-confirm-1366-light');
  await question.getByRole('button', { name: 'Отменить занятия' }).click();
  await page.getByText('Событие создано').waitFor();

  // In the list, and on the month on both days.
  const row = page.locator('.events-table tbody tr', { hasText: TITLE });
  await row.waitFor();
  assert.match(await row.textContent(), new RegExp(`${dotted(tuesday)}–${dotted(wednesday)}, весь день`));
  assert.match(await row.textContent(), /Каникулы и праздники/);
  await app.screenshot(page, 'events-list-1366-light');
  await page.getByRole('button', { name: 'Месяц' }).click();
  await page.waitForURL((url) => url.searchParams.get('view') === 'month');
  await page.goto(`/events?view=month&month=${tuesday}`);
  for (const day of [tuesday, wednesday]) await page.locator(`.cal-cell[data-day="${day}"] .cal-entry[data-kind="event"]`).waitFor();
  assert.equal(await page.locator(`.cal-cell[data-day="${tuesday}"] .cal-entry`).getAttribute('data-tag-colour'), 'green');
  await app.screenshot(page, 'events-month-1366-light');

  // The kind filter lives in the address.
  await page.goto(`/events?view=month&month=${tuesday}`);
  await page.getByLabel('Вид события').selectOption('exam');
  await page.waitForURL((url) => url.searchParams.get('kind') === 'exam');
  await page.locator('.cal-month').waitFor();
  await page.waitForFunction(() => !document.querySelector('.cal-body[aria-busy="true"]'));
  assert.equal(await page.locator(`.cal-cell[data-day="${tuesday}"] .cal-entry`).count(), 0, 'no exam that day');
  assert.deepEqual(page.errors, []);
});

test("a parent sees the holiday on his child's calendar, the child's lessons of those days cancelled", async () => {
  const manager = await open('/');
  await app.signIn(manager);
  const { parent, child, tuesday, wednesday } = await setUp(manager);
  const page = await open('/');
  await app.signIn(page, parent.email, DEMO.password);
  await page.goto(`/users/${child}/calendar?view=week&date=${tuesday}`);
  const band = page.locator('.cal-allday .cal-entry[data-kind="event"]');
  await band.first().waitFor();
  assert.equal(await band.count(), 2, 'a band on Tuesday and on Wednesday');
  for (const day of [tuesday, wednesday]) {
    const lesson = page.locator(`.cal-col[data-day="${day}"] .cal-entry[data-kind="lesson"]`);
    await lesson.waitFor();
    assert.equal(await lesson.getAttribute('data-status'), 'cancelled');
    assert.match((await lesson.getAttribute('aria-label')) ?? '', /отменено/);
  }
  assert.equal(await band.first().getAttribute('draggable'), 'false');
  await app.screenshot(page, 'events-parent-week-1366-light');

  await band.first().focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: TITLE });
  await details.waitFor();
  assert.match(await details.textContent(), new RegExp(`${dotted(tuesday)}–${dotted(wednesday)}, весь день`));
  assert.equal(await details.getByRole('button', { name: 'Перенести' }).count(), 0, 'nothing to do with an event');
  await page.keyboard.press('Escape');

  await page.goto(`/calendar?view=month&date=${tuesday}`);
  await page.locator(`.cal-cell[data-day="${wednesday}"] .cal-entry[data-kind="event"]`).waitFor();
  assert.deepEqual(page.errors, []);
});

/** A day `n` days from today, well before the holiday's weeks (so their lists and months stay theirs). */
const ahead = (n) => addDays(iso(new Date()), n);

test('a manager creates a meeting for one group, ticked in «Для кого»; it is kept after a reload', async () => {
  const page = await open('/');
  await app.signIn(page);
  const groups = await callApi(page, 'GET', `/api/group-lessons?search=${encodeURIComponent('Русский язык 9')}`);
  const group = groups.body.data.find((row) => row.name === 'Русский язык 9');
  assert.ok(group, 'the demo group');
  const day = ahead(120);
  const title = `Собрание группы ${Date.now()}`;
  await page.goto(`/events?from=${day}&to=${day}`);
  await page.getByRole('button', { name: 'Новое событие' }).waitFor();

  await page.getByRole('button', { name: 'Новое событие' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новое событие' });
  await dialog.getByLabel('Название').fill(title);
  await dialog.getByLabel('Вид').selectOption('meeting');
  await dialog.getByRole('switch', { name: 'Весь день' }).uncheck();
  await dialog.getByLabel('Начало, день').fill(dotted(day));
  await dialog.getByLabel('Начало, время').fill('18:00');
  await dialog.getByLabel('Конец, день').fill(dotted(day));
  await dialog.getByLabel('Конец, время').fill('19:30');
  // «Группы» with none ticked is refused; then one found by its name and ticked.
  const audience = dialog.getByRole('radiogroup', { name: 'Для кого' });
  await audience.getByRole('radio', { name: 'Группы' }).check();
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await dialog.getByText('Отметьте хотя бы одну группу').waitFor();
  await dialog.getByLabel('Найти группу').fill('русский');
  const list = dialog.getByRole('list', { name: 'Группы' });
  await list.getByRole('checkbox', { name: group.name, exact: true }).waitFor();
  assert.equal(await list.getByRole('checkbox').count(), 1, 'the search leaves the one group');
  await list.getByRole('checkbox', { name: group.name, exact: true }).check();
  await dialog.getByText('Выбрано групп: 1').waitFor();
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await page.getByText('Событие создано').waitFor();
  await dialog.waitFor({ state: 'detached' });

  const row = page.locator('.events-table tbody tr', { hasText: title });
  const check = async () => {
    await row.waitFor();
    assert.equal((await row.locator('td[data-label="Когда"]').innerText()).trim(), `${dotted(day)}, 18:00–19:30`);
    assert.equal((await row.locator('td[data-label="Для кого"]').innerText()).trim(), '1 группа');
    assert.match(await row.textContent(), /Собрание/);
  };
  await check();
  await page.reload();
  await check();
  const saved = (await callApi(page, 'GET', `/api/events?from=${day}&to=${day}&per_page=100`)).body.data.find((event) => event.title === title);
  assert.deepEqual(saved.audience, { kind: 'groups', ids: [group.id] });
  // The change dialog reads it back: «Группы», the group ticked.
  await page.getByRole('button', { name: `Изменить событие «${title}»` }).click();
  const change = page.getByRole('dialog', { name: 'Изменить событие' });
  assert.equal(await change.getByRole('radio', { name: 'Группы' }).isChecked(), true);
  const ticked = change.getByRole('list', { name: 'Группы' }).getByRole('checkbox', { name: group.name, exact: true });
  await ticked.waitFor();
  assert.equal(await ticked.isChecked(), true);
  await change.getByText('Выбрано групп: 1').waitFor();
  await change.getByRole('button', { name: 'Отмена' }).click();
  assert.deepEqual(page.errors, []);
});

test("a manager changes an event's title in its dialog; the list has the new one after a reload", async () => {
  const page = await open('/');
  await app.signIn(page);
  const day = ahead(125);
  const [before, after] = [`Олимпиада ${Date.now()}`, `Олимпиада по физике ${Date.now()}`];
  const made = await callApi(page, 'POST', '/api/events', { title: before, description: 'Актовый зал', kind: 'exam', starts_at: day, ends_at: day, all_day: true, audience: { kind: 'staff', ids: [] }, cancels_lessons: false });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  await page.goto(`/events?from=${day}&to=${day}`);
  await page.locator('.events-table tbody tr', { hasText: before }).waitFor();

  await page.getByRole('button', { name: `Изменить событие «${before}»` }).click();
  const dialog = page.getByRole('dialog', { name: 'Изменить событие' });
  assert.equal(await dialog.getByLabel('Название').inputValue(), before);
  await dialog.getByLabel('Название').fill(after);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await page.getByText('Событие сохранено').waitFor();
  await dialog.waitFor({ state: 'detached' });
  const row = (title) => page.locator('.events-table tbody tr', { has: page.locator('.event-title').getByText(title, { exact: true }) });
  await row(after).waitFor();
  assert.equal(await row(before).count(), 0);
  await page.reload();
  await row(after).waitFor();
  assert.equal(await row(before).count(), 0);
  // The same event, only its title changed.
  const saved = (await callApi(page, 'GET', `/api/events?from=${day}&to=${day}&per_page=100`)).body.data.find((event) => event.id === made.body.data.id);
  assert.equal(saved.title, after);
  assert.deepEqual({ ...saved, title: before }, made.body.data);
  assert.deepEqual(page.errors, []);
});

test('at 360 px and in dark mode', async () => {
  const manager = await open('/');
  await app.signIn(manager);
  const { parent, child, tuesday } = await setUp(manager);
  for (const colorScheme of ['light', 'dark']) {
    const phone = await open('/', { viewport: PHONE, colorScheme });
    await app.signIn(phone, parent.email, DEMO.password);
    await phone.goto(`/users/${child}/calendar?view=day&date=${tuesday}`);
    await phone.locator('.cal-allday .cal-entry[data-kind="event"]').waitFor();
    assert.equal(await phone.evaluate(() => document.documentElement.classList.contains('dark')), colorScheme === 'dark');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scroll at 360 px (${overflow} px)`);
    await app.screenshot(phone, `events-parent-day-360-${colorScheme}`);

    const staff = await open('/', { viewport: PHONE, colorScheme });
    await app.signIn(staff);
    await staff.goto(`/events?from=${tuesday}`);
    await staff.locator('.events-table tbody tr', { hasText: TITLE }).waitFor();
    assert.ok((await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 0, 'the list fits 360 px');
    await app.screenshot(staff, `events-list-360-${colorScheme}`);
    await staff.goto(`/events?view=month&month=${tuesday}`);
    await staff.locator(`.cal-cell[data-day="${tuesday}"] .cal-entry`).waitFor();
    await app.screenshot(staff, `events-month-360-${colorScheme}`);
    assert.deepEqual([...phone.errors, ...staff.errors], []);
  }
  const dark = await open('/', { colorScheme: 'dark' });
  await app.signIn(dark);
  await dark.goto(`/events?view=month&month=${tuesday}`);
  await dark.locator(`.cal-cell[data-day="${tuesday}"] .cal-entry`).waitFor();
  await app.screenshot(dark, 'events-month-1366-dark');
  await dark.goto(`/events?from=${tuesday}`);
  await dark.getByRole('button', { name: `Изменить событие «${TITLE}»` }).click();
  await dark.getByRole('dialog', { name: 'Изменить событие' }).getByLabel('Название').waitFor();
  await app.screenshot(dark, 'events-edit-1366-dark');
});
