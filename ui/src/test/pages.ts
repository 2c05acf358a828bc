//! Test data: a server list sent a page at a time, as `fetch` answers it.
import { vi } from 'vitest';

/**
 * Serves a list of `total` rows `{id, ...extra}` a page at a time (`page`, `per_page` from the
 * address) in place of `fetch`; the returned mock keeps the addresses asked.
 */
export function servePages(total: number, extra: Record<string, unknown> = {}) {
  const fetchMock = vi.fn(async (url: string) => {
    const search = new URL(url, 'http://x').searchParams;
    const page = Number(search.get('page'));
    const size = Number(search.get('per_page'));
    const count = Math.max(0, Math.min(size, total - (page - 1) * size));
    const data = Array.from({ length: count }, (_, i) => ({ id: (page - 1) * size + i + 1, ...extra }));
    const meta = { current_page: page, last_page: Math.max(1, Math.ceil(total / size)), per_page: size, total };
    return new Response(JSON.stringify({ data, meta }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The addresses `fetchMock` was asked, in order. */
export const asked = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.map((call) => String(call[0]));
