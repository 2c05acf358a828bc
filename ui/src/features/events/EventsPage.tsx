//! /events (managers): the school's events — holidays, exams, meetings — as a list filtered by
//! kind and period (kept in the address, paged by the list kit) or as a month of the calendar;
//! «Новое событие» and a change in a dialog, deleting after a confirmation.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { confirmDelete } from '../../components/confirmDelete';
import { DayField } from '../../components/DayField';
import { Icon } from '../../components/Icon';
import { ListResults } from '../../components/ListResults';
import { PageHeading } from '../../components/PageHeading';
import { EVENT_KIND_NAMES, EVENT_KINDS, type EventKind } from '../../lib/events';
import { createOverlay, openOverlay } from '../../lib/overlays';
import { useListPage } from '../../lib/useListPage';
import { endpoints } from '../../paths';
import { EventDialog } from './EventDialog';
import { EVENT_VIEWS, eventFilters, type SchoolEvent } from './events';
import { EventsMonth } from './EventsMonth';
import { EventsTable } from './EventsTable';
import './events.css';

const VIEW_NAMES: Record<(typeof EVENT_VIEWS)[number], string> = { list: 'Список', month: 'Месяц' };

export default function EventsPage() {
  // The month reads its own span; the list is asked for only while it shows.
  const [params] = useSearchParams();
  const view = useListPage(eventFilters, eventFilters.read(params).view === 'list' ? endpoints.events : null);
  const { filters, update } = view;
  const [round, setRound] = useState(0);
  const changed = () => {
    view.list.reload();
    setRound((n) => n + 1);
  };

  const edit = async (event?: SchoolEvent, day?: string) => {
    if (await openOverlay(createOverlay(EventDialog, { props: { event, day }, destroyOnClose: true }))) changed();
  };
  const remove = async (event: SchoolEvent) => {
    const deleted = await confirmDelete({
      title: 'Удалить событие?',
      message: `Событие «${event.title}» исчезнет из календарей.${event.cancels_lessons ? ' Отменённые им занятия вернутся в расписание (кроме тех, чьё время уже занято).' : ''}`,
      url: `${endpoints.events}/${event.id}`,
      name: event.title,
      done: 'Событие удалено',
    });
    if (deleted) changed();
  };

  return (
    <>
      <PageHeading title="События">
        <button type="button" onClick={() => void edit()}>
          <Icon name="plus" size={18} /> Новое событие
        </button>
      </PageHeading>
      <search className="filters events-filters">
        <div className="events-views" role="group" aria-label="Вид">
          {EVENT_VIEWS.map((shown) => (
            <button key={shown} type="button" className={shown === filters.view ? '' : 'secondary outline'} aria-pressed={shown === filters.view} onClick={() => update(shown === 'month' && filters.from && !filters.month ? { view: shown, month: filters.from } : { view: shown })}>
              {VIEW_NAMES[shown]}
            </button>
          ))}
        </div>
        <label>
          Вид
          <select aria-label="Вид события" value={filters.kind} onChange={(change) => update({ kind: change.target.value as EventKind | '' })}>
            <option value="">Все виды</option>
            {EVENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {EVENT_KIND_NAMES[kind]}
              </option>
            ))}
          </select>
        </label>
        {filters.view === 'list' && (
          <>
            <label>
              С
              <DayField value={filters.from} onChange={(from) => update({ from })} label="С даты" />
            </label>
            <label>
              По
              <DayField value={filters.to} onChange={(to) => update({ to })} label="По дату" />
            </label>
          </>
        )}
      </search>
      {filters.view === 'month' ? (
        <EventsMonth key={round} month={filters.month} kind={filters.kind} onMonth={(month) => update({ month }, true)} onOpen={(event) => void edit(event)} onNew={(day) => void edit(undefined, day)} />
      ) : (
        <ListResults view={view} what="события" empty={<p>Событий пока нет. Добавьте каникулы, экзамены и собрания — они появятся в календарях.</p>}>
          {(rows, busy) => <EventsTable rows={rows} busy={busy} onEdit={(event) => void edit(event)} onRemove={(event) => void remove(event).catch(() => undefined)} />}
        </ListResults>
      )}
    </>
  );
}
