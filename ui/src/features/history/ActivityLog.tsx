//! The activity log with its filters (the person, the action, a period), newest first, page by
//! page; the filters live in the query string, so a filtered log is a link to share. Serves the
//! whole log (with the person filter) and one person's log.
import { Fragment, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ListResults } from '../../components/ListResults';
import { PersonField } from '../../components/PeoplePicker';
import type { UserView } from '../../lib/person';
import { useList } from '../../lib/useList';
import { usePeople } from '../../lib/usePeople';
import { isFiltered, readFilters, toQuery, writeFilters, type ActivityEntry, type ActivityFilters } from './activity';
import { ActivityTable } from './ActivityTable';
import { useActions } from './useActions';
import './history.css';

interface Props {
  /** The list's endpoint: the whole log or one person's. */
  url: string;
  /** Offer the person filter (the whole log). */
  byPerson: boolean;
  /** The person whose own log this is. */
  personId?: number;
  /** The empty state when no filter is set. */
  empty: ReactNode;
}

type PeriodChange = Partial<Pick<ActivityFilters, 'dateFrom' | 'dateTo'>>;

/** Two days, either open; neither end can be set past the other. */
function Period({ from, to, onChange }: { from: string; to: string; onChange: (change: PeriodChange) => void }) {
  const ends = [
    { field: 'dateFrom', label: 'С даты', value: from, min: '', max: to },
    { field: 'dateTo', label: 'По дату', value: to, min: from, max: '' },
  ] as const;
  return (
    <fieldset className="date-range">
      <legend className="sr-only">Период</legend>
      {ends.map((end, i) => (
        <Fragment key={end.field}>
          {i > 0 && <span aria-hidden="true">–</span>}
          <input
            type="date"
            value={end.value}
            min={end.min || undefined}
            max={end.max || undefined}
            onChange={(event) => onChange({ [end.field]: event.target.value })}
            aria-label={end.label}
          />
        </Fragment>
      ))}
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

export function ActivityLog({ url, byPerson, personId, empty }: Props) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const list = useList<ActivityEntry>(url, toQuery(filters, byPerson));
  const actions = useActions();
  const { person, setPicked } = useFilterPerson(byPerson ? filters.userId : null);

  // Each change is a history entry: back returns to the log as it was filtered before.
  const update = (change: Partial<ActivityFilters>) => setParams(writeFilters({ ...filters, page: 1, ...change }));
  const pickPerson = (picked: UserView | null) => {
    setPicked(picked);
    update({ userId: picked?.id ?? null });
  };
  const clear = () => {
    setPicked(null);
    setParams(new URLSearchParams());
  };
  const known = actions?.some((option) => option.action === filters.action) ?? false;
  const filtered = isFiltered(filters, byPerson);

  return (
    <>
      <search className="filters activity-filters" data-by-person={byPerson || undefined}>
        {byPerson && <PersonField person={person} onChange={pickPerson} label="Человек" />}
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
          <button type="button" className="secondary outline filters-reset" onClick={clear}>
            Сбросить
          </button>
        )}
      </search>
      <ListResults
        list={list}
        what="журнал действий"
        empty={empty}
        filtered={filtered}
        onClear={clear}
        onPage={(number) => update({ page: number })}
      >
        {(rows, busy) => <ActivityTable rows={rows} busy={busy} here={personId} />}
      </ListResults>
    </>
  );
}
