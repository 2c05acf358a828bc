// Calendars: a manager sees a group's lessons in the week view of its teacher and drags one to
// another day; a move onto the teacher's other group is refused with the server's words and the
// lesson goes back; a parent sees his child's timetable, on a computer and at 360 px, where a
// swipe goes to the next day; at 360 px a manager moves a lesson from its details; the private
// iCal link is made, copied and changed; a month of a school too big to show lesson by lesson
// comes counted by day, and a busy day of a month shows «ещё 81». Screenshots at 1366 and 360 px, light and dark.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addDays, callApi, isoDay, mondayOf } from './support/api.mjs';
import { DEMO, PHONE, useApp } from './support/app.mjs';

const app = useApp();
const WIDE = { width: 1366, height: 900 };

/** The school this spec builds once through the API: a subject, a teacher's two groups, a family. */
let school = null;
async function setUp(page) {
  if (school) return school;
  const workers = await callApi(page, 'GET', '/api/users?roles[]=worker&per_page=100');
  const teacher = workers.body.data.find((u) => u.email === DEMO.worker) ?? workers.body.data[0];
  const parents = await callApi(page, 'GET', '/api/users?roles[]=parent&per_page=1');
  const parent = (await callApi(page, 'GET', `/api/users/${parents.body.data[0].id}`)).body.data;
  const child = parent.children_ids[0];
  const students = await callApi(page, 'GET', '/api/users?roles[]=student&per_page=20');
  const others = students.body.data.map((u) => u.id).filter((id) => id !== child).slice(0, 4);
  const subject = await callApi(page, 'POST', '/api/subjects', { name: `Астрономия ${Date.now()}`, color: 'violet' });
  assert.equal(subject.status, 201, JSON.stringify(subject.body));
  // A Monday seven months ahead (past the demo timetable's 26 weeks), late in the evening.
  const ahead = new Date();
  ahead.setUTCDate(ahead.getUTCDate() + 210);
  const monday = mondayOf(isoDay(ahead));
  const group = (name, schedule, studentIds) =>
    callApi(page, 'POST', '/api/group-lessons', {
      name,
      subject_id: subject.body.data.id,
      course_id: null,
      teacher_id: teacher.id,
      student_ids: studentIds,
      capacity: null,
      room: 'Обсерватория',
      schedule,
      starts_on: monday,
      ends_on: addDays(monday, 27),
      price: null,
    });
  const main = await group('Звёздное небо', [{ weekday: 2, start: '20:00', duration_minutes: 60 }, { weekday: 4, start: '20:00', duration_minutes: 60 }], [child, ...others]);
  assert.equal(main.status, 201, JSON.stringify(main.body));
  const busy = await group('Телескопы', [{ weekday: 3, start: '20:00', duration_minutes: 60 }], []);
  assert.equal(busy.status, 201, JSON.stringify(busy.body));
  school = { teacher, parent, child, monday, subject: subject.body.data.name };
  return school;
}

/** Opens a page in a fresh context that knows touch. */
async function open(path, { viewport = WIDE, colorScheme = 'light' } = {}) {
  const context = await app.browser.newContext({ viewport, colorScheme, baseURL: app.url, locale: 'ru-RU', hasTouch: true });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error));
  await page.goto(path);
  // The portal starts light whatever the OS prefers; dark mode is the person's choice.
  await page.evaluate((mode) => localStorage.setItem('theme', mode), colorScheme);
  return page;
}

const lessonsOn = (page, day) => page.locator(`.cal-col[data-day="${day}"] .cal-entry`);

/** In the page: the words of the time grid's entry titles whose letters lie on more than one line. */
function wordsCutAcrossLines() {
  const cut = [];
  for (const title of document.querySelectorAll('.cal-col .cal-entry-title')) {
    const text = title.firstChild;
    for (const match of (text?.textContent ?? '').matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) cut.push(match[0]);
    }
  }
  return cut;
}

