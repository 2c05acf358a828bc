import { createElement, act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asked, servePages } from '../test/pages';
import { fetchAllPages, MAX_PAGES, useAllPages } from './allPages';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;



afterEach(() => vi.unstubAllGlobals());

describe('fetchAllPages', () => {
  it('asks the pages in turn, 100 rows each, until the last one', async () => {
    const fetchMock = servePages(250);
    const { rows, complete } = await fetchAllPages<{ id: number }>('/api/group-lessons', { teacher_id: 7 });
    expect(rows.map((row) => row.id)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(complete).toBe(true);
    expect(asked(fetchMock)).toEqual([1, 2, 3].map((page) => `/api/group-lessons?teacher_id=7&page=${page}&per_page=100`));
  });

  it('asks once for a list that fits one page, or an empty one', async () => {
    const fetchMock = servePages(0);
    await expect(fetchAllPages('/api/subjects')).resolves.toEqual({ rows: [], complete: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it(`stops after ${MAX_PAGES} pages and says the list is cut`, async () => {
    const fetchMock = servePages(100 * MAX_PAGES + 1);
    const { rows, complete } = await fetchAllPages('/api/courses');
    expect(fetchMock).toHaveBeenCalledTimes(MAX_PAGES);
    expect(rows).toHaveLength(100 * MAX_PAGES);
    expect(complete).toBe(false);
  });

  it('stops at the cap the caller gives', async () => {
    const fetchMock = servePages(1000);
    const { rows, complete } = await fetchAllPages('/api/tasks', {}, undefined, 5);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(rows).toHaveLength(500);
    expect(complete).toBe(false);
  });

  it('fails when a page fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 500 })));
    await expect(fetchAllPages('/api/courses', {}, undefined)).rejects.toThrow();
  });
});

describe('useAllPages', () => {
  let seen: ReturnType<typeof useAllPages<{ id: number }>>;
  function Probe({ url }: { url: string | null }) {
    seen = useAllPages<{ id: number }>(url, { archived: 'with' });
    return null;
  }
  let root: Root | null = null;
  afterEach(() => act(() => root?.unmount()));

  it('gives every row once they are in, and nothing (no request) without a URL', async () => {
    const fetchMock = servePages(150);
    root = createRoot(document.createElement('div'));
    await act(async () => root!.render(createElement(Probe, { url: null })));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(seen).toMatchObject({ rows: [], loaded: false, loading: false });
    await act(async () => root!.render(createElement(Probe, { url: '/api/subjects' })));
    expect(seen).toMatchObject({ loaded: true, complete: true, loading: false, failed: false });
    expect(seen.rows).toHaveLength(150);
    expect(asked(fetchMock)).toEqual(['/api/subjects?archived=with&page=1&per_page=100', '/api/subjects?archived=with&page=2&per_page=100']);
  });
});
