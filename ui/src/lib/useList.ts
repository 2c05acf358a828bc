//! One page of a server list (spec §7 generic resource): loaded again whenever the query
//! changes, an older answer dropped when a newer query is on its way; no URL, no call.
import { useEffect, useMemo, useState } from 'react';
import { resource } from './api/client';
import { toSearch, type Page, type Query } from './api/request';

interface ListState<T> {
  /** The last page that arrived; kept while the next one loads. */
  page: Page<T> | null;
  loading: boolean;
  failed: boolean;
}

export function useList<T>(url: string | null, query: Query) {
  const [state, setState] = useState<ListState<T>>({ page: null, loading: true, failed: false });
  const [round, setRound] = useState(0);
  const key = toSearch(query);
  // The same query as long as its text is the same, whatever object the caller built.
  const stable = useMemo(() => query, [key]);

  useEffect(() => {
    if (url === null) {
      setState({ page: null, loading: false, failed: false });
      return;
    }
    const controller = new AbortController();
    setState((old) => ({ ...old, loading: true, failed: false }));
    resource<T>(url)
      .list(stable, controller.signal)
      .then(
        (page) => setState({ page, loading: false, failed: false }),
        () => {
          if (!controller.signal.aborted) setState((old) => ({ ...old, loading: false, failed: true }));
        },
      );
    return () => controller.abort();
  }, [url, stable, round]);

  return { ...state, reload: () => setRound((n) => n + 1) };
}
