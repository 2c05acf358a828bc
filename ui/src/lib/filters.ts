//! A list's filters, declared once and kept in the page's query string (so back/forward, a reload
//! and a bookmark show the same list): each field says how it reads from and writes to the
//! address, what it sends to the API, and whether it narrows the list (for «Сбросить фильтры»).
//! Defaults are left out of the address; a nonsense value in it is dropped.
import type { OperationId, Row } from '../api/types';
import type { Query, QueryValue } from './api/request';

export interface Field<V> {
  /** The value in the address (`name` is the field's address parameter). */
  read(params: URLSearchParams, name: string): V;
  /** Puts a value that is not the default into the address. */
  write(value: V, params: URLSearchParams, name: string): void;
  /** What the list call sends (undefined: nothing). */
  query(value: V): QueryValue | QueryValue[];
  /** Whether a value other than the default narrows the list. */
  narrows(value: V): boolean;
  /** The address parameter, when not the field's name (`role` for `roles`). */
  param?: string;
  /** The API's query parameter, when not the field's name. */
  api?: string;
}

type Names = { param?: string; api?: string };

const positive = (value: string | null): number | null => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
};

/** Free text (a search, an action name): '' when absent. */
export const text = (names: Names = {}): Field<string> => ({
  ...names,
  read: (params, name) => params.get(name)?.trim() ?? '',
  write: (value, params, name) => value && params.set(name, value),
  query: (value) => value || undefined,
  narrows: Boolean,
});

/** One of fixed values, or '' for any. */
export const oneOf = <T extends string>(values: readonly T[], names: Names = {}): Field<T | ''> => ({
  ...names,
  read: (params, name) => (values.includes(params.get(name) as T) ? (params.get(name) as T) : ''),
  write: (value, params, name) => value && params.set(name, value),
  query: (value) => value || undefined,
  narrows: Boolean,
});

/** Several of fixed values (repeated in the address), in the order of `values`. */
export const manyOf = <T extends string>(values: readonly T[], names: Names = {}): Field<T[]> => ({
  ...names,
  read: (params, name) => values.filter((value) => params.getAll(name).includes(value)),
  write: (chosen, params, name) => chosen.forEach((value) => params.append(name, value)),
  query: (chosen) => chosen,
  narrows: (chosen) => chosen.length > 0,
});

/** Several record ids (repeated in the address), without repeats. */
export const ids = (names: Names = {}): Field<number[]> => ({
  ...names,
  read: (params, name) => [...new Set(params.getAll(name).map(positive).filter((id): id is number => id !== null))],
  write: (chosen, params, name) => chosen.forEach((id) => params.append(name, String(id))),
  query: (chosen) => chosen,
  narrows: (chosen) => chosen.length > 0,
});

/** One record id, or null for any. */
export const id = (names: Names = {}): Field<number | null> => ({
  ...names,
  read: (params, name) => positive(params.get(name)),
  write: (value, params, name) => value !== null && params.set(name, String(value)),
  query: (value) => value ?? undefined,
  narrows: (value) => value !== null,
});

/** A switch, written as `name=on` when set (`trashed=with`). */
export const flag = (on: string, names: Names = {}): Field<boolean> => ({
  ...names,
  read: (params, name) => params.get(name) === on,
  write: (value, params, name) => value && params.set(name, on),
  query: (value) => (value ? on : undefined),
  narrows: (value) => value,
});

/** A real calendar day written `YYYY-MM-DD`, or ''. */
export function isoDay(value: string | null): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value) ? value : '';
}

/** A day `YYYY-MM-DD`, or '' when open. */
export const day = (names: Names = {}): Field<string> => ({
  ...names,
  read: (params, name) => isoDay(params.get(name)),
  write: (value, params, name) => value && params.set(name, value),
  query: (value) => value || undefined,
  narrows: Boolean,
});

/** The order: `field` ascending, `-field` descending, among `fields`; `fallback` when absent. */
export const sort = (fields: readonly string[], fallback: string): Field<string> => ({
  read: (params, name) => {
    const value = params.get(name) ?? '';
    return fields.some((field) => value === field || value === `-${field}`) ? value : fallback;
  },
  write: (value, params, name) => value !== fallback && params.set(name, value),
  query: (value) => value,
  narrows: () => false,
});

