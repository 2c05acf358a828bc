import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mounted } from '../../test/mounted';
import { aUser } from '../../test/user';
import type { Role } from '../../lib/user';
import { mayOpen } from '../guards';
import { UserMenu } from './UserMenu';

const screen = mounted();

describe('the user menu', () => {
  it.each<Role>(['student', 'parent', 'worker', 'manager'])("leads a %s to his own card, which he may open", async (role) => {
    const user = aUser([role], { id: 12 });
    await act(async () => screen.render(<MemoryRouter><UserMenu user={user} /></MemoryRouter>));
    await act(async () => screen.host.querySelector<HTMLButtonElement>('.user-menu-button')!.click());
    const card = [...screen.host.querySelectorAll('[role="menuitem"]')].find((item) => item.textContent === 'Моя карточка');
    expect(card?.getAttribute('href')).toBe('/users/12');
    expect(mayOpen(['master-by-url'], user, { id: '12' })).toBe(true);
  });
});
