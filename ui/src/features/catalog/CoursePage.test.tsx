import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mounted } from '../../test/mounted';
import CoursePage from './CoursePage';

const screen = mounted();
const text = () => (screen.host.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
const settle = () => act(() => new Promise((done) => setTimeout(done, 10)));

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.unstubAllGlobals());

describe('CoursePage', () => {
  it('says a course that could not be fetched did not load, and fetches it again on «Повторить»', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    screen.render(
      <MemoryRouter initialEntries={['/courses/3']}>
        <Routes>
          <Route path="/courses/:course" element={<CoursePage />} />
        </Routes>
      </MemoryRouter>,
    );
    await settle();
    expect(screen.host.querySelector('[aria-busy="true"]')).toBeNull();
    expect(text()).toContain('Не удалось загрузить курс.');
    const asked = fetch.mock.calls.length;
    act(() => screen.host.querySelector<HTMLButtonElement>('button')!.click());
    await settle();
    expect(fetch.mock.calls.length).toBeGreaterThan(asked);
    expect(text()).toContain('Не удалось загрузить курс.');
  });
});
