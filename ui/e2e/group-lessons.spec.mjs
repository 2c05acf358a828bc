// Groups and lessons: a manager creates a group with two weekly slots and five students and
// sees its lessons, on its page and in the week of the calendar; a second group whose timetable
// clashes is refused with the server's message, next to the timetable, and nothing is saved; the
// same on a 360 px phone; the groups list sorts by a column's header; a teacher's lessons today
// on the start page, a student's next lessons with his group's name; pictures of every page,
// light and dark, at 1366 and 360 px.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addDays, callApi, mondayOf, schoolNow } from './support/api.mjs';
import { DEMO, PHONE, looks, useApp } from './support/app.mjs';

const app = useApp();
const WIDE = { width: 1366, height: 860 };

/** A subject to teach, unless the demo school has one already. */
async function ensureSubject(page) {
  const { body } = await callApi(page, 'GET', '/api/subjects');
  if (body.data.length === 0) {
    const made = await callApi(page, 'POST', '/api/subjects', { name: 'Робототехника', color: 'teal' });
    assert.equal(made.status, 201, JSON.stringify(made.body));
  }
}

/** Picks a teacher in the group form by a part of his name. */
async function pickTeacher(form, name) {
  await form.getByRole('searchbox', { name: 'Учитель' }).fill(name);
  await form.locator('.picker-results button', { hasText: name }).first().click();
}

/** Fills the group form: name, the first subject, a teacher, weekly slots, `students` students. */
async function fillGroup(page, { name, teacher, slots, students }) {
  await page.goto('/group-lessons/create');
  const form = page.locator('form.group-form');
  await form.getByLabel('Название').fill(name);
  const subject = form.getByLabel('Предмет');
  await subject.locator('option:nth-child(2)').waitFor({ state: 'attached' });
  await subject.selectOption({ index: 1 });
  await pickTeacher(form, teacher);
  for (const [index, [day, time, minutes]] of slots.entries()) {
    if (index > 0) await form.getByRole('button', { name: 'Добавить день' }).click();
    const row = form.locator('.schedule-row').nth(index);
    await row.getByLabel('День').selectOption(day);
    await row.getByLabel('Начало').fill(time);
    await row.getByLabel('Минут').fill(String(minutes));
  }
  const search = form.getByRole('searchbox', { name: 'Найти: ученик' });
  await search.fill('ов');
  for (let chosen = 0; chosen < students; chosen++) {
    await form.locator('.picker-results button').first().click();
    await form.locator('.picker-chosen li button').nth(chosen).waitFor();
  }
  return form;
}

async function createAndClash(page, { name, teacher, surname, slots, clash }) {
  let form = await fillGroup(page, { name, teacher, slots, students: 5 });
  await form.getByText(`По расписанию: ${clash.words}`).waitFor();
  await form.getByRole('button', { name: 'Создать группу' }).click();
  await page.waitForURL(/\/group-lessons\/\d+$/);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByRole('heading', { name: 'Ученики (5)' }).waitFor();
  await page.locator('.group-facts').getByText(clash.words).waitFor();
  // Its lessons are there, on the days of the timetable.
  const upcoming = page.locator('.group-lessons').first();
  await upcoming.locator('.lesson').first().waitFor();
  const days = await upcoming.locator('.lesson-day h3').allTextContents();
  assert.ok(days.length >= 2, `upcoming days: ${days}`);
  assert.ok(days.every((day) => clash.dayNames.some((wanted) => day.startsWith(wanted))), `days: ${days}`);
  const groupPath = new URL(page.url()).pathname;

  // The list shows it with its timetable in words.
  await page.goto(`/group-lessons?search=${encodeURIComponent(name)}`);
  const row = page.locator('.groups-table tbody tr', { hasText: name });
  await row.locator('td[data-label="Расписание"]', { hasText: clash.words }).waitFor();
  await row.locator('td[data-label="Ученики"]', { hasText: '5' }).waitFor();

  // The same teacher at an overlapping time: refused with the server's words, beside the timetable.
  form = await fillGroup(page, { name: `${name} (дубль)`, teacher, slots: [clash.slot], students: 1 });
  await form.getByRole('button', { name: 'Создать группу' }).click();
  const clashes = form.locator('.schedule-clashes');
  await clashes.getByText(new RegExp(`Учител\\S* ${surname} .* занят`)).first().waitFor();
  assert.match(new URL(page.url()).pathname, /\/group-lessons\/create$/);
  // Nothing was saved.
  await page.goto(`/group-lessons?search=${encodeURIComponent(`${name} (дубль)`)}`);
  await page.getByText('Ничего не найдено по заданным условиям.').waitFor();
  return groupPath;
}

