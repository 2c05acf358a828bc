//! A calendar of lessons: month, week and day views, lessons coloured by subject (a month of a
//! school too big to show lesson by lesson: each day's counts; in a day of the week, lessons at
//! the same hour beyond two side by side: «+N», which opens the day); a click opens a lesson's
//! details, staff drag a lesson to another day or time (or move it from the details, by
//! keyboard); a refused move shows the server's reason and the lesson goes back. On a phone a
//! swipe sideways goes to the next or previous period (spec §9 thresholds, see `swipeOf`).
import { useRef, useState, type DragEvent, type KeyboardEvent, type TouchEvent } from 'react';
import { addToast } from '../../lib/toasts';
import { DAY_FIRST_HOUR, DAY_LAST_HOUR, HOUR_PX } from './constants';
import { byDay, isWholeDay, useCalendar, type Entry, type Scope } from './calendar';
import { FirstOfDay, MonthGrid } from '../../components/MonthGrid';
import {
  clock,
  daysOf,
  dotted,
  foldLanes,
  laneLimit,
  minutesAt,
  periodTitle,
  placed,
  shift,
  swipeOf,
  today,
  VIEW_NAMES,
  VIEWS,
  wallClock,
  WEEKDAY_SHORT,
  weekday,
  type View,
} from './dates';
import { EntryDetails } from './EntryDetails';
import { CountedDay } from './MonthDay';
import { formatCount } from '../../lib/format';
import { DRAG_TYPE, EntryButton } from './EntryButton';
import { FoldButton } from './FoldButton';
import { laneStyle, spanStyle } from './laneStyles';
import './calendar.css';

interface Props {
  view: View;
  anchor: string;
  scope: Scope;
  /** Staff may move lessons (the server decides which). */
  editable: boolean;
  onNavigate: (change: { view?: View; anchor?: string }) => void;
}

