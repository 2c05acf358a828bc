//! A month as a grid of whole weeks, Monday first (the calendars of lessons and of events): each
//! day a cell with its number (a button, e.g. to open that day) and what the caller puts in it.
//! The entries inside are `.cal-entry` buttons tinted with a palette colour (`data-tag-colour`);
//! `FirstOfDay` keeps a busy day to its first few and «ещё 5».
import type { HTMLAttributes, ReactNode } from 'react';
import { today, WEEKDAY_SHORT, WEEKDAYS } from '../lib/timetable';
import { daysOf, dotted, periodTitle } from '../lib/period';
import { plural } from '../lib/plural';
import './MonthGrid.css';
import './TagBadge.css';

/** A day of a month lists at most this many entries; the rest are «ещё 5», opening the day. */
export const DAY_ENTRIES = 4;

interface FirstProps<T> {
  day: string;
  items: readonly T[];
  render: (item: T) => ReactNode;
  /** A press on «ещё 5»: the day opened. */
  onMore: () => void;
}

/** A day's first `DAY_ENTRIES` items, or three and «ещё N» for the rest (never «ещё 1» in place of the one it hides). */
export function FirstOfDay<T>({ day, items, render, onMore }: FirstProps<T>) {
  const shown = items.length > DAY_ENTRIES ? items.slice(0, DAY_ENTRIES - 1) : items;
  const rest = items.length - shown.length;
  return (
    <>
      {shown.map(render)}
      {rest > 0 && (
        <button type="button" className="cal-cell-button cal-more" aria-label={`${dotted(day)}: ещё ${plural(rest, ['запись', 'записи', 'записей'])}`} onClick={onMore}>
          ещё {rest}
        </button>
      )}
    </>
  );
}

interface Props {
  /** A day of the month shown. */
  anchor: string;
  /** What a day's cell holds. */
  children: (day: string) => ReactNode;
  /** A press on a day's number. */
  onOpenDay?: (day: string) => void;
  /** The day number's name for screen readers (the day «23.11.2026» when not given). */
  dayLabel?: (day: string) => string;
  /** More attributes of a day's cell (a drop target's handlers). */
  cellProps?: (day: string) => HTMLAttributes<HTMLDivElement>;
}

export function MonthGrid({ anchor, children, onOpenDay, dayLabel, cellProps }: Props) {
  const days = daysOf('month', anchor);
  const now = today();
  return (
    <div className="cal-month" role="grid" aria-label={periodTitle('month', anchor)}>
      <div className="cal-row cal-weekdays" role="row">
        {WEEKDAYS.map((weekdayNumber) => (
          <div key={weekdayNumber} role="columnheader">
            {WEEKDAY_SHORT[weekdayNumber]}
          </div>
        ))}
      </div>
      {Array.from({ length: days.length / 7 }, (_, week) => (
        <div key={week} className="cal-row" role="row">
          {days.slice(week * 7, week * 7 + 7).map((day) => (
            <div
              key={day}
              role="gridcell"
              className="cal-cell"
              data-day={day}
              data-other={day.slice(0, 7) !== anchor.slice(0, 7) || undefined}
              data-today={day === now || undefined}
              {...cellProps?.(day)}
            >
              <button type="button" className="cal-daynum" aria-label={dayLabel?.(day) ?? dotted(day)} onClick={() => onOpenDay?.(day)} tabIndex={onOpenDay ? undefined : -1}>
                {Number(day.slice(8))}
              </button>
              {children(day)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
