// Calls the API from a signed-in page, as the UI does (the anti-forgery cookie sent back):
// for specs that set up data or check what the server holds; and waits for a page to show it.
import assert from 'node:assert/strict';

/** `{status, body}` of `method path` with a JSON `body`, from `page`'s session. */
export async function callApi(page, method, path, body) {
  return page.evaluate(
    async ([method, path, body]) => {
      await fetch('/sanctum/csrf-cookie', { credentials: 'include' });
      const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    [method, path, body],
  );
}

/** The school's day and time now (the demo school keeps Moscow time), `YYYY-MM-DD` and `HH:MM`. */
export function schoolNow(shiftDays = 0) {
  const at = new Date(Date.now() + shiftDays * 86_400_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

const pad = (n) => String(n).padStart(2, '0');

/** «YYYY-MM-DD» of a date, as UTC sees it. */
export const isoDay = (date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** The day `n` days after `day` («YYYY-MM-DD»). */
export function addDays(day, n) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return isoDay(date);
}

/** The Monday of the week `day` is in. */
export const mondayOf = (day) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/** Waits until `read()` gives `expected` (a page re-renders after each answer), at most ~5 s;
 * then fails with what it last read. */
export async function until(read, expected) {
  let seen;
  for (let look = 0; look < 100; look += 1) {
    seen = await read();
    if (JSON.stringify(seen) === JSON.stringify(expected)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.deepEqual(seen, expected);
}
