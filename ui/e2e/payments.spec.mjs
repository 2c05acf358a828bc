// Money (issue 15): a manager takes a payment for a debtor from the debtors list (the balance
// shown before saving); the parent signs in and sees the new balance and the entry; the manager
// reverses it with a reason on the child's card; the parent sees the reversal and the balance
// back. A manager's start page counts the money taken today and the journals to fill. Pictures
// of the money pages at 1366 and 360 px, light and dark.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callApi, schoolNow } from './support/api.mjs';
import { DEMO, PHONE, useApp } from './support/app.mjs';

const SCHOOL = 'Школа «Радуга»';
const app = useApp({ env: { KLASS_SCHOOL__NAME: SCHOOL } });
const WIDE = { width: 1366, height: 900 };

/** A page at `viewport` in `colorScheme` (the portal keeps the person's choice in localStorage). */
async function open(path, { viewport = WIDE, colorScheme = 'light' } = {}) {
  const page = await app.open(path, { viewport, colorScheme });
  await page.evaluate((mode) => localStorage.setItem('theme', mode), colorScheme);
  return page;
}

/** «1 234,50 ₽» with plain spaces (the page writes narrow no-break ones). */
const plain = (text) => text.replace(/[\u00a0\u202f]/g, ' ').trim();
const rub = (kopecks) => plain(new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' }).format(kopecks / 100));

async function ok(page, method, path, body) {
  const answer = await callApi(page, method, path, body);
  assert.ok(answer.status < 300, `${method} ${path} -> ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A demo parent (his password known) and his first child, who owes 5 000 ₽ more than before. */
async function setUp(manager) {
  const parents = await ok(manager, 'GET', '/api/users?roles[]=parent&per_page=50');
  for (const parent of parents.data) {
    const card = (await ok(manager, 'GET', `/api/users/${parent.id}`)).data;
    if (card.children_ids.length === 0) continue;
    const child = (await ok(manager, 'GET', `/api/users/${card.children_ids[0]}`)).data;
    await ok(manager, 'POST', `/api/users/${parent.id}/change-password`, { password: DEMO.password, password_confirmation: DEMO.password });
    const before = (await ok(manager, 'GET', `/api/users/${child.id}/payments?per_page=1`)).balance;
    // A debt whatever the demo gave him: a manual charge larger than any balance ahead.
    const charge = Math.max(before, 0) + 500000;
    const charged = await ok(manager, 'POST', '/api/payments', { student_id: child.id, amount: charge, kind: 'charge', reason: 'other', note: 'Учебники' });
    assert.equal(charged.balance, before - charge);
    return { parent: card, child, balance: charged.balance };
  }
  throw new Error('the demo school has no parent with a child');
}

/** Waits until `locator` reads `text` (spaces plain), found afresh each look (a list reloads). */
async function shows(locator, text) {
  let seen = '';
  for (let look = 0; look < 200; look += 1) {
    seen = plain((await locator.textContent()) ?? '');
    if (seen === text) return;
    await locator.page().waitForTimeout(50);
  }
  assert.equal(seen, text);
}

/** The balance shown in large type for `name` on the learner's /payments. */
const balanceOf = (page, name) => page.getByRole('region', { name: `Оплаты: ${name}` }).getByTestId('balance');

test('a manager takes a payment from the debtors list, the parent sees it, the manager reverses it, the parent sees the reversal', async () => {
  const manager = await open('/');
  await app.signIn(manager);
  const { parent, child, balance } = await setUp(manager);
  const amount = 123450;

  // The debtors list: the child with his debt and his parent; «Принять оплату» on his row.
  await manager.goto('/payments?tab=debtors');
  const row = manager.locator('.debtors-table tr', { hasText: child.full_name });
  await row.waitFor();
  assert.equal(plain(await row.locator('td[data-label="Долг"]').innerText()), rub(-balance));
  await row.getByText(parent.full_name).waitFor();
  // The list kit's summary and paging, the page in the address next to the tab.
  await manager.getByText(/^Показаны 1–\d+ из \d+$/).waitFor();
  await app.screenshot(manager, 'payments-debtors-1366-light');
  await row.getByRole('button', { name: `Принять оплату: ${child.full_name}` }).click();
  const dialog = manager.getByRole('dialog', { name: 'Принять оплату' });
  // The balance before saving.
  assert.equal(plain(await dialog.locator('.payment-balance strong').innerText()), rub(balance));
  // A bad amount is refused in Russian before anything is sent.
  await dialog.getByLabel('Сумма, ₽').fill('12,345');
  await dialog.getByRole('button', { name: 'Принять оплату' }).click();
  await dialog.getByText('Введите сумму в рублях, например 1 500 или 1 500,50').waitFor();
  await dialog.getByLabel('Сумма, ₽').fill('1 234,50');
  await dialog.getByLabel('Способ оплаты').selectOption({ label: 'Карта' });
  await app.screenshot(manager, 'payments-take-1366-light');
  await dialog.getByRole('button', { name: 'Принять оплату' }).click();
  await manager.locator('.toast', { hasText: 'Оплата 1 234,50 ₽ принята' }).waitFor();
  await dialog.waitFor({ state: 'detached' });

  // The parent: the new balance on the home page and on /payments, with the entry.
  const home = await open('/');
  await app.signIn(home, parent.email, DEMO.password);
  const widget = home.locator('.home-money');
  await widget.getByText(child.full_name).waitFor();
  await shows(widget.getByTestId('balance').first(), rub(balance + amount));
  await home.goto('/payments');
  await balanceOf(home, child.full_name).waitFor();
  assert.equal(plain(await balanceOf(home, child.full_name).innerText()), rub(balance + amount));
  const childRegion = home.getByRole('region', { name: `Оплаты: ${child.full_name}` });
  const payment = childRegion.locator('.ledger-table tbody tr', { hasText: 'Оплата: карта' }).first();
  assert.equal(plain(await payment.locator('td[data-label="Сумма"]').innerText()), `+${rub(amount)}`);
  // The parent reverses nothing.
  assert.equal(await childRegion.getByRole('button', { name: 'Сторно' }).count(), 0);

  // The manager reverses it with a reason on the child's card; a reason is required.
  await manager.goto(`/users/${child.id}/payments`);
  await manager.getByRole('navigation', { name: 'Разделы пользователя' }).getByRole('link', { name: 'Оплаты' }).waitFor();
  assert.equal(plain(await manager.getByTestId('balance').innerText()), rub(balance + amount));
  const paid = manager.locator('.ledger-table tbody tr', { hasText: 'Оплата: карта' }).first();
  await paid.getByRole('button', { name: 'Сторно' }).click();
  const reverse = manager.getByRole('dialog', { name: 'Сторнировать запись' });
  await reverse.getByRole('button', { name: 'Сторнировать' }).click();
  await reverse.getByText('Укажите причину сторнирования').waitFor();
  await reverse.getByLabel('Причина').fill('Ошибка кассира');
  await reverse.getByRole('button', { name: 'Сторнировать' }).click();
  await manager.locator('.toast', { hasText: 'Запись сторнирована' }).waitFor();
  await manager.locator('.ledger-table tbody tr', { hasText: 'Сторно: Оплата: карта' }).first().waitFor();
  await manager.locator('.ledger-table tr.reversed', { hasText: 'Оплата: карта' }).first().waitFor();
  await shows(manager.getByTestId('balance'), rub(balance));
  await app.screenshot(manager, 'payments-card-1366-light');

  // The parent sees the reversal with its reason and the balance back.
  await home.reload();
  await balanceOf(home, child.full_name).waitFor();
  assert.equal(plain(await balanceOf(home, child.full_name).innerText()), rub(balance));
  const reversal = home.getByRole('region', { name: `Оплаты: ${child.full_name}` }).locator('.ledger-table tbody tr', { hasText: 'Сторно: Оплата: карта' }).first();
  await reversal.getByText('Ошибка кассира').waitFor();
  assert.equal(plain(await reversal.locator('td[data-label="Сумма"]').innerText()), rub(-amount));
  await app.screenshot(home, 'payments-parent-1366-light');

  // The receipt of the payment, printable.
  await home.locator('.ledger-table tbody tr.reversed', { hasText: 'Оплата: карта' }).first().getByRole('link', { name: /Квитанция/ }).click();
  await home.getByRole('heading', { level: 1, name: /Квитанция №/ }).waitFor();
  await home.getByText('Оплата сторнирована.').waitFor();
  assert.equal(await home.locator('.receipt .receipt-school').innerText(), SCHOOL, 'the school named on the receipt');
  await app.screenshot(home, 'payments-receipt-1366-light');
  // On paper only the receipt: no links or buttons.
  await home.emulateMedia({ media: 'print' });
  assert.equal(await home.getByRole('button', { name: 'Печать' }).isVisible(), false);
  assert.equal(await home.locator('.receipt').isVisible(), true);
  await home.emulateMedia({ media: 'screen' });
  assert.deepEqual(manager.errors, []);
  assert.deepEqual(home.errors, []);
});

test('the money pages at 1366 and 360 px, light and dark, without sideways scrolling', async () => {
  const setup = await open('/');
  await app.signIn(setup);
  const { parent, child } = await setUp(setup);
  for (const colorScheme of ['light', 'dark']) {
    for (const [width, viewport] of [
      [1366, WIDE],
      [360, PHONE],
    ]) {
      const page = await open('/', { viewport, colorScheme });
      await app.signIn(page);
      for (const [name, path, ready] of [
        ['ledger', '/payments', '.ledger-table tbody tr'],
        ['debtors', '/payments?tab=debtors', '.debtors-table tbody tr'],
        ['card', `/users/${child.id}/payments`, '.ledger-table tbody tr'],
        ['history', '/history/payments', '.ledger-table tbody tr'],
      ]) {
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), colorScheme === 'dark');
        await app.screenshot(page, `payments-${name}-${width}-${colorScheme}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        const widest = await page.evaluate(() =>
          [...document.querySelectorAll('main *')]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 3)
            .map((el) => `${el.tagName}.${el.className}`)
            .join(', '),
        );
        assert.ok(overflow <= 0, `${path}: no sideways scroll at ${width} px (${overflow} px: ${widest})`);
      }
      const home = await open('/', { viewport, colorScheme });
      await app.signIn(home, parent.email, DEMO.password);
      await home.locator('.home-money [data-testid="balance"]').first().waitFor();
      await app.screenshot(home, `payments-home-parent-${width}-${colorScheme}`);
      assert.deepEqual(page.errors, []);
      assert.deepEqual(home.errors, []);
      await page.context().close();
      await home.context().close();
    }
  }
});

