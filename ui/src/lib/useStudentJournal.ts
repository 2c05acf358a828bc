//! A student's attendance or marks over a period (`GET /api/users/{id}/attendance`, `…/marks`),
//! loaded again on `reload`. The server decides who reads them (managers, the student's teachers,
//! the student, his parents): its refusal (403) is kept in its words as `refused`, without a
//! toast, for the page to say as a plain notice (asking again would not help). Whether a card
//! offers the journal's tabs at all is `useReadsJournal`.
import { useEffect, useState } from 'react';
import type { Ok } from '../api/types';
import { api, ApiError } from './api/client';
import type { UserCard } from './person';
import { today } from './timetable';
import { userUrl } from './useCard';
import type { CurrentUser } from './user';

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

/**
 * Whether `user` reads the journal of the person of `card`, when known without asking: a student's
 * is read by managers, himself and his parents (true), by a teacher only if he teaches him (null:
 * the server is asked), by nobody else (false); a card of someone not a student has none (false).
 */
export function readsJournalKnown(card: Pick<UserCard, 'id' | 'roles'> | null, user: Pick<CurrentUser, 'id' | 'roles' | 'children_ids'> | null): boolean | null {
  if (!card || !user || !card.roles.includes('student')) return false;
  if (user.roles.includes('manager') || user.id === card.id || user.children_ids.includes(card.id)) return true;
  return user.roles.includes('worker') ? null : false;
}

/**
 * Whether `user` may open the attendance and marks of the person of `card`: as
 * `readsJournalKnown` tells, else as the server answers a teacher's reading of one day (it lets
 * him read every period of a student he teaches, none of another's). False until it answered;
 * a failure other than a refusal does not hide the tabs (their pages say what went wrong).
 */
export function useReadsJournal(card: Pick<UserCard, 'id' | 'roles'> | null, user: Pick<CurrentUser, 'id' | 'roles' | 'children_ids'> | null): boolean {
  const known = readsJournalKnown(card, user);
  const id = card?.id ?? 0;
  const [answer, setAnswer] = useState<{ id: number; reads: boolean } | null>(null);
  useEffect(() => {
    if (known !== null) return;
    const controller = new AbortController();
    const day = today();
    const options = { query: { from: day, to: day }, signal: controller.signal, silent: true };
    api(userUrl(id, 'attendance'), options).then(
      () => setAnswer({ id, reads: true }),
      (error: unknown) => !controller.signal.aborted && setAnswer({ id, reads: !(error instanceof ApiError && error.status === 403) }),
    );
    return () => controller.abort();
  }, [id, known]);
  return known ?? (answer?.id === id && answer.reads);
}
