import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aUser } from '../../test/user';
import type { Role } from '../../lib/user';
import { mayOpen } from '../guards';
import { UserMenu } from './UserMenu';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('the user menu', () => {
  it.each<Role>(['student', 'parent', 'worker', 'manager'])("leads a %s to his own card, which he may open", async (role) => {
    const user = aUser([role], { id: 12 });
    await act(async () =>
      root.render(
        <MemoryRouter>
          <UserMenu user={user} />
        </MemoryRouter>,
      ),
    );
    await act(async () => host.querySelector<HTMLButtonElement>('.user-menu-button')!.click());
    const card = [...host.querySelectorAll('[role="menuitem"]')].find((item) => item.textContent === 'Моя карточка');
    expect(card?.getAttribute('href')).toBe('/users/12');
    expect(mayOpen(['master-by-url'], user, { id: '12' })).toBe(true);
  });
});
