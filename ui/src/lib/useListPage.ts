//! The state of a list page: its filters read from the address, the page of rows they select
//! (from the server, or from rows already loaded), and the moves a page makes (change a filter,
//! which goes back to page 1; clear them all).
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Page } from './api/request';
import { placeFilters, type Fields, type FilterDefinition, type Values } from './filters';
import { useList } from './useList';

export interface ListData<T> {
  /** The last page that arrived; kept while the next one loads. */
  page: Page<T> | null;
  loading: boolean;
  failed: boolean;
  reload: () => void;
}

export interface ListView<T, F extends Fields> {
  filters: Values<F>;
  list: ListData<T>;
  /** Any filter narrows the list. */
  filtered: boolean;
  /** The page sizes the list offers, when a choice, and the one shown. */
  sizes: readonly number[] | null;
  size: number | null;
  /** The order, when the list has a `sort` field. */
  sort: string | null;
  /** Another page; another page size or order (from page 1). */
  turn: (page: number) => void;
  resize: (perPage: number) => void;
  order: (sort: string) => void;
  /** A new history entry unless `replace` (a search being typed); back to page 1 unless set. */
  update: (change: Partial<Values<F>>, replace?: boolean) => void;
  clear: () => void;
}

function useAddressFilters<F extends Fields>(definition: FilterDefinition<F, unknown>) {
  const [params, setParams] = useSearchParams();
  const filters = definition.read(params);
  const place = (own: URLSearchParams) => placeFilters(params, own, definition.prefix);
  const update = (change: Partial<Values<F>>, replace = false) => setParams(place(definition.write({ ...filters, page: 1, ...change })), { replace });
  // Every list has a page; a list with a size choice has its `perPage` field (see `perPage()`),
  // a sorted list its `sort` field.
  const paging = filters as { page: number; perPage?: number; sort?: string };
  return {
    filters,
    filtered: definition.narrowed(filters),
    sizes: definition.sizes,
    size: paging.perPage ?? null,
    sort: paging.sort ?? null,
    update,
    turn: (page: number) => update({ page } as Partial<Values<F>>),
    resize: (perPage: number) => update({ perPage } as unknown as Partial<Values<F>>),
    order: (sort: string) => update({ sort } as unknown as Partial<Values<F>>),
    // Every filter back to its default; a `kept` parameter of the page stays.
    clear: () => setParams(place(definition.write(definition.read(new URLSearchParams())))),
  };
}

/** A list the server filters, sorts and pages (`GET url?…`). */
export function useListPage<T, F extends Fields>(definition: FilterDefinition<F, T>, url: string | null): ListView<T, F> {
  const address = useAddressFilters(definition);
  const list = useList<T>(url, definition.query(address.filters));
  return { ...address, list };
}

/** How rows already loaded are searched and sorted in the browser (a short list sent whole). */
export interface LocalRules<T> {
  /** The text a search looks in. */
  text?: (row: T) => string;
  /** The value each sort field orders by. */
  sortBy?: Record<string, (row: T) => string | number>;
}

const COLLATOR = new Intl.Collator('ru-RU', { sensitivity: 'base', numeric: true });

/** One page of rows filtered by `search`, ordered by `sort` (`-field` descending), `perPage` a page. */
export function pageOf<T>(rows: readonly T[], values: { search?: string; sort?: string; page: number; per_page?: number; perPage?: number }, rules: LocalRules<T>): Page<T> {
  const needle = values.search?.toLocaleLowerCase('ru-RU').replaceAll('ё', 'е') ?? '';
  const found = needle && rules.text ? rows.filter((row) => rules.text!(row).toLocaleLowerCase('ru-RU').replaceAll('ё', 'е').includes(needle)) : [...rows];
  const order = values.sort ?? '';
  const key = rules.sortBy?.[order.replace(/^-/, '')];
  if (key) {
    const sign = order.startsWith('-') ? -1 : 1;
    found.sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : COLLATOR.compare(String(x), String(y)));
    });
  }
  const size = values.perPage ?? values.per_page ?? (found.length || 1);
  const last = Math.max(1, Math.ceil(found.length / size));
  const current = Math.min(values.page, last);
  const start = (current - 1) * size;
  const data = found.slice(start, start + size);
  return {
    data,
    meta: { current_page: current, last_page: last, per_page: size, total: found.length, from: data.length ? start + 1 : undefined, to: data.length ? start + data.length : undefined },
  };
}

/** A list loaded whole (`source`), filtered, sorted and paged in the browser by `rules`. */
export function useLocalListPage<T, F extends Fields>(
  definition: FilterDefinition<F, T>,
  source: { rows: readonly T[]; loaded: boolean; failed: boolean; reload: () => void },
  rules: LocalRules<T>,
): ListView<T, F> {
  const address = useAddressFilters(definition);
  const key = definition.write(address.filters).toString();
  const page = useMemo(
    () => (source.loaded ? pageOf(source.rows, address.filters as Parameters<typeof pageOf>[1], rules) : null),
    [source.rows, source.loaded, key],
  );
  return { ...address, list: { page, loading: !source.loaded && !source.failed, failed: source.failed, reload: source.reload } };
}
