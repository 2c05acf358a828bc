//! The month an attendance page shows, «YYYY-MM» in the address: its first and last day, its
//! name «Ноябрь 2026», the month before and after.
import { today } from '../../lib/timetable';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const MONTH_NAMES = ['Январь', 'Февраль', 'Март', 'Апрель', 'Май', 'Июнь', 'Июль', 'Август', 'Сентябрь', 'Октябрь', 'Ноябрь', 'Декабрь'];

/** The month asked for, or this month when none or not a month. */
export const monthOf = (asked: string | null, now = today()) => (asked && MONTH.test(asked) ? asked : now.slice(0, 7));

/** The first and last day of a month. */
export function monthDays(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** «Ноябрь 2026». */
export const monthName = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The month `step` months later (or earlier). */
export function shiftMonth(month: string, step: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + step;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
