//! The one API client of the UI (spec §7): credentials, `Accept: application/json`, the
//! anti-forgery header, and the error catalogue of spec §8 on every failure.
import { ApiError, reportFailure, type ErrorBody, type FailureContext } from './errors';
import { apiUrl, csrfToken, encodeBody, readPage, XSRF_HEADER, type Method, type Page, type Query } from './request';

export { ApiError };

export interface RequestOptions extends FailureContext {
  method?: Method;
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Fetch a new anti-forgery cookie before this write (the signed-out forms). */
  freshCsrf?: boolean;
  /** More request headers (a money form's `Idempotency-Key`). */
  headers?: Record<string, string>;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/** Calls the server; resolves with the JSON body, rejects with an ApiError already reported. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = apiUrl(path, options.query);
  const encoded = encodeBody(method, options.body);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (encoded.json) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    const token = await csrfToken(method, options.freshCsrf);
    if (token) headers[XSRF_HEADER] = token;
    response = await fetch(url, { method: encoded.method, headers, body: encoded.body, credentials: 'include', signal: options.signal });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    const error = new ApiError(0, { message: String(cause) }, method, url);
    reportFailure(error, options);
    throw error;
  }
  const body = await readJson(response);
  if (!response.ok) {
    const error = new ApiError(response.status, (body ?? {}) as ErrorBody, method, url);
    reportFailure(error, options);
    throw error;
  }
  return body as T;
}

/** The generic resource calls of spec §7 for a collection URL such as `users`. */
export function resource<T, Input = Partial<T>>(url: string) {
  return {
    list: async (query: Query & { page?: number; per_page?: number } = {}, signal?: AbortSignal): Promise<Page<T>> =>
      readPage(await api<Parameters<typeof readPage<T>>[0]>(url, { query, signal })),
    get: async (id: number): Promise<T> => (await api<{ data: T }>(`${url}/${id}`)).data,
    create: async (body: Input): Promise<T> => (await api<{ data: T }>(url, { method: 'POST', body })).data,
    update: async (id: number, body: Input): Promise<T> => (await api<{ data: T }>(`${url}/${id}`, { method: 'PUT', body })).data,
    remove: (id: number): Promise<void> => api<void>(`${url}/${id}`, { method: 'DELETE' }),
  };
}

/** Creates a record of the collection `url` (POST) or, given its `id`, changes it (PUT): the record as saved. */
export async function saveRecord<T>(url: string, id: number | undefined, body: unknown): Promise<T> {
  const path = id === undefined ? url : `${url}/${id}`;
  const { data } = await api<{ data: T }>(path, { method: id === undefined ? 'POST' : 'PUT', body });
  return data;
}
