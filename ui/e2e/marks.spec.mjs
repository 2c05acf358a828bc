// The journal's reading screens: a teacher opens /marks, picks his group and a term, moves in
// the grid with the arrows, types a 4 and sees it with the new average, removes it again; a
// manager opens a subject's journal, every group's and the individual lessons, each date under
// its group; a student sees his marks by subject and a link to his attendance; a manager sees
// them on the student's card, under its «Оценки» tab; a parent of two sees one child's marks on
// /marks, then the other's picked; a parent of one is told whose they are; a person's
// attendance page shows the month's summary; the grid never makes a 360 px page scroll
// sideways; pictures light and dark, 1366 and 360 px.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callApi, schoolNow, until } from './support/api.mjs';
import { DEMO, PHONE, looks, useApp } from './support/app.mjs';

const app = useApp();
const WIDE = { width: 1366, height: 860 };
const GROUP = 'Русский язык 9';
const SUBJECT = 'Русский язык';

/** «4,5» as the UI writes an average. */
const ruAverage = (value) => (value == null ? '—' : new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value));

/** The demo teacher's group, the current term and the group's journal over it (from the API). */
async function journalOf(page) {
  const groups = await callApi(page, 'GET', `/api/group-lessons?search=${encodeURIComponent(GROUP)}`);
  const group = groups.body.data.find((row) => row.name === GROUP);
  assert.ok(group, `no group ${GROUP}`);
  const terms = await callApi(page, 'GET', '/api/journal/terms');
  assert.equal(terms.status, 200, JSON.stringify(terms.body));
  const today = new Date().toISOString().slice(0, 10);
  const term = terms.body.data.find((t) => t.from <= today && today <= t.to) ?? terms.body.data.findLast((t) => t.to < today);
  const journal = await callApi(page, 'GET', `/api/group-lessons/${group.id}/journal?from=${term.from}&to=${term.to}`);
  assert.equal(journal.status, 200, JSON.stringify(journal.body));
  return { group, term, journal: journal.body.data };
}

/** Fills the done lessons' journals when the demo left them empty: mostly present, some late or
 * absent, a mark or two each (the lesson's teacher saves them as the lesson form does). */
async function fillJournal(page, journal) {
  if (journal.cells.length > 0) return;
  const statuses = ['present', 'present', 'late', 'present', 'excused', 'present', 'unexcused'];
  const done = journal.lessons.filter((lesson) => lesson.status === 'done');
  for (const [l, lesson] of done.entries()) {
    const records = journal.students.map((student, s) => ({ student_id: student.id, status: statuses[(s * 3 + l) % statuses.length], comment: '' }));
    const marks = journal.students.flatMap((student, s) =>
      (s + l) % 2 === 0 ? [{ student_id: student.id, value: 5 - ((s + l) % 3), kind: l === 2 ? 'test' : 'lesson', comment: '' }] : [],
    );
    const saved = await callApi(page, 'PUT', `/api/lessons/${lesson.id}/journal`, { records, marks });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
  }
}

