//! The events table: the event (its kind as a coloured badge), when, for whom, whether it
//! cancels lessons, and the buttons to change or delete it; on phones each row becomes a card.
import { ActionsHeader, DataTable } from '../../components/DataTable';
import { RowActions } from '../../components/RowActions';
import { TagBadge } from '../../components/TagBadge';
import { EVENT_KIND_COLOURS, EVENT_KIND_NAMES, eventWhen } from '../../lib/events';
import { audienceName, type SchoolEvent } from './events';

interface Props {
  rows: readonly SchoolEvent[];
  busy: boolean;
  onEdit: (event: SchoolEvent) => void;
  onRemove: (event: SchoolEvent) => void;
}

export function KindBadge({ kind }: { kind: SchoolEvent['kind'] }) {
  return <TagBadge tag={{ name: EVENT_KIND_NAMES[kind], color: EVENT_KIND_COLOURS[kind] }} />;
}

export function EventsTable({ rows, busy, onEdit, onRemove }: Props) {
  return (
    <DataTable
      caption="События"
      className="events-table"
      busy={busy}
      head={
        <>
          <th scope="col">Событие</th>
          <th scope="col">Когда</th>
          <th scope="col">Для кого</th>
          <ActionsHeader />
        </>
      }
    >
      {rows.map((event) => (
        <tr key={event.id}>
          <td data-label="Событие">
            <div>
              <span className="event-title">{event.title}</span> <KindBadge kind={event.kind} />
              {event.cancels_lessons && <small className="event-cancels">Занятия отменены</small>}
            </div>
          </td>
          <td data-label="Когда">{eventWhen(event.starts_at, event.ends_at, event.all_day)}</td>
          <td data-label="Для кого">{audienceName(event.audience)}</td>
          <td className="event-row-actions">
            <RowActions editLabel={`Изменить событие «${event.title}»`} removeLabel={`Удалить событие «${event.title}»`} onEdit={() => onEdit(event)} onRemove={() => onRemove(event)} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
