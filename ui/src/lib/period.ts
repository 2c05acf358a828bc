//! Periods of a calendar on plain days «YYYY-MM-DD» and the school's wall clock read from an
//! instant the API wrote (RFC 3339 with the school's offset), so 16:00 shows as 16:00 whatever the
//! browser's zone: a view's days and span, the step to the next one, its title, an entry's time.
//! Shared by the calendars of lessons, tasks and events.
import { addDays, WEEKDAY_SHORT, weekdayOf as weekday } from './timetable';

export type View = 'month' | 'week' | 'day';
export const VIEWS: readonly View[] = ['month', 'week', 'day'];
export const VIEW_NAMES: Record<View, string> = { month: 'Месяц', week: 'Неделя', day: 'День' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The same day of the month `months` later, kept within the month (31.01 + 1 → 28.02). */
export function addMonths(day: string, months: number): string {
  const date = utc(day);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), last));
  return iso(target);
}

export const mondayOf = (day: string) => addDays(day, 1 - weekday(day));
export const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

/** The days a view shows around `anchor` (the month's grid: whole weeks, Monday first). */
export function daysOf(view: View, anchor: string): string[] {
  if (view === 'day') return [anchor];
  if (view === 'week') return Array.from({ length: 7 }, (_, i) => addDays(mondayOf(anchor), i));
  const first = mondayOf(firstOfMonth(anchor));
  const lastOfMonth = addDays(addMonths(firstOfMonth(anchor), 1), -1);
  const weeks = Math.ceil((weekday(firstOfMonth(anchor)) - 1 + Number(lastOfMonth.slice(8))) / 7);
  return Array.from({ length: weeks * 7 }, (_, i) => addDays(first, i));
}

/** The inclusive span the API is asked for: the view's first and last day. */
export function spanOf(view: View, anchor: string): { from: string; to: string } {
  const days = daysOf(view, anchor);
  return { from: days[0]!, to: days[days.length - 1]! };
}

/** The anchor one period later (`step` 1) or earlier (-1). */
export function shift(view: View, anchor: string, step: number): string {
  if (view === 'month') return addMonths(anchor, step);
  return addDays(anchor, view === 'week' ? 7 * step : step);
}

/** The cache key of a view's span (a month view is keyed by its month). */
export const periodKey = (view: View, anchor: string) =>
  view === 'month' ? `month:${anchor.slice(0, 7)}` : `${view}:${spanOf(view, anchor).from}`;

const MONTHS = ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'];
const MONTHS_OF = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** «23.11.2026». */
export const dotted = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
/** «23 ноября». */
export const dayAndMonth = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS_OF[Number(day.slice(5, 7)) - 1]}`;

/** The period's title: «Ноябрь 2026», «23–29 ноября 2026», «пн, 23 ноября 2026». */
export function periodTitle(view: View, anchor: string): string {
  const year = anchor.slice(0, 4);
  if (view === 'month') {
    const name = MONTHS[Number(anchor.slice(5, 7)) - 1] ?? '';
    return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${year}`;
  }
  if (view === 'day') return `${WEEKDAY_SHORT[weekday(anchor)]}, ${dayAndMonth(anchor)} ${year}`;
  const { from, to } = spanOf(view, anchor);
  const sameMonth = from.slice(0, 7) === to.slice(0, 7);
  const start = sameMonth ? String(Number(from.slice(8, 10))) : dayAndMonth(from);
  return `${start}–${dayAndMonth(to)} ${to.slice(0, 4)}`;
}

const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2})?(Z|[+-]\d{2}:\d{2})$/;

/** The school's day, minutes since midnight and offset of an instant the API wrote. */
export function wallClock(instant: string): { day: string; minutes: number; offset: string } | null {
  const match = INSTANT.exec(instant);
  if (!match) return null;
  return { day: match[1]!, minutes: Number(match[2]) * 60 + Number(match[3]), offset: match[4] === 'Z' ? '+00:00' : match[4]! };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** «16:05» from minutes since midnight. */
export const clock = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;

/** «16:00–17:30» of an entry. */
export function timeRange(startsAt: string, endsAt: string): string {
  const start = wallClock(startsAt);
  const end = wallClock(endsAt);
  return start && end ? `${clock(start.minutes)}–${clock(end.minutes)}` : '';
}
