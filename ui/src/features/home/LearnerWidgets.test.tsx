import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../test/user';
import type { CurrentUser } from '../../lib/user';
import { HomeLessons } from './HomeLessons';
import { LearnerWidgets } from './LearnerWidgets';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  // Every list is empty; a child's ledger also has his balance and packages.
  const empty = { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0, from: null, to: null }, balance: 0, packages: [] };
  fetchMock = vi.fn(async () => new Response(JSON.stringify(empty), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

async function show(user: CurrentUser) {
  await act(async () =>
    root.render(
      <MemoryRouter>
        <HomeLessons user={user} />
        <LearnerWidgets user={user} />
      </MemoryRouter>,
    ),
  );
  return host.textContent ?? '';
}

describe("a parent's start page", () => {
  it('says once that no children are linked yet, instead of empty lessons, homework and marks', async () => {
    const text = await show(aUser(['parent']));
    expect(text).toContain('К вашей учётной записи пока не привязаны дети.');
    expect(text).not.toContain('Ближайшие занятия');
    expect(text).not.toContain('Домашнее задание на завтра');
    expect(text).not.toContain('Новые оценки');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows a parent with a child the child's lessons, homework and marks", async () => {
    const text = await show(aUser(['parent'], { children_ids: [8] }));
    expect(text).toContain('Ближайшие занятия');
    expect(text).toContain('Домашнее задание на завтра');
    expect(text).toContain('Новые оценки');
    expect(text).not.toContain('не привязаны дети');
  });
});

describe("a student's start page", () => {
  /** Answers his ledger with `balance` and `total` entries, every other list empty. */
  function ledger(balance: number, total: number) {
    fetchMock.mockImplementation(async (url: string) => {
      const page = { data: [], meta: { current_page: 1, last_page: 1, per_page: 1, total: 0, from: null, to: null }, balance: 0, packages: [] };
      const body = String(url).includes('/users/7/payments') ? { ...page, meta: { ...page.meta, total }, balance } : page;
      return new Response(JSON.stringify(body), { status: 200 });
    });
  }

  it('shows his own balance under «Оплаты»', async () => {
    ledger(-150_000, 3);
    const text = await show(aUser(['student']));
    expect(text).toContain('Оплаты');
    expect(text).toMatch(/Долг 1\s500,00\s₽/);
    expect(host.querySelector('.home-money a[href="/users/7/payments"]')?.textContent).toBe('Петрова Анна');
  });

  it('shows no «Оплаты» when the school keeps no money for him', async () => {
    ledger(0, 0);
    const text = await show(aUser(['student']));
    expect(text).toContain('Новые оценки');
    expect(text).not.toContain('Оплаты');
  });
});
