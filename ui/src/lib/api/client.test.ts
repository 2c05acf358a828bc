import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../navigation';
import { toasts } from '../toasts';
import { currentUser, setCurrentUser } from '../user';
import { aUser } from '../../test/user';
import { api, ApiError, resource } from './client';

const navigate = vi.fn();
let log: ReturnType<typeof vi.spyOn>;

function answer(status: number, body?: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body === undefined ? null : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const shown = () => toasts.items.map(({ color, title, description, duration }) => ({ color, title, description, duration }));

beforeEach(() => {
  toasts.items = [];
  navigate.mockReset();
  setNavigator(navigate);
  log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});
afterEach(() => vi.unstubAllGlobals());

async function failure(status: number, body?: unknown, options = {}) {
  answer(status, body);
  const error = await api('things', options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('API client error catalogue', () => {
  it.each([401, 419])('%i sends to /auth/login and forgets the user', async (status) => {
    setCurrentUser(aUser([], { id: 1 }));
    await failure(status, { message: 'Unauthenticated.' });
    expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: false });
    expect(currentUser.user).toBeNull();
    expect(shown()).toEqual([]);
  });

  it('a session that ends on a page sends to sign-in, which comes back to that page', async () => {
    window.history.pushState({}, '', '/users/22/files?tab=1');
    try {
      await failure(401, { message: 'Unauthenticated.' });
      expect(navigate).toHaveBeenCalledWith('/auth/login?redirect=%2Fusers%2F22%2Ffiles%3Ftab%3D1', { replace: false });
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('identical failures make one toast with a count', async () => {
    for (let i = 0; i < 3; i++) await failure(403, { message: 'This action is unauthorized.' });
    expect(toasts.items.map((t) => [t.title, t.count])).toEqual([['Нет прав', 3]]);
  });

  it('401 on the current-user probe just means signed out', async () => {
    await failure(401, { message: 'Unauthenticated.' }, { probe: true });
    expect(navigate).not.toHaveBeenCalled();
    expect(shown()).toEqual([]);
  });

  it('409 sends to /verify-email', async () => {
    await failure(409, { message: 'Your email address is not verified.' });
    expect(navigate).toHaveBeenCalledWith('/verify-email', { replace: false });
  });

  it('422 of an edit made from an older record shows its own message, not «check the fields»', async () => {
    const message = 'Группу изменили, пока вы её правили. Обновите страницу и внесите изменения снова.';
    const error = await failure(422, { message, errors: { version: [message] } });
    expect(navigate).not.toHaveBeenCalled();
    expect(shown()).toEqual([{ color: 'warning', title: 'Изменения не сохранены', description: message, duration: 5000 }]);
    expect(error.staleEdit).toBe(true);
    expect(error.fieldErrors).toEqual({ version: message });
  });

  it('422 shows the warning toast and keeps the field messages', async () => {
    const error = await failure(422, { message: 'invalid', errors: { email: ['Введите почту', 'x'] } });
    expect(shown()).toEqual([{ color: 'warning', title: 'Перепроверьте все обязательные поля!', description: 'Незаполненные и неправильно заполненные данные не сохранятся', duration: 5000 }]);
    expect(error.fieldErrors).toEqual({ email: 'Введите почту' });
  });

  it('403 shows Нет прав', async () => {
    await failure(403, { message: 'Forbidden' });
    expect(shown()).toEqual([{ color: 'error', title: 'Нет прав', description: 'Отсутствуют требуемые права для доступа к действию', duration: 5000 }]);
  });

  it('500 with its own message: that message and a description starting Произошла ошибка., 5000 ms', async () => {
    await failure(500, { message: 'Moodle не отвечает', error_id: 'e-42' });
    const [toast] = shown();
    expect(toast).toMatchObject({ color: 'error', title: 'Moodle не отвечает', duration: 5000 });
    expect(toast?.description?.startsWith('Произошла ошибка. ')).toBe(true);
  });

  it.each([{ message: 'Server Error', error_id: 'e-1' }, {}, undefined])('500 with %j: Ошибка сервера', async (body) => {
    await failure(500, body);
    expect(shown()).toEqual([{ color: 'error', title: 'Ошибка сервера', description: 'Что-то пошло не так :(', duration: 5000 }]);
  });

  it('429 shows the server message with a hint to wait', async () => {
    await failure(429, { message: 'Слишком много попыток входа. Повторите через 30 с.' });
    expect(shown()).toEqual([{ color: 'warning', title: 'Слишком много попыток входа. Повторите через 30 с.', description: 'Подождите немного и повторите попытку', duration: 5000 }]);
  });

  it('a status the caller reports itself is only logged', async () => {
    await failure(401, { message: 'Неверный email или пароль' }, { ownFailure: (status: number) => status === 401 });
    expect(log).toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(shown()).toEqual([]);
  });

  it('logs every failed response', async () => {
    await failure(404, { message: 'Не найдено' });
    expect(log).toHaveBeenCalledWith('[api] GET /api/things -> 404', { message: 'Не найдено' });
    expect(shown()).toEqual([]);
  });

  it('a silent call only logs', async () => {
    await failure(500, { message: 'Server Error' }, { silent: true });
    expect(log).toHaveBeenCalled();
    expect(shown()).toEqual([]);
  });
});

describe('API client requests', () => {
  it('sends credentials, Accept and reads JSON', async () => {
    const fetchMock = answer(200, { data: { id: 1 } });
    await expect(api('users/1')).resolves.toEqual({ data: { id: 1 } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/1');
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ Accept: 'application/json' });
  });

  it('fetches the CSRF cookie before a POST when missing and sends it back', async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url === '/sanctum/csrf-cookie') {
        document.cookie = 'XSRF-TOKEN=abc%3D%3D; path=/';
        return new Response(null, { status: 204 });
      }
      return new Response('{"data":{}}', { status: 201 });
    });
    vi.stubGlobal('fetch', fetchMock);
    await api('users', { method: 'POST', body: { email: 'a@b.c' } });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/sanctum/csrf-cookie', '/api/users']);
    const init = fetchMock.mock.calls[1]?.[1] as unknown as RequestInit;
    expect(init.headers).toMatchObject({ 'X-XSRF-TOKEN': 'abc==', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"email":"a@b.c"}');
    await api('users', { method: 'DELETE' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('reads the token afresh for every request and fetches a new one when asked', async () => {
    document.cookie = 'XSRF-TOKEN=old; path=/';
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url === '/sanctum/csrf-cookie') document.cookie = 'XSRF-TOKEN=new; path=/';
      return new Response(null, { status: 204 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const sentToken = (call: number) => (fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string>)['X-XSRF-TOKEN'];
    await api('/login', { method: 'POST', body: {}, freshCsrf: true });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/sanctum/csrf-cookie', '/login']);
    expect(sentToken(1)).toBe('new');
    document.cookie = 'XSRF-TOKEN=rotated; path=/';
    await api('logout', { method: 'POST' });
    expect(sentToken(2)).toBe('rotated');
  });

  it('puts arrays as name[] with page and per_page in the query', async () => {
    const fetchMock = answer(200, { data: [], meta: { current_page: 2, last_page: 3, per_page: 10, total: 25, from: 11, to: 20 } });
    const page = await resource('users').list({ roles: ['worker', 'manager'], q: 'Ива', page: 2, per_page: 10 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users?roles%5B%5D=worker&roles%5B%5D=manager&q=%D0%98%D0%B2%D0%B0&page=2&per_page=10');
    expect(page.meta.current_page).toBe(2);
  });

  it('keeps what an answer sends beside its rows and meta (a ledger: balance and packages)', async () => {
    const meta = { current_page: 1, last_page: 1, per_page: 25, total: 0 };
    answer(200, { data: [], meta, balance: -50000, packages: [{ id: 4 }] });
    expect(await resource('users/3/payments').list()).toEqual({ data: [], meta, balance: -50000, packages: [{ id: 4 }] });
  });

  it('reads paging from the top level when it carries current_page', async () => {
    answer(200, { data: [{ id: 1 }], current_page: 1, last_page: 1, per_page: 15, total: 1, from: 1, to: 1 });
    const page = await resource('users').list();
    expect(page).toEqual({ data: [{ id: 1 }], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1, from: 1, to: 1 } });
  });

  it('sends a PUT with a file as POST multipart with _method=PUT', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const fetchMock = answer(200, { data: { id: 3 } });
    await resource('documents').update(3, { name: 'Договор', file: new Blob(['x']) });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/documents/3');
    expect(init.method).toBe('POST');
    const form = init.body as FormData;
    expect(form.get('_method')).toBe('PUT');
    expect(form.get('name')).toBe('Договор');
    expect(form.get('file')).toBeInstanceOf(Blob);
  });

  it('reports an unreachable server', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = (await api('users').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(shown()[0]?.title).toBe('Сервер недоступен');
  });
});
