import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCurrentUser } from '../../lib/user';
import { mounted } from '../../test/mounted';
import { servePages } from '../../test/pages';
import { aUser } from '../../test/user';
import { OwnMarksView } from './OwnMarksView';

const screen = mounted();

afterEach(() => {
  vi.unstubAllGlobals();
  setCurrentUser(null);
});

describe('a parent with no children linked yet', () => {
  it('is told on /marks why there are no marks', async () => {
    servePages(0);
    setCurrentUser(aUser(['parent']));
    await act(async () => screen.render(<MemoryRouter><OwnMarksView /></MemoryRouter>));
    expect(screen.host.textContent).toContain('К вашей учётной записи пока не привязаны дети. Их оценки появятся здесь');
  });
});
