import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mounted } from '../../test/mounted';
import { StudentLedger } from './StudentLedger';

const screen = mounted();
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  // Each ledger has two pages of one entry; the page asked for is the one sent.
  fetchMock = vi.fn(async (url: string) => {
    const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
    const entry = { id: page, student_id: 7, kind: 'payment', amount: 100, balance_after: 100, method: 'cash', occurred_on: '2026-11-02', created_at: '2026-11-02T10:00:00Z' };
    const meta = { current_page: page, last_page: 2, per_page: 20, total: 2, from: page, to: page };
    return new Response(JSON.stringify({ data: [entry], meta, balance: 0, packages: [] }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The pages of both children's ledgers asked for, in order. */
const asked = () => fetchMock.mock.calls.map(([url]) => `${new URL(String(url), 'http://x').pathname}?${new URL(String(url), 'http://x').searchParams.get('page')}`);

describe("a parent's children's ledgers on one page", () => {
  it('turns the page of one child only', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <StudentLedger student={{ id: 7, full_name: 'Иванов Артём' }} manager={false} titled shares />
              <StudentLedger student={{ id: 8, full_name: 'Иванова Ольга' }} manager={false} titled shares />
            </>
          ),
        },
      ],
      { initialEntries: ['/payments'] },
    );
    await act(async () => screen.render(<RouterProvider router={router} />));
    const forward = screen.host.querySelectorAll<HTMLButtonElement>('nav.pagination button:last-child')[0]!;
    await act(async () => forward.click());
    expect(router.state.location.search).toBe('?7-page=2');
    expect(asked()).toEqual(['/api/users/7/payments?1', '/api/users/8/payments?1', '/api/users/7/payments?2']);
    expect([...screen.host.querySelectorAll('nav.pagination')].map((nav) => nav.textContent)).toEqual(['НазадСтраница 2 из 2Вперёд', 'НазадСтраница 1 из 2Вперёд']);
  });
});
