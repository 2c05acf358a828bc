//! The body of a server list under its filters: a loading note, a failure with «Повторить», the
//! empty state («Сбросить фильтры» when filters hide everything), or «Показаны a–b из n», the
//! rows (drawn by the caller) and paging.
import type { ReactNode } from 'react';
import type { Page } from '../lib/api/request';
import { Pagination } from './Pagination';

interface Props<T> {
  list: { page: Page<T> | null; loading: boolean; failed: boolean; reload: () => void };
  /** What is listed, as in «Загружаем …» and «Не удалось загрузить …»: «историю писем». */
  what: string;
  /** The empty state of a list with no filters set. */
  empty: ReactNode;
  filtered: boolean;
  onClear: () => void;
  onPage: (page: number) => void;
  /** The rows of the page; `busy` while the next page loads. */
  children: (rows: T[], busy: boolean) => ReactNode;
}

export function ListResults<T>({ list, what, empty, filtered, onClear, onPage, children }: Props<T>) {
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
            <button type="button" className="secondary outline" onClick={onClear}>
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
      <p className="muted list-summary" aria-live="polite">
        Показаны {from}–{to} из {total}
      </p>
      {children(page.data, loading)}
      <Pagination meta={page.meta} onPage={onPage} />
    </>
  );
}
