//! Request building for the API client (spec §7): URLs, query strings, CSRF, bodies, pages.
import type { PageMeta } from '../../api/types';
import { endpoints } from '../../paths';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]>;

/** A path starting with `/` is used as is (`/login`, `/sanctum/...`); anything else is under /api/. */
export function apiUrl(path: string, query?: Query): string {
  const url = path.startsWith('/') ? path : `/api/${path}`;
  const search = query ? toSearch(query) : '';
  return search ? `${url}?${search}` : url;
}

/** Arrays as `name[]` repeated; null and undefined left out. */
export function toSearch(query: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      for (const item of value) if (item != null) params.append(`${name}[]`, String(item));
    } else if (value != null) {
      params.append(name, String(value));
    }
  }
  return params.toString();
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1));
  }
  return null;
}

/**
 * The anti-forgery token for a request, read from the cookie each time (the server replaces it at
 * sign-in and sign-out). A write fetches the cookie first when it is missing, or always when
 * `fresh` is set: a signed-out form's cookie may belong to a session that has since expired.
 */
export async function csrfToken(method: Method, fresh = false): Promise<string | null> {
  const token = readCookie(XSRF_COOKIE);
  if (method === 'GET' || (token && !fresh)) return token;
  await fetch(endpoints.csrfCookie, { credentials: 'include', headers: { Accept: 'application/json' } });
  return readCookie(XSRF_COOKIE);
}

/** A body with files goes as multipart; a PUT/PATCH with files is a POST with `_method` (spec §7). */
export function encodeBody(method: Method, body: unknown): { method: Method; body?: BodyInit; json: boolean } {
  if (body === undefined) return { method, json: false };
  if (!hasFile(body)) return { method, body: JSON.stringify(body), json: true };
  const form = new FormData();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) appendField(form, name, value);
  if (method === 'PUT' || method === 'PATCH') {
    form.append('_method', method);
    return { method: 'POST', body: form, json: false };
  }
  return { method, body: form, json: false };
}

function hasFile(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  return Object.values(body).some((v) => v instanceof Blob || (Array.isArray(v) && v.some((i) => i instanceof Blob)));
}

function appendField(form: FormData, name: string, value: unknown) {
  if (value == null) return;
  if (Array.isArray(value)) value.forEach((item) => appendField(form, `${name}[]`, item));
  else if (value instanceof Blob) form.append(name, value);
  else if (typeof value === 'boolean') form.append(name, value ? '1' : '0');
  else if (typeof value === 'object') form.append(name, JSON.stringify(value));
  else form.append(name, String(value));
}

/** One page of a list: its rows and the paging block (`meta`, the generated `PageMeta`). */
export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

/** Paging info is in `meta`, or at the top level when that carries `current_page` (spec §3). */
export function readPage<T>(body: { data: T[]; meta?: PageMeta } & Partial<PageMeta>): Page<T> {
  // The whole answer: some lists send more beside their rows (a student's ledger: his balance
  // and packages), which their pages read from it.
  if (body.meta) return body as Page<T>;
  const { data, current_page = 1, last_page = 1, per_page = data.length, total = data.length, from, to } = body;
  return { data, meta: { current_page, last_page, per_page, total, from, to } };
}
