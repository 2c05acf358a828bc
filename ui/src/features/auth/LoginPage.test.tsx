import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../lib/toasts';
import { setCurrentUser } from '../../lib/user';
import LoginPage from './LoginPage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;

const input = (name: string) => host.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const note = (name: string) => document.getElementById(input(name).getAttribute('aria-describedby') ?? '')?.textContent;
const type = (name: string, value: string) =>
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(name), value);
    input(name).dispatchEvent(new Event('input', { bubbles: true }));
  });
const submit = () => act(async () => host.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());

beforeEach(async () => {
  toasts.items = [];
  setCurrentUser(null);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  await act(async () =>
    root.render(
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>,
    ),
  );
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe('sign-in page', () => {
  it('checks the fields before asking the server and focuses the first wrong one', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await submit();
    expect(note('email')).toBe('Обязательное поле');
    expect(note('password')).toBe('Обязательное поле');
    expect(document.activeElement).toBe(input('email'));
    await type('email', 'director');
    expect(note('email')).toBeUndefined();
    await submit();
    expect(note('email')).toBe('Please enter a valid email address.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the spec message and the field message of a 422 naming the email', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/login'
          ? new Response(JSON.stringify({ message: 'Неверный формат', errors: { email: ['Адрес слишком длинный'] } }), { status: 422 })
          : new Response(null, { status: 204 }),
      ),
    );
    await type('email', 'director@demo.klass');
    await type('password', 'klass-demo');
    await submit();
    await vi.waitFor(() => expect(toasts.items.map((t) => t.title)).toEqual(['Введите корректный email']));
    expect(note('email')).toBe('Адрес слишком длинный');
    expect(input('email').getAttribute('aria-invalid')).toBe('true');
  });
});
