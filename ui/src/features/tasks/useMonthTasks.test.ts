import { createElement, act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asked, servePages } from '../../test/pages';
import { useMonthTasks } from './useMonthTasks';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;



describe('useMonthTasks', () => {
  let seen: ReturnType<typeof useMonthTasks>;
  function Probe({ anchor, assigneeId }: { anchor: string; assigneeId: number | null }) {
    seen = useMonthTasks(anchor, assigneeId);
    return null;
  }
  let root: Root | null = null;
  const show = (anchor: string, assigneeId: number | null) => act(async () => root!.render(createElement(Probe, { anchor, assigneeId })));
  afterEach(async () => {
    await act(async () => root?.unmount());
    root = null;
    vi.unstubAllGlobals();
  });

  it("reads every page of the grid's days, for one assignee or everyone", async () => {
    const fetchMock = servePages(150, { due_on: '2026-11-01' });
    root = createRoot(document.createElement('div'));
    await show('2026-11-15', 4);
    expect(seen.tasks).toHaveLength(150);
    expect(seen.failed).toBe(false);
    expect(seen.cutAt).toBeNull();
    const first = new URL(asked(fetchMock)[0]!, 'http://x').searchParams;
    expect(Object.fromEntries(first)).toMatchObject({ sort: 'due_on', assignee_id: '4', page: '1', per_page: '100' });
    expect(first.get('due_from')! <= '2026-11-01' && first.get('due_to')! >= '2026-11-30').toBe(true);
    expect(asked(fetchMock).map((url) => new URL(url, 'http://x').searchParams.get('page'))).toEqual(['1', '2']);

    fetchMock.mockClear();
    await show('2026-11-15', null);
    expect(asked(fetchMock).every((url) => !url.includes('assignee_id'))).toBe(true);
  });

  it('reads a month in at most 5 pages (500 tasks)', async () => {
    const fetchMock = servePages(720, { due_on: '2026-11-01' });
    root = createRoot(document.createElement('div'));
    await show('2026-11-15', null);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(seen.tasks).toHaveLength(500);
    expect(seen.cutAt).toBe('2026-11-01');
  });

  it('says when the month failed, and keeps the tasks it had', async () => {
    servePages(3, { due_on: '2026-11-01' });
    root = createRoot(document.createElement('div'));
    await show('2026-11-15', null);
    expect(seen.tasks).toHaveLength(3);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 500 })));
    await act(async () => seen.reload());
    expect(seen.failed).toBe(true);
    expect(seen.tasks).toHaveLength(3);
  });

  it('puts a task back on its day when the server refuses to move it', async () => {
    servePages(1, { due_on: '2026-11-01' });
    root = createRoot(document.createElement('div'));
    await show('2026-11-15', null);
    const task = seen.tasks![0]!;
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Нельзя', errors: { due_on: ['Задача закрыта'] } }), { status: 422 })));
    let reason: string | null = null;
    await act(async () => {
      reason = await seen.move(task, '2026-11-20');
    });
    expect(reason).toBe('Задача закрыта');
    expect(seen.tasks![0]!.due_on).toBe('2026-11-01');
  });
});