test('a manager creates a group with two weekly slots and five students, sees its lessons; a clash is refused', async () => {
  const page = await app.open('/', { viewport: WIDE });
  await app.signIn(page);
  await ensureSubject(page);
  const group = await createAndClash(page, {
    name: 'Робототехника e2e',
    teacher: 'Белов',
    surname: 'Белов',
    slots: [['6', '07:00', 60], ['7', '07:00', 60]],
    clash: { words: 'сб, вс 07:00', dayNames: ['Суббота', 'Воскресенье'], slot: ['7', '07:30', 45] },
  });

  // Next week's two lessons are in its teacher's week of the calendar, Saturday and Sunday at 07:00.
  const teachers = await callApi(page, 'GET', '/api/users?roles[]=worker&search=Белов');
  const monday = mondayOf(schoolNow(7).day);
  await page.goto(`/calendar?view=week&date=${monday}&teacher=${teachers.body.data[0].id}`);
  for (const day of [addDays(monday, 5), addDays(monday, 6)]) {
    await page.locator(`.cal-col[data-day="${day}"] .cal-entry[aria-label*="07:00–08:00"]`).waitFor();
  }

  // The header «Ученики» sorts the list by the server: fewest first, then, clicked again, most.
  await page.goto('/group-lessons?per_page=100');
  const header = page.getByRole('columnheader', { name: /Ученики/ });
  const counts = () => page.locator('.groups-table tbody td[data-label="Ученики"]').evaluateAll((cells) => cells.map((cell) => Number.parseInt(cell.textContent ?? '', 10)));
  for (const [sort, order] of [['students', 'ascending'], ['-students', 'descending']]) {
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/group-lessons' && new URL(response.url()).searchParams.get('sort') === sort);
    await header.getByRole('button').click();
    await answered;
    await page.locator('.table-scroll[aria-busy="true"]').waitFor({ state: 'detached' });
    assert.equal(await header.getAttribute('aria-sort'), order);
    const shown = await counts();
    assert.ok(shown.length > 1, 'the demo school has groups');
    assert.deepEqual(shown, [...shown].sort((a, b) => (order === 'ascending' ? a - b : b - a)), `${sort}: ${shown}`);
  }

  // A student leaves the group: saved at once.
  await page.goto(group);
  await page.getByRole('heading', { name: 'Ученики (5)' }).waitFor();
  await page.locator('.picker-chosen li button').first().click();
  await page.getByRole('heading', { name: 'Ученики (4)' }).waitFor();

  // The timetable changes: Sunday moves to 08:00; the form says what saving will do first.
  await page.getByRole('button', { name: 'Изменить' }).click();
  const form = page.locator('form.group-form');
  await form.locator('.schedule-row').nth(1).getByLabel('Начало').fill('08:00');
  await form.getByText('По расписанию: сб 07:00; вс 08:00').waitFor();
  await form.getByText(/Будет создано или изменено занятий: \d+/).waitFor();
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await page.locator('.group-facts').getByText('сб 07:00; вс 08:00').waitFor();
  await page.locator('.group-lessons').first().locator('.lesson', { hasText: '08:00–09:00' }).first().waitFor();
  assert.deepEqual(page.errors, []);
});

