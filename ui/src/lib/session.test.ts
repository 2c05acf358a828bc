import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from './navigation';
import { signIn, signOut } from './session';
import { toasts } from './toasts';
import { currentUser, setCurrentUser, type CurrentUser } from './user';
import { aUser } from '../test/user';

const director: CurrentUser = aUser(['manager'], { id: 1, email: 'director@demo.klass', first_name: 'Ольга', last_name: 'Директорова', full_name: 'Директорова Ольга' });
const navigate = vi.fn();
const clearCookie = () => (document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');

interface Call {
  url: string;
  method: string;
  token: string | undefined;
  body: unknown;
}

/** A server: each sign-in and sign-out replaces the anti-forgery cookie, as the real one does. */
function serve(answers: Record<string, [number, unknown?]>) {
  const calls: Call[] = [];
  let issued = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ url, method, token: headers['X-XSRF-TOKEN'], body: init.body ? JSON.parse(init.body as string) : undefined });
      if (url === '/sanctum/csrf-cookie' || url === '/login' || url === '/api/logout') document.cookie = `XSRF-TOKEN=t${++issued}%3D; path=/`;
      const [status, body] = answers[`${method} ${url}`] ?? [404, { message: 'Not Found' }];
      return new Response(body === undefined ? null : JSON.stringify(body), { status });
    }),
  );
  return calls;
}

beforeEach(() => {
  toasts.items = [];
  navigate.mockReset();
  setNavigator(navigate);
  setCurrentUser(null);
  clearCookie();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('sign-in (spec §4)', () => {
  it('gets a fresh token, signs in, fetches the user and goes to /', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    const calls = serve({ 'POST /login': [204], 'GET /api/user': [200, { data: director }] });
    await signIn({ email: 'director@demo.klass', password: 'klass-demo', remember: true });
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual(['GET /sanctum/csrf-cookie', 'POST /login', 'GET /api/user']);
    expect(calls[1]).toMatchObject({ token: 't1=', body: { email: 'director@demo.klass', password: 'klass-demo', remember: true } });
    expect(calls[2]?.token).toBe('t2=');
    expect(currentUser.user).toEqual(director);
    expect(navigate).toHaveBeenCalledWith('/', { replace: false });
  });

  it('is ignored when someone is signed in', async () => {
    setCurrentUser(director);
    const calls = serve({});
    await signIn({ email: 'a@b.c', password: 'x', remember: false });
    expect(calls).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a refusal is left to the form: no catalogue toast, no redirect', async () => {
    serve({ 'POST /login': [401, { message: 'Неверный email или пароль' }] });
    const error = await signIn({ email: 'a@b.c', password: 'x', remember: false }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'Неверный email или пароль' });
    expect(toasts.items).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
    expect(currentUser.user).toBeNull();
  });

  it('a server failure still gets the catalogue toast', async () => {
    serve({ 'POST /login': [500, { message: 'Server Error' }] });
    await signIn({ email: 'a@b.c', password: 'x', remember: false }).catch(() => undefined);
    expect(toasts.items.map((t) => t.title)).toEqual(['Ошибка сервера']);
  });
});

describe('sign-out (spec §4)', () => {
  it('calls logout with the token, clears the user and goes to /auth/login', async () => {
    setCurrentUser(director);
    document.cookie = 'XSRF-TOKEN=t0%3D; path=/';
    const calls = serve({ 'POST /api/logout': [204] });
    await signOut();
    expect(calls).toEqual([{ url: '/api/logout', method: 'POST', token: 't0=', body: undefined }]);
    expect(currentUser.user).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: false });
  });
});
