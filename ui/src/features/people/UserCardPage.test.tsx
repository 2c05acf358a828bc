import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentUser } from '../../lib/user';
import { aUser } from '../../test/user';
import { neverSignedIn } from './people';
import UserCardPage from './UserCardPage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;

/** A student's own card as the server sends it: one parent linked, never signed in. */
const card = {
  id: 7,
  email: 'darya@demo.klass',
  email_verified: true,
  first_name: 'Дарья',
  last_name: 'Иванова',
  middle_name: 'Дмитриевна',
  full_name: 'Иванова Дарья Дмитриевна',
  roles: ['student'],
  tags: [],
  parent_ids: [6],
  children_ids: [],
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  last_login_at: null,
};

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: card }), { status: 200 })));
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
  setCurrentUser(null);
});

describe("a student's own card", () => {
  it("says how many parents are linked when he may not read their cards, not «—» (none)", async () => {
    setCurrentUser(aUser(['student'], { id: 7 }));
    await act(async () =>
      root.render(
        <MemoryRouter initialEntries={['/users/7']}>
          <Routes>
            <Route path="/users/:id" element={<UserCardPage />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    const parents = [...host.querySelectorAll('dt')].find((dt) => dt.textContent === 'Родители')?.nextElementSibling;
    expect(parents?.textContent).toBe('1 человек');
    expect(host.textContent).toContain('не входила');
  });
});

describe('neverSignedIn', () => {
  it('agrees with the person: a woman «не входила», a man or an unknown one «не входил»', () => {
    expect(neverSignedIn({ middle_name: 'Дмитриевна' })).toBe('не входила');
    expect(neverSignedIn({ middle_name: 'Дмитриевич' })).toBe('не входил');
    expect(neverSignedIn({ middle_name: null })).toBe('не входил');
  });
});
