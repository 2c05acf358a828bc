//! Every row of a list the server pages (it sends at most 100 a page), for a picker that must offer
//! the whole list (a school's groups, subjects, courses): the pages are asked one after another
//! until `meta.last_page`, and never more than `MAX_PAGES` of them (or the caller's own, smaller
//! cap: a month of tasks), so a huge list cannot flood the server.
import { useEffect, useMemo, useState } from 'react';
import { resource } from './api/client';
import { toSearch, type Query } from './api/request';

/** The most rows the server sends in one page. */
export const PAGE_SIZE = 100;
/** A list is read in at most this many pages (2 000 rows). */
export const MAX_PAGES = 20;

/** The rows read, and whether they are the whole list (false: cut at `MAX_PAGES`). */
export interface AllRows<T> {
  rows: T[];
  complete: boolean;
}

/** Reads the pages of `url` for `query` in turn, from the first to the last (or `maxPages`). */
export async function fetchAllPages<T>(url: string, query: Query = {}, signal?: AbortSignal, maxPages = MAX_PAGES): Promise<AllRows<T>> {
  const list = resource<T>(url).list;
  const rows: T[] = [];
  for (let page = 1; page <= maxPages; page += 1) {
    const { data, meta } = await list({ ...query, page, per_page: PAGE_SIZE }, signal);
    rows.push(...data);
    if (page >= meta.last_page || data.length === 0) return { rows, complete: true };
  }
  return { rows, complete: false };
}

interface State<T> extends AllRows<T> {
  /** True once the rows of some query are in (kept while the next query loads). */
  loaded: boolean;
  loading: boolean;
  failed: boolean;
}

const NOTHING = { rows: [], complete: false, loaded: false, loading: false, failed: false };

/** `fetchAllPages` as a hook: read again whenever the query changes (no URL: nothing is asked). */
export function useAllPages<T>(url: string | null, query: Query = {}) {
  const [state, setState] = useState<State<T>>({ ...NOTHING, loading: url !== null });
  const [round, setRound] = useState(0);
  const key = toSearch(query);
  // The same query as long as its text is the same, whatever object the caller built.
  const stable = useMemo(() => query, [key]);

  useEffect(() => {
    if (url === null) {
      setState(NOTHING);
      return;
    }
    const controller = new AbortController();
    setState((old) => ({ ...old, loading: true, failed: false }));
    fetchAllPages<T>(url, stable, controller.signal).then(
      (all) => !controller.signal.aborted && setState({ ...all, loaded: true, loading: false, failed: false }),
      () => {
        if (!controller.signal.aborted) setState((old) => ({ ...old, loading: false, failed: true }));
      },
    );
    return () => controller.abort();
  }, [url, stable, round]);

  return { ...state, reload: () => setRound((n) => n + 1) };
}