test('a manager drags a lesson to another day; a clash is refused in Russian and the lesson goes back', async () => {
  const page = await open('/');
  await app.signIn(page);
  const { teacher, monday, subject } = await setUp(page);
  const tuesday = addDays(monday, 1);
  const [wednesday, friday] = [addDays(monday, 2), addDays(monday, 4)];
  await page.goto(`/calendar?view=week&date=${tuesday}&teacher=${teacher.id}`);
  await page.getByRole('heading', { name: /–/ }).waitFor();
  await lessonsOn(page, tuesday).first().waitFor();
  assert.equal(await lessonsOn(page, tuesday).count(), 1);
  assert.equal(await lessonsOn(page, addDays(monday, 3)).count(), 1, 'the second weekly slot, Thursday');
  assert.match((await lessonsOn(page, tuesday).getAttribute('aria-label')) ?? '', new RegExp(`${subject}, 20:00–21:00, Обсерватория`));
  assert.equal(await lessonsOn(page, tuesday).getAttribute('data-tag-colour'), 'violet');
  await app.screenshot(page, 'calendar-week-1366-light');

  // Onto Wednesday 20:00, where the teacher has his other group: refused, and back on Tuesday.
  const y = (20 - 8) * 48 + 4;
  await lessonsOn(page, tuesday).dragTo(page.locator(`.cal-col[data-day="${wednesday}"]`), { targetPosition: { x: 10, y } });
  const alert = page.locator('.cal-problem');
  await alert.waitFor();
  assert.match(await alert.textContent(), /занят/);
  assert.equal(await lessonsOn(page, tuesday).count(), 1, 'the lesson snapped back');

  // Onto Friday 20:00: moved.
  await lessonsOn(page, tuesday).dragTo(page.locator(`.cal-col[data-day="${friday}"]`), { targetPosition: { x: 10, y } });
  await lessonsOn(page, friday).first().waitFor();
  assert.equal(await lessonsOn(page, tuesday).count(), 0);
  await page.reload();
  await lessonsOn(page, friday).first().waitFor();
  assert.match((await lessonsOn(page, friday).getAttribute('aria-label')) ?? '', /20:00–21:00/);

  // A click opens the details, where the keyboard moves it too: Saturday at 19:00.
  const saturday = addDays(monday, 5);
  await lessonsOn(page, friday).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Обсерватория').waitFor();
  await dialog.getByLabel('День').fill(saturday);
  await dialog.getByLabel('Время').fill('19:00');
  await dialog.getByLabel('Время').press('Enter');
  await lessonsOn(page, saturday).first().waitFor();
  assert.match((await lessonsOn(page, saturday).getAttribute('aria-label')) ?? '', /19:00–20:00/);
  assert.deepEqual(page.errors, []);
});

