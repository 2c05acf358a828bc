//! A student's attendance or marks over a period (`GET /api/users/{id}/attendance`, `…/marks`),
//! loaded again on `reload`. The server decides who reads them (managers, the student's teachers,
//! the student, his parents): its refusal (403) is kept in its words as `refused`, without a
//! toast, for the page to say as a plain notice (asking again would not help).
import { useEffect, useState } from 'react';
import type { Ok } from '../api/types';
import { api, ApiError } from './api/client';
import { userUrl } from './useCard';

interface Parts {
  attendance: Ok<'users_attendance'>['data'];
  marks: Ok<'users_marks'>['data'];
}

/** What the page says when the server answers no reason of its own. */
const NOT_YOURS = 'Журнал этого ученика Вам недоступен.';

export function useStudentJournal<P extends keyof Parts>(userId: number, part: P, from: string, to: string, enabled = true) {
  const [found, setFound] = useState<{ key: string; data: Parts[P] } | null>(null);
  const [failed, setFailed] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const key = `${userId}:${part}:${from}:${to}`;
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setFailed(false);
    setRefused(null);
    const query = { from, to };
    api<{ data: Parts[P] }>(userUrl(userId, part), { query, signal: controller.signal, ownFailure: (status) => status === 403 }).then(
      ({ data }) => setFound({ key, data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setFailed(true);
        if (error instanceof ApiError && error.status === 403) setRefused(error.body.message || NOT_YOURS);
      },
    );
    return () => controller.abort();
  }, [key, enabled, round]);
  return { data: found?.key === key ? found.data : null, failed, refused, reload: () => setRound((n) => n + 1) };
}
