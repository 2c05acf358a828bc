// A teacher's day on a 360 px phone (issue 14): the teacher opens today's lesson from the start
// page, taps «Все присутствуют», marks one student late and one absent without a reason, gives a
// 5 and a 3, writes homework and saves once; the parent of the absent student (and of the one with
// the 5) then sees the homework for tomorrow, the new marks and the absence notification: the
// absent student missed yesterday's lesson too, so this is his second absence in a row, the
// school's default line (alerts.unexcused_in_row = 2). Past lessons nobody filled wait on their
// teacher's start page until he saves one's journal and cancels the other from its page. A
// colleague who teaches none of the lesson's students reads its topic and homework, not their
// rows. Pictures of the day and the journal at 1366 and 360 px, light and dark (make screenshots).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callApi, schoolNow } from './support/api.mjs';
import { DEMO, PHONE, looks, useApp } from './support/app.mjs';

const app = useApp();
const WIDE = { width: 1366, height: 860 };
const PASSWORD = 'journal-e2e-2026';
const HOMEWORK = 'Параграф 12, задачи 3–5';

async function ok(page, method, path, body, status = 200) {
  const answer = await callApi(page, method, path, body);
  assert.equal(answer.status, status, `${method} ${path}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const hhmm = (minutes) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

let seq = 0;
/** A person of the test's own (nobody of the demo school is double-booked by its lessons), with a password. */
async function person(manager, { last, first, roles, parents }) {
  seq += 1;
  const email = `journal-${seq}-${Date.now()}@e2e.klass`;
  const { data } = await ok(manager, 'POST', '/api/users', { email, last_name: last, first_name: first, roles, parents, send_password_link: false }, 201);
  await ok(manager, 'POST', `/api/users/${data.id}/change-password`, { password: PASSWORD, password_confirmation: PASSWORD });
  return { id: data.id, email, name: `${last} ${first}` };
}

/**
 * The test's school: a teacher, three students (Алексеев gets a 5, Борисов is late and gets a 3,
 * Волков is absent), the parent of Алексеев and Волков, a lesson that started a few minutes ago
 * and one of the same subject tomorrow; yesterday's, held, where Волков was absent without a
 * reason.
 */
async function arrange() {
  const manager = await app.open('/', { viewport: WIDE });
  await app.signIn(manager, DEMO.manager);
  const subjects = await ok(manager, 'GET', '/api/subjects');
  const subject = subjects.data[0];
  const teacher = await person(manager, { last: 'Учителева', first: 'Анна', roles: ['worker'] });
  const parent = await person(manager, { last: 'Родителев', first: 'Пётр', roles: ['parent'] });
  const good = await person(manager, { last: 'Алексеев', first: 'Андрей', roles: ['student'], parents: [parent.id] });
  const late = await person(manager, { last: 'Борисов', first: 'Борис', roles: ['student'] });
  const absent = await person(manager, { last: 'Волков', first: 'Василий', roles: ['student'], parents: [parent.id] });
  const now = schoolNow();
  const start = Math.max(0, now.minutes - 10);
  const lesson = (day, time) => ({
    subject_id: subject.id,
    teacher_id: teacher.id,
    student_ids: [good.id, late.id, absent.id],
    starts_at: `${day}T${time}`,
    duration_minutes: 45,
    room: 'E2E',
  });
  const today = await ok(manager, 'POST', '/api/lessons', lesson(now.day, hhmm(start)), 201);
  await ok(manager, 'POST', '/api/lessons', lesson(schoolNow(1).day, '12:00'), 201);
  const yesterday = await ok(manager, 'POST', '/api/lessons', lesson(schoolNow(-1).day, '12:00'), 201);
  const records = [good, late, absent].map((student) => ({ student_id: student.id, status: student === absent ? 'unexcused' : 'present', comment: null }));
  await ok(manager, 'PUT', `/api/lessons/${yesterday.data.id}/journal`, { records, marks: [] });
  await manager.context().close();
  return { subject, teacher, parent, good, late, absent, lesson: today.data, time: hhmm(start) };
}

/** The page has no horizontal scroll bar (everything fits the phone's width). */
async function fitsWidth(page) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= width, `the page is ${scroll} px wide on a ${width} px screen`);
}

/** Targets a thumb taps are at least 44 px tall. */
async function bigEnough(locator) {
  for (const box of await locator.evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect().height))) {
    assert.ok(box >= 44, `a target is ${box} px tall`);
  }
}

let school;

test('a teacher fills in today\'s lesson on a phone; the parent sees homework, marks and the absence', async () => {
  school = await arrange();
  const { teacher, parent, good, late, absent, time } = school;

  // The teacher's day: today's lesson as a card; one tap opens its journal.
  const page = await app.open('/', { viewport: PHONE });
  await app.signIn(page, teacher.email, PASSWORD);
  const day = page.locator('.home-lessons');
  await day.getByRole('heading', { name: 'Мои занятия сегодня' }).waitFor();
  const card = day.locator('.day-lesson', { hasText: time });
  await card.getByText('Журнал не заполнен').waitFor();
  await fitsWidth(page);
  await card.getByRole('link').click();
  await page.waitForURL(/\/lessons\/\d+$/);
  const row = (student) => page.locator('.journal-student', { hasText: student.name });
  await row(absent).waitFor();
  await fitsWidth(page);
  await bigEnough(page.locator('.journal-all, .journal-status, .journal-mark-buttons button, .journal-save button'));

  await page.getByRole('button', { name: 'Все присутствуют' }).click();
  await page.getByText('Отмечено 3 из 3').waitFor();
  // A toggle is a label around a hidden radio: the thumb taps the label.
  await row(late).getByTitle('Опоздал').click();
  await row(absent).getByTitle('Отсутствовал без уважительной причины').click();
  assert.equal(await row(late).getByRole('radio', { name: 'Опоздал' }).isChecked(), true);
  await row(good).getByRole('button', { name: 'Поставить 5' }).click();
  await row(late).getByRole('button', { name: 'Поставить 3' }).click();
  await row(good).locator('.journal-mark .mark-chip', { hasText: '5' }).waitFor();
  await page.getByLabel('Домашнее задание', { exact: true }).fill(HOMEWORK);
  await page.getByText('Есть несохранённые изменения').waitFor();
  await fitsWidth(page);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.getByText('Всё сохранено').waitFor();
  await page.locator('.journal-facts .badge', { hasText: 'Проведено' }).waitFor();

  // Saved: the journal reads back as entered.
  await page.reload();
  await row(late).locator('.journal-mark').waitFor();
  assert.equal(await row(late).getByRole('radio', { name: 'Опоздал' }).isChecked(), true);
  assert.equal(await row(absent).getByRole('radio', { name: 'Отсутствовал без уважительной причины' }).isChecked(), true);
  assert.equal(await page.getByLabel('Домашнее задание', { exact: true }).inputValue(), HOMEWORK);
  assert.equal(await row(good).locator('.journal-mark .mark-chip').innerText(), '5');
  assert.equal(await row(late).locator('.journal-mark .mark-chip').innerText(), '3');
  await page.goto('/');
  await day.locator('.day-lesson', { hasText: time }).getByText('✓ Журнал заполнен').waitFor();

  // The parent: tomorrow's homework, the 5 among new marks, the absence in his notifications.
  const home = await app.open('/', { viewport: PHONE });
  await app.signIn(home, parent.email, PASSWORD);
  const homework = home.locator('.home-homework');
  await homework.getByText(HOMEWORK).first().waitFor();
  const marks = home.locator('.home-marks');
  await marks.locator('.mark-chip', { hasText: '5' }).waitFor();
  await marks.getByText(good.name, { exact: false }).first().waitFor();
  await fitsWidth(home);
  await home.keyboard.press('F8');
  const panel = home.getByRole('dialog', { name: 'Уведомления' });
  await panel.locator('.notification', { hasText: /Василий пропустил 2 урока подряд без уважительной причины/ }).first().waitFor();

  // The lesson, read only: the homework and his children's attendance and marks.
  await home.goto(`/lessons/${school.lesson.id}`);
  await home.getByText(HOMEWORK).waitFor();
  await home.locator('.journal-own li', { hasText: 'Волков' }).getByText('Без уважительной причины').waitFor();
  assert.equal(await home.getByRole('button', { name: 'Сохранить' }).count(), 0);
  assert.deepEqual([...page.errors, ...home.errors], []);
});

test('leaving unsaved asks first; a failed save keeps what was entered and offers to retry', async () => {
  const page = await app.open('/', { viewport: PHONE });
  await app.signIn(page, school.teacher.email, PASSWORD);
  await page.goto(`/lessons/${school.lesson.id}`);
  await page.locator('.journal-student').first().waitFor();
  await page.getByLabel('Тема занятия').fill('Дроби');
  // Leaving with something unsaved asks first; «Отмена» stays with what was typed.
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await page.locator('#sidebar').getByRole('link', { name: 'Главная' }).click();
  const leave = page.getByRole('dialog', { name: 'Уйти без сохранения?' });
  await leave.getByRole('button', { name: 'Отмена' }).click();
  await leave.waitFor({ state: 'detached' });
  await page.keyboard.press('Escape');
  await page.locator('#sidebar[data-mobile-open="false"]').waitFor({ state: 'attached' });
  assert.match(new URL(page.url()).pathname, /^\/lessons\/\d+$/);
  // The server is out of reach for the first try only.
  let refused = false;
  await page.route('**/api/lessons/*/journal', (route) => {
    if (route.request().method() === 'PUT' && !refused) {
      refused = true;
      return route.abort('connectionrefused');
    }
    return route.continue();
  });
  await page.getByRole('button', { name: 'Сохранить' }).click();
  const failure = page.locator('.journal-failure');
  await failure.getByText(/Журнал не сохранён/).waitFor();
  assert.equal(await page.getByLabel('Тема занятия').inputValue(), 'Дроби');
  // No toast covers the save bar; «Сохранить» has become «Повторить».
  assert.equal(await page.locator('.toast').count(), 0);
  await page.getByRole('button', { name: 'Повторить' }).click();
  await page.getByText('Всё сохранено').waitFor();
  assert.equal(await failure.count(), 0);
  assert.deepEqual(page.errors, []);
});

for (const [scheme, device, viewport] of looks([['1366', WIDE], ['360', PHONE]])) {
  test(`pictures of the day and the journal: ${scheme}, ${device} px`, async () => {
    const page = await app.open('/help', { viewport, colorScheme: scheme });
    await page.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
    await app.signIn(page, school.teacher.email, PASSWORD);
    await page.locator('.teacher-day').waitFor();
    await page.locator('.day-journal').first().waitFor();
    await app.screenshot(page, `day-${scheme}-${device}`);
    await page.goto(`/lessons/${school.lesson.id}`);
    await page.locator('.journal-student').first().waitFor();
    await app.screenshot(page, `journal-${scheme}-${device}`);
    const parent = await app.open('/help', { viewport, colorScheme: scheme });
    await parent.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
    await app.signIn(parent, school.parent.email, PASSWORD);
    await parent.locator('.home-marks .mark-chip').first().waitFor();
    await app.screenshot(parent, `parent-${scheme}-${device}`);
    await parent.goto(`/lessons/${school.lesson.id}`);
    await parent.locator('.journal-own li').first().waitFor();
    await app.screenshot(parent, `lesson-parent-${scheme}-${device}`);
    assert.deepEqual([...page.errors, ...parent.errors], []);
  });
}

test("past lessons nobody filled wait on their teacher's start page until he saves one's journal and cancels the other", async () => {
  const manager = await app.open('/', { viewport: WIDE });
  await app.signIn(manager, DEMO.manager);
  const subject = (await ok(manager, 'GET', '/api/subjects')).data[0];
  const teacher = await person(manager, { last: 'Забывчивая', first: 'Зоя', roles: ['worker'] });
  const student = await person(manager, { last: 'Григорьев', first: 'Глеб', roles: ['student'] });
  const day = schoolNow(-2).day;
  const body = { subject_id: subject.id, teacher_id: teacher.id, student_ids: [student.id], starts_at: `${day}T10:00`, duration_minutes: 45, room: 'E2E' };
  await ok(manager, 'POST', '/api/lessons', body, 201);
  // And one that did not take place: he cancels it from its page.
  await ok(manager, 'POST', '/api/lessons', { ...body, starts_at: `${day}T12:00` }, 201);
  await manager.context().close();

  const page = await app.open('/', { viewport: PHONE });
  await app.signIn(page, teacher.email, PASSWORD);
  const unfilled = page.getByRole('region', { name: 'Журнал не заполнен' });
  const card = unfilled.locator('.day-lesson', { hasText: '10:00–10:45' });
  await card.getByText(new RegExp(`^[а-я]{2}, ${day.slice(8, 10)}\\.${day.slice(5, 7)}$`)).waitFor();
  await fitsWidth(page);
  await app.screenshot(page, 'home-unfilled-360-light');
  await card.getByRole('link').click();
  await page.waitForURL(/\/lessons\/\d+$/);
  await page.getByRole('button', { name: 'Все присутствуют' }).click();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.getByText('Всё сохранено').waitFor();
  await page.goto('/');
  await unfilled.locator('.day-lesson', { hasText: '12:00–12:45' }).getByRole('link').click();
  await page.waitForURL(/\/lessons\/\d+$/);
  await page.getByRole('group', { name: 'Действия с занятием' }).waitFor();
  await app.screenshot(page, 'lesson-actions-360-light');
  await page.getByRole('group', { name: 'Действия с занятием' }).getByRole('button', { name: 'Отменить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Отменить занятие?' });
  await dialog.getByLabel('Причина').fill('Болел учитель');
  await dialog.getByRole('button', { name: 'Отменить занятие' }).click();
  await page.locator('.journal-facts .badge', { hasText: 'Отменено' }).waitFor();
  await page.getByText('Занятие отменено: Болел учитель.').waitFor();
  await fitsWidth(page);
  await page.goto('/');
  await page.getByRole('heading', { name: 'Мои занятия сегодня' }).waitFor();
  // Every list of the start page has answered (the lessons to fill among them).
  await page.waitForLoadState('networkidle');
  assert.equal(await unfilled.count(), 0, 'filled: no longer waiting');
  assert.deepEqual(page.errors, []);
});

test("a colleague opening the lesson reads its topic and homework, and is told its students' rows are its teacher's", async () => {
  const manager = await app.open('/', { viewport: WIDE });
  await app.signIn(manager, DEMO.manager);
  const colleague = await person(manager, { last: 'Коллегова', first: 'Кира', roles: ['worker'] });
  await manager.context().close();

  const page = await app.open('/', { viewport: PHONE });
  await app.signIn(page, colleague.email, PASSWORD);
  await page.goto(`/lessons/${school.lesson.id}`);
  await page.getByText(HOMEWORK).waitFor();
  await page.getByText('Посещаемость и оценки учеников этого занятия видны его учителю и менеджерам.').waitFor();
  assert.equal(await page.locator('.journal-own li').count(), 0, 'no student of his');
  assert.equal(await page.getByRole('button', { name: 'Сохранить' }).count(), 0, 'read only');
  await fitsWidth(page);
  await app.screenshot(page, 'lesson-colleague-360-light');
  assert.deepEqual(page.errors, []);
});