test('at 360 px a manager takes cash through the search dialog; the day’s cash total grows by it', async () => {
  const setup = await open('/');
  await app.signIn(setup);
  const { child, balance } = await setUp(setup);
  const before = (await ok(setup, 'GET', '/api/payments?method=cash&per_page=1')).meta.totals.by_method.cash;

  const page = await open('/', { viewport: PHONE, colorScheme: 'dark' });
  await app.signIn(page);
  await page.goto('/payments?method=cash');
  await page.locator('.ledger-totals').waitFor();
  // The file of the filtered list.
  assert.equal(await page.getByRole('link', { name: 'Скачать CSV (Excel)' }).getAttribute('href'), '/api/payments/export.csv?method=cash');
  await page.getByRole('button', { name: 'Принять оплату' }).click();
  const dialog = page.getByRole('dialog', { name: 'Принять оплату' });
  // The keyboard starts in the student's search.
  await page.keyboard.type(child.last_name);
  await dialog.getByRole('button', { name: new RegExp(child.full_name) }).click();
  await shows(dialog.locator('.payment-balance strong'), rub(balance));
  await dialog.getByLabel('Сумма, ₽').fill('700.5');
  assert.equal(await dialog.getByLabel('Способ оплаты').inputValue(), 'cash');
  await app.screenshot(page, 'payments-take-360-dark');
  await dialog.getByLabel('Сумма, ₽').press('Enter');
  await page.locator('.toast', { hasText: 'Оплата 700,50 ₽ принята' }).waitFor();
  const cash = page.locator('.ledger-totals div', { hasText: 'Наличные' }).locator('dd');
  await shows(cash, rub(before + 70050));
  await page.locator('.ledger-table tbody tr', { hasText: child.full_name }).first().getByText('Оплата: наличные').waitFor();
  // The list filtered by a student from the address names him and shows only his payments.
  await page.goto(`/payments?student=${child.id}&kind=payment`);
  await page.locator('.person-chosen', { hasText: child.full_name }).waitFor();
  await page.locator('.ledger-table tbody tr').first().waitFor();
  for (const row of await page.locator('.ledger-table tbody tr').all()) {
    const line = await row.innerText();
    assert.ok(line.includes(child.full_name) && line.includes('Оплата:'), `only his payments: ${line}`);
  }
  assert.deepEqual(page.errors, []);
});

