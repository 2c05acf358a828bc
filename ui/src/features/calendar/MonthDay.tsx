//! A day of the month view of a school too big to show lesson by lesson: how many lessons,
//! cancelled lessons and events it has, in words, and as a button that opens the day.
import { formatCount } from '../../lib/format';
import { plural, pluralForm } from '../../lib/plural';
import type { DayCount } from './calendar';
import { dotted } from './dates';

const LESSONS = ['занятие', 'занятия', 'занятий'] as const;
const EVENTS = ['событие', 'события', 'событий'] as const;

/** «87 занятий, отменено: 3, 1 событие» (what is there only). */
export function countWords({ lessons, cancelled, events }: DayCount): string {
  const parts = [];
  if (lessons > 0) parts.push(`${formatCount(lessons)} ${pluralForm(lessons, LESSONS)}`);
  if (cancelled > 0) parts.push(`отменено: ${formatCount(cancelled)}`);
  if (events > 0) parts.push(plural(events, EVENTS));
  return parts.join(', ');
}

/** A day counted: one button with its counts, opening the day. */
export function CountedDay({ count, onOpen }: { count: DayCount | undefined; onOpen: () => void }) {
  if (!count || count.lessons + count.cancelled + count.events === 0) return null;
  return (
    <button type="button" className="cal-cell-button cal-count" aria-label={`${dotted(count.date)}: ${countWords(count)}`} onClick={onOpen}>
      {count.lessons > 0 && (
        <span className="cal-count-lessons">
          <b>{formatCount(count.lessons)}</b> <span className="cal-count-word">{pluralForm(count.lessons, LESSONS)}</span>
        </span>
      )}
      {count.cancelled > 0 && <span className="cal-count-more">отменено: {formatCount(count.cancelled)}</span>}
      {count.events > 0 && <span className="cal-count-more">{plural(count.events, EVENTS)}</span>}
    </button>
  );
}
