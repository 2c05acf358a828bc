// The catalogue: a manager creates a subject and finds it in the list (a twin name is refused
// with the server's message); a manager sets a student's subjects with his own price, which a
// worker sees read-only; a student sees his course with a progress bar. Pictures of every catalogue page, light and dark,
// 1366 px and 360 px.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO, PHONE, looks, useApp } from './support/app.mjs';

const app = useApp();
const WIDE = { width: 1366, height: 800 };

/** A demo student enrolled in a course, one with lessons done in it if any: [student id, course id]. */
async function enrolledStudent(page) {
  return page.evaluate(async () => {
    const get = (url) => fetch(url, { headers: { Accept: 'application/json' } }).then((r) => r.json());
    let first = null;
    for (const course of (await get('/api/courses')).data) {
      for (const enrolment of (await get(`/api/courses/${course.id}/enrolments`)).data) {
        first ??= [enrolment.student_id, course.id];
        const mine = (await get(`/api/users/${enrolment.student_id}/courses`)).data;
        if (mine.some((c) => c.course.id === course.id && c.lessons_done > 0)) return [enrolment.student_id, course.id];
      }
    }
    return first;
  });
}

const names = (page) => page.locator('.catalog-table tbody td[data-label="Предмет"]').allTextContents();

test('a manager creates a subject and sees it in the list', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  await page.locator('#sidebar').getByRole('button', { name: 'Обучение' }).click();
  await page.locator('#sidebar').getByRole('link', { name: 'Предметы' }).click();
  await page.getByRole('heading', { level: 1, name: 'Предметы' }).waitFor();
  assert.ok((await names(page)).includes('Математика'), 'the demo subjects');

  await page.getByRole('button', { name: 'Создать предмет' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Название').fill('Астрономия');
  await dialog.getByTitle('Индиго').click();
  await dialog.getByLabel('Цена занятия, ₽').fill('1 250,50');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.catalog-table').getByText('Астрономия').waitFor();
  await page.locator('.catalog-table').getByText('1 250,50 ₽').waitFor();

  // The server's message for a twin name, ignoring case and ё.
  await page.getByRole('button', { name: 'Создать предмет' }).click();
  await dialog.getByLabel('Название').fill('АСТРОНОМИЯ');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await dialog.getByText('Предмет с таким названием уже есть').waitFor();
  await page.keyboard.press('Escape');

  // The search is kept in the address.
  await page.getByRole('searchbox').fill('астро');
  await page.waitForURL(/search=/);
  await page.waitForFunction(() => document.querySelectorAll('.catalog-table tbody tr').length === 1);
  assert.deepEqual(await names(page), ['Астрономия']);
  await page.reload();
  await page.locator('.catalog-table').getByText('Астрономия').waitFor();
  assert.deepEqual(await names(page), ['Астрономия']);

  // Archived, it leaves the list of those in use.
  await page.getByRole('button', { name: 'В архив' }).click();
  await page.getByText('Ничего не найдено по заданным условиям.').waitFor();
  await page.getByLabel('Показать').selectOption('only');
  await page.locator('.catalog-table').getByText('Астрономия').waitFor();
  assert.deepEqual(page.errors, []);
});

test("a manager sets a student's subjects and his own price; a worker sees the price read-only", async () => {
  const page = await app.open('/');
  await app.signIn(page);
  const [student] = await enrolledStudent(page);
  await page.goto(`/users/${student}`);
  await page.getByRole('navigation', { name: 'Разделы пользователя' }).getByRole('link', { name: 'Предметы' }).click();
  await page.getByRole('heading', { name: 'Предметы ученика' }).waitFor();
  const physics = page.locator('.person-subjects li', { hasText: 'Физика' });
  await physics.getByRole('checkbox').check();
  await physics.getByLabel('Цена занятия: Физика, ₽').fill('дорого');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await physics.getByText('Введите цену в рублях').waitFor();
  await physics.getByLabel('Цена занятия: Физика, ₽').fill('1 200');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.locator('.toast', { hasText: 'Предметы сохранены' }).waitFor();
  await page.reload();
  await page.locator('.person-subjects').waitFor();
  assert.equal(await physics.getByRole('checkbox').isChecked(), true);
  assert.equal(await physics.getByLabel('Цена занятия: Физика, ₽').inputValue(), '1200');
  assert.deepEqual(page.errors, []);

  const worker = await app.open('/');
  await app.signIn(worker, DEMO.worker);
  await worker.goto(`/users/${student}/subjects`);
  const seen = worker.locator('.person-subjects li', { hasText: 'Физика' });
  await seen.waitFor();
  assert.equal(await seen.getByLabel('Цена занятия: Физика, ₽').inputValue(), '1200');
  assert.equal(await seen.getByLabel('Цена занятия: Физика, ₽').isDisabled(), true, 'the price is a manager’s');
  assert.equal(await seen.getByRole('checkbox').isDisabled(), true, 'a subject with his own price stays');
  await worker.getByText('Свою цену ученика задаёт и меняет менеджер.').waitFor();
  assert.deepEqual(worker.errors, []);
});

test('a manager enrols a student in a course and changes the enrolment', async () => {
  const page = await app.open('/');
  await app.signIn(page);
  await page.goto('/courses');
  await page.getByRole('link', { name: 'Подготовка к ОГЭ по математике' }).click();
  await page.getByRole('heading', { level: 1, name: 'Подготовка к ОГЭ по математике' }).waitFor();
  const course = Number(new URL(page.url()).pathname.split('/').pop());
  const name = await page.evaluate(async (id) => {
    const get = (url) => fetch(url, { headers: { Accept: 'application/json' } }).then((r) => r.json());
    const enrolled = new Set((await get(`/api/courses/${id}/enrolments`)).data.map((e) => e.student_id));
    const students = (await get('/api/users?roles[]=student&per_page=100')).data;
    return students.find((s) => !enrolled.has(s.id)).full_name;
  }, course);
  await page.getByPlaceholder('Ученик: ФИО или email').fill(name.split(' ').slice(0, 2).join(' '));
  await page.locator('.picker-results').getByRole('button', { name }).click();
  await page.getByRole('button', { name: 'Записать на курс' }).click();
  const row = page.locator('.catalog-table tbody tr', { hasText: name });
  await row.waitFor();

  await page.getByRole('button', { name: `Изменить запись: ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Статус').selectOption('paused');
  await dialog.getByLabel('Начало').fill('01.09.2026');
  await dialog.getByLabel('Окончание').fill('01.01.2020');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await dialog.getByText('Дата окончания раньше даты начала').waitFor();
  await dialog.getByLabel('Окончание').fill('31.05.2027');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await dialog.waitFor({ state: 'detached' });
  await row.getByText('На паузе').waitFor();
  await row.getByText('31.05.2027').waitFor();
  assert.deepEqual(page.errors, []);
});

/** Waits until nothing on the page is loading any more. */
async function loaded(page) {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  await page.waitForTimeout(200);
}

for (const [scheme, device, viewport] of looks([['desktop', WIDE], ['phone', PHONE]])) {
  test(`catalogue screenshots: ${scheme}, ${device}`, async () => {
    const page = await app.open('/help', { viewport });
    await page.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
    await app.signIn(page);
    const [student, course] = await enrolledStudent(page);
    const pages = [
      ['subjects', '/subjects'],
      ['courses', '/courses'],
      ['course', `/courses/${course}`],
      ['user-subjects', `/users/${student}/subjects`],
      ['user-courses', `/users/${student}/courses`],
      ['user-course', `/users/${student}/courses/${course}`],
    ];
    for (const [name, path] of pages) {
      await page.goto(path);
      await loaded(page);
      await app.screenshot(page, `catalog-${name}-${scheme}-${device}`);
    }
    await page.goto('/subjects');
    await loaded(page);
    await page.getByRole('button', { name: 'Создать предмет' }).click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(300);
    await app.screenshot(page, `catalog-subject-dialog-${scheme}-${device}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, 'nothing wider than the screen');
    assert.deepEqual(page.errors, []);
  });
}
