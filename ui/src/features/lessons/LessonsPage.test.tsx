import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentUser } from '../../lib/user';
import { aUser } from '../../test/user';
import LessonsPage from './LessonsPage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  const empty = { data: [], meta: { current_page: 1, last_page: 1, per_page: 50, total: 0, from: null, to: null } };
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(empty), { status: 200 })));
  setCurrentUser(aUser(['parent']));
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
  setCurrentUser(null);
});

/** The text of `page` as a parent with no children linked yet sees it. */
async function shown(page: ReactNode) {
  await act(async () => root.render(<MemoryRouter>{page}</MemoryRouter>));
  return host.textContent ?? '';
}

describe('a parent with no children linked yet', () => {
  it('is told on /lessons why there are no lessons, not «С 30.11.2026 занятий нет.»', async () => {
    const text = await shown(<LessonsPage />);
    expect(text).toContain('К вашей учётной записи пока не привязаны дети. Их занятия появятся здесь');
    expect(text).not.toContain('занятий нет');
  });
});