/** Rows on a page, one of `sizes` (the first is the default); the page offers a choice when more than one. */
export const perPage = (sizes: readonly number[]): Field<number> & { sizes: readonly number[] } => ({
  param: 'per_page',
  api: 'per_page',
  sizes,
  read: (params, name) => {
    const size = positive(params.get(name));
    return size !== null && sizes.includes(size) ? size : sizes[0]!;
  },
  write: (value, params, name) => value !== sizes[0] && params.set(name, String(value)),
  query: (value) => value,
  narrows: () => false,
});

/** A parameter of the page around the list, not of the list (`tab=debtors`): always `value`,
 *  kept in the address, never sent to the API and never narrowing. */
export const kept = (value: string): Field<string> => ({
  read: () => value,
  write: (_, params, name) => params.set(name, value),
  query: () => undefined,
  narrows: () => false,
});

/** The page number, 1 when absent; every list has it. */
const page: Field<number> = {
  read: (params, name) => positive(params.get(name)) ?? 1,
  write: (value, params, name) => value > 1 && params.set(name, String(value)),
  query: (value) => value,
  narrows: () => false,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Fields = Record<string, Field<any>>;
export type Values<F extends Fields> = { [K in keyof F]: F[K] extends Field<infer V> ? V : never } & { page: number };

/** The filters of a list whose rows are `T` (the rows of the operation it was defined for). */
export interface FilterDefinition<F extends Fields, T = unknown> {
  readonly fields: F;
  /** Only carries the row type (never set). */
  readonly row?: T;
  /** The filters in a query string. */
  read(params: URLSearchParams): Values<F>;
  /** The query string of the filters; defaults are left out, the page last. */
  write(values: Values<F>): URLSearchParams;
  /** The list call's query, named as the API names it. */
  query(values: Values<F>): Query;
  /** Whether any filter narrows the list. */
  narrowed(values: Values<F>): boolean;
  /** The page sizes offered, when the list offers a choice. */
  readonly sizes: readonly number[] | null;
  /** What starts each of its address parameters when several lists share the address (see
   *  `prefixed`); a list without one owns the whole address. */
  readonly prefix?: string;
}

/**
 * The filters of a list operation's rows:
 * `defineFilters('users_list', { search: text(), roles: manyOf(ROLES, { param: 'role' }) })`.
 * `settle` puts read values in order (a reversed period turned round).
 */
export function defineFilters<Op extends OperationId, F extends Fields>(
  _operation: Op,
  fields: F,
  settle: (values: Values<F>) => Values<F> = (v) => v,
): FilterDefinition<F, Row<Op>> {
  const all: Fields = { ...fields, page };
  const entries = Object.entries(all);
  const sized = Object.values(fields).find((field): field is ReturnType<typeof perPage> => 'sizes' in field);
  return {
    fields,
    sizes: sized && sized.sizes.length > 1 ? sized.sizes : null,
    read: (params) => settle(Object.fromEntries(entries.map(([key, field]) => [key, field.read(params, field.param ?? key)])) as Values<F>),
    write: (values) => {
      const params = new URLSearchParams();
      for (const [key, field] of entries) field.write(values[key], params, field.param ?? key);
      return params;
    },
    query: (values) => Object.fromEntries(entries.map(([key, field]) => [field.api ?? key, field.query(values[key])])),
    narrowed: (values) => entries.some(([key, field]) => field.narrows(values[key])),
  };
}

/** The same filters under address parameters starting with `prefix` (`7-page=2`), so that several
 *  lists on one page (a parent's children's ledgers) each keep their own page and size. */
export function prefixed<F extends Fields, T>(definition: FilterDefinition<F, T>, prefix: string): FilterDefinition<F, T> {
  const own = (params: URLSearchParams) =>
    new URLSearchParams([...params].filter(([key]) => key.startsWith(prefix)).map(([key, value]) => [key.slice(prefix.length), value]));
  return {
    ...definition,
    prefix,
    read: (params) => definition.read(own(params)),
    write: (values) => new URLSearchParams([...definition.write(values)].map(([key, value]) => [prefix + key, value])),
  };
}

/** The address `params` with a list's own parameters `own` (written by its `definition`) put in:
 *  a prefixed list leaves the other lists' parameters as they are. */
export function placeFilters(params: URLSearchParams, own: URLSearchParams, prefix: string | undefined): URLSearchParams {
  if (!prefix) return own;
  const next = new URLSearchParams([...params].filter(([key]) => !key.startsWith(prefix)));
  own.forEach((value, key) => next.append(key, value));
  return next;
}
