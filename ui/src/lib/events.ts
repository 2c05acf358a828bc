//! The school's events as the calendars and the events page name them: the kinds in Russian and
//! their palette colours (the server's `EventKind::label` and `color`), and how an event's time
//! reads: «23.11.2026–25.11.2026, весь день» or «23.11.2026, 18:00–19:30».
import { addDays } from './timetable';
import { clock, dotted, wallClock } from './period';

export const EVENT_KINDS = ['holiday', 'exam', 'meeting', 'other'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const EVENT_KIND_NAMES: Record<EventKind, string> = {
  holiday: 'Каникулы и праздники',
  exam: 'Экзамен',
  meeting: 'Собрание',
  other: 'Другое',
};

/** The palette colour of a kind (TagBadge.css `data-tag-colour`), as the server colours calendar entries. */
export const EVENT_KIND_COLOURS: Record<EventKind, string> = { holiday: 'green', exam: 'red', meeting: 'purple', other: 'gray' };

/** The first and the last day of an all-day event whose `ends_at` is the midnight after its last day. */
export function daysOfEvent(startsAt: string, endsAt: string): { first: string; last: string } | null {
  const start = wallClock(startsAt);
  const end = wallClock(endsAt);
  if (!start || !end) return null;
  const last = end.minutes === 0 && end.day > start.day ? addDays(end.day, -1) : end.day;
  return { first: start.day, last };
}

/** Whether an entry from `startsAt` to `endsAt` takes whole days (midnight to midnight). */
export function wholeDays(startsAt: string, endsAt: string): boolean {
  const start = wallClock(startsAt);
  const end = wallClock(endsAt);
  return Boolean(start && end && start.minutes === 0 && end.minutes === 0 && end.day > start.day);
}

/** «23.11.2026–25.11.2026, весь день», «23.11.2026, весь день», «23.11.2026, 18:00–19:30». */
export function eventWhen(startsAt: string, endsAt: string, allDay: boolean): string {
  const start = wallClock(startsAt);
  const end = wallClock(endsAt);
  if (!start || !end) return '';
  if (allDay) {
    const days = daysOfEvent(startsAt, endsAt)!;
    return days.first === days.last ? `${dotted(days.first)}, весь день` : `${dotted(days.first)}–${dotted(days.last)}, весь день`;
  }
  if (start.day === end.day) return `${dotted(start.day)}, ${clock(start.minutes)}–${clock(end.minutes)}`;
  return `${dotted(start.day)} ${clock(start.minutes)} – ${dotted(end.day)} ${clock(end.minutes)}`;
}

/** The days from `first` to `last` (both included). */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last && days.length < 400; day = addDays(day, 1)) days.push(day);
  return days;
}
