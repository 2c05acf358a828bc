//! A list of mail, filtered by status and kind, searched as you type, newest first, page by page;
//! the filters live in the query string. Serves the whole history and one person's mail.
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ListResults } from '../../components/ListResults';
import { useDebounced } from '../../lib/useDebounced';
import { useList } from '../../lib/useList';
import {
  isFiltered,
  KIND_NAMES,
  MAIL_KINDS,
  MAIL_STATUSES,
  readFilters,
  STATUS_NAMES,
  toQuery,
  writeFilters,
  type MailFilters,
  type MailRecord,
} from './mail';
import { MailTable } from './MailTable';

const SEARCH_DELAY = 300;

interface Props {
  /** The list's endpoint: the whole history or one person's mail. */
  url: string;
  /** The empty state when no filter is set. */
  empty: ReactNode;
}

export function MailList({ url, empty }: Props) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [text, setText] = useState(filters.search);
  const search = useDebounced(text.trim(), SEARCH_DELAY);
  const list = useList<MailRecord>(url, toQuery(filters));

  const update = (change: Partial<MailFilters>) => setParams(writeFilters({ ...filters, page: 1, ...change }), { replace: true });

  // Only a settled search moves the filters (`update` reads them fresh on each render).
  useEffect(() => {
    if (search !== filters.search) update({ search });
  }, [search]);

  const clear = () => {
    setText('');
    setParams(new URLSearchParams(), { replace: true });
  };

  return (
    <>
      <search className="filters">
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Адрес, имя или тема"
          aria-label="Поиск по адресу, имени и теме"
        />
        <select value={filters.status} onChange={(event) => update({ status: event.target.value as MailFilters['status'] })} aria-label="Статус">
          <option value="">Все статусы</option>
          {MAIL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_NAMES[status]}
            </option>
          ))}
        </select>
        <select value={filters.kind} onChange={(event) => update({ kind: event.target.value as MailFilters['kind'] })} aria-label="Тип письма">
          <option value="">Все типы</option>
          {MAIL_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_NAMES[kind]}
            </option>
          ))}
        </select>
      </search>
      <ListResults
        list={list}
        what="историю писем"
        empty={empty}
        filtered={isFiltered(filters)}
        onClear={clear}
        onPage={(number) => update({ page: number })}
      >
        {(rows, busy) => <MailTable rows={rows} busy={busy} />}
      </ListResults>
    </>
  );
}
