//! The body of a list under its filters: a loading note, a failure with «Повторить», the empty
//! state («Сбросить фильтры» when filters hide everything), or «Показаны a–b из n» (with the page
//! size when the list offers one), the rows (drawn by the caller) and paging.
import type { ReactNode } from 'react';
import type { Fields } from '../lib/filters';
import type { ListView } from '../lib/useListPage';
import { Pagination } from './Pagination';

interface Props<T, F extends Fields> {
  view: ListView<T, F>;
  /** What is listed, as in «Загружаем …» and «Не удалось загрузить …»: «историю писем». */
  what: string;
  /** The empty state of a list with no filters set. */
  empty: ReactNode;
  /** The rows of the page; `busy` while the next page loads. */
  children: (rows: T[], busy: boolean) => ReactNode;
}

export function ListResults<T, F extends Fields>({ view, what, empty, children }: Props<T, F>) {
  const { list, filtered, clear, sizes, size, turn, resize } = view;
  const { page, loading, failed } = list;
  if (!page) {
    if (!failed) return <p aria-busy="true">Загружаем {what}…</p>;
    return (
      <div className="empty-state">
        <p>Не удалось загрузить {what}.</p>
        <button type="button" className="secondary outline" onClick={list.reload}>
          Повторить
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
