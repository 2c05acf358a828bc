//! A month on a grid of whole weeks, Monday first (the lessons' calendar and the tasks' month
//! share it): each day's cell holds what the caller draws for it; something dragged with
//! `dragType` may be dropped on a day (`onDrop` gets the day and the dragged value).
import type { DragEvent, ReactNode } from 'react';
import { daysOf, dotted, periodTitle } from '../lib/calendarDates';
import { WEEKDAYS, WEEKDAY_SHORT } from '../lib/timetable';
import './MonthGrid.css';

interface Props {
  /** Any day of the month shown «YYYY-MM-DD». */
  anchor: string;
  /** The day marked as today. */
  today: string;
  /** The drag data type a cell accepts; nothing is dropped without it. */
  dragType?: string;
  onDrop?: (day: string, value: string) => void;
  /** A press on a day's number (the lessons' calendar opens that day). */
  onDay?: (day: string) => void;
  /** What a day's cell holds under its number. */
  children: (day: string) => ReactNode;
}

export function MonthGrid({ anchor, today, dragType, onDrop, onDay, children }: Props) {
  const days = daysOf('month', anchor);
  const dragOver = (event: DragEvent<HTMLElement>) => {
    if (!dragType || !onDrop || !event.dataTransfer.types.includes(dragType)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    event.currentTarget.classList.add('cal-drop');
  };
  const drop = (event: DragEvent<HTMLElement>, day: string) => {
    event.currentTarget.classList.remove('cal-drop');
    const value = dragType ? event.dataTransfer.getData(dragType) : '';
    if (!value || !onDrop) return;
    event.preventDefault();
    onDrop(day, value);
  };
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
              data-today={day === today || undefined}
              onDragOver={dragOver}
              onDragLeave={(event) => event.currentTarget.classList.remove('cal-drop')}
              onDrop={(event) => drop(event, day)}
            >
              {onDay ? (
                <button type="button" className="cal-daynum" aria-label={dotted(day)} onClick={() => onDay(day)}>
                  {Number(day.slice(8))}
                </button>
              ) : (
                <span className="cal-daynum" aria-label={dotted(day)}>
                  {Number(day.slice(8))}
                </span>
              )}
              {children(day)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
