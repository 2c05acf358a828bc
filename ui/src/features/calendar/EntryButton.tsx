//! One entry of the calendar as a button tinted with its colour: a lesson (its time, subject,
//! room; staff may drag a planned one) or an event of the school (its kind's colour, marked as an
//! event, never dragged; an all-day one is a band without a time).
import type { CSSProperties } from 'react';
import { isEvent, isWholeDay, type Entry } from './calendar';
import { timeRange } from './dates';

export const DRAG_TYPE = 'application/x-klass-entry';

export function entryLabel(entry: Entry) {
  if (isEvent(entry)) return [entry.title, isWholeDay(entry) ? 'весь день' : timeRange(entry.starts_at, entry.ends_at), 'событие'].join(', ');
  const parts = [entry.title, timeRange(entry.starts_at, entry.ends_at)];
  if (entry.room) parts.push(entry.room);
  if (entry.status === 'cancelled') parts.push('отменено');
  return parts.join(', ');
}

interface EntryProps {
  entry: Entry;
  editable: boolean;
  onOpen: (entry: Entry) => void;
  style?: CSSProperties;
  compact?: boolean;
}

export function EntryButton({ entry, editable, onOpen, style, compact }: EntryProps) {
  const movable = editable && entry.kind === 'lesson' && entry.status === 'planned';
  const event = isEvent(entry);
  const wholeDay = event && isWholeDay(entry);
  return (
    <button
      type="button"
      className="cal-entry"
      data-tag-colour={entry.color}
      data-kind={entry.kind}
      data-all-day={wholeDay || undefined}
      data-status={event ? undefined : entry.status}
      data-entry={entry.id}
      style={style}
      aria-label={entryLabel(entry)}
      title={entryLabel(entry)}
      draggable={movable}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, String(entry.id));
        event.dataTransfer.effectAllowed = 'move';
      }}
      onClick={() => onOpen(entry)}
    >
      {!wholeDay && (
        <>
          <span className="cal-entry-time">{timeRange(entry.starts_at, entry.ends_at).slice(0, compact ? 5 : undefined)}</span>{' '}
        </>
      )}
      <span className="cal-entry-title">{entry.title}</span>
      {!compact && entry.room && <span className="cal-entry-room"> · {entry.room}</span>}
    </button>
  );
}

