//! The calendar's data: entries of a period from `/api/calendar` (cached per spec §9: twelve
//! months, five weeks or days), moving a lesson (`PUT /api/lessons/{id}`, the clash refused in the
//! server's words, the lesson put back; the new start is sent on the school's clock), a month of a
//! big school counted by day (`/api/calendar/days`), the words for a lesson's state,
//! and the school's events among the entries (issue 17: shown on each day they cover, never moved).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Body, Ok, Row } from '../../api/types';
import { api, ApiError } from '../../lib/api/client';
import { daysBetween, daysOfEvent, wholeDays } from '../../lib/events';
import { endpoints } from '../../paths';
import { MONTH_CACHE, PAGE_CACHE } from './constants';
import { addDays, lengthOf, LruCache, movedTo, periodKey, spanOf, wallClock, type View } from './dates';

export type Entry = Row<'calendar'>;

/** An event of the school (a holiday, an exam, a meeting) rather than a lesson. */
export const isEvent = (entry: Entry) => entry.kind === 'event';

/** An event from a midnight to a midnight: an all-day event, shown as a band without a time. */
export const isWholeDay = (entry: Entry) => isEvent(entry) && wholeDays(entry.starts_at, entry.ends_at);

/** The days an entry shows on: a lesson its start's, an event every day it covers. */
export function daysCovered(entry: Entry): string[] {
  const start = wallClock(entry.starts_at)?.day;
  if (!start) return [];
  if (!isEvent(entry)) return [start];
  const days = daysOfEvent(entry.starts_at, entry.ends_at);
  return days ? daysBetween(days.first, days.last) : [start];
}

/** The entries of each day, by start (an event on every day it covers). */
export function byDay(entries: readonly Entry[]): Map<string, Entry[]> {
  const days = new Map<string, Entry[]>();
  for (const entry of entries) {
    for (const day of daysCovered(entry)) days.set(day, [...(days.get(day) ?? []), entry]);
  }
  // A day's all-day events come first, above its lessons.
  for (const list of days.values()) list.sort((a, b) => Number(isWholeDay(b)) - Number(isWholeDay(a)));
  return days;
}

export const STATUS_NAMES: Record<Entry['status'], string> = { planned: 'Запланировано', done: 'Проведено', cancelled: 'Отменено' };

/** Whose calendar: a person's, or (no person) the school's, maybe one room's. */
export interface Scope {
  userId: number | null;
  room: string;
}

/** The entry moved to `day` at `minutes` (its length kept), as shown until the server answers. */
export function movedEntry(entry: Entry, day: string, minutes: number): Entry {
  const offset = wallClock(entry.starts_at)?.offset ?? '+00:00';
  const length = lengthOf(entry.starts_at, entry.ends_at);
  const endDay = minutes + length >= 24 * 60 ? addDays(day, 1) : day;
  return {
    ...entry,
    starts_at: `${movedTo(day, minutes)}:00${offset}`,
    ends_at: `${movedTo(endDay, (minutes + length) % (24 * 60))}:00${offset}`,
  };
}

/** The server's reason a move was refused: the clash on `starts_at`, else its message. */
export const refusal = (error: ApiError) => error.body.errors?.starts_at?.[0] ?? error.body.message ?? 'Не удалось перенести занятие';

/** A day of the school's calendar counted: its lessons held or planned, cancelled, and events. */
export type DayCount = Row<'calendar_days'>;

/** A period as shown: its entries or, for a month of the school too big to show lesson by
 * lesson, each day's counts (`days`). */
interface Period {
  entries: Entry[];
  days: DayCount[] | null;
}

/** The words of a refusal of a period (too many lessons), or '' for another failure. */
const refusalOf = (error: unknown) => (error instanceof ApiError && error.status === 422 ? Object.values(error.fieldErrors).join(' ') : '');

/**
 * The entries of one period of `scope`, kept in the calendar's caches, and `move`, which shows the
 * lesson in its new place at once and puts it back when the server refuses (resolving to the
 * refusal's words, or null when moved). A month or week of the school the server refuses to show lesson
 * by lesson comes counted by day (`/api/calendar/days`) instead.
 */
export function useCalendar(view: View, anchor: string, scope: Scope) {
  const months = useRef(new LruCache<Period>(MONTH_CACHE));
  const pages = useRef(new LruCache<Period>(PAGE_CACHE));
  const scopeKey = `${scope.userId ?? 'school'}|${scope.room.trim().toLowerCase()}`;
  const key = `${scopeKey}|${periodKey(view, anchor)}`;
  const cache = view === 'month' ? months.current : pages.current;
  const [period, setPeriod] = useState<Period | null>(() => cache.get(key) ?? null);
  const [loading, setLoading] = useState(false);
  /** Why the period is not shown: the server's words for a refusal (too many lessons), or null
   * when the load simply failed (then it may be tried again); undefined: shown. */
  const [failed, setFailed] = useState<string | null | undefined>(undefined);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const cached = cache.get(key);
    if (cached) {
      setPeriod(cached);
      setFailed(undefined);
      return;
    }
    const controller = new AbortController();
    const { from, to } = spanOf(view, anchor);
    const query: Record<string, string | number> = { from, to };
    if (scope.userId !== null) query.user_id = scope.userId;
    if (scope.room.trim()) query.room = scope.room.trim();
    const options = { query, signal: controller.signal, ownFailure: (status: number) => status === 422 };
    const show = (shown: Period) => {
      cache.set(key, shown);
      setPeriod(shown);
      setFailed(undefined);
      setLoading(false);
    };
    const fail = (error: unknown) => {
      if (controller.signal.aborted) return;
      const refused = refusalOf(error);
      if (refused) setPeriod({ entries: [], days: null });
      setFailed(refused || null);
      setLoading(false);
    };
    setLoading(true);
    api<Ok<'calendar'>>(endpoints.calendar, options).then(
      ({ data }) => show({ entries: data, days: null }),
      (error: unknown) => {
        if (!refusalOf(error) || scope.userId !== null) return fail(error);
        return api<Ok<'calendar_days'>>(endpoints.calendarDays, options).then(({ data }) => show({ entries: [], days: data }), fail);
      },
    );
    return () => controller.abort();
  }, [key, round]);

  const reload = useCallback(() => {
    months.current.clear();
    pages.current.clear();
    setRound((r) => r + 1);
  }, []);

  const entries = period?.entries ?? null;
  const setEntries = (shown: Entry[]) => setPeriod((was) => ({ entries: shown, days: was?.days ?? null }));
  const move = useCallback(
    async (entry: Entry, day: string, minutes: number): Promise<string | null> => {
      const before = entries ?? [];
      const moved = movedEntry(entry, day, minutes);
      const body: Body<'lessons_update'> = { starts_at: movedTo(day, minutes) };
      setEntries(before.map((e) => (e.id === entry.id && e.kind === entry.kind ? moved : e)));
      try {
        await api(`${endpoints.lessons}/${entry.id}`, {
          method: 'PUT',
          body,
          ownFailure: (status) => status === 422,
        });
        reload();
        return null;
      } catch (error) {
        setEntries(before);
        return error instanceof ApiError ? refusal(error) : 'Не удалось перенести занятие';
      }
    },
    [entries, reload],
  );

  return { entries, days: period?.days ?? null, loading, failed, reload, move };
}
