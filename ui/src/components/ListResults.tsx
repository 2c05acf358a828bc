//! The body of a list under its filters: a loading note, a failure with «Повторить», the empty
//! state («Сбросить фильтры» when filters hide everything), a page past the end (with a way to the
//! last), or «Показаны a–b из n» (with the page size when the list offers one), the rows (drawn by
//! the caller) and paging.
import type { ReactNode } from 'react';
import type { Fields } from '../lib/filters';
import type { ListView } from '../lib/useListPage';
import { LoadFailure } from './LoadFailure';
import { Pagination } from './Pagination';

interface Props<T, F extends Fields> {
  view: ListView<T, F>;
  /** What is listed, as in «Загружаем …» and «Не удалось загрузить …»: «историю писем». */
  what: string;
  /** The empty state of a list with no filters set. */
  empty: ReactNode;
  /** The sortable columns' names by field: on phones, where the table's headers are hidden, a
   *  «Порядок» choice offers them. */
  sorts?: Record<string, string>;
  /** The rows of the page; `busy` while the next page loads. */
  children: (rows: T[], busy: boolean) => ReactNode;
}

/** The order on a phone: each sortable column up and down. */
function SortChoice({ sorts, sort, onSort }: { sorts: Record<string, string>; sort: string; onSort: (sort: string) => void }) {
  return (
    <label className="page-size sort-choice">
      Порядок
      <select value={sort} onChange={(event) => onSort(event.target.value)}>
        {Object.entries(sorts).flatMap(([field, label]) => [
          <option key={field} value={field}>
            {label} ↑
          </option>,
          <option key={`-${field}`} value={`-${field}`}>
            {label} ↓
          </option>,
        ])}
      </select>
    </label>
  );
}

export function ListResults<T, F extends Fields>({ view, what, empty, sorts, children }: Props<T, F>) {
  const { list, filtered, clear, sizes, size, sort, turn, resize, order } = view;
  const { page, loading, failed } = list;
  if (!page) {
    if (!failed) return <p aria-busy="true">Загружаем {what}…</p>;
    return <LoadFailure what={what} onRetry={list.reload} />;
  }
  if (page.data.length === 0 && page.meta.total > 0) {
    // An address with a page past the end (a bookmark, rows deleted since): not an empty list.
    const last = page.meta.last_page;
    return (
      <div className="empty-state">
        <p>
          Страницы {page.meta.current_page} в списке нет, последняя — {last}.
        </p>
        <button type="button" className="secondary outline" onClick={() => turn(last)}>
          Перейти на страницу {last}
        </button>
      </div>
    );
  }
  if (page.data.length === 0) {
    return (
      <div className="empty-state">
        {filtered ? (
          <>
            <p>Ничего не найдено по заданным условиям.</p>
            <button type="button" className="secondary outline" onClick={clear}>
              Сбросить фильтры
            </button>
          </>
        ) : (
          empty
        )}
      </div>
    );
  }
  const { from, to, total } = page.meta;
  return (
    <>
      <div className="list-bar">
        <p className="muted list-summary" aria-live="polite">
          Показаны {from}–{to} из {total}
        </p>
        {sorts && sort !== null && <SortChoice sorts={sorts} sort={sort} onSort={order} />}
        {sizes && size !== null && (
          <label className="page-size">
            На странице
            <select value={size} onChange={(event) => resize(Number(event.target.value))}>
              {sizes.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          </label>
        )}
      </div>
      {children(page.data, loading)}
      <Pagination meta={page.meta} onPage={turn} />
    </>
  );
}