test('the same on a 360 px phone', async () => {
  const page = await app.open('/', { viewport: PHONE });
  await app.signIn(page);
  await ensureSubject(page);
  const group = await createAndClash(page, {
    name: 'Шахматы e2e',
    teacher: 'Кузнецов',
    surname: 'Кузнецов',
    slots: [['5', '06:00', 45], ['6', '06:00', 45]],
    clash: { words: 'пт, сб 06:00', dayNames: ['Пятница', 'Суббота'], slot: ['5', '06:15', 30] },
  });
  // Deleted after a confirmation (nothing was held yet, so it goes with its lessons).
  await page.goto(group);
  await page.getByRole('button', { name: 'Удалить' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await page.waitForURL((url) => url.pathname === '/group-lessons');
  await page.goto(`/group-lessons?search=${encodeURIComponent('Шахматы e2e')}`);
  await page.getByText('Ничего не найдено по заданным условиям.').waitFor();
  assert.deepEqual(page.errors, []);
});

test('lessons: a one-off lesson is created, moved, given a topic and cancelled with a reason', async () => {
  const page = await app.open('/', { viewport: PHONE });
  await app.signIn(page, DEMO.manager);
  await ensureSubject(page);
  await page.goto('/lessons?from=2030-01-07&to=2030-01-07');
  await page.getByRole('button', { name: 'Новое занятие' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Предмет').selectOption({ index: 1 });
  await dialog.getByRole('searchbox', { name: 'Учитель' }).fill('Попова');
  await dialog.locator('.picker-results button', { hasText: 'Попова' }).first().click();
  await dialog.getByLabel('Дата').fill('07.01.2030');
  await dialog.getByLabel('Начало').fill('09:00');
  await dialog.getByRole('searchbox', { name: 'Найти: ученик' }).fill('ов');
  await dialog.locator('.picker-results button').first().click();
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.lesson', { hasText: '09:00–10:00' }).waitFor();

  // Moved to 10:30 for 45 minutes, in one dialog with one save.
  await page.locator('.lesson', { hasText: '09:00–10:00' }).getByRole('button', { name: 'Перенести' }).click();
  const move = page.getByRole('dialog');
  await move.getByLabel('Начало').fill('10:30');
  await move.getByLabel('Минут').fill('45');
  await move.getByRole('button', { name: 'Перенести' }).click();
  await move.waitFor({ state: 'detached' });
  const lesson = page.locator('.lesson', { hasText: '10:30–11:15' });
  await lesson.waitFor();

  await lesson.getByRole('button', { name: 'Тема и ДЗ' }).click();
  await page.getByRole('dialog').getByLabel('Тема').fill('Дроби');
  await page.getByRole('dialog').getByLabel('Домашнее задание').fill('№ 12, 14');
  await page.getByRole('dialog').getByRole('button', { name: 'Сохранить' }).click();
  await lesson.getByText('Тема: Дроби').waitFor();

  await lesson.getByRole('button', { name: 'Отменить' }).click();
  await page.getByRole('dialog').getByLabel('Причина').fill('Болезнь учителя');
  await page.getByRole('dialog').getByRole('button', { name: 'Отменить занятие' }).click();
  await lesson.getByText('Причина: Болезнь учителя').waitFor();
  await lesson.getByText('Отменено').waitFor();
  assert.deepEqual(page.errors, []);
});

test('the start page: a teacher sees his lessons today, a student his next lessons', async () => {
  const page = await app.open('/', { viewport: PHONE });
  await app.signIn(page);
  await ensureSubject(page);
  const subjects = await callApi(page, 'GET', '/api/subjects');
  const teachers = await callApi(page, 'GET', `/api/users?search=${encodeURIComponent(DEMO.worker)}`);
  const students = await callApi(page, 'GET', '/api/users?roles[]=student&per_page=1');
  const [teacher, student] = [teachers.body.data[0], students.body.data[0]];
  // The school's today (Moscow), not the machine's: the teacher's day lists the school's day.
  const today = schoolNow().day;
  const made = await callApi(page, 'POST', '/api/lessons', {
    subject_id: subjects.body.data[0].id,
    teacher_id: teacher.id,
    student_ids: [student.id],
    starts_at: `${today}T23:15`,
    duration_minutes: 30,
    room: '7',
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));

  const teacherPage = await app.open('/', { viewport: PHONE });
  await app.signIn(teacherPage, DEMO.worker);
  const mine = teacherPage.locator('.home-lessons');
  await mine.getByRole('heading', { name: 'Мои занятия сегодня' }).waitFor();
  // Each lesson of his day opens its journal.
  await mine.locator('.day-lesson', { hasText: '23:15–23:45' }).getByRole('link').click();
  await teacherPage.waitForURL(new RegExp(`/lessons/${made.body.data.id}$`));

  const studentPage = await app.open('/', { viewport: PHONE });
  await app.signIn(studentPage, student.email);
  const next = studentPage.locator('.home-lessons');
  await next.getByRole('heading', { name: 'Ближайшие занятия' }).waitFor();
  await next.locator('.lesson', { hasText: '23:15–23:45' }).waitFor();
  // A student reads his lessons; he runs none of them.
  assert.equal(await next.getByRole('button', { name: 'Перенести' }).count(), 0);
  // His group's lessons name the group (a student cannot open the group itself).
  const groups = await callApi(page, 'GET', `/api/group-lessons?student_id=${student.id}`);
  const names = groups.body.data.map((group) => group.name);
  assert.ok(names.length > 0, 'every demo student is in a group');
  await studentPage.goto('/lessons');
  const title = studentPage.locator('.lesson-title', { hasText: new RegExp(names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')) });
  await title.first().waitFor();
  assert.equal(await studentPage.getByText('Групповое').count(), 0);
  assert.deepEqual([...page.errors, ...teacherPage.errors, ...studentPage.errors], []);
});

for (const [scheme, device, viewport] of looks([['desktop', WIDE], ['phone', PHONE]])) {
  test(`group and lesson screenshots: ${scheme}, ${device}`, async () => {
    const page = await app.open('/help', { viewport, colorScheme: scheme });
    await page.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
    await app.signIn(page);
    await ensureSubject(page);
    const shot = async (name, path, ready) => {
      await app.visit(page, path, ready);
      await app.screenshot(page, `${name}-${scheme}-${device}`);
    };
    await shot('groups', '/group-lessons', 'h1');
    await shot('lessons', '/lessons', 'h1');
    const form = await fillGroup(page, { name: 'Проверка', teacher: 'Белов', slots: [['2', '16:00', 60], ['4', '16:00', 60]], students: 2 });
    // The server's check: how many lessons saving makes, or what it clashes with.
    await form.locator('.schedule-words .muted, .schedule-clashes').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await app.screenshot(page, `group-create-${scheme}-${device}`);
    const first = page.locator('.groups-table tbody tr a');
    await page.goto('/group-lessons');
    if (await first.count()) {
      await first.first().click();
      await page.locator('.group-facts').waitFor();
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      await app.screenshot(page, `group-${scheme}-${device}`);
    }
    await page.goto('/users?search=smirnova');
    await page.locator('.people-table tbody tr').first().click();
    await page.waitForURL(/\/users\/\d+$/);
    await shot('user-lessons', `${new URL(page.url()).pathname}/lessons`, 'h2');
    const teacher = await app.open('/', { viewport, colorScheme: scheme });
    await teacher.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
    await app.signIn(teacher, DEMO.worker);
    await teacher.locator('.home-lessons h2').waitFor();
    await teacher.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    await app.screenshot(teacher, `home-teacher-${scheme}-${device}`);
  });
}
