import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OverlayHost } from '../../components/OverlayHost';
import { overlays } from '../../lib/overlays';
import { toasts } from '../../lib/toasts';
import { mounted } from '../../test/mounted';
import { takePayment } from './TakePaymentDialog';
import { modalDialogs } from '../../test/dialogs';

const screen = mounted();
let fetchMock: ReturnType<typeof vi.fn>;
/** Whether the next payment's answer is lost on the way (the school's Wi-Fi). */
let lose = false;

const entry = { id: 41, student_id: 7, student_name: 'Иванов Артём', kind: 'payment', amount: 150_000, method: 'cash', title: 'Оплата: наличные' };

modalDialogs();
beforeEach(() => {
  overlays.items = [];
  toasts.items = [];
  lose = false;
  document.cookie = 'XSRF-TOKEN=token';
  fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method !== 'POST') {
      const meta = { current_page: 1, last_page: 1, per_page: 1, total: 0, from: null, to: null };
      return new Response(JSON.stringify({ data: [], meta, balance: 0, packages: [] }), { status: 200 });
    }
    if (lose) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ data: entry, balance: 150_000 }), { status: 201 });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The `Idempotency-Key` of each payment posted, in order. */
const keysSent = () =>
  fetchMock.mock.calls
    .map(([, init]) => (init ?? {}) as RequestInit)
    .filter((init) => init.method === 'POST')
    .map((init) => (init.headers as Record<string, string>)['Idempotency-Key']);

/** Opens «Принять оплату» for the student; the dialog's answer (wrapped: not awaited here). */
async function open(): Promise<{ answer: Promise<boolean> }> {
  let answer!: Promise<boolean>;
  await act(async () => {
    answer = takePayment({ student: { id: 7, full_name: 'Иванов Артём' } });
  });
  return { answer };
}

/** Types `amount` into the dialog's field and presses «Принять оплату». */
async function typeAmountAndSave(amount: string) {
  const field = screen.host.querySelector<HTMLInputElement>('input[name="amount"]')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, amount);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => screen.host.querySelector<HTMLButtonElement>('dialog button[type="submit"]')!.click());
}

describe('«Принять оплату» sent again', () => {
  it('sends the same key on each attempt of one dialog and a new one in the next dialog', async () => {
    screen.render(<OverlayHost />);
    const { answer } = await open();
    lose = true;
    await typeAmountAndSave('1500');
    expect(screen.host.querySelector('dialog')).not.toBeNull();
    lose = false;
    await typeAmountAndSave('1500');
    await expect(answer).resolves.toBe(true);
    const [first, again] = keysSent();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(again).toBe(first);

    await open();
    await typeAmountAndSave('1500');
    expect(keysSent()).toHaveLength(3);
    expect(keysSent()[2]).not.toBe(first);
  });
});
