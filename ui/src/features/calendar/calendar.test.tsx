import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCalendar } from './calendar';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
let seen: ReturnType<typeof useCalendar>;
let view: 'month' | 'week' = 'month';
let userId: number | null = null;

function Probe() {
  seen = useCalendar(view, '2026-11-23', { userId, room: '' });
  return null;
}

async function render(answer: Response) {
  vi.stubGlobal('fetch', vi.fn(async () => answer));
  await act(async () => root.render(<Probe />));
}

/** Renders the probe against a server that refuses the period and counts it by day as `days`;
 * resolves to the URLs fetched. */
async function renderRefused(days: object[]): Promise<string[]> {
  const refusal = { message: 'invalid', errors: { to: ['Занятий в школе за эти дни: 8 100 — …'] } };
  const fetched: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
      return url.includes('/api/calendar/days') ? new Response(JSON.stringify({ data: days })) : new Response(JSON.stringify(refusal), { status: 422 });
    }),
  );
  await act(async () => root.render(<Probe />));
  return fetched;
}

beforeEach(() => {
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
});
afterEach(() => {
  view = 'month';
  userId = null;
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe('useCalendar', () => {
  it("keeps the server's words when it refuses a person's period (too many lessons), with nothing shown", async () => {
    userId = 7;
    const message = 'Занятий в школе за эти дни: 8 100 — календарь показывает не больше 2 000 за раз. Выберите учителя или кабинет или откройте неделю';
    await render(new Response(JSON.stringify({ message: 'invalid', errors: { to: [message] } }), { status: 422 }));
    expect(seen.failed).toBe(message);
    expect(seen.entries).toEqual([]);
    expect(seen.days).toBeNull();
  });

  it('counts a week of the school by day when the server refuses to show it lesson by lesson', async () => {
    view = 'week';
    const days = [{ date: '2026-11-23', lessons: 340, cancelled: 0, events: 0 }];
    const fetched = await renderRefused(days);
    expect(fetched[1]).toContain('/api/calendar/days?from=2026-11-23&to=2026-11-29');
    expect(seen.failed).toBeUndefined();
    expect(seen.days).toEqual(days);
  });

  it('counts a month of the school by day when the server refuses to show it lesson by lesson', async () => {
    const days = [{ date: '2026-11-23', lessons: 87, cancelled: 3, events: 1 }];
    const fetched = await renderRefused(days);
    expect(fetched).toHaveLength(2);
    expect(fetched[1]).toContain('/api/calendar/days?from=2026-10-26&to=2026-12-06');
    expect(seen.failed).toBeUndefined();
    expect(seen.days).toEqual(days);
    expect(seen.entries).toEqual([]);
  });

  it('marks a failed load as one to try again (null)', async () => {
    await render(new Response('{}', { status: 500 }));
    expect(seen.failed).toBeNull();
  });

  it('shows what arrived', async () => {
    await render(new Response(JSON.stringify({ data: [] })));
    expect(seen.failed).toBeUndefined();
    expect(seen.entries).toEqual([]);
  });
});