export function CalendarView({ view, anchor, scope, editable, onNavigate }: Props) {
  const { entries, days: counts, loading, failed, reload, move } = useCalendar(view, anchor, scope);
  const [open, setOpen] = useState<Entry | null>(null);
  const [problem, setProblem] = useState('');
  const touch = useRef<{ x: number; y: number; t: number } | null>(null);
  const days = daysOf(view, anchor);
  const list = entries ?? [];
  const perDay = byDay(list);
  const countOf = new Map((counts ?? []).map((count) => [count.date, count]));
  const now = today();

  const moveTo = async (entry: Entry, day: string, minutes: number) => {
    setProblem('');
    const refused = await move(entry, day, minutes);
    if (refused) {
      setProblem(refused);
      addToast({ color: 'error', title: 'Занятие не перенесено', description: refused });
    } else {
      addToast({ color: 'success', title: 'Занятие перенесено' });
    }
    return refused;
  };

  const dropOn = (event: DragEvent<HTMLElement>, day: string, minutesOf: (entry: Entry) => number) => {
    const id = Number(event.dataTransfer.getData(DRAG_TYPE));
    const entry = list.find((e) => e.id === id && e.kind === 'lesson');
    event.currentTarget.classList.remove('cal-drop');
    if (!entry) return;
    event.preventDefault();
    const minutes = minutesOf(entry);
    const at = wallClock(entry.starts_at);
    if (at && at.day === day && at.minutes === minutes) return;
    void moveTo(entry, day, minutes);
  };

  const dragOver = (event: DragEvent<HTMLElement>) => {
    if (!editable || !event.dataTransfer.types.includes(DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    event.currentTarget.classList.add('cal-drop');
  };

  const step = (by: number) => onNavigate({ anchor: shift(view, anchor, by) });

  const onKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'PageDown') step(1);
    else if (event.key === 'PageUp') step(-1);
    else return;
    event.preventDefault();
  };

  const onTouchStart = (event: TouchEvent) => {
    const t = event.touches[0];
    touch.current = t && event.touches.length === 1 ? { x: t.clientX, y: t.clientY, t: event.timeStamp } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const t = event.changedTouches[0];
    const start = touch.current;
    touch.current = null;
    if (!t || !start) return;
    const swipe = swipeOf(start, { x: t.clientX, y: t.clientY, t: event.timeStamp });
    if (swipe !== 0) step(-swipe);
  };

  // The hours shown: the working day, widened to every lesson of the period.
  let first = DAY_FIRST_HOUR;
  let last = DAY_LAST_HOUR;
  if (view !== 'month') {
    for (const entry of list) {
      if (isWholeDay(entry)) continue;
      const start = wallClock(entry.starts_at);
      const end = wallClock(entry.ends_at);
      if (!start || !days.includes(start.day)) continue;
      first = Math.min(first, Math.floor(start.minutes / 60));
      last = Math.max(last, end && end.day === start.day ? Math.ceil(end.minutes / 60) : 24);
    }
  }
  const hours = Array.from({ length: last - first }, (_, i) => first + i);
  const timed = (day: string) => (perDay.get(day) ?? []).filter((entry) => !isWholeDay(entry));
  const allDay = (day: string) => (perDay.get(day) ?? []).filter(isWholeDay);
  const lanesOfDay = (day: string) => foldLanes(placed(timed(day), day, first, last), laneLimit(view));
  const hasAllDay = days.some((day) => allDay(day).length > 0);

  return (
    <section className="calendar" aria-label="Календарь" onKeyDown={onKey}>
      <div className="cal-toolbar">
        <div className="cal-steps" role="group" aria-label="Период">
          <button type="button" className="secondary outline" aria-label="Предыдущий период" onClick={() => step(-1)}>
            ‹
          </button>
          <button type="button" className="secondary outline" onClick={() => onNavigate({ anchor: now })}>
            Сегодня
          </button>
          <button type="button" className="secondary outline" aria-label="Следующий период" onClick={() => step(1)}>
            ›
          </button>
        </div>
        <h2 className="cal-title" aria-live="polite">
          {periodTitle(view, anchor)}
        </h2>
        <div className="cal-views" role="group" aria-label="Вид">
          {VIEWS.map((v) => (
            <button key={v} type="button" className={v === view ? '' : 'secondary outline'} aria-pressed={v === view} onClick={() => onNavigate({ view: v })}>
              {VIEW_NAMES[v]}
            </button>
          ))}
        </div>
      </div>
      {problem && (
        <p role="alert" className="cal-problem">
          {problem}
        </p>
      )}
      {failed === null && (
        <p role="alert">
          Не удалось загрузить календарь.{' '}
          <button type="button" className="secondary outline" onClick={reload}>
            Повторить
          </button>
        </p>
      )}
      {failed && !counts && (
        <p role="alert" className="cal-problem">
          {failed}
        </p>
      )}
      {counts && (
        <p role="status" className="info-note">
          Занятий в школе за эти дни: {formatCount(counts.reduce((sum, day) => sum + day.lessons + day.cancelled, 0))} — слишком много, чтобы показать каждое,
          поэтому здесь видно, сколько их в каждый день. Откройте {view === 'month' ? 'день или неделю' : 'день'} или выберите учителя или кабинет.
        </p>
      )}
      <div className="cal-body" aria-busy={loading} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd} data-view={view}>
        {view === 'month' ? (
          <MonthGrid
            anchor={anchor}
            onOpenDay={(day) => onNavigate({ view: 'day', anchor: day })}
            cellProps={(day) => ({
              onDragOver: dragOver,
              onDragLeave: (event) => event.currentTarget.classList.remove('cal-drop'),
              onDrop: (event) => dropOn(event, day, (entry) => wallClock(entry.starts_at)?.minutes ?? 0),
            })}
          >
            {(day) =>
              counts ? (
                <CountedDay count={countOf.get(day)} onOpen={() => onNavigate({ view: 'day', anchor: day })} />
              ) : (
                <FirstOfDay
                  day={day}
                  items={perDay.get(day) ?? []}
                  render={(entry) => <EntryButton key={`${entry.kind}-${entry.id}`} entry={entry} editable={editable} onOpen={setOpen} compact />}
                  onMore={() => onNavigate({ view: 'day', anchor: day })}
                />
              )
            }
          </MonthGrid>
        ) : (
          <div className="cal-time" style={{ '--cal-days': days.length, '--cal-hour': `${HOUR_PX}px` } as React.CSSProperties}>
            <div className="cal-time-head">
              <span />
              {days.map((day) => (
                <button
                  key={day}
                  type="button"
                  className="cal-dayhead"
                  data-today={day === now || undefined}
                  onClick={() => onNavigate({ view: 'day', anchor: day })}
                >
                  {WEEKDAY_SHORT[weekday(day)]} {Number(day.slice(8))}
                </button>
              ))}
            </div>
            {counts && (
              <div className="cal-time-head cal-counted" aria-label="Занятий за день">
                <span />
                {days.map((day) => (
                  <div key={day}>
                    <CountedDay count={countOf.get(day)} onOpen={() => onNavigate({ view: 'day', anchor: day })} />
                  </div>
                ))}
              </div>
            )}
            {!counts && hasAllDay && (
              <div className="cal-time-head cal-allday" aria-label="Весь день">
                <span className="cal-allday-label">весь день</span>
                {days.map((day) => (
                  <div key={day}>
                    {allDay(day).map((entry) => (
                      <EntryButton key={`${entry.kind}-${entry.id}`} entry={entry} editable={editable} onOpen={setOpen} />
                    ))}
                  </div>
                ))}
              </div>
            )}
            {!counts && (
              <div className="cal-time-grid" style={{ height: hours.length * HOUR_PX }}>
                <div className="cal-hours" aria-hidden="true">
                  {hours.map((hour) => (
                    <span key={hour} style={{ top: (hour - first) * HOUR_PX }}>
                      {clock(hour * 60)}
                    </span>
                  ))}
                </div>
                {days.map((day) => {
                  const { shown, folds } = lanesOfDay(day);
                  return (
                    <div
                      key={day}
                      className="cal-col"
                      data-day={day}
                      aria-label={`${WEEKDAY_SHORT[weekday(day)]} ${dotted(day)}`}
                      onDragOver={dragOver}
                      onDragLeave={(event) => event.currentTarget.classList.remove('cal-drop')}
                      onDrop={(event) => {
                        const top = event.currentTarget.getBoundingClientRect().top;
                        dropOn(event, day, () => minutesAt(event.clientY - top, first, HOUR_PX));
                      }}
                    >
                      {shown.map(({ entry, start, stop, lane, lanes, folded }) => (
                        <EntryButton
                          key={`${entry.kind}-${entry.id}`}
                          entry={entry}
                          editable={editable}
                          onOpen={setOpen}
                          style={{ ...spanStyle(start, stop, first), ...laneStyle(lane, lanes, folded) }}
                          compact={view === 'week'}
                        />
                      ))}
                      {folds.map((fold) => (
                        <FoldButton key={fold.group} fold={fold} style={spanStyle(fold.start, fold.stop, first)} onOpenDay={() => onNavigate({ view: 'day', anchor: day })} />
                      ))}
                    </div>
                  );
                })}
              </div>
            )}
          </div>
        )}
        {entries !== null && list.length === 0 && !counts && !loading && <p className="cal-empty">В этом периоде занятий нет.</p>}
      </div>
      <EntryDetails entry={open} editable={editable} close={() => setOpen(null)} onMove={moveTo} />
    </section>
  );
}