test('a manager sells a package on the card (one charge of its price) and freezes it; the parent sees it at home', async () => {
  const manager = await open('/');
  await app.signIn(manager);
  const { parent, child, balance } = await setUp(manager);
  await manager.goto(`/users/${child.id}/payments`);
  await shows(manager.getByTestId('balance'), rub(balance));
  await manager.getByRole('button', { name: 'Продать абонемент' }).click();
  const sell = manager.getByRole('dialog', { name: `Абонемент: ${child.full_name}` });
  // It covers one of the school's courses (the first the list offers).
  const covers = sell.getByLabel('На что');
  await covers.locator('optgroup[label="Курс"] option').first().waitFor({ state: 'attached' });
  await covers.selectOption({ index: 1 });
  const course = (await covers.locator('option:checked').textContent()).trim();
  await sell.getByLabel('Занятий').fill('8');
  await sell.getByLabel('Цена, ₽').fill('8 000');
  await sell.getByLabel('Примечание').fill('Проверка абонемента');
  await sell.getByRole('button', { name: 'Продать' }).click();
  await sell.waitFor({ state: 'detached' });
  await shows(manager.getByTestId('balance'), rub(balance - 800000));
  const card = manager.locator('.packages-list li', { hasText: 'Проверка абонемента' }).first();
  await card.getByText('Осталось 8 из 8').waitFor();
  await card.getByText(course).first().waitFor();
  await manager.locator('.ledger-table tbody tr', { hasText: 'Абонемент' }).first().waitFor();

  // A freeze needs a reason; then the package reads «Заморожен» with its days.
  await card.getByRole('button', { name: 'Заморозить' }).click();
  const freeze = manager.getByRole('dialog', { name: /^Заморозить/ });
  await freeze.getByRole('button', { name: 'Заморозить' }).click();
  await freeze.getByText('Укажите причину').waitFor();
  await freeze.getByLabel('Причина').fill('Болезнь');
  await freeze.getByRole('button', { name: 'Заморозить' }).click();
  await freeze.waitFor({ state: 'detached' });
  await manager.locator('.packages-list li', { hasText: 'Болезнь' }).first().waitFor();
  await app.screenshot(manager, 'payments-packages-1366-light');

  const home = await open('/', { viewport: PHONE });
  await app.signIn(home, parent.email, DEMO.password);
  await home.locator('.home-money .packages-list li', { hasText: 'Болезнь' }).first().waitFor();
  await app.screenshot(home, 'payments-home-package-360-light');
  assert.deepEqual(manager.errors, []);
  assert.deepEqual(home.errors, []);
});

