//! A group's weekly timetable and a lesson's time, as people read them: the timetable in words
//! («вт, чт 16:00»), the rows of the schedule editor (add, remove, change, check), and the
//! school's wall clock read from a lesson's `starts_at` (RFC 3339 with the school's offset), so
//! a lesson at 16:00 shows 16:00 whatever the browser's time zone.

/** Monday = 1 … Sunday = 7, as the API numbers weekdays. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_SHORT = ['', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'] as const;
export const WEEKDAY_NAMES = ['', 'Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'] as const;

/** One weekly slot as the API sends it. */
export interface Slot {
  readonly weekday: number;
  readonly start: string;
  readonly duration_minutes: number;
}

/** «16:00» from «16:00» or «16:00:00». */
export const hhmm = (time: string) => time.slice(0, 5);

/**
 * The timetable in words: the weekdays that start at the same time, then that time; several
 * times in the order of their first day: «вт, чт 16:00», «пн 15:00; ср, пт 17:30». '' when empty.
 */
export function timetableInWords(slots: readonly Slot[]): string {
  const sorted = [...slots].sort((a, b) => a.weekday - b.weekday || hhmm(a.start).localeCompare(hhmm(b.start)));
  const byTime = new Map<string, number[]>();
  for (const slot of sorted) {
    const time = hhmm(slot.start);
    const days = byTime.get(time) ?? [];
    if (!days.includes(slot.weekday)) days.push(slot.weekday);
    byTime.set(time, days);
  }
  return [...byTime].map(([time, days]) => `${days.map((day) => WEEKDAY_SHORT[day] ?? '?').join(', ')} ${time}`).join('; ');
}

// ---- The schedule editor's rows -------------------------------------------------------------

/** A row being edited: the weekday, the start «ЧЧ:ММ» and the length in minutes, as typed. */
export interface SlotDraft {
  weekday: number;
  start: string;
  duration: string;
}

export const DEFAULT_SLOT: SlotDraft = { weekday: 1, start: '16:00', duration: '60' };
export const DURATION_MIN = 1;
export const DURATION_MAX = 600;

/** The rows of an existing timetable. */
export const draftsOf = (slots: readonly Slot[]): SlotDraft[] =>
  slots.map((slot) => ({ weekday: slot.weekday, start: hhmm(slot.start), duration: String(slot.duration_minutes) }));

/** A new row after the others: the day after the last row's (Sunday wraps to Monday), same time and length. */
export function addedRow(rows: readonly SlotDraft[]): SlotDraft[] {
  const last = rows[rows.length - 1];
  if (!last) return [{ ...DEFAULT_SLOT }];
  return [...rows, { ...last, weekday: (last.weekday % 7) + 1 }];
}

export const removedRow = (rows: readonly SlotDraft[], index: number): SlotDraft[] => rows.filter((_, at) => at !== index);

export const changedRow = (rows: readonly SlotDraft[], index: number, change: Partial<SlotDraft>): SlotDraft[] =>
  rows.map((row, at) => (at === index ? { ...row, ...change } : row));

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * What is wrong with each row, by index (an empty object: nothing): a time «ЧЧ:ММ», a length
 * within bounds, no two rows of one weekday overlapping. At least one row.
 */
export function checkRows(rows: readonly SlotDraft[]): { rows: Record<number, string>; schedule?: string } {
  const found: Record<number, string> = {};
  if (rows.length === 0) return { rows: found, schedule: 'Добавьте хотя бы одно занятие в неделю' };
  rows.forEach((row, index) => {
    const duration = Number(row.duration);
    if (!TIME.test(row.start)) found[index] = 'Время в формате ЧЧ:ММ';
    else if (!Number.isInteger(duration) || duration < DURATION_MIN || duration > DURATION_MAX)
      found[index] = `Длительность от ${DURATION_MIN} до ${DURATION_MAX} минут`;
  });
  const wellFormed = rows.map((_, index) => !found[index]);
  rows.forEach((row, index) => {
    if (!wellFormed[index]) return;
    const start = minutesOf(row.start);
    const end = start + Number(row.duration);
    const other = rows.findIndex((o, at) => {
      if (at === index || o.weekday !== row.weekday || !wellFormed[at]) return false;
      const oStart = minutesOf(o.start);
      return oStart < end && start < oStart + Number(o.duration);
    });
    if (other >= 0) found[index] = `Пересекается с занятием в ${WEEKDAY_SHORT[row.weekday]} ${rows[other]!.start}`;
  });
  return { rows: found };
}

