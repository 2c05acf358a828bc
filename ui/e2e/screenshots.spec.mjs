// Pictures for a person to look at (ui/e2e/screenshots, not committed): light and dark,
// desktop and phone.
import { test } from 'node:test';
import { DESKTOP, PHONE, useApp } from './support/app.mjs';

const app = useApp();

for (const scheme of ['light', 'dark']) {
  for (const [device, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    test(`screenshots: ${scheme}, ${device}`, async () => {
      const page = await app.open('/help', { viewport });
      await page.evaluate((mode) => localStorage.setItem('theme', mode), scheme);
      for (const [name, path] of [['help', '/help'], ['settings-ui', '/settings/ui'], ['not-found', '/some/path']]) {
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        if (name === 'settings-ui') {
          await page.getByRole('button', { name: 'Сохранить' }).click();
          await page.locator('.toast').waitFor();
          await page.waitForTimeout(300); // let it slide in
          await page.evaluate(() => window.scrollTo(0, 0));
        }
        await app.screenshot(page, `${name}-${scheme}-${device}`);
      }
      if (device === 'phone') {
        await page.getByRole('button', { name: 'Открыть меню' }).click();
        await page.locator('#sidebar').getByRole('button', { name: 'Настройки' }).click();
        await page.waitForTimeout(300);
        await app.screenshot(page, `menu-${scheme}-${device}`);
      }
    });
  }
}
