//! The activity log's filter bar (the person, the action, a period) over its table, newest first,
//! page by page; the filters live in the query string (the list kit), so a filtered log is a link
//! to share. Serves the whole log (with the person filter) and one person's log.
import { useState, type ReactNode } from 'react';
import { DayField } from '../../components/DayField';
import { ListResults } from '../../components/ListResults';
import { PersonField } from '../../components/PeoplePicker';
import type { UserView } from '../../lib/person';
import type { ListView } from '../../lib/useListPage';
import { usePeople } from '../../lib/usePeople';
import type { ActivityEntry, logFilters, personLogFilters } from './activity';
import { ActivityTable } from './ActivityTable';
import { useActions } from './useActions';
import './history.css';

type PeriodChange = { dateFrom?: string; dateTo?: string };

/** Two days, either open, typed ДД.ММ.ГГГГ (a reversed pair is read turned round). */
function Period({ from, to, onChange }: { from: string; to: string; onChange: (change: PeriodChange) => void }) {
  return (
    <fieldset className="date-range">
      <legend className="sr-only">Период</legend>
      <DayField value={from} onChange={(dateFrom) => onChange({ dateFrom })} label="С даты" />
      <span aria-hidden="true">–</span>
      <DayField value={to} onChange={(dateTo) => onChange({ dateTo })} label="По дату" />
    </fieldset>
  );
}

/** The person of the filter: the one just picked, else loaded by the id in the address. */
function useFilterPerson(id: number | null) {
  const [picked, setPicked] = useState<UserView | null>(null);
  const { people } = usePeople(id !== null && picked?.id !== id ? [id] : []);
  const person = id === null ? null : picked?.id === id ? picked : (people.find((p) => p.id === id) ?? { id });
  return { person, setPicked };
}

type LogFilters = typeof logFilters.fields | typeof personLogFilters.fields;

interface Props {
  /** The list: the whole log (with the person filter) or one person's. */
  view: ListView<ActivityEntry, LogFilters>;
  /** The person whose own log this is. */
  personId?: number;
  /** The empty state when no filter is set. */
  empty: ReactNode;
}

/** The log's filters over its table; the person filter on the whole log only. */
export function ActivityLog({ view, personId, empty }: Props) {
  const { filters, update, clear, filtered } = view;
  const userId = 'userId' in filters ? filters.userId : undefined;
  const actions = useActions();
  const { person, setPicked } = useFilterPerson(userId ?? null);

  const pickPerson = (picked: UserView | null) => {
    setPicked(picked);
    update({ userId: picked?.id ?? null } as Partial<typeof filters>);
  };
  const reset = () => {
    setPicked(null);
    clear();
  };
  const known = actions?.some((option) => option.action === filters.action) ?? false;

  return (
    <>
      <search className="filters activity-filters" data-by-person={userId !== undefined || undefined}>
        {userId !== undefined && <PersonField person={person} onChange={pickPerson} label="Человек" />}
        <select value={filters.action} onChange={(event) => update({ action: event.target.value })} aria-label="Действие" aria-busy={actions === null}>
          <option value="">Все действия</option>
          {filters.action && !known && <option value={filters.action}>{filters.action}</option>}
          {actions?.map((option) => (
            <option key={option.action} value={option.action}>
              {option.title}
            </option>
          ))}
        </select>
        <Period from={filters.dateFrom} to={filters.dateTo} onChange={update} />
        {filtered && (
          <button type="button" className="secondary outline filters-reset" onClick={reset}>
            Сбросить
          </button>
        )}
      </search>
      <ListResults view={{ ...view, clear: reset }} what="журнал действий" empty={empty}>
        {(rows, busy) => <ActivityTable rows={rows} busy={busy} here={personId} />}
      </ListResults>
    </>
  );
}
