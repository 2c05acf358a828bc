//! The mail history (manager): every mail the portal sent or tried to send, filtered by status
//! and kind, searched as you type, newest first, page by page.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Pagination } from '../../components/Pagination';
import type { Page } from '../../lib/api/request';
import { useDebounced } from '../../lib/useDebounced';
import { useList } from '../../lib/useList';
import { endpoints } from '../../paths';
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

export default function MailHistoryPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [text, setText] = useState(filters.search);
  const search = useDebounced(text.trim(), SEARCH_DELAY);
  const list = useList<MailRecord>(endpoints.mailHistory, toQuery(filters));

  const update = (change: Partial<MailFilters>) => setParams(writeFilters({ ...filters, page: 1, ...change }), { replace: true });

  // Only a settled search moves the filters (`update` reads them fresh on each render).
  useEffect(() => {
    if (search !== filters.search) update({ search });
  }, [search]);

  const clear = () => {
    setText('');
    setParams(new URLSearchParams(), { replace: true });
  };

  const { page, loading, failed } = list;
  return (
    <>
      <h1>История писем</h1>
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
      {page ? (
        <Results page={page} busy={loading} filtered={isFiltered(filters)} onPage={(number) => update({ page: number })} onClear={clear} />
      ) : failed ? (
        <div className="empty-state">
          <p>Не удалось загрузить историю писем.</p>
          <button type="button" className="secondary outline" onClick={list.reload}>
            Повторить
          </button>
        </div>
      ) : (
        <p aria-busy="true">Загружаем историю писем…</p>
      )}
    </>
  );
}

interface ResultsProps {
  page: Page<MailRecord>;
  busy: boolean;
  filtered: boolean;
  onPage: (page: number) => void;
  onClear: () => void;
}

function Results({ page, busy, filtered, onPage, onClear }: ResultsProps) {
  if (page.data.length === 0) {
    return (
      <div className="empty-state">
        {filtered ? (
          <>
            <p>Ничего не найдено по заданным условиям.</p>
            <button type="button" className="secondary outline" onClick={onClear}>
              Сбросить фильтры
            </button>
          </>
        ) : (
          <p>Писем пока нет. Здесь появится каждое письмо портала: сброс пароля, подтверждение адреса и другие.</p>
        )}
      </div>
    );
  }
  const { from, to, total } = page.meta;
  return (
    <>
      <p className="muted list-summary" aria-live="polite">
        Показаны {from}–{to} из {total}
      </p>
      <MailTable rows={page.data} busy={busy} />
      <Pagination meta={page.meta} onPage={onPage} />
    </>
  );
}
