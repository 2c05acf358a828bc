//! A table of records that scrolls sideways when it must and dims while the next page loads (on
//! phones the rows become cards): its caption for screen readers, its header row, its rows.
import type { ReactNode } from 'react';

interface Props {
  /** What the table lists, for screen readers: «Предметы». */
  caption: string;
  /** The header cells. */
  head: ReactNode;
  busy?: boolean;
  /** The table's own class, after `data-table`. */
  className: string;
  /** More classes of the scrolling box. */
  scrollClassName?: string;
  /** The rows. */
  children: ReactNode;
}

export function DataTable({ caption, head, busy, className, scrollClassName, children }: Props) {
  return (
    <div className={scrollClassName ? `table-scroll ${scrollClassName}` : 'table-scroll'} aria-busy={busy}>
      <table className={`data-table ${className}`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The header of the column of a row's buttons (named for screen readers only). */
export function ActionsHeader() {
  return (
    <th scope="col">
      <span className="sr-only">Действия</span>
    </th>
  );
}
