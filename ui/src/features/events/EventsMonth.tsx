//! The events of a month on the calendar's month grid: an event shows on every day it covers, in
//! its kind's colour; a press opens it for a change, a press on a day's number starts a new event
//! on that day. PageUp and PageDown (and the arrows in the bar) go to the next or previous month.
import type { KeyboardEvent } from 'react';
import type { Ok } from '../../api/types';
import { MonthGrid } from '../../components/MonthGrid';
import { daysBetween, daysOfEvent, EVENT_KIND_COLOURS, EVENT_KIND_NAMES, eventWhen } from '../../lib/events';
import { dotted, periodTitle, shift, spanOf } from '../../lib/period';
import { today } from '../../lib/timetable';
import { useList } from '../../lib/useList';
import { endpoints } from '../../paths';
import type { SchoolEvent } from './events';

interface Props {
  /** A day of the month shown ('' for this month). */
  month: string;
  kind: string;
  /** Another month. */
  onMonth: (day: string) => void;
  onOpen: (event: SchoolEvent) => void;
  onNew: (day: string) => void;
}

/** The most events one month asks for (the server pages; a month holds far fewer). */
const MONTH_LIMIT = 100;

export function EventsMonth({ month, kind, onMonth, onOpen, onNew }: Props) {
  const anchor = month || today();
  const { from, to } = spanOf('month', anchor);
  const { page, loading, failed, reload } = useList<SchoolEvent>(endpoints.events, { from, to, kind: kind || undefined, per_page: MONTH_LIMIT });
  const perDay = new Map<string, SchoolEvent[]>();
  for (const event of (page as Ok<'events_list'> | null)?.data ?? []) {
    const days = daysOfEvent(event.starts_at, event.ends_at);
    if (!days) continue;
    for (const day of daysBetween(days.first < from ? from : days.first, days.last > to ? to : days.last)) perDay.set(day, [...(perDay.get(day) ?? []), event]);
  }
  const onKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'PageDown' && event.key !== 'PageUp') return;
    event.preventDefault();
    onMonth(shift('month', anchor, event.key === 'PageDown' ? 1 : -1));
  };
  return (
    <section className="calendar events-month" aria-label="События месяца" onKeyDown={onKey}>
      <div className="cal-toolbar">
        <div className="cal-steps" role="group" aria-label="Месяц">
          <button type="button" className="secondary outline" aria-label="Предыдущий месяц" onClick={() => onMonth(shift('month', anchor, -1))}>
            ‹
          </button>
          <button type="button" className="secondary outline" onClick={() => onMonth(today())}>
            Сегодня
          </button>
          <button type="button" className="secondary outline" aria-label="Следующий месяц" onClick={() => onMonth(shift('month', anchor, 1))}>
            ›
          </button>
        </div>
        <h2 className="cal-title" aria-live="polite">
          {periodTitle('month', anchor)}
        </h2>
      </div>
      {failed && (
        <p role="alert">
          Не удалось загрузить события.{' '}
          <button type="button" className="secondary outline" onClick={reload}>
            Повторить
          </button>
        </p>
      )}
      <div className="cal-body" aria-busy={loading}>
        <MonthGrid anchor={anchor} onOpenDay={onNew} dayLabel={(day) => `Новое событие на ${dotted(day)}`}>
          {(day) =>
            (perDay.get(day) ?? []).map((event) => {
              const label = `${event.title}, ${EVENT_KIND_NAMES[event.kind]}, ${eventWhen(event.starts_at, event.ends_at, event.all_day)}`;
              return (
                <button key={event.id} type="button" className="cal-entry" data-kind="event" data-all-day={event.all_day || undefined} data-tag-colour={EVENT_KIND_COLOURS[event.kind]} aria-label={label} title={label} onClick={() => onOpen(event)}>
                  <span className="cal-entry-title">{event.title}</span>
                </button>
              );
            })
          }
        </MonthGrid>
      </div>
    </section>
  );
}
