//! The calendar's date math beyond the periods of lib/period (re-exported here): how long a lesson
//! lasts, where it sits in a day (side by side with those at the same hour, the ones a day of the
//! week has no room for folded into «+N»), where a drop lands, and what a touch gesture was.
import { addDays, today, WEEKDAY_SHORT, weekdayOf as weekday } from '../../lib/timetable';
import { clock, wallClock, type View } from '../../lib/period';
import { DROP_STEP_MINUTES, SWIPE_MAX_MS, SWIPE_MAX_Y, SWIPE_MIN_X, WEEK_LANES } from './constants';

// The plain-day arithmetic and the weekday names are the timetable's (one module for both); the
// periods and the wall clock are lib/period's (the calendars of tasks and events share them).
export { addDays, today, WEEKDAY_SHORT, weekday };
export * from '../../lib/period';

/** Minutes an entry lasts. */
export const lengthOf = (startsAt: string, endsAt: string) => Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 60000);

/**
 * The new start of a lesson moved to `day` at `minutes`, on the school's clock without an offset
 * («2026-10-27T16:00»): the server places it in the school's zone, so a move across a
 * daylight-saving change keeps the time a person chose.
 */
export const movedTo = (day: string, minutes: number) => `${day}T${clock(minutes)}`;

/** The minute a drop at `y` px into a day column lands on, snapped to the drop step. */
export function minutesAt(y: number, firstHour: number, hourPx: number): number {
  const raw = firstHour * 60 + (y / hourPx) * 60;
  const snapped = Math.round(raw / DROP_STEP_MINUTES) * DROP_STEP_MINUTES;
  return Math.max(0, Math.min(24 * 60 - DROP_STEP_MINUTES, snapped));
}

/** A finished touch: -1 for a swipe to the left (the next period), 1 to the right, 0 for none. */
export function swipeOf(start: { x: number; y: number; t: number }, end: { x: number; y: number; t: number }): -1 | 0 | 1 {
  const dx = end.x - start.x;
  const dy = Math.abs(end.y - start.y);
  if (end.t - start.t > SWIPE_MAX_MS || Math.abs(dx) < SWIPE_MIN_X || dy > SWIPE_MAX_Y) return 0;
  return dx < 0 ? -1 : 1;
}

/** A small least-recently-used cache: the periods of entries a calendar keeps. */
export class LruCache<V> {
  private readonly items = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(key: string): V | undefined {
    const value = this.items.get(key);
    if (value !== undefined) {
      this.items.delete(key);
      this.items.set(key, value);
    }
    return value;
  }
  set(key: string, value: V) {
    this.items.delete(key);
    this.items.set(key, value);
    while (this.items.size > this.limit) this.items.delete(this.items.keys().next().value as string);
  }
  clear() {
    this.items.clear();
  }
  get size() {
    return this.items.size;
  }
}

/** An entry's place in its day: its lane, the lanes its group of overlapping entries uses, and that group's number. */
export interface Lane {
  lane: number;
  lanes: number;
  group: number;
}

/**
 * Side-by-side places for the entries of one day, given as [start, end) minutes in order of
 * start: each gets the first lane free at its start, and shares the width with the lanes its
 * group of overlapping entries uses (`lanes`), so lessons at the same hour do not hide each other.
 */
export function lanesOf(spans: readonly (readonly [number, number])[]): Lane[] {
  const placed: Lane[] = [];
  let groups = 0;
  let group: number[] = [];
  let groupEnd = -1;
  let ends: number[] = [];
  const close = () => {
    const lanes = ends.length;
    for (const index of group) placed[index]!.lanes = lanes;
  };
  spans.forEach(([start, end], index) => {
    if (start >= groupEnd && group.length > 0) {
      close();
      groups += 1;
      group = [];
      ends = [];
    }
    let lane = ends.findIndex((laneEnd) => laneEnd <= start);
    if (lane < 0) lane = ends.push(end) - 1;
    else ends[lane] = end;
    placed[index] = { lane, lanes: 1, group: groups };
    group.push(index);
    groupEnd = Math.max(groupEnd, end);
  });
  close();
  return placed;
}

/**
 * A day's timed entries with their minutes on the clock, kept within the hours shown (`first`
 * to `last`): a part going on from an earlier day (from midnight) or on past them is cut to them,
 * so it never reaches above the day's first hour onto the headers. Side by side by `lanesOf`.
 */
export function placed<T extends { starts_at: string; ends_at: string }>(entries: readonly T[], day: string, first: number, last: number) {
  const within = (minutes: number) => Math.min(Math.max(minutes, first * 60), last * 60);
  const spans = entries.map((entry) => {
    const at = wallClock(entry.starts_at);
    const end = wallClock(entry.ends_at);
    const start = within(at && at.day === day ? at.minutes : 0);
    return [start, Math.max(start, within(end && end.day === day ? end.minutes : 24 * 60))] as const;
  });
  const lanes = lanesOf(spans);
  return entries.map((entry, i) => ({ entry, start: spans[i]![0], stop: spans[i]![1], ...lanes[i]! }));
}

/** How many lanes a group of overlapping entries may take in `view`: a day of the week is narrow,
 * the rest fold into «+N», which opens the day; the day view shows them all (it is where «+N» leads). */
export const laneLimit = (view: View) => (view === 'week' ? WEEK_LANES : Infinity);

/** Entries of a group too wide for its day, folded into one «+N»: from the first of them to start to the last to end. */
export interface Fold<T> {
  group: number;
  start: number;
  stop: number;
  entries: T[];
}

/**
 * A day's placed entries kept to `limit` lanes (at least 2) per group of overlapping entries: a
 * group within it is shown whole; a wider one shows its first `limit - 1` lanes (`folded`: they
 * leave room for «+N» beside them) and folds the entries of its other lanes into one `Fold`.
 */
export function foldLanes<P extends Lane & { entry: unknown; start: number; stop: number }>(items: readonly P[], limit: number) {
  const shown: (P & { folded: boolean })[] = [];
  const folds = new Map<number, Fold<P['entry']>>();
  for (const item of items) {
    if (item.lanes <= limit) shown.push({ ...item, folded: false });
    else if (item.lane < limit - 1) shown.push({ ...item, lanes: limit - 1, folded: true });
    else {
      const fold = folds.get(item.group);
      if (fold) {
        fold.start = Math.min(fold.start, item.start);
        fold.stop = Math.max(fold.stop, item.stop);
        fold.entries.push(item.entry);
      } else folds.set(item.group, { group: item.group, start: item.start, stop: item.stop, entries: [item.entry] });
    }
  }
  return { shown, folds: [...folds.values()] };
}
