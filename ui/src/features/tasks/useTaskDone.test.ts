import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTaskDone } from './useTaskDone';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useTaskDone', () => {
  let seen: ReturnType<typeof useTaskDone>;
  function Probe() {
    seen = useTaskDone();
    return null;
  }
  let root: Root | null = null;
  afterEach(async () => {
    await act(async () => root?.unmount());
    root = null;
    vi.unstubAllGlobals();
  });

  it('gives a task unmarked by mistake back the state it had («В работе»), not «К выполнению»', async () => {
    document.cookie = 'XSRF-TOKEN=t';
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.body) sent.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ data: {} }));
      }),
    );
    root = createRoot(document.createElement('div'));
    await act(async () => root!.render(createElement(Probe)));
    const task = { id: 5, title: 'Составить план', status: 'in_progress' as const };
    await act(() => seen.toggle(task, true));
    await act(() => seen.toggle(task, false));
    expect(sent).toEqual([{ status: 'done' }, { status: 'in_progress' }]);
    expect(seen.statusOf(task)).toBe('in_progress');
  });
});