test("a parent sees his child's timetable and makes his private link", async () => {
  const manager = await open('/');
  await app.signIn(manager);
  const { parent, child, monday } = await setUp(manager);
  const thursday = addDays(monday, 3);
  const page = await open('/');
  await app.signIn(page, parent.email, DEMO.password);
  await page.goto(`/calendar?view=week&date=${thursday}`);
  await lessonsOn(page, thursday).first().waitFor();
  assert.equal(await lessonsOn(page, thursday).getAttribute('draggable'), 'false', 'a parent moves nothing');
  assert.match(await lessonsOn(page, thursday).first().innerText(), / — [А-ЯЁ][а-яё]+/, "his calendar names the child's lesson");
  await page.goto(`/users/${child}/calendar?view=month&date=${thursday}`);
  await page.locator(`.cal-cell[data-day="${thursday}"] .cal-entry`).first().waitFor();

  await page.goto(`/calendar?view=week&date=${thursday}`);
  await page.getByRole('button', { name: 'Получить ссылку' }).click();
  const link = page.getByRole('textbox', { name: 'Ссылка на календарь' });
  await link.waitFor();
  const url = await link.inputValue();
  assert.match(url, /\/api\/users\/\d+\/calendar\.ics\?token=[0-9a-f]{64}$/);
  const feed = await fetch(url);
  assert.equal(feed.status, 200);
  assert.match(await feed.text(), /BEGIN:VEVENT[\s\S]*DTSTART;TZID=/);
  await page.getByRole('button', { name: 'Сменить ссылку' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Сменить ссылку' }).click();
  await page.waitForFunction((old) => document.querySelector('.cal-feed-link input')?.value !== old, url);
  assert.equal((await fetch(url)).status, 404, 'the old link stops working');
  await app.screenshot(page, 'calendar-feed-1366-light');
  assert.deepEqual(page.errors, []);
});

/** A quick sideways swipe over `locator` (CDP touch events, as a phone sends them). */
async function swipe(page, locator, dx) {
  const box = await locator.boundingBox();
  const [x, y] = [box.x + box.width / 2, box.y + Math.min(box.height / 2, 200)];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + dx / 2, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + dx, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('at 360 px a parent swipes from day to day to his child’s lesson, light and dark', async () => {
  const manager = await open('/');
  await app.signIn(manager);
  const { parent, monday } = await setUp(manager);
  const [wednesday, thursday] = [addDays(monday, 2), addDays(monday, 3)];
  for (const colorScheme of ['light', 'dark']) {
    const page = await open('/', { viewport: PHONE, colorScheme });
    await app.signIn(page, parent.email, DEMO.password);
    await page.goto(`/calendar?date=${wednesday}`);
    await page.locator(`.cal-col[data-day="${wednesday}"]`).waitFor();
    assert.equal(await page.locator('.cal-body').getAttribute('data-view'), 'day', 'a phone opens on the day view');
    await swipe(page, page.locator('.cal-body'), -150);
    await page.waitForURL((u) => u.searchParams.get('date') === thursday);
    await lessonsOn(page, thursday).first().waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), colorScheme === 'dark');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scroll at 360 px (${overflow} px)`);
    await app.screenshot(page, `calendar-day-360-${colorScheme}`);
    assert.deepEqual(page.errors, []);
  }
});

test('at 360 px a manager moves a lesson with a tap on it, a day and a time; a clash is refused', async () => {
  const page = await open('/', { viewport: PHONE });
  await app.signIn(page);
  const { teacher, monday } = await setUp(page);
  // The second week's Thursday lesson (the first test moves the first week's Tuesday one).
  const [thursday, wednesday, sunday] = [addDays(monday, 10), addDays(monday, 9), addDays(monday, 13)];
  await page.goto(`/calendar?date=${thursday}&teacher=${teacher.id}`);
  await lessonsOn(page, thursday).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Обсерватория').waitFor();
  const fields = await dialog.evaluate((node) => [...node.querySelectorAll('.cal-move input, .cal-move button')].map((el) => el.getBoundingClientRect().height));
  assert.equal(fields.length, 3, 'a day, a time and «Перенести»');
  assert.ok(fields.every((height) => height >= 40), `thumb-sized fields and buttons: ${fields}`);

  // Onto Wednesday 20:00, where the teacher has his other group: refused, and the lesson stays.
  await dialog.getByLabel('День').fill(wednesday);
  await dialog.getByLabel('Время').fill('20:00');
  await dialog.getByLabel('Время').press('Enter');
  await dialog.getByRole('alert').filter({ hasText: /занят/ }).waitFor();
  await page.keyboard.press('Escape');
  await page.reload();
  await lessonsOn(page, thursday).first().waitFor();

  // Onto Sunday 18:00: moved, and the day view of Sunday shows it.
  await lessonsOn(page, thursday).first().click();
  await dialog.getByLabel('День').fill(sunday);
  await dialog.getByLabel('Время').fill('18:00');
  await dialog.getByLabel('Время').press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  await page.goto(`/calendar?date=${sunday}&teacher=${teacher.id}`);
  await lessonsOn(page, sunday).first().waitFor();
  assert.match((await lessonsOn(page, sunday).getAttribute('aria-label')) ?? '', /18:00–19:00/);
  await page.goto(`/calendar?date=${thursday}&teacher=${teacher.id}`);
  await page.locator(`.cal-col[data-day="${thursday}"]`).waitFor();
  assert.equal(await lessonsOn(page, thursday).count(), 0, 'gone from Thursday');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scroll at 360 px (${overflow} px)`);
  assert.deepEqual(page.errors, []);
});

test('the week view at 1366 px in dark mode', async () => {
  const manager = await open('/', { colorScheme: 'dark' });
  await app.signIn(manager);
  const { teacher, monday } = await setUp(manager);
  await manager.goto(`/calendar?view=week&date=${monday}&teacher=${teacher.id}`);
  await lessonsOn(manager, addDays(monday, 3)).first().waitFor();
  await app.screenshot(manager, 'calendar-week-1366-dark');
  await manager.goto(`/calendar?view=month&date=${monday}&teacher=${teacher.id}`);
  await manager.locator('.cal-month .cal-entry').first().waitFor();
  await app.screenshot(manager, 'calendar-month-1366-dark');
  // The whole demo school's week: lessons at the same hour sit side by side.
  await manager.goto('/calendar?view=week');
  await manager.locator('.cal-col .cal-entry').first().waitFor();
  await app.screenshot(manager, 'calendar-school-week-1366-dark');
  assert.deepEqual(await manager.evaluate(wordsCutAcrossLines), [], 'no subject is cut mid-word («Математи|ка»)');
  assert.deepEqual(manager.errors, []);
});

test('a month of a school too big to show lesson by lesson is counted by day; a day opens from its count', async () => {
  const manager = await open('/');
  await app.signIn(manager);
  const { teacher } = await setUp(manager);
  // Four weeks from the first Monday of the grid of a month ten months ahead, a lesson every
  // ten minutes from 08:00 to 22:00 every day: 2,352 lessons, more than a calendar shows at once.
  const ahead = new Date();
  ahead.setUTCDate(ahead.getUTCDate() + 300);
  const first = `${isoDay(ahead).slice(0, 7)}-01`;
  const monday = mondayOf(first);
  const schedule = [];
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    for (let minutes = 8 * 60; minutes < 22 * 60; minutes += 10) {
      schedule.push({ weekday, start: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`, duration_minutes: 10 });
    }
  }
  const subject = await callApi(manager, 'GET', '/api/subjects?per_page=1');
  const group = await callApi(manager, 'POST', '/api/group-lessons', {
    name: `Консультации ${Date.now()}`,
    subject_id: subject.body.data[0].id,
    course_id: null,
    teacher_id: teacher.id,
    student_ids: [],
    capacity: null,
    room: '',
    schedule,
    starts_on: monday,
    ends_on: addDays(monday, 27),
    price: null,
  });
  assert.equal(group.status, 201, JSON.stringify(group.body).slice(0, 500));

  for (const [viewport, colorScheme, name] of [
    [WIDE, 'light', 'calendar-month-counted-1366-light'],
    [PHONE, 'dark', 'calendar-month-counted-360-dark'],
  ]) {
    const page = await open('/', { viewport, colorScheme });
    await app.signIn(page);
    await page.goto(`/calendar?view=month&date=${first}`);
    const day = addDays(monday, 2);
    const count = page.locator(`.cal-cell[data-day="${day}"] .cal-count`);
    await count.waitFor();
    assert.match((await count.getAttribute('aria-label')) ?? '', /: 84 занятия/);
    assert.match(await page.locator('.info-note').innerText(), /^Занятий в школе за эти дни: [\d\s]+ — слишком много/);
    assert.equal(await page.locator('.cal-problem').count(), 0, 'counted, not refused');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scroll (${overflow} px)`);
    await app.screenshot(page, name);
    await count.click();
    await page.waitForURL((u) => u.searchParams.get('view') === 'day' && u.searchParams.get('date') === day);
    await page.locator(`.cal-col[data-day="${day}"] .cal-entry`).first().waitFor();
    assert.deepEqual(page.errors, []);
  }

  // The teacher's own month shows each day's first lessons and «ещё 81», which opens the day.
  await manager.goto(`/calendar?view=month&date=${first}&teacher=${teacher.id}`);
  const more = manager.locator(`.cal-cell[data-day="${addDays(monday, 3)}"] .cal-more`);
  await more.waitFor();
  assert.equal(await more.innerText(), 'ещё 81');
  assert.equal(await manager.locator(`.cal-cell[data-day="${addDays(monday, 3)}"] .cal-entry`).count(), 3);
  await app.screenshot(manager, 'calendar-month-more-1366-light');
  await more.click();
  await manager.waitForURL((u) => u.searchParams.get('view') === 'day' && u.searchParams.get('date') === addDays(monday, 3));
  assert.deepEqual(manager.errors, []);
});