/** Whether the page itself scrolls sideways. */
const scrollsSideways = (page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('a teacher picks his group and a term, types a 4 into a cell and sees it and the average', async () => {
  const page = await app.open('/', { viewport: WIDE });
  await app.signIn(page, DEMO.worker);
  const { group, term, journal } = await journalOf(page);
  const lessons = [...journal.lessons].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  const col = lessons.findLastIndex((lesson) => lesson.status === 'done');
  assert.ok(col > 0, 'the demo group has done lessons this term');
  const student = journal.students[0];

  await page.goto('/marks');
  // A teacher lands on the journal of his first group.
  await page.getByRole('grid', { name: 'Журнал группы' }).waitFor();
  await page.getByLabel('Период').selectOption(term.from);
  await page.getByRole('combobox', { name: /^Журнал/ }).selectOption({ label: GROUP });
  const grid = page.getByRole('grid', { name: 'Журнал группы' });
  // The grid stays on screen while the picked group's journal loads: wait for its rows.
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  await until(() => grid.locator('tbody tr').count(), journal.students.length);
  await page.getByText('н — без уважительной причины').waitFor();

  // One cell to the left, then the arrow to the lesson, then a 4.
  const cell = grid.locator(`td[data-row="0"][data-col="${col}"]`);
  const before = await cell.locator('.mark-chip').count();
  await grid.locator(`td[data-row="0"][data-col="${col - 1}"]`).click();
  await page.keyboard.press('ArrowRight');
  assert.equal(await cell.evaluate((element) => element === document.activeElement), true);
  await page.keyboard.press('4');
  await cell.locator('.mark-chip').nth(before).waitFor();
  assert.equal(await cell.locator('.mark-chip').last().textContent(), '4');

  // The average is the server's, written «4,5».
  const after = await callApi(page, 'GET', `/api/group-lessons/${group.id}/journal?from=${term.from}&to=${term.to}`);
  const standing = after.body.data.averages.find((row) => row.student_id === student.id);
  const row = grid.locator('tbody tr').first();
  await row.locator('td.journal-average').first().getByText(ruAverage(standing.average), { exact: true }).waitFor();
  assert.match(ruAverage(standing.average), /^\d,\d$/);

  // Delete asks first, then removes the last mark.
  await cell.focus();
  await page.keyboard.press('Delete');
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await page.waitForFunction(([selector, count]) => document.querySelectorAll(`${selector} .mark-chip`).length === count, [`td[data-row="0"][data-col="${col}"]`, before]);
  assert.deepEqual(page.errors, []);
});

test("a manager opens a subject's journal: every group's lessons and the individual ones, each date with its group", async () => {
  const page = await app.open('/', { viewport: WIDE });
  await app.signIn(page, DEMO.manager);
  const subjects = await callApi(page, 'GET', '/api/subjects?per_page=100');
  const math = subjects.body.data.find((row) => row.name === 'Математика');
  const journal = await callApi(page, 'GET', `/api/subjects/${math.id}/journal`);
  assert.equal(journal.status, 200, JSON.stringify(journal.body));
  const { lessons, groups, students } = journal.body.data;
  assert.ok(groups.length >= 2, 'the demo teaches mathematics in several groups');
  assert.ok(lessons.some((lesson) => lesson.group_id === null), 'and individually');

  await page.goto('/marks');
  await page.getByRole('combobox', { name: /^Журнал/ }).selectOption({ label: 'Математика' });
  await page.waitForURL(`**/marks?subject=${math.id}`);
  const grid = page.getByRole('grid', { name: 'Журнал по предмету' });
  await grid.waitFor();
  assert.equal(await grid.locator('thead th.journal-date').count(), lessons.length);
  assert.equal(await grid.locator('tbody tr').count(), students.length);
  await grid.locator('thead th.journal-date', { hasText: 'инд.' }).first().waitFor();
  await grid.locator('thead th.journal-date', { hasText: groups[0].name }).first().waitFor();
  // Someone not taught at a lesson has a shaded cell there, and no mark can be typed into it.
  const away = grid.locator('td[data-away]').first();
  await away.click();
  await page.keyboard.press('5');
  await page.getByRole('alert').getByText(/^Ученик не записан на урок \d\d\.\d\d\.$/).waitFor();
  assert.deepEqual(page.errors, []);
});

test('a student sees his marks by subject with the average', async () => {
  const manager = await app.open('/', { viewport: PHONE });
  await app.signIn(manager, DEMO.manager);
  const { group, term, journal } = await journalOf(manager);
  const student = journal.students[1];
  const lesson = journal.lessons.find((row) => row.status === 'done');
  const given = await callApi(manager, 'POST', '/api/marks', { student_id: student.id, subject_id: group.subject_id, lesson_id: lesson.id, value: 5, kind: 'test', comment: '' });
  assert.equal(given.status, 201, JSON.stringify(given.body));
  const card = await callApi(manager, 'GET', `/api/users/${student.id}`);
  const marks = await callApi(manager, 'GET', `/api/users/${student.id}/marks?from=${term.from}&to=${term.to}`);
  assert.equal(marks.status, 200, JSON.stringify(marks.body));
  const subject = marks.body.data.subjects.find((row) => row.subject_id === group.subject_id);
  assert.ok(subject && subject.marks.length > 0, 'the demo student has marks in the group subject');

  const page = await app.open('/', { viewport: PHONE });
  await app.signIn(page, card.body.data.email);
  await page.goto('/marks');
  await page.getByRole('heading', { level: 1, name: 'Оценки' }).waitFor();
  const row = page.locator('.subject-marks tbody tr', { hasText: SUBJECT });
  await row.waitFor();
  assert.equal(await row.locator('.mark-chip').count(), subject.marks.length);
  await row.locator('td[data-label="Средний"]', { hasText: ruAverage(subject.average) }).waitFor();
  assert.equal(await scrollsSideways(page), false);
  // And his own attendance, a link away.
  await page.getByRole('link', { name: 'Посещаемость по месяцам' }).click();
  await page.waitForURL(`**/users/${student.id}/attendance`);
  await page.locator('.attendance-summary').waitFor();
  assert.deepEqual([...manager.errors, ...page.errors], []);
});

/** A day of `term` for a new mark: today, or the term's nearest edge when today is outside it. */
function dayIn(term) {
  const today = schoolNow().day;
  return today < term.from ? term.from : today > term.to ? term.to : today;
}

/** Checks the page's subject rows against `subjects` from `GET /api/users/{id}/marks`: one row a
 * subject, its chips and its average. */
async function sameSubjects(page, subjects) {
  const rows = page.locator('.subject-marks tbody tr');
  assert.equal(await rows.count(), subjects.length);
  for (const subject of subjects) {
    const row = rows.filter({ has: page.locator('td[data-label="Предмет"]').getByText(subject.subject_name, { exact: true }) });
    assert.equal(await row.locator('.mark-chip').count(), subject.marks.length, subject.subject_name);
    assert.equal((await row.locator('td[data-label="Средний"]').innerText()).trim(), ruAverage(subject.average), subject.subject_name);
  }
}

test("a manager opens a student's card, its «Оценки» tab: the student's marks by subject with the average", async () => {
  const page = await app.open('/', { viewport: WIDE });
  await app.signIn(page, DEMO.manager);
  const { group, term, journal } = await journalOf(page);
  const student = journal.students.at(-1);
  // A 2 of his own, known by its comment: the tab shows this student's marks, not another's.
  const comment = `На карточке ${Date.now()}`;
  const given = await callApi(page, 'POST', '/api/marks', { student_id: student.id, subject_id: group.subject_id, lesson_id: null, date: dayIn(term), value: 2, kind: 'lesson', comment });
  assert.equal(given.status, 201, JSON.stringify(given.body));
  const card = (await callApi(page, 'GET', `/api/users/${student.id}`)).body.data;
  const marks = await callApi(page, 'GET', `/api/users/${student.id}/marks?from=${term.from}&to=${term.to}`);
  assert.equal(marks.status, 200, JSON.stringify(marks.body));
  const { subjects } = marks.body.data;
  assert.ok(subjects.some((row) => row.subject_id === group.subject_id));

  await page.goto(`/users/${student.id}`);
  await page.getByRole('heading', { level: 1, name: card.full_name }).waitFor();
  await page.getByRole('navigation', { name: 'Разделы пользователя' }).getByRole('link', { name: 'Оценки' }).click();
  await page.waitForURL(`**/users/${student.id}/marks`);
  await page.getByRole('heading', { level: 2, name: 'Оценки' }).waitFor();
  // The term today is in, picked already.
  assert.equal(await page.getByLabel('Период').inputValue(), term.from);
  const table = page.locator('.subject-marks');
  await table.locator('.mark-chip[title*="' + comment + '"]').waitFor();
  assert.equal(await table.locator('.mark-chip[title*="' + comment + '"]').innerText(), '2');
  await sameSubjects(page, subjects);
  assert.deepEqual(page.errors, []);
});

/** A parent of the demo school with `count` children, as his card reads. */
async function parentWith(manager, count) {
  const parents = await callApi(manager, 'GET', '/api/users?roles[]=parent&per_page=100');
  for (const row of parents.body.data) {
    const card = (await callApi(manager, 'GET', `/api/users/${row.id}`)).body.data;
    if (card.children_ids.length === count) return card;
  }
  assert.fail(`no demo parent with ${count} children`);
}

/** Gives `child` a mark known by its comment (today, in `term`) and returns the comment and his
 * marks by subject over the term. */
async function markFor(manager, child, term, value) {
  const subjects = await callApi(manager, 'GET', '/api/subjects?per_page=100');
  const comment = `Для ученика ${child} ${Date.now()}`;
  const given = await callApi(manager, 'POST', '/api/marks', { student_id: child, subject_id: subjects.body.data[0].id, lesson_id: null, date: dayIn(term), value, kind: 'lesson', comment });
  assert.equal(given.status, 201, JSON.stringify(given.body));
  const marks = await callApi(manager, 'GET', `/api/users/${child}/marks?from=${term.from}&to=${term.to}`);
  assert.equal(marks.status, 200, JSON.stringify(marks.body));
  const card = (await callApi(manager, 'GET', `/api/users/${child}`)).body.data;
  return { id: child, name: card.full_name, comment, subjects: marks.body.data.subjects };
}

test("a parent of two sees the first child's marks on /marks, picks the other and sees the other's; a reload keeps the choice", async () => {
  const manager = await app.open('/', { viewport: WIDE });
  await app.signIn(manager, DEMO.manager);
  const { term } = await journalOf(manager);
  const parent = await parentWith(manager, 2);
  const [first, second] = [await markFor(manager, parent.children_ids[0], term, 5), await markFor(manager, parent.children_ids[1], term, 3)];

  const page = await app.open('/', { viewport: WIDE });
  await app.signIn(page, parent.email, DEMO.password);
  await page.goto('/marks');
  await page.getByRole('heading', { level: 1, name: 'Оценки' }).waitFor();
  const picker = page.getByRole('combobox', { name: /^Ученик/ });
  const chip = (child) => page.locator(`.subject-marks .mark-chip[title*="${child.comment}"]`);
  // The first child at first, both named in the picker.
  await chip(first).waitFor();
  assert.equal(await picker.inputValue(), String(first.id));
  assert.deepEqual(await picker.locator('option').allInnerTexts(), [first.name, second.name]);
  assert.equal(await chip(second).count(), 0);
  await sameSubjects(page, first.subjects);
  assert.equal(await page.getByRole('link', { name: 'Посещаемость по месяцам' }).getAttribute('href'), `/users/${first.id}/attendance`);

  // The other: his marks, the first's gone; the address says whose.
  await picker.selectOption({ label: second.name });
  await page.waitForURL((url) => url.searchParams.get('student') === String(second.id));
  await chip(second).waitFor();
  assert.equal(await chip(first).count(), 0);
  await sameSubjects(page, second.subjects);
  assert.equal(await page.getByRole('link', { name: 'Посещаемость по месяцам' }).getAttribute('href'), `/users/${second.id}/attendance`);
  await page.reload();
  await chip(second).waitFor();
  assert.equal(await picker.inputValue(), String(second.id));
  assert.equal(await chip(first).count(), 0);
  assert.deepEqual([...manager.errors, ...page.errors], []);
});

test("a parent of one child sees on /marks whose marks they are, with no picker", async () => {
  const manager = await app.open('/', { viewport: PHONE });
  await app.signIn(manager, DEMO.manager);
  const { term } = await journalOf(manager);
  const parent = await parentWith(manager, 1);
  const child = await markFor(manager, parent.children_ids[0], term, 4);

  const page = await app.open('/', { viewport: PHONE });
  await app.signIn(page, parent.email, DEMO.password);
  await page.goto('/marks');
  await page.locator(`.subject-marks .mark-chip[title*="${child.comment}"]`).waitFor();
  await page.getByText(`Ученик: ${child.name}`, { exact: true }).waitFor();
  assert.equal(await page.getByRole('combobox', { name: /^Ученик/ }).count(), 0);
  await sameSubjects(page, child.subjects);
  assert.equal(await scrollsSideways(page), false);
  assert.deepEqual([...manager.errors, ...page.errors], []);
});

test('the attendance page shows the month with its summary; the grid stays inside a 360 px page', async () => {
  const page = await app.open('/', { viewport: PHONE });
  await app.signIn(page, DEMO.manager);
  const { group, journal } = await journalOf(page);
  const student = journal.students[0];
  // One lesson's attendance recorded (the student absent without a reason, the rest present).
  const lesson = [...journal.lessons].reverse().find((row) => row.status === 'done');
  const records = journal.students.map((row) => ({ student_id: row.id, status: row.id === student.id ? 'unexcused' : 'present', comment: '' }));
  const saved = await callApi(page, 'PUT', `/api/lessons/${lesson.id}/journal`, { records, marks: [] });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const month = lesson.starts_at.slice(0, 7);
  const [year, number] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  const answer = await callApi(page, 'GET', `/api/users/${student.id}/attendance?from=${month}-01&to=${month}-${last}`);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const { summary, lessons } = answer.body.data;

  await page.goto(`/users/${student.id}`);
  await page.getByRole('link', { name: 'Посещаемость' }).click();
  await page.waitForURL(/\/users\/\d+\/attendance$/);
  if (month !== new Date().toISOString().slice(0, 7)) await page.getByRole('button', { name: 'Предыдущий месяц' }).click();
  const tiles = page.locator('.attendance-summary');
  await tiles.waitFor();
  await tiles.locator('div', { hasText: 'Присутствовал' }).getByText(String(summary.present), { exact: true }).waitFor();
  await tiles.locator('div', { hasText: 'Без уважительной причины' }).getByText(String(summary.unexcused), { exact: true }).waitFor();
  assert.ok(summary.unexcused >= 1 && summary.rate < 1, JSON.stringify(summary));
  await tiles.locator('div', { hasText: 'Посещаемость' }).getByText(/^\d+(,\d)?\s%$/).waitFor();
  await page.locator('.attendance-table tbody tr', { hasText: 'Без уважительной причины' }).first().waitFor();
  if (lessons.length) assert.equal(await page.locator('.attendance-table tbody tr').count(), lessons.length);
  assert.equal(await scrollsSideways(page), false);

  // The group's journal on its page, on a phone: it scrolls inside itself, never the page.
  await page.goto(`/group-lessons/${group.id}`);
  await page.getByRole('grid', { name: 'Журнал группы' }).waitFor();
  assert.equal(await scrollsSideways(page), false);
  assert.deepEqual(page.errors, []);
});

for (const [scheme, device, viewport] of looks([['desktop', WIDE], ['phone', PHONE]])) {
  test(`journal screenshots: ${scheme}, ${device}`, async () => {
    const page = await app.open('/help', { viewport, colorScheme: scheme });
    await page.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
    await app.signIn(page, DEMO.worker);
    const { group, journal } = await journalOf(page);
    await fillJournal(page, journal);
    const settle = async () => {
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      await page.evaluate(() => window.scrollTo(0, 0));
    };
    await page.goto(`/marks?group=${group.id}`);
    await page.getByRole('grid').waitFor();
    await settle();
    await app.screenshot(page, `marks-grid-${scheme}-${device}`);

    const manager = await app.open('/help', { viewport, colorScheme: scheme });
    await manager.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
    await app.signIn(manager, DEMO.manager);
    const card = await callApi(manager, 'GET', `/api/users/${journal.students[0].id}`);
    await manager.goto(`/users/${journal.students[0].id}/attendance`);
    await manager.locator('.attendance-summary').waitFor();
    await manager.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    await app.screenshot(manager, `attendance-${scheme}-${device}`);
    const subjects = await callApi(manager, 'GET', '/api/subjects?per_page=100');
    await manager.goto(`/marks?subject=${subjects.body.data.find((row) => row.name === 'Математика').id}`);
    await manager.getByRole('grid').waitFor();
    await manager.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    await manager.evaluate(() => window.scrollTo(0, 0));
    await app.screenshot(manager, `marks-subject-${scheme}-${device}`);

    const student = await app.open('/help', { viewport, colorScheme: scheme });
    await student.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
    await app.signIn(student, card.body.data.email);
    await student.goto('/marks');
    await student.locator('.subject-marks, .empty-state').first().waitFor();
    await student.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    await app.screenshot(student, `marks-student-${scheme}-${device}`);
  });
}