test("a manager's start page sums the school today; «Получено» grows by a payment and opens today's ledger", async () => {
  const page = await open('/');
  await app.signIn(page);
  const { child } = await setUp(page);
  const day = schoolNow().day;
  const before = (await ok(page, 'GET', `/api/payments?from=${day}&to=${day}&per_page=1`)).meta.totals.received;
  await ok(page, 'POST', '/api/payments', { student_id: child.id, amount: 123450, method: 'card', date: day });
  const debtors = (await ok(page, 'GET', '/api/payments/debtors?per_page=1')).meta.count;
  const lessons = (await ok(page, 'GET', `/api/calendar/days?from=${day}&to=${day}`)).data[0].lessons;
  await page.goto('/');
  const tile = (label) => page.getByRole('region', { name: 'Сегодня в школе' }).getByRole('link', { name: new RegExp(`^${label}:`) });
  await shows(tile('Получено').locator('.today-value'), rub(before + 123450));
  await shows(tile('Должники').locator('.today-value'), String(debtors));
  await shows(tile('Занятия').locator('.today-value'), String(lessons));
  await app.screenshot(page, 'home-manager-1366-light');

  // A lesson two days ago still planned is a journal to fill: the figure grows by one and opens
  // the planned lessons of the week.
  const unfilled = Number(plain(await tile('Журнал не заполнен').locator('.today-value').innerText()));
  const subjects = await ok(page, 'GET', '/api/subjects?per_page=1');
  const teacher = (await ok(page, 'GET', `/api/users?search=${encodeURIComponent(DEMO.worker)}`)).data[0];
  const past = schoolNow(-2).day;
  await ok(page, 'POST', '/api/lessons', { subject_id: subjects.data[0].id, teacher_id: teacher.id, student_ids: [child.id], starts_at: `${past}T06:30`, duration_minutes: 30, room: '' });
  await page.reload();
  await shows(tile('Журнал не заполнен').locator('.today-value'), String(unfilled + 1));
  await tile('Журнал не заполнен').click();
  await page.waitForURL((url) => url.pathname === '/lessons' && url.searchParams.get('status') === 'planned');
  await page.getByText('06:30–07:00').first().waitFor();
  await page.goto('/');

  await tile('Получено').click();
  await page.waitForURL((url) => url.pathname === '/payments' && url.searchParams.get('from') === day && url.searchParams.get('to') === day);
  await page.locator('.ledger-table tbody tr', { hasText: child.full_name }).first().waitFor();
  assert.deepEqual(page.errors, []);
});
