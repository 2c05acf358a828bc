// E-mail confirmation against a server that requires it (auth.require_verified_email): a 409
// leads to /verify-email, the letter is sent again, its link confirms the address.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useApp } from './support/app.mjs';
import { waitForMail } from './support/outbox.mjs';

const app = useApp({ env: { KLASS_AUTH__REQUIRE_VERIFIED_EMAIL: 'true' } });

test('an unconfirmed manager is sent to /verify-email, confirms by the link and gets in', async () => {
  const page = await app.open('/auth/login');
  await app.signIn(page);
  await page.goto('/history/mail');
  await page.waitForURL((url) => url.pathname === '/verify-email');
  await page.getByText('Школа просит подтвердить адрес электронной почты').waitFor();

  await page.getByRole('button', { name: 'Отправить письмо ещё раз' }).click();
  await page.locator('.toast').filter({ hasText: 'Письмо отправлено на почту!' }).filter({ hasText: 'Следуйте инструкциям, указанным в письме' }).waitFor();
  const mail = await waitForMail(app.dataDir, 'verify_email');
  const link = /https?:\/\/[^\s"<>]+\/verify-email\?token=[\w-]+/.exec(mail)?.[0];
  assert.ok(link?.startsWith(app.url), `a confirmation link to this server in the mail:\n${mail}`);

  await page.goto(link);
  await page.getByText('Адрес электронной почты подтверждён.').waitFor();
  await page.getByRole('button', { name: 'На главную' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/history/mail');
  await page.locator('tbody tr').filter({ hasText: 'director@demo.klass' }).first().waitFor();
  assert.equal(new URL(page.url()).pathname, '/history/mail');

  await page.goto(link);
  await page.getByRole('alert').filter({ hasText: 'недействительна' }).waitFor();
  assert.deepEqual(page.errors, []);
});
