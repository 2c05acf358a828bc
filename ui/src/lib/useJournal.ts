//! A journal grid (a group's or a subject's) for a period, loaded again on `reload`: the grid
//! keeps showing the old one meanwhile; another source or period shows nothing until its own
//! arrives.
import { useEffect, useState } from 'react';
import { api } from './api/client';
import { journalUrl, type Journal, type JournalSource } from './journalGrid';

export function useJournal(source: JournalSource, from: string, to: string) {
  const [found, setFound] = useState<{ key: string; data: Journal } | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  const url = journalUrl(source);
  const key = `${url}:${from}:${to}`;
  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    api<{ data: Journal }>(url, { query: { from, to }, signal: controller.signal }).then(
      ({ data }) => setFound({ key, data }),
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [key, round]);
  return { journal: found?.key === key ? found.data : null, failed, reload: () => setRound((n) => n + 1) };
}