/** The rows as the API takes them, in weekday and time order. */
export const slotsOf = (rows: readonly SlotDraft[]): Slot[] =>
  rows
    .map((row) => ({ weekday: row.weekday, start: row.start, duration_minutes: Number(row.duration) }))
    .sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));

// ---- The school's wall clock ------------------------------------------------------------------

const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/;

/** The school's day «YYYY-MM-DD» of an RFC 3339 instant written with the school's offset. */
export const schoolDay = (startsAt: string) => INSTANT.exec(startsAt)?.[1] ?? startsAt.slice(0, 10);

/** The school's time «ЧЧ:ММ» of such an instant. */
export const schoolTime = (startsAt: string) => INSTANT.exec(startsAt)?.[2] ?? '';

/** «16:00–17:30»: a lesson's start and end on the school's clock. */
export const timeRange = (startsAt: string, endsAt: string) => `${schoolTime(startsAt)}–${schoolTime(endsAt)}`;

/** The school's local time of a day and a time typed by a person, as the API takes it: «2026-11-24T16:00». */
export const localStart = (day: string, time: string) => `${day}T${time}`;

/** The weekday (1 = Monday) of a day «YYYY-MM-DD». */
export function weekdayOf(day: string): number {
  const utc = new Date(`${day}T00:00:00Z`).getUTCDay();
  return utc === 0 ? 7 : utc;
}

/** The full name of a day's weekday: «Вторник». */
export const weekdayName = (day: string) => WEEKDAY_NAMES[weekdayOf(day)] ?? '';

/** A day «YYYY-MM-DD» `days` later (or earlier). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The school's time zone, once the signed-in user's answer told it (`setSchoolZone`). */
let schoolZone: string | undefined;

/** Sets the zone `today` counts in: the school's, from `GET /api/user`. */
export function setSchoolZone(zone: string | undefined) {
  schoolZone = zone;
}

/**
 * Today «YYYY-MM-DD» on the school's clock (known once someone signed in), else the browser's:
 * a teacher's phone set to another zone still sees the school's today.
 */
export function today(now: Date = new Date()): string {
  if (schoolZone) {
    try {
      return new Intl.DateTimeFormat('en-CA', { timeZone: schoolZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
    } catch {
      // A zone the browser does not know: its own day.
    }
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const OFFSET = /([+-])(\d{2}):(\d{2})$/;

/**
 * The school's day «YYYY-MM-DD» at `now`, read with the offset of an instant the server wrote on
 * the school's clock (a lesson's `starts_at`), `shift` days on; the browser's day without one.
 * So «today» on a teacher's phone set to another zone is still the school's today.
 */
export function schoolToday(sample: string | undefined, shift = 0, now: Date = new Date()): string {
  const offset = sample ? OFFSET.exec(sample) : null;
  if (!offset) return addDays(today(now), shift);
  const minutes = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
  return addDays(new Date(now.getTime() + minutes * 60_000).toISOString().slice(0, 10), shift);
}

/** Rows on the school's day `shift` days from today (read from their own offsets). */
export const onSchoolDay = <T extends { starts_at: string }>(rows: readonly T[], shift = 0, now: Date = new Date()): T[] =>
  rows.filter((row) => schoolDay(row.starts_at) === schoolToday(row.starts_at, shift, now));

/**
 * Rows sorted by `starts_at` grouped under their school day, in order: the lessons list's days.
 */
export function byDay<T extends { starts_at: string }>(rows: readonly T[]): { day: string; rows: T[] }[] {
  const days: { day: string; rows: T[] }[] = [];
  for (const row of rows) {
    const day = schoolDay(row.starts_at);
    const last = days[days.length - 1];
    if (last && last.day === day) last.rows.push(row);
    else days.push({ day, rows: [row] });
  }
  return days;
}

