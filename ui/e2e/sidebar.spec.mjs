import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, PHONE, useApp } from './support/app.mjs';

const app = useApp();

/** Whether the sidebar's box lies on screen. */
const onScreen = (page) =>
  page.locator('#sidebar').evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.right > 0 && box.left < window.innerWidth;
  });

test('at 360 px the sidebar is a drawer: closed at start, opened by the menu button, closed by Esc', async () => {
  const page = await app.open('/help', { viewport: PHONE });
  await page.getByRole('heading', { name: 'Справка', level: 1 }).waitFor();
  assert.equal(await onScreen(page), false);
  const button = page.getByRole('button', { name: 'Открыть меню' });
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  await button.click();
  await page.waitForFunction(() => document.querySelector('#sidebar').getBoundingClientRect().left >= 0);
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.querySelector('#sidebar').getBoundingClientRect().right <= 0);
  assert.equal(await page.evaluate(() => document.body.scrollWidth <= window.innerWidth), true, 'no sideways scroll at 360 px');
});

test('at 360 px a menu link navigates and closes the drawer', async () => {
  const page = await app.open('/help', { viewport: PHONE });
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const sidebar = page.locator('#sidebar');
  await sidebar.getByRole('button', { name: 'Настройки' }).click();
  await sidebar.getByRole('link', { name: 'Интерфейс' }).click();
  await page.getByRole('heading', { name: 'Интерфейс', level: 1 }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/settings/ui');
  await page.waitForFunction(() => document.querySelector('#sidebar').getBoundingClientRect().right <= 0);
});

test('on a desktop the sidebar collapses and expands, and a signed-out visitor sees no Главная', async () => {
  const page = await app.open('/help', { viewport: DESKTOP });
  const sidebar = page.locator('#sidebar');
  assert.equal(await sidebar.getByRole('link', { name: 'Главная' }).count(), 0);
  assert.equal(await onScreen(page), true);
  const wide = await sidebar.evaluate((el) => el.getBoundingClientRect().width);
  await page.getByRole('button', { name: 'Свернуть меню' }).first().click();
  await page.mouse.move(900, 400);
  await page.waitForFunction((w) => document.querySelector('#sidebar').getBoundingClientRect().width < w, wide);
  await page.getByRole('button', { name: 'Развернуть меню' }).first().click();
  await page.waitForFunction((w) => document.querySelector('#sidebar').getBoundingClientRect().width === w, wide);
});
