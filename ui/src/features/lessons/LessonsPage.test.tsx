import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentUser } from '../../lib/user';
import { mounted } from '../../test/mounted';
import { servePages } from '../../test/pages';
import { aUser } from '../../test/user';
import LessonsPage from './LessonsPage';

const screen = mounted();

beforeEach(() => {
  servePages(0);
  setCurrentUser(aUser(['parent']));
});
afterEach(() => {
  vi.unstubAllGlobals();
  setCurrentUser(null);
});

describe('a parent with no children linked yet', () => {
  it('is told on /lessons why there are no lessons, not «С 30.11.2026 занятий нет.»', async () => {
    await act(async () => screen.render(<MemoryRouter><LessonsPage /></MemoryRouter>));
    expect(screen.host.textContent).toContain('К вашей учётной записи пока не привязаны дети. Их занятия появятся здесь');
    expect(screen.host.textContent).not.toContain('занятий нет');
  });
});
