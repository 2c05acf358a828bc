//! What a day of the month view holds: its first entries and «ещё 5» for the rest, or, for a
//! month of a school too big to show lesson by lesson, how many lessons, cancelled lessons and
//! events the day has — either way a press opens the day.
import { formatCount } from '../../lib/format';
import { plural, pluralForm } from '../../lib/plural';
import type { DayCount, Entry } from './calendar';
import { MONTH_CELL_ENTRIES } from './constants';
import { dotted } from './dates';
import { EntryButton } from './EntryButton';

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
    <button type="button" className="cal-count" aria-label={`${dotted(count.date)}: ${countWords(count)}`} onClick={onOpen}>
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

interface ListedProps {
  day: string;
  entries: readonly Entry[];
  editable: boolean;
  onOpenEntry: (entry: Entry) => void;
  onOpenDay: () => void;
}

/** A day's entries, the first `MONTH_CELL_ENTRIES` of them, and «ещё 5» opening the day. */
export function ListedDay({ day, entries, editable, onOpenEntry, onOpenDay }: ListedProps) {
  // Four entries, or three and «ещё 2»: never «ещё 1» in place of the one it hides.
  const shown = entries.length > MONTH_CELL_ENTRIES ? entries.slice(0, MONTH_CELL_ENTRIES - 1) : entries;
  const rest = entries.length - shown.length;
  return (
    <>
      {shown.map((entry) => (
        <EntryButton key={`${entry.kind}-${entry.id}`} entry={entry} editable={editable} onOpen={onOpenEntry} compact />
      ))}
      {rest > 0 && (
        <button type="button" className="cal-more" aria-label={`${dotted(day)}: ещё ${plural(rest, ['запись', 'записи', 'записей'])}`} onClick={onOpenDay}>
          ещё {rest}
        </button>
      )}
    </>
  );
}
